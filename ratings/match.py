"""What is rated: one table's game (a ``Match``) and a club evening's games in played order."""

from collections.abc import Sequence
from dataclasses import dataclass

from meldcore.messages import DomainError, Problem, gettext_noop


@dataclass(frozen=True)
class Match:
    """One table's game: the sides that played it and each side's place.

    ``sides[i]`` holds the keys of the players who played as one side (a partnership,
    a chouette's crew, or one player alone); ``places[i]`` is that side's place, 0 the
    best; equal places are a draw. A player may stand on one side only.
    """

    sides: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]

    def __post_init__(self) -> None:
        problems = match_problems(self.sides, self.places)
        if problems:
            raise DomainError(problems)

    @classmethod
    def by_points(cls, sides: Sequence[Sequence[int]], points: Sequence[float]) -> "Match":
        """The match whose sides finished with ``points`` (more is better; equal is a draw)."""
        ordered = sorted(set(points), reverse=True)
        return cls(
            tuple(tuple(side) for side in sides),
            tuple(ordered.index(p) for p in points),
        )

    def scored(self, side: int) -> float:
        """The share of the other sides that ``side`` beat, a draw counting half (0 to 1)."""
        mine = self.places[side]
        others = [p for i, p in enumerate(self.places) if i != side]
        won = sum(1.0 if mine < p else 0.5 if mine == p else 0.0 for p in others)
        return won / len(others)


def match_problems(sides: Sequence[Sequence[int]], places: Sequence[int]) -> list[Problem]:
    problems = []
    if len(sides) < 2:
        problems.append(Problem(gettext_noop("A rated game needs at least two sides.")))
    if len(places) != len(sides):
        problems.append(Problem(gettext_noop("Every side of a rated game needs its place.")))
    keys = [key for side in sides for key in side]
    if any(not side for side in sides):
        problems.append(Problem(gettext_noop("A side of a rated game has no player.")))
    if len(set(keys)) != len(keys):
        problems.append(Problem(gettext_noop("A player stands on two sides of one rated game.")))
    if any(place < 0 for place in places):
        problems.append(Problem(gettext_noop("A place of a rated game is below 0.")))
    return problems


@dataclass(frozen=True)
class Evening:
    """A finished club evening: its rated games in the order they were played."""

    key: int
    matches: tuple[Match, ...]
