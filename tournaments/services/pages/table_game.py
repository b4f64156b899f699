"""What a table's page reads on every request, as prepared statements (``kernel.statements``).

Two hundred phones open and poll their tables: the game the table's token plays in
its event's open round, with round, event, table and its seats with their players (a row
a seat), is one statement; building them through the ORM cost more than running them, and
on PostgreSQL every statement is a round trip to another process.
A poll reads no row at all while nothing changed: the token's table and event are kept by
the process (``table_scope``) and the table's feed value comes from ``kernel.feed``.
"""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache, partial
from typing import Any

from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from tournaments.access import table_for_token
from tournaments.kernel import feed, statements
from tournaments.kernel.deal import keep_seats, seats_of
from tournaments.models import AuditEntry, Entry, Event, Game, Player, Round, Seat, Table, TableCall
from tournaments.services.scores.calls import COMING_MINUTES
from tournaments.services.scores.results import keep_entries
from tournaments.services.store.locks import entries_with_seats, seat_columns, seat_in_row

# A table's token never changes: what it opens is kept as long as the feed keeps its ids.
TOKEN_SECONDS = 7 * feed.FEED_SECONDS
# The tables a process keeps the scope of: a federation's evening, many times over.
SCOPES_KEPT = 4096
# A table's frame is kept for an evening's hour; a new frame value is a new key.
FRAME_SECONDS = 60 * 60


@lru_cache(maxsize=SCOPES_KEPT)
def table_scope(token: str) -> tuple[int, int]:
    """The table's id and its event's id, from the cache; an unknown token is a 404 from
    the database (the guess limiter counts it). A token is never given to another table,
    so each process also keeps what it found: a poll's one look-up in the cache is then its
    feed values'."""
    key = f"table-token:{token}"
    found = cache.get(key)
    if found is None:
        table = table_for_token(token)
        found = (table.pk, table.event_id)
        cache.set(key, found, TOKEN_SECONDS)
    return found[0], found[1]


@dataclass(frozen=True)
class Since:
    """The feed's values a table's page is drawn with, and its poll compares: the table's
    own (``table``: its game, its round's close, the names) and the event's clock (``clock``:
    where only the round clock changed, the phone is drawn its clock alone). The event's
    frame (``frame``: its names, seating and rules) keys what the page draws alike for every
    deal of the game (a fresh form's fields)."""

    table: int
    clock: int
    frame: int


def table_latest(token: str) -> Since:
    """The table's feed values now: what a page drawn now carries, and its poll compares."""
    return since_of(*table_scope(token))


def since_of(table_id: int, event_id: int) -> Since:
    """``table_latest`` of the table ``table_id`` of the event ``event_id``."""
    keys = [feed.table_key(table_id), feed.clock_key(event_id), feed.frame_key(event_id)]
    table, clock, frame = feed.latest_of(keys, event_id)
    return Since(table, clock, frame)


def redraw_at(game: Game, coming: TableCall | None) -> int | None:
    """When time alone next changes what the table's phones say (Unix seconds), or None: in a
    round with a time limit the moment its clock runs out (its last deal is then fixed),
    and the end of this phone's "the director is coming"."""
    moments: list[datetime] = []
    ends = game.round.clock_ends_at
    if game.round.event.timed and ends and ends > timezone.now():
        moments.append(ends)
    if coming is not None and coming.acknowledged_at is not None:
        moments.append(coming.acknowledged_at + timedelta(minutes=COMING_MINUTES))
    return math.ceil(min(moments).timestamp()) if moments else None


def _game_statement(seated: bool) -> tuple[str, tuple[statements.Columns[Any], ...]]:
    parts = (
        statements.columns(Game, "g"),
        statements.columns(Round, "r"),
        statements.columns(Event, "e"),
        statements.columns(Table, "t"),
    )
    seats = seat_columns() if seated else ()
    sql = (
        f"SELECT {', '.join(part.sql for part in (*parts, *seats))} "
        f"FROM {statements.table(Table)} t "
        f"INNER JOIN {statements.table(Game)} g ON g.table_id = t.id "
        f"INNER JOIN {statements.table(Round)} r ON r.id = g.round_id "
        f"INNER JOIN {statements.table(Event)} e ON e.id = r.event_id "
    )
    if seated:
        sql += (
            f"LEFT JOIN {statements.table(Seat)} s ON s.game_id = g.id "
            f"LEFT JOIN {statements.table(Player)} p ON p.id = s.player_id "
        )
    sql += "WHERE t.token = %s AND r.status = %s AND r.event_id = t.event_id"
    return (sql + " ORDER BY s.position" if seated else sql), (*parts, *seats)


def open_game(
    token: str, *, seats: bool, frame: int | None = None, entries: bool = False
) -> Game | None:
    """The game the token's table plays in its event's open round, with round, event and
    table, or None. ``seats``: with its seats by position and their players (as
    ``load_seats`` loads them), a row each in the same statement.

    ``frame``: the event's frame value, read before. The table's rows are kept in the
    cache under it: while it stays, the event, table, seats and players come from there
    (they change only with that value) and only the game, its round and its entries are
    read, in one statement. ``entries``: keep those entries for the score pad
    (``keep_entries``); a step's view does not, its failures draw the entries as they are
    after the step (another phone's deal stored first included)."""
    name = "open_game_seated" if seats else "open_game"
    sql, parts = statements.prepared(name, partial(_game_statement, seats))
    key = f"table-frame:{table_scope(token)[0]}:{frame}" if seats and frame is not None else ""
    in_frame = _in_frame(cache.get(key)) if key else None
    rows, now = in_frame or (None, None)
    if rows is None:
        rows = statements.run(sql, [token, Round.Status.OPEN])
        if rows and key:
            cache.set(key, rows, FRAME_SECONDS)
    if not rows:
        return None
    game: Game  # the first of the row's parts (an inner join's: never empty)
    (game, rnd, event, table), end = statements.built(rows[0], parts[:4])
    table.event = event
    rnd.event = event
    game.round = rnd
    game.table = table
    if seats:
        keep_seats(game, [seat_in_row(game, row, end) for row in rows if row[end] is not None])
    if entries and now is not None:
        _keep_entries_of(game, now)
    return game


# The game's newest audit row (parameters: the game, ``AFTER_END``): deals set aside after
# the end of the game come with the step that ended it, so they are never the newest.
NEWEST_AUDIT = "a.game_id = %s AND a.action <> %s ORDER BY a.id DESC LIMIT 1"


def _calls_shown(round_id: str, device: str = "") -> str:
    """The calls of table call ``c`` a phone may be shown: one waiting, or one acknowledged
    in the round ``round_id`` names since a moment (a parameter) and not ended; ``device``
    narrows the acknowledged ones to one phone's."""
    return (
        f"(c.acknowledged_at IS NULL OR (c.round_id = {round_id} "
        f"AND c.acknowledged_at >= %s AND c.ended_at IS NULL{device}))"
    )


# The game's newest audit action as its ``_game_now`` read found it (None: no audit row),
# and whether its table had a call that a phone could be shown then.
KEPT_LAST_ACTION = "kept_last_action"
KEPT_CALLS = "kept_calls"


def _game_now_statement() -> tuple[str, tuple[statements.Columns[Any], ...]]:
    parts = (
        statements.columns(Game, "g"),
        statements.columns(Round, "r"),
        statements.columns(Entry, "en"),
    )
    # What the game's newest audit row did, and whether its table has a call a phone could
    # be shown (for any phone), beside the game, by the same filters as ``director_decision``
    # and ``call_notice``: each names the game by the parameter, not by the row, so it is run
    # once, not per entry.
    last_action = f"(SELECT a.action FROM {statements.table(AuditEntry)} a WHERE {NEWEST_AUDIT})"
    calls = (
        f"EXISTS (SELECT 1 FROM {statements.table(Game)} cg "
        f"INNER JOIN {statements.table(TableCall)} c ON c.table_id = cg.table_id "
        f"WHERE cg.id = %s AND {_calls_shown('cg.round_id')})"
    )
    sql = (
        f"SELECT {', '.join(part.sql for part in parts)}, {last_action}, {calls} "
        f"FROM {statements.table(Game)} g "
        f"INNER JOIN {statements.table(Round)} r ON r.id = g.round_id "
        f"LEFT JOIN {statements.table(Entry)} en ON en.game_id = g.id "
        "WHERE g.id = %s AND r.status = %s ORDER BY en.number, en.version"
    )
    return sql, parts


def _game_now_parts() -> tuple[
    statements.Columns[Game], statements.Columns[Round], statements.Columns[Entry], int
]:
    """``_game_now``'s parts (the game, its round, an entry) and where a row's entry starts."""
    _sql, (game_part, round_part, entry_part) = statements.prepared("game_now", _game_now_statement)
    return game_part, round_part, entry_part, game_part.size + round_part.size


def _game_now(game_id: int) -> list[tuple[Any, ...]]:
    """The game and its round as they are now, and its entries in deal order (a row an
    entry; one row without an entry when there is none), or no row: the round is no longer
    open."""
    sql, _parts = statements.prepared("game_now", _game_now_statement)
    after_end = AuditEntry.Action.AFTER_END.value
    params = [game_id, after_end, game_id, _coming_since(), game_id, Round.Status.OPEN]
    return statements.run(sql, params)


def _keep_entries_of(game: Game, rows: list[tuple[Any, ...]]) -> None:
    """The game's entries in ``_game_now``'s ``rows``, kept for its score pad, and its newest
    audit action, kept for ``director_decision``."""
    _game, _round, entry_part, start = _game_now_parts()
    keep_entries(game, [entry for row in rows if (entry := entry_part.build(row, start))])
    setattr(game, KEPT_LAST_ACTION, rows[0][-2])
    setattr(game, KEPT_CALLS, bool(rows[0][-1]))


def game_again(game: Game) -> Game | None:
    """``game``, its round and its entries read again (None: the round is no longer open),
    with the event, table and seats ``game`` was read with. Only for a step's answer whose
    event's frame value did not change since ``game`` was read: they change only with that
    value, and what a step changes (the game, its round, entries and calls) is read now."""
    rows = _game_now(game.pk)
    if not rows:
        return None
    game_part, round_part, _entry, _start = _game_now_parts()
    again: Game  # the first of the row's parts, as in ``open_game``
    (again, rnd), _end = statements.built(rows[0], (game_part, round_part))
    rnd.event = game.round.event
    again.round = rnd
    again.table = game.table
    seats = seats_of(game)
    for seat in seats:
        seat.game = again
    keep_seats(again, seats)
    _keep_entries_of(again, rows)
    return again


def _in_frame(
    kept: list[tuple[Any, ...]] | None,
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]] | None:
    """The table's ``kept`` rows with their game and round read now, and ``_game_now``'s rows
    (None: nothing kept, or the round is no longer open)."""
    if not kept:
        return None
    fresh = _game_now(kept[0][0])  # the game's id comes first
    if not fresh:
        return None
    now = fresh[0][: _game_now_parts()[3]]
    return [now + row[len(now) :] for row in kept], fresh


def table_entry_of(game: Game, entry_id: int) -> Entry | None:
    """The game's entry ``entry_id`` with the seat that entered it (None: not this game's)."""
    found = entries_with_seats(
        "table_entry", "en.id = %s AND en.game_id = %s", [entry_id, game.pk], game, lock=False
    )
    return found[0] if found else None


def earlier_round_of(table: Table, entry_id: int) -> Round | None:
    """The round of an earlier game of ``table`` that holds entry ``entry_id`` (None: no
    entry of this table's): a phone still showing that round's buttons."""
    entry = Entry.objects.filter(pk=entry_id, game__table=table).select_related("game__round")
    found = entry.first()
    return found.game.round if found is not None else None


def _last_audit_statement() -> tuple[str, statements.Columns[AuditEntry]]:
    part = statements.columns(AuditEntry, "a")
    return f"SELECT {part.sql} FROM {statements.table(AuditEntry)} a WHERE {NEWEST_AUDIT}", part


DECISIONS = (AuditEntry.Action.SETTLE, AuditEntry.Action.CORRECT)


def director_decision(game: Game) -> AuditEntry | None:
    """The director's last decision on the game (a dispute settled, a deal corrected) while
    it is the newest thing that happened there: the phones say it until the table goes on.
    A prepared statement: every answer to a phone asks it, unless the game was read with its
    newest audit action (``_game_now``) and that action is no decision."""
    if hasattr(game, KEPT_LAST_ACTION) and getattr(game, KEPT_LAST_ACTION) not in DECISIONS:
        return None
    sql, part = statements.prepared("director_decision", _last_audit_statement)
    rows = statements.run(sql, [game.pk, AuditEntry.Action.AFTER_END.value])
    last = part.build_present(rows[0]) if rows else None
    if last is None or last.action not in DECISIONS:
        return None
    return last


def _calls_statement() -> tuple[str, tuple[statements.Columns[Any], ...]]:
    parts = (statements.columns(TableCall, "c"), statements.columns(Entry, "en"))
    sql = (
        f"SELECT {parts[0].sql}, {parts[1].sql} "
        f"FROM {statements.table(TableCall)} c "
        f"LEFT JOIN {statements.table(Entry)} en ON en.id = c.entry_id "
        f"WHERE c.table_id = %s AND {_calls_shown('%s', ' AND c.called_by_device = %s')} "
        "ORDER BY c.id"
    )
    return sql, parts


def call_notice(game: Game, device: str | None) -> tuple[TableCall | None, TableCall | None]:
    """The table's call that waits for the director (at most one), else this phone's call a
    director acknowledged in the last ``COMING_MINUTES`` ("the director is coming", only
    while its game goes on): both read by one prepared statement, as every answer to a
    phone asks."""
    if hasattr(game, KEPT_CALLS) and not getattr(game, KEPT_CALLS):
        return None, None  # the game was read with its table's calls: it had none
    sql, parts = statements.prepared("call_notice", _calls_statement)
    params = [game.table_id, game.round_id, _coming_since(), device or ""]
    calls: list[TableCall] = []
    for row in statements.run(sql, params):
        (call, entry), _end = statements.built(row, parts)
        call.entry = entry
        calls.append(call)
    waiting = next((call for call in calls if call.acknowledged_at is None), None)
    if waiting is not None or game.finished or not device:
        return waiting, None
    coming = [call for call in calls if call.acknowledged_at is not None]
    return None, max(coming, key=lambda call: call.acknowledged_at or timezone.now(), default=None)


def _coming_since() -> Any:
    """Since when an acknowledged call still says "the director is coming", as a statement's
    parameter."""
    since = timezone.now() - timedelta(minutes=COMING_MINUTES)
    return TableCall._meta.get_field("acknowledged_at").get_db_prep_value(since, connection)
