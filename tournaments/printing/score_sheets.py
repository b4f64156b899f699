"""Score sheets per table, like a club's Zählblock: Canasta and Gin Rummy.

Canasta: a column group per side with each deal's points, the running total and
the minimum meld that side needs next (RULES.md 1.5). Gin: each hand's points
and running totals, then boxes, game and shutout bonus and the total. Sheets
come pre-filled with event, round, table and names, and with the confirmed
deals or hands where there are any; the other rows are left for handwriting.
"""

from tournaments.card_games import card_game_of
from tournaments.card_games.sheets import GinSheetTotals
from tournaments.formats import format_of
from tournaments.kernel.deal import seats_prefetch
from tournaments.kernel.profiles import event_profile
from tournaments.models import Entry, Event, Game
from tournaments.printing import loaders
from tournaments.printing.data import DealRow, ScoreSheet, ScoreSheetsData, TableSeating
from tournaments.printing.sheet_pages import build
from tournaments.services.scores.results import Sheet, game_sheet


def side_size(event: Event) -> int:
    """Players a side: partnerships of two play Gin to a higher target (RULES.md 2.2)."""
    return max(
        card_game_of(event).players_per_side, 2 if format_of(event).partnership(event) else 1
    )


def load(event: Event, round_number: int | None = None, blank: bool = False) -> ScoreSheetsData:
    profile = event_profile(event)
    seating = loaders.seating(event, round_number)
    number = seating.round if seating is not None else round_number
    if seating is None or not seating.tables:
        per_table = card_game_of(event).players_per_table or (
            4 if format_of(event).partnership(event) else 2
        )
        count = len(loaders.tables(event)) or max(1, -(-len(loaders.entrants(event)) // per_table))
        sheets = tuple(ScoreSheet(table=None if blank else t) for t in range(1, count + 1))
    else:
        pads = {} if blank else _pads(event, seating.round)
        sheets = tuple(
            ScoreSheet(table=None, sides=max(2, table.sides))
            if blank
            else _sheet(table, pads.get(table.table))
            for table in seating.tables
        )
    return ScoreSheetsData(
        event=loaders.event_info(event),
        round=None if blank else number,
        sheets=sheets,
        name_lines=format_of(event).sheet_name_lines(event),
        **card_game_of(event).sheet_rules(profile, side_size(event)),
        deals=event.round_deals if event.round_kind == Event.RoundKind.DEALS else None,
    )


def _pads(event: Event, round_number: int) -> dict[int, Sheet]:
    """Each table's score pad as the phones and the board show it, by table number."""
    profile = event_profile(event)
    games = list(
        Game.objects.filter(round__event=event, round__number=round_number)
        .select_related("round__event", "table")
        .prefetch_related(seats_prefetch())
    )
    entries: dict[int, list[Entry]] = {game.pk: [] for game in games}
    for entry in (
        Entry.objects.filter(game__in=games)
        .exclude(status=Entry.Status.SUPERSEDED)
        .order_by("number", "version")
    ):
        entries[entry.game_id].append(entry)
    return {
        game.table.number: game_sheet(game, profile=profile, entries=entries[game.pk])
        for game in games
        if game.table is not None
    }


def _sheet(table: TableSeating, pad: Sheet | None) -> ScoreSheet:
    """A table's sheet with the deals or hands its pad counts (confirmed, in order, up to
    the one that ended the game) and, for Gin, the pad's bottom lines."""
    sides = max(2, table.sides)
    rows = tuple(
        DealRow(points=_columns(row.points, sides), totals=row.totals, minimums=row.minimums)
        for row in (pad.rows if pad is not None else ())
        if row.totals is not None
    )
    return ScoreSheet(
        table=table.table,
        seating=table,
        sides=sides,
        rows=rows,
        gin=_gin_totals(pad) if pad is not None and rows else None,
    )


def _columns(points: tuple[int, ...], sides: int) -> tuple[int, ...]:
    return tuple(points[:sides]) + (0,) * (sides - len(points))


def _gin_totals(pad: Sheet) -> GinSheetTotals | None:
    """The pad's boxes, bonuses and totals; once the game is over, its margin and who pays
    whom, however it ended (the target, its hands played, time or the director)."""
    if pad.gin is None:
        return None
    return GinSheetTotals(
        boxes=pad.gin.box_bonus,
        game_bonus=pad.gin.game_bonus,
        shutout_bonus=pad.gin.shutout_bonus,
        totals=pad.gin.totals,
        finished=pad.finished,
        winner=pad.winner,
        net=pad.net,
        payments=pad.gin.payments,
    )


__all__ = ["build", "load"]
