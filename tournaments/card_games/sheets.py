"""What a printed score sheet shows of each card game's rules and count (plain data for the
PDF)."""

from dataclasses import dataclass
from typing import Literal

# Which of a payment's two is a chouette's side of partners, each of whom pays or collects
# the amount ("" where both are one player).
Each = Literal["", "payer", "payee"]


@dataclass(frozen=True)
class Settlement:
    """One payment after a game of three, by side letters."""

    payer: str
    payee: str
    amount: int
    each: Each = ""


@dataclass(frozen=True)
class GinSheetTotals:
    """A Gin game's bottom lines as its score pad shows them (``results.game_sheet``)."""

    boxes: tuple[int, ...]  # the box bonus in points: hands won × the box value
    game_bonus: tuple[int, ...]
    shutout_bonus: tuple[int, ...]
    totals: tuple[int, ...]
    finished: bool = False
    winner: int | None = None  # the side that won, once the game is over (None: a draw)
    net: int = 0
    payments: tuple[Settlement, ...] = ()  # who pays whom once a game of three is over


@dataclass(frozen=True)
class CanastaRules:
    """What a Canasta score sheet prints from the event's rule profile."""

    target: int
    # (from running total, minimum meld), ascending; the first band is "below 0" (None).
    bands: tuple[tuple[int | None, int], ...]
    start_minimum: int = 50


@dataclass(frozen=True)
class GinRules:
    target: int
    box_bonus: int
    game_bonus: int
    shutout_bonus: int
