"""Row locks of the write steps, always taken in one order: event → round → game → entry.

Every step that writes scores or round state (submit, edit, confirm, dispute,
auto-confirm, correct, settle, end a game, start, close or force-close a round,
finish the event) takes its locks through the functions here, from the top of
this order down, and never the other way round. Two steps that lock the same
rows in different orders can each hold what the other waits for; PostgreSQL
then breaks the tie by failing one of them ("deadlock detected"). That is what
closing a timed round did: it held the round and the event and waited for each
game, while a phone held its game and waited for the event (the audit row's
foreign key share-locks the event's row).

A step locks a row *shared* when it relies on what the row says until it
commits (a phone relies on the round being open and the event running) and
*exclusive* when it changes the row (closing changes the round, starting a
round or finishing changes the event; every writer changes its game). Shared
locks let the phones of every table write at once; an exclusive lock waits for
every step holding the row shared to commit, and holds back those that come
after it until it commits. So a submit either commits before the close takes
the round (and the close sees its entry) or waits and then finds the round
closed.

Each function reads its rows again under the lock and returns them: what a
step checks (the round is open, the event is not finished, who entered the
entry) is what holds until it commits. Checks on objects the caller loaded
earlier are not enough.

A phone's step locks its event and round shared and its game exclusive in one
statement: PostgreSQL locks the rows of one statement in the order its locking
clauses name their tables, so ``FOR SHARE OF e, r FOR UPDATE OF g`` keeps the order
above and saves round trips. These hot reads are prepared statements
(``kernel.statements``).

A club's member register has an order of its own below the event: club → member.
A step that changes the register (add or edit a member, import, build from past
events, merge) takes the club exclusive, then the members it changes, in id order,
and never an event: two of them wait for each other instead of both writing (two
builds would each create every member; two merges in opposite directions would
each delete what the other keeps). A step that adds players to an event takes the
event first, as every event step does, then the club shared (exclusive when it may
add members to the register), then the members it links, exclusive and in id order.
So a merge waits for tonight's pick to commit (and moves its new players along), or
the pick waits for the merge and finds the member gone; and one member picked twice
at once is linked once.
A register step that changes how players are named records the change on their
events' feed (``kernel.feed``): the change's row holds a key share of each event's row,
which no lock of an event here blocks (an event is locked exclusive FOR NO KEY UPDATE), so
it never waits for a step holding an event while that step waits for the club.
Erasing a member's personal data (``services.member_data.erase``) changes players of
several events: it takes each of the member's events exclusive, in id order, then the
club and the member, as a step adding players does.

A call for the director and its acknowledgement are phone steps too: they lock the
table's game (the round when no game sits there) before the call's row, so a call and a
dispute at one table take the same rows in the same order. Set-up steps take the event
exclusive and read it again (``services.setup.guards``) before they decide whether
round 1 has started or the event is finished.

The steps' read of a game's seats with their players (``load_seats``, a prepared
statement) lives here too: every step that locks a game needs them, and the table's pages
load them the same way.

SQLite has no row locks: its transactions are IMMEDIATE (settings), so a write
step holds the whole database's write lock from its first statement, and the
same reads under it are current. There the lock functions only read.
"""

import functools
import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ParamSpec, TypeVar

from django.db import OperationalError, connection, transaction

from tournaments.kernel import statements
from tournaments.kernel.deal import keep_seats
from tournaments.models import Club, Entry, Event, Game, Member, Player, Round, Seat, Table

P = ParamSpec("P")
R = TypeVar("R")


def serialised(step: Callable[P, R]) -> Callable[P, R]:
    """Run ``step`` again when SQLite reports its write lock busy.

    A file database waits for the lock itself (``timeout`` in the settings); a
    shared-cache database (the test database) answers "locked" at once, so the
    second writer tries again until the first has committed. Inside an outer
    transaction there is nothing to retry: the error goes up.
    """

    @functools.wraps(step)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        deadline = time.monotonic() + 20
        while True:
            try:
                return step(*args, **kwargs)
            except OperationalError as error:
                retry = (
                    connection.vendor == "sqlite"
                    and "locked" in str(error)
                    and transaction.get_autocommit()  # no outer transaction
                    and time.monotonic() < deadline
                )
                if not retry:
                    raise
                time.sleep(random.uniform(0.01, 0.05))

    return wrapper


def _row_locks() -> bool:
    return connection.vendor == "postgresql"


def _share(model: type[Event | Club | Round], row_id: int, *, of_round: bool = False) -> None:
    """Lock ``model``'s row ``row_id`` shared (``FOR SHARE``: Django's ORM only writes
    exclusive locks); with ``of_round``, the row of the event that round ``row_id`` is of."""
    key = f"share:{model.__name__}:{of_round}"

    def build() -> str:
        where = "%s"
        if of_round:
            where = f"(SELECT r.event_id FROM {statements.table(Round)} r WHERE r.id = %s)"
        return f"SELECT x.id FROM {statements.table(model)} x WHERE x.id = {where} FOR SHARE"

    statements.run(statements.prepared(key, build), [row_id])


def lock_event(event_id: int, *, change: bool = False) -> Event:
    """The event, read under its lock: exclusive with ``change`` (start a round, finish)."""
    if _row_locks():
        if change:
            # NO KEY UPDATE: the feed's rows of the register's steps never wait for it (above).
            return Event.objects.select_for_update(no_key=True).get(pk=event_id)
        _share(Event, event_id)
    return Event.objects.get(pk=event_id)


def lock_club(club_id: int, *, change: bool = False) -> Club:
    """The club, read under its lock: exclusive with ``change`` (any change of its register),
    shared for a step that links players to its members."""
    if _row_locks():
        if change:
            # NO KEY UPDATE: the register's steps wait for each other and for the steps
            # linking players, while creating an event of the club goes on.
            return Club.objects.select_for_update(no_key=True).get(pk=club_id)
        _share(Club, club_id)
    return Club.objects.get(pk=club_id)


def lock_members(club_id: int, ids: Iterable[int]) -> dict[int, Member]:
    """After ``lock_club``: the club's members ``ids`` (exclusive, in id order), read again,
    by id; one merged or deleted meanwhile is missing."""
    members = Member.objects.filter(club_id=club_id, pk__in=set(ids)).order_by("pk")
    if _row_locks():
        members = members.select_for_update()
    return {member.pk: member for member in members}


def lock_round(round_id: int, *, change: bool = False) -> Round:
    """Event (shared) → round: exclusive with ``change`` (close it). With its event."""
    rounds = Round.objects.select_related("event")
    if _row_locks():
        _share(Event, round_id, of_round=True)
        if change:
            return rounds.select_for_update(of=("self",)).get(pk=round_id)
        _share(Round, round_id)
    return rounds.get(pk=round_id)


def _game_statement() -> tuple[str, tuple[statements.Columns[Any], ...]]:
    parts = (
        statements.columns(Game, "g"),
        statements.columns(Round, "r"),
        statements.columns(Event, "e"),
        statements.columns(Table, "t"),
    )
    sql = (
        f"SELECT {', '.join(part.sql for part in parts)} "
        f"FROM {statements.table(Game)} g "
        f"INNER JOIN {statements.table(Round)} r ON r.id = g.round_id "
        f"INNER JOIN {statements.table(Event)} e ON e.id = r.event_id "
        f"INNER JOIN {statements.table(Table)} t ON t.id = g.table_id WHERE g.id = %s"
    )
    if _row_locks():
        # One statement, locks taken in the order the clauses name them: e, r, then g.
        sql += " FOR SHARE OF e, r FOR UPDATE OF g"
    return sql, parts


def lock_game(game_id: int) -> Game:
    """Event (shared) → round (shared) → game (exclusive): the game with round, event, table."""
    sql, parts = statements.prepared("lock_game", _game_statement)
    rows = statements.run(sql, [game_id])
    if not rows:
        raise Game.DoesNotExist(f"No game {game_id}.")
    game: Game  # the first of the row's parts (an inner join's: never empty)
    (game, rnd, event, table), _end = statements.built(rows[0], parts)
    rnd.event = event
    game.round = rnd
    game.table = table
    return game


def lock_games(rnd: Round) -> list[Game]:
    """Every game of ``rnd`` (whose round and event the caller holds), in one order."""
    games = rnd.games.select_related("table").order_by("pk")
    if _row_locks():
        games = games.select_for_update(of=("self",))
    found = list(games)
    for game in found:
        game.round = rnd
    return found


def _entries_statement(
    where: str, lock: bool
) -> tuple[str, tuple[statements.Columns[Entry], statements.Columns[Seat]]]:
    parts = (statements.columns(Entry, "en"), statements.columns(Seat, "s"))
    sql = (
        f"SELECT {parts[0].sql}, {parts[1].sql} FROM {statements.table(Entry)} en "
        f"LEFT OUTER JOIN {statements.table(Seat)} s ON s.id = en.entered_by_seat_id "
        f"WHERE {where} ORDER BY en.number, en.id"
    )
    if lock and _row_locks():
        sql += " FOR UPDATE OF en"
    return sql, parts


def entries_with_seats(
    key: str, where: str, params: Sequence[object], game: Game | None = None, *, lock: bool = True
) -> list[Entry]:
    """Entries matching ``where`` (on alias ``en``), in deal order, each with the seat that
    entered it, locked (exclusive, with ``lock``) on PostgreSQL; those of ``game`` get it as
    their game. ``key`` names the prepared statement: one per ``where``."""
    sql, (entry_part, seat_part) = statements.prepared(key, lambda: _entries_statement(where, lock))
    found = []
    for row in statements.run(sql, params):
        entry = entry_part.build_present(row)
        entry.entered_by_seat = seat_part.build(row, entry_part.size)
        if game is not None and entry.game_id == game.pk:
            entry.game = game
        found.append(entry)
    return found


def lock_entry(entry_id: int, game: Game) -> Entry:
    """After ``lock_game``: the entry (exclusive), read again, with the seat that entered it."""
    rows = entries_with_seats("lock_entry", "en.id = %s AND en.game_id = %s", [entry_id, game.pk])
    if not rows:
        raise Entry.DoesNotExist(f"No entry {entry_id} in game {game.pk}.")
    rows[0].game = game
    return rows[0]


def lock_entry_and_confirmed(entry_id: int, game: Game) -> tuple[Entry, list[Entry]]:
    """``lock_entry`` and, in the same statement, the game's other confirmed entries in deal
    order (locked too: harmless, every writer of an entry holds its game exclusive first),
    for a step that recomputes the game's scores."""
    rows = entries_with_seats(
        "lock_entry_and_confirmed",
        "en.game_id = %s AND (en.id = %s OR en.status = %s)",
        [game.pk, entry_id, Entry.Status.CONFIRMED],
        game,
    )
    entry = next((row for row in rows if row.pk == entry_id), None)
    if entry is None:
        raise Entry.DoesNotExist(f"No entry {entry_id} in game {game.pk}.")
    return entry, [row for row in rows if row.pk != entry_id]


def seat_columns() -> tuple[statements.Columns[Seat], statements.Columns[Player]]:
    """A seat's and its player's columns in a statement that joins them as ``s`` and ``p``."""
    return statements.columns(Seat, "s"), statements.columns(Player, "p")


def seat_in_row(game: Game, row: Sequence[Any], start: int = 0) -> Seat:
    """The seat of ``game`` with its player in ``row`` from ``start`` on (``seat_columns``)."""
    seat_part, player_part = seat_columns()
    seat = seat_part.build_present(row, start)
    seat.player = player_part.build_present(row, start + seat_part.size)
    seat.game = game
    return seat


def _seats_statement() -> str:
    seat_part, player_part = seat_columns()
    return (
        f"SELECT {seat_part.sql}, {player_part.sql} FROM {statements.table(Seat)} s "
        f"INNER JOIN {statements.table(Player)} p ON p.id = s.player_id "
        "WHERE s.game_id = %s ORDER BY s.position"
    )


def load_seats(game: Game) -> None:
    """The game's seats by position with their players, as ``seats_prefetch`` loads them."""
    sql = statements.prepared("load_seats", _seats_statement)
    keep_seats(game, [seat_in_row(game, row) for row in statements.run(sql, [game.pk])])
