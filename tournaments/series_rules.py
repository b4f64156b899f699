"""A series' ranking from each member's evenings, by the series' rule (no Django here).

Every evening a member played gives a value: the evening's points, or the placing
points of the evening's rank. The rule says which values count and how they add
up; what still separates level members is named per rule (``TIE_BREAKS``), and
members level on everything share a place. Within a shared place the list follows each
member's ``order``, a stable key the caller draws: never the name, or a public list would
tell where a withheld name falls in the alphabet.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any


class Rule(StrEnum):
    TOTAL = "total"
    PLACING = "placing"
    BEST = "best"
    AVERAGE = "average"


# What orders members level on the rule's total, in order (keys of the lines the page shows).
TIE_BREAKS: dict[Rule, tuple[str, ...]] = {
    Rule.TOTAL: ("evenings", "best_evening"),
    Rule.PLACING: ("best_evening", "evenings"),
    Rule.BEST: ("best_evening", "evenings"),
    Rule.AVERAGE: ("evenings", "best_evening"),
}


@dataclass(frozen=True)
class Evening:
    """One member's result in one event of the series."""

    event: Any
    rank: int
    points: int
    shared: bool = False


@dataclass(frozen=True)
class MemberEvenings:
    member: Any
    name: str
    evenings: list[Evening]
    order: Any  # lists members level on everything


@dataclass
class SeriesRow:
    member: Any
    name: str
    evenings: dict[Any, Evening]
    # What each evening is worth under the rule (points, or placing points).
    values: dict[Any, int]
    counted: set[Any] = field(default_factory=set)
    total: int | Fraction = 0
    best_evening: int = 0
    # None for members below the series' minimum of evenings: listed after the others.
    rank: int | None = None
    shared: bool = False
    order: Any = None

    @property
    def played(self) -> int:
        return len(self.evenings)

    @property
    def qualified(self) -> bool:
        return self.rank is not None


def placing_value(rank: int, placing_points: Sequence[int]) -> int:
    """Placing points for a rank; a shared place gets the points of that place."""
    return placing_points[rank - 1] if 0 < rank <= len(placing_points) else 0


def series_rows(
    members: list[MemberEvenings],
    rule: Rule,
    *,
    placing_points: Sequence[int] = (),
    best_of: int | None = None,
    minimum_evenings: int | None = None,
) -> list[SeriesRow]:
    """The series' rows, best first; members below the minimum last, unranked."""
    rows = []
    for played in members:
        if not played.evenings:
            continue
        evenings = {evening.event: evening for evening in played.evenings}
        if rule is Rule.PLACING:
            values = {e.event: placing_value(e.rank, placing_points) for e in played.evenings}
        else:
            values = {e.event: e.points for e in played.evenings}
        row = SeriesRow(played.member, played.name, evenings, values, order=played.order)
        row.counted = _counted(values, rule, best_of)
        counted_sum = sum(values[event] for event in row.counted)
        row.total = Fraction(counted_sum, len(values)) if rule is Rule.AVERAGE else counted_sum
        row.best_evening = max(values.values())
        rows.append(row)
    minimum = (minimum_evenings or 0) if rule is Rule.AVERAGE else 0
    ranked = [row for row in rows if row.played >= minimum]
    below = [row for row in rows if row.played < minimum]
    _rank(ranked, rule)
    below.sort(key=lambda row: (-row.total, -row.played, row.order))
    return ranked + below


def _counted(values: dict[Any, int], rule: Rule, best_of: int | None) -> set[Any]:
    if rule is not Rule.BEST or best_of is None:
        return set(values)
    # dicts keep the evenings' order: among equal values the earlier evening counts.
    best = sorted(values, key=lambda event: -values[event])
    return set(best[:best_of])


def _key(row: SeriesRow, rule: Rule) -> tuple[int | Fraction, ...]:
    figures = {"evenings": row.played, "best_evening": row.best_evening}
    return (row.total, *(figures[name] for name in TIE_BREAKS[rule]))


def _rank(rows: list[SeriesRow], rule: Rule) -> None:
    rows.sort(key=lambda row: (tuple(-v for v in _key(row, rule)), row.order))
    for i, row in enumerate(rows):
        level_before = i > 0 and _key(rows[i - 1], rule) == _key(row, rule)
        level_after = i + 1 < len(rows) and _key(rows[i + 1], rule) == _key(row, rule)
        row.shared = level_before or level_after
        row.rank = rows[i - 1].rank if level_before else i + 1
