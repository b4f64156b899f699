"""The sides of a game: its seats grouped by side, each with its letter and its players.

Every page, form and service that shows or counts a game's sides asks
``sides_of(game)``; a round's pages that load all its seats at once group them
with ``group_sides``.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.canasta import side_label
from tournaments.kernel.deal import seats_of
from tournaments.models import Game, Player, Seat


@dataclass(frozen=True)
class Side:
    """One side at a table: its index (0, 1, 2), letter (A, B, C) and seats by position."""

    index: int
    seats: tuple[Seat, ...]

    @property
    def label(self) -> str:
        return side_label(self.index)

    @property
    def players(self) -> list[Player]:
        return [seat.player for seat in self.seats]

    @property
    def names(self) -> str:
        """The players' numbers and names: ``"1 Anna & 6 Bert"`` (``"?"`` for an empty side)."""
        return " & ".join(str(seat.player) for seat in self.seats) or "?"

    @property
    def numbers(self) -> str:
        """The players' numbers (their names where they have none): ``"1 & 6"``."""
        return " & ".join(str(seat.player.number or seat.player.name) for seat in self.seats)


def group_sides(seats: Iterable[Seat]) -> list[list[Seat]]:
    """Seats (in the order given) grouped by side: at least two sides, none left out."""
    sides: list[list[Seat]] = [[], []]
    for seat in seats:
        while len(sides) <= seat.side:
            sides.append([])
        sides[seat.side].append(seat)
    return sides


def sides_of(game: Game) -> list[Side]:
    """The game's sides in order, each with its seats by position (prefetched seats if loaded)."""
    return [Side(index, tuple(seats)) for index, seats in enumerate(group_sides(seats_of(game)))]
