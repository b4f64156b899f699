"""Score sheets per table, like a club's Zählblock: Canasta and Gin Rummy.

Canasta: a column group per side with each deal's points, the running total and
the minimum meld that side needs next (RULES.md 1.5). Gin: each hand's points
and running totals, then boxes, game and shutout bonus and the total. Sheets
come pre-filled with event, round, table and names, and with the confirmed
deals or hands where there are any; the other rows are left for handwriting.
"""

from scoring.profiles import Profile
from tournaments.card_games import card_game_of
from tournaments.formats import format_of
from tournaments.kernel.profiles import event_profile
from tournaments.models import Entry, Event
from tournaments.printing import loaders
from tournaments.printing.data import DealRow, ScoreSheet, ScoreSheetsData, TableSeating
from tournaments.printing.sheet_pages import build


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
        deals = {} if blank else _confirmed(event, seating.round)
        sheets = tuple(
            _sheet(event, profile, table, deals.get(table.table, []), blank)
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


def _confirmed(event: Event, round_number: int) -> dict[int, list[tuple[int, ...]]]:
    rows = (
        Entry.objects.filter(
            game__round__event=event,
            game__round__number=round_number,
            status=Entry.Status.CONFIRMED,
        )
        .order_by("game__table__number", "number")
        .values_list("game__table__number", "points_0", "points_1", "points_2")
    )
    deals: dict[int, list[tuple[int, ...]]] = {}
    for table, *points in rows:
        deals.setdefault(table, []).append(tuple(p for p in points if p is not None))
    return deals


def _sheet(
    event: Event, profile: Profile, table: TableSeating, deals: list[tuple[int, ...]], blank: bool
) -> ScoreSheet:
    card_game = card_game_of(event)
    sides = max(2, table.sides)
    totals = [0] * sides
    rows = []
    for points in deals:
        points = tuple(points[:sides]) + (0,) * (sides - len(points))
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        minimums = card_game.printed_minimums(totals, profile)
        rows.append(DealRow(points=points, totals=tuple(totals), minimums=minimums))
    return ScoreSheet(
        table=None if blank else table.table,
        seating=None if blank else table,
        sides=sides,
        rows=tuple(rows),
        gin=card_game.printed_totals(deals, profile, side_size(event), sides),
    )


__all__ = ["build", "load"]
