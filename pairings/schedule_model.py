"""The shape of a progressive schedule: rounds of 4-player tables, who sits out,
and the odd tables that seat everyone when the head count is not a multiple of 4.

Players are numbered from 1 (the number drawn on the tally). A 4-player table is
``((a, b), (c, d))``: a and b partner against c and d. Odd tables (RULES.md 1.2)
live in their own list so that ``Round.tables`` keeps that one fixed shape.
"""

from dataclasses import dataclass, field
from enum import StrEnum

Pair = tuple[int, int]
Table = tuple[Pair, Pair]


class TableKind(StrEnum):
    """Tables for five, six or three players (RULES.md 1.2)."""

    # 2 vs 3; the side of three rotates one sitter-out per deal.
    FIVE = "five"
    # 3 vs 3 (only 2 + 2 play with rotating sitters, or all six alternately).
    SIX_TWO_SIDES = "six-two-sides"
    # Three partnerships of 2 with 3 packs and 6 jokers.
    SIX_THREE_TEAMS = "six-three-teams"
    # Each for himself, 13 cards each.
    THREE = "three"


@dataclass(frozen=True)
class OddTable:
    kind: TableKind
    sides: tuple[tuple[int, ...], ...]

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for side in self.sides for p in side)


@dataclass
class Round:
    tables: list[Table]
    sitting_out: tuple[int, ...] = ()
    odd_tables: list[OddTable] = field(default_factory=list)

    @property
    def seated(self) -> list[int]:
        """Everyone at a table this round, 4-player tables first, in seat order."""
        four = [p for (a, b), (c, d) in self.tables for p in (a, b, c, d)]
        return four + [p for table in self.odd_tables for p in table.players]


@dataclass
class Schedule:
    n_players: int
    rounds: list[Round]
    # Where the schedule comes from: "published", "generated", "best effort", "pasted".
    source: str = ""
