"""A game's totals and each player's ``Result`` row, recomputed from confirmed entries.

``refresh_game`` is called after every confirmation or correction: it reads the
confirmed entries only, asks the engine for the totals and the end of the game,
and writes the game's scores and one ``Result`` per seated player (bulk,
idempotent). ``game_sheet`` gives the score pad the table, the director and the
printed sheets show: every deal with its status, the running totals, each
side's minimum meld (Canasta) or the boxes and bonuses (Gin).
"""

from dataclasses import dataclass

from django.db import transaction

from scoring.profiles import Profile
from tournaments.card_games import Outcome, card_game_of, group_sides
from tournaments.card_games.base import in_order
from tournaments.card_games.gin import GinTotals
from tournaments.kernel import feed, statements
from tournaments.kernel.deal import player_names, seats_loaded, seats_of, seats_prefetch
from tournaments.kernel.profiles import event_profile
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Entry, Event, Game, Result, Seat
from tournaments.services.scores import audit
from tournaments.services.scores.calls import end_calls

ENDED_BY_DIRECTOR = audit.ENDED_BY_DIRECTOR


@dataclass(frozen=True)
class SheetRow:
    """One deal (Canasta) or hand (Gin) on the score pad.

    ``points`` are the counted points (confirmed) or, for a pending entry, the
    entered ones; ``totals`` the running totals after the deal, counted entries only.
    """

    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...] | None
    status: str
    entry: Entry
    minimums: tuple[int, ...] = ()

    @property
    def counted(self) -> bool:
        return self.status == Entry.Status.CONFIRMED

    @property
    def cells(self) -> list[tuple[int, int | None]]:
        """(points, running total) per side, for the score pad's columns."""
        totals = self.totals or (None,) * len(self.points)
        return list(zip(self.points, totals, strict=False))

    @property
    def pending(self) -> bool:
        return self.status in (Entry.Status.ENTERED, Entry.Status.DISPUTED)


@dataclass(frozen=True)
class Sheet:
    game: Game
    sides: int
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    minimums: tuple[int, ...]  # Canasta: each side's minimum meld for the next deal
    gin: GinTotals | None
    finished: bool
    winner: int | None
    net: int
    next_number: int
    target: int
    deals_limit: int | None  # round_kind "deals": how many deals the game has
    note: str = ""  # the game's ``SheetPart.note``

    @property
    def pending(self) -> tuple[SheetRow, ...]:
        return tuple(row for row in self.rows if row.pending)

    @property
    def grand_totals(self) -> tuple[int, ...]:
        """Each side's total as the pad's last line says it: Gin's with its boxes and
        bonuses, not its hand points alone."""
        return tuple(self.gin.totals) if self.gin is not None else self.totals

    @property
    def draw(self) -> bool:
        return self.finished and self.winner is None


# --- computing ------------------------------------------------------------------


def _ended_by_director(game: Game) -> bool:
    return AuditEntry.objects.filter(
        game=game, action=AuditEntry.Action.OTHER, **{f"new__{ENDED_BY_DIRECTOR}": True}
    ).exists()


def _side_size(game: Game) -> int:
    """The most players a side of the game has (partners play Gin to more)."""
    return max(len(side) for side in group_sides(seats_of(game)))


def outcome(game: Game, confirmed: list[Entry], *, profile: Profile | None = None) -> Outcome:
    """The game's totals, end and winner from its confirmed entries (in deal order): those
    that count in order, up to the one that ends the game."""
    event = game.round.event
    profile = profile or event_profile(event)
    kind = event.round_kind
    confirmed = in_order(confirmed)
    deals_done = kind == Event.RoundKind.DEALS and len(confirmed) >= (event.round_deals or 0)
    ended = event.timed and _ended_by_director(game)
    sides = group_sides(seats_of(game))
    return card_game_of(event).outcome(
        confirmed,
        profile,
        sides=len(sides),
        side_size=max(len(side) for side in sides),
        kind=kind,
        stopped=deals_done or ended,
    )


def _confirmed(game: Game) -> list[Entry]:
    return list(game.entries.filter(status=Entry.Status.CONFIRMED).order_by("number"))


def refresh_game(game: Game, *, loaded: bool = False, confirmed: list[Entry] | None = None) -> Game:
    """Recompute the game's scores and its players' ``Result`` rows from confirmed entries.

    ``loaded``: ``game`` was just read (and locked) in the caller's transaction,
    with its round and event, so it is updated in place instead of read again.
    ``confirmed``: the game's confirmed entries in deal order, as the caller read
    them under the game's lock, so they are not read again.
    """
    # Loaded: inside the caller's transaction, which a failure here rolls back anyway.
    with transaction.atomic(savepoint=not loaded):
        if not loaded:
            game = (
                Game.objects.select_related("round__event", "table")
                .prefetch_related(seats_prefetch())
                .get(pk=game.pk)
            )
        counting = in_order(_confirmed(game) if confirmed is None else confirmed)
        result = outcome(game, counting)
        scores: list[int | None] = [*result.totals, *[None] * (3 - len(result.totals))]
        # Every game has two sides or three: only a third side's score may be missing.
        game.score_0, game.score_1, game.score_2 = result.totals[0], result.totals[1], scores[2]
        if result.finished and not game.finished:
            _after_the_end(game, result.counted)
        game.finished = result.finished
        game.winner_side = result.winner
        statements.update(game, ["score_0", "score_1", "score_2", "finished", "winner_side"])
        if counting or result.finished:
            _write_results(game, result, prune=confirmed is None)
        else:
            # No deal counts yet (a dispute set aside, a later deal confirmed before the
            # first): the table has no score, as one that entered nothing, not a 0.
            Result.objects.filter(game=game).delete()
    return game


def _after_the_end(game: Game, counted: int) -> None:
    """The game has just ended with its ``counted``-th deal: deals after it still waiting
    for an answer (entered while that one waited) are set aside, each with its audit row,
    so no phone is asked to confirm a deal that can no longer count, and the calls a
    disputed one raised end with it."""
    later = Entry.objects.filter(
        game_id=game.pk,
        number__gt=counted,
        status__in=[Entry.Status.ENTERED, Entry.Status.DISPUTED],
    )
    for entry in later:
        old = {"number": entry.number, "version": entry.version, "status": entry.status}
        if entry.status == Entry.Status.DISPUTED:
            end_calls(entry=entry)
        entry.status = Entry.Status.SUPERSEDED
        statements.update(entry, ["status"])
        audit.record(
            game.round.event,
            AuditEntry.Action.AFTER_END,
            game=game,
            entry=entry,
            old=old,
            new={**old, "status": entry.status, "points": entry.points},
        )


RESULT_VALUES = ["round_id", "player_id", "game_id", "points", "net", "match_points", "won"]


def _results_statements(seats: int) -> tuple[str, str]:
    """Upsert ``seats`` players' results; delete the game's results of players not seated."""
    result = statements.table(Result)
    names = ", ".join(statements.quote(name) for name in RESULT_VALUES)
    row = "(" + ", ".join(["%s"] * len(RESULT_VALUES)) + ")"
    changed = ", ".join(
        f"{statements.quote(name)} = excluded.{statements.quote(name)}"
        for name in RESULT_VALUES[2:]
    )
    upsert = (
        f"INSERT INTO {result} ({names}) VALUES {', '.join([row] * seats)} "
        f"ON CONFLICT (round_id, player_id) DO UPDATE SET {changed}"
    )
    marks = ", ".join(["%s"] * seats)
    delete = f"DELETE FROM {result} WHERE game_id = %s AND player_id NOT IN ({marks})"
    return upsert, delete


def _write_results(game: Game, result: Outcome, *, prune: bool) -> None:
    """Each seated player's result; with ``prune``, results of the game's players no longer
    seated are deleted. A confirmation does without: seats are made with their round and
    never move (``services.rounds.steps``), so it cannot leave a result behind."""
    values, seated = [], []
    for seat in seats_of(game):
        side = seat.side
        if result.winner is None:
            won, points_for_match = False, 1 if result.finished else 0
            net = 0 if result.finished else _live_margin(result.totals, side)
        else:
            won = side == result.winner
            points_for_match = 2 if won else 0
            # A loser loses what it is short of the winner, or over it where the winner
            # won with the lower total (``margin``).
            net = result.net if won else -abs(result.totals[side] - result.totals[result.winner])
        if result.nets is not None:
            net = result.nets[side]
        values += [game.round_id, seat.player_id, game.pk, result.totals[side], net]
        values += [points_for_match, won]
        seated.append(seat.player_id)
    if not seated:
        Result.objects.filter(game=game).delete()
        return
    upsert, delete = statements.prepared(
        f"results:{len(seated)}", lambda: _results_statements(len(seated))
    )
    statements.run(upsert, values)
    if prune:
        statements.run(delete, [game.pk, *seated])


def _live_margin(totals: tuple[int, ...], side: int) -> int:
    return totals[side] - max(t for i, t in enumerate(totals) if i != side)


def end_locked_game(game: Game, *, user: Asker, reason: str) -> Game:
    """End ``game``, which the caller has locked (``services.store.locks``) with its round and event."""
    audit.record(
        game.round.event,
        AuditEntry.Action.OTHER,
        game=game,
        user=user,
        old={"scores": game.scores, "finished": False},
        new={ENDED_BY_DIRECTOR: True},
        reason=reason,
        kind=feed.Kind.SCORE,
    )
    return refresh_game(game, loaded=True)


# --- the score pad ----------------------------------------------------------------


def _game_entries_statement() -> tuple[str, statements.Columns[Entry]]:
    part = statements.columns(Entry, "en")
    sql = (
        f"SELECT {part.sql} FROM {statements.table(Entry)} en WHERE en.game_id = %s "
        "ORDER BY en.number, en.version"
    )
    return sql, part


def _game_entries(game: Game) -> list[Entry]:
    """Every version of the game's entries in deal order (a prepared statement: the
    score pad of every table reads them on each change)."""
    sql, part = statements.prepared("game_entries", _game_entries_statement)
    entries = [part.build_present(row) for row in statements.run(sql, [game.pk])]
    for entry in entries:
        entry.game = game
    return entries


# The game's entries read with the game itself (``keep_entries``).
KEPT_ENTRIES = "kept_entries"


def keep_entries(game: Game, entries: list[Entry]) -> None:
    """``entries`` (every version, in deal order, as ``_game_entries`` reads them) read in
    the same statement as ``game``: ``sheet_entries`` takes them instead of reading them."""
    for entry in entries:
        entry.game = game
    setattr(game, KEPT_ENTRIES, entries)


def sheet_entries(game: Game) -> list[Entry]:
    """Every version of the game's entries in deal order, with who entered and decided them.

    When the game's seats and their players are loaded already (the table's
    pages), the entries get those instead of joining four more tables.
    """
    seats: dict[int | None, Seat] = {}
    if seats_loaded(game):
        seats = {seat.pk: seat for seat in seats_of(game)}
    if seats:
        kept: list[Entry] | None = getattr(game, KEPT_ENTRIES, None)
        entries = kept if kept is not None else _game_entries(game)
        known = {None, *seats}
        if all({e.entered_by_seat_id, e.decided_by_seat_id} <= known for e in entries):
            for entry in entries:
                entry.entered_by_seat = seats.get(entry.entered_by_seat_id)
                entry.decided_by_seat = seats.get(entry.decided_by_seat_id)
            return entries
    return list(
        game.entries.select_related("entered_by_seat__player", "decided_by_seat__player").order_by(
            "number", "version"
        )
    )


def next_deal(numbers: set[int]) -> int:
    """The deal to enter next: the first without a version that counts or waits (a deal set
    aside by the director is entered again before a new one)."""
    number = 1
    while number in numbers:
        number += 1
    return number


def game_sheet(
    game: Game, *, profile: Profile | None = None, entries: list[Entry] | None = None
) -> Sheet:
    """The score pad of a game: every deal, its status, running totals and what is next.

    ``entries``: the game's entries as ``sheet_entries`` reads them, when the
    caller needs them too (the table's change mark).
    """
    event = game.round.event
    profile = profile or event_profile(event)
    if entries is None:
        entries = list(
            game.entries.exclude(status=Entry.Status.SUPERSEDED)
            .select_related("entered_by_seat__player", "decided_by_seat__player")
            .order_by("number", "version")
        )
    else:
        entries = [entry for entry in entries if entry.status != Entry.Status.SUPERSEDED]
    confirmed = [entry for entry in entries if entry.status == Entry.Status.CONFIRMED]
    result = outcome(game, confirmed, profile=profile)
    card_game = card_game_of(event)
    counted = in_order(confirmed)[: result.counted]
    part = card_game.sheet_part(result, counted, profile, player_names(game))
    running = part.running
    rows = []
    for entry in entries:
        totals, minimums = running.get(entry.number, (None, ()))
        if entry.status != Entry.Status.CONFIRMED:
            totals, minimums = None, ()
        rows.append(
            SheetRow(entry.number, tuple(entry.points), totals, entry.status, entry, minimums)
        )
    return Sheet(
        game=game,
        sides=len(result.totals),
        rows=tuple(rows),
        totals=part.totals,
        minimums=part.minimums,
        gin=part.gin,
        finished=result.finished,
        winner=result.winner,
        net=result.net,
        next_number=next_deal({entry.number for entry in entries}),
        target=card_game.target(profile, _side_size(game)),
        deals_limit=event.round_deals if event.round_kind == Event.RoundKind.DEALS else None,
        note=part.note,
    )
