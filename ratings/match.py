"""What is rated: one table's game (a ``Match``) and a club evening's games in played order."""

from collections.abc import Sequence
from dataclasses import dataclass

from meldcore.messages import DomainError, Problem, gettext_noop


@dataclass(frozen=True)
class Match:
    """One table's game: the sides that played it and what each side made of it.

    ``sides[i]`` holds the keys of the players who played as one side (a partnership,
    a chouette's crew, or one player alone); ``points[i]`` is that side's result, more
    being better and equal a draw: the game's points where its margin counts (the
    ledger's ``margin`` says from which margin on a win counts more), else the place
    negated (``Match.by_places``). A player may stand on one side only.
    """

    sides: tuple[tuple[int, ...], ...]
    points: tuple[float, ...]

    def __post_init__(self) -> None:
        problems = match_problems(self.sides, self.points)
        if problems:
            raise DomainError(problems)

    @classmethod
    def by_places(cls, sides: Sequence[Sequence[int]], places: Sequence[int]) -> "Match":
        """The match whose sides finished in ``places`` (0 the best; equal places a draw)."""
        return cls(tuple(tuple(side) for side in sides), tuple(-float(p) for p in places))

    @property
    def places(self) -> tuple[int, ...]:
        """Each side's place, 0 the best; sides with equal points share a place."""
        ordered = sorted(set(self.points), reverse=True)
        return tuple(ordered.index(p) for p in self.points)

    def scored(self, side: int) -> float:
        """The share of the other sides that ``side`` beat, a draw counting half (0 to 1)."""
        mine = self.points[side]
        others = [p for i, p in enumerate(self.points) if i != side]
        won = sum(1.0 if mine > p else 0.5 if mine == p else 0.0 for p in others)
        return won / len(others)


def match_problems(sides: Sequence[Sequence[int]], points: Sequence[float]) -> list[Problem]:
    problems = []
    if len(sides) < 2:
        problems.append(Problem(gettext_noop("A rated game needs at least two sides.")))
    if len(points) != len(sides):
        problems.append(Problem(gettext_noop("Every side of a rated game needs its result.")))
    keys = [key for side in sides for key in side]
    if any(not side for side in sides):
        problems.append(Problem(gettext_noop("A side of a rated game has no player.")))
    if len(set(keys)) != len(keys):
        problems.append(Problem(gettext_noop("A player stands on two sides of one rated game.")))
    if any(p != p or p in (float("inf"), float("-inf")) for p in points):
        problems.append(Problem(gettext_noop("A result of a rated game is not a number.")))
    return problems


@dataclass(frozen=True)
class Evening:
    """A finished club evening: its rated games in the order they were played."""

    key: int
    matches: tuple[Match, ...]
