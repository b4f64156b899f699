"""What is rated: one table's game (a ``Match``) and a club evening's games in played order."""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, combinations, product
from math import isfinite

from meldcore.messages import DomainError, Problem, gettext_noop


@dataclass(frozen=True)
class Match:
    """One table's game: the sides that played it and what each side made of it.

    ``sides[i]`` holds the keys of the players who played as one side (a partnership,
    a chouette's crew, or one player alone); ``points[i]`` is that side's result, more
    being better and equal a draw: the game's points where its margin counts (the
    ledger's ``margin`` says from which margin on a win counts more), else the place
    negated (``Match.by_places``). A player may stand on one side only.

    ``guests[i]``: how many players on side ``i`` are not rated (guests of the club).
    Each is counted at the starting rating, an unknown of average strength, in this
    game alone; what the game says about them is kept nowhere. Empty: no guests.
    """

    sides: tuple[tuple[int, ...], ...]
    points: tuple[float, ...]
    guests: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        problems = match_problems(self.sides, self.points, self.guests)
        if problems:
            raise DomainError(problems)

    @classmethod
    def by_places(
        cls, sides: Sequence[Sequence[int]], places: Sequence[int], guests: Sequence[int] = ()
    ) -> "Match":
        """The match whose sides finished in ``places`` (0 the best; equal places a draw)."""
        return cls(
            tuple(tuple(side) for side in sides), tuple(-float(p) for p in places), tuple(guests)
        )

    def guests_on(self, side: int) -> int:
        return self.guests[side] if self.guests else 0

    @property
    def places(self) -> tuple[int, ...]:
        """Each side's place, 0 the best; sides with equal points share a place."""
        ordered = sorted(set(self.points), reverse=True)
        return tuple(ordered.index(p) for p in self.points)

    def shares(self) -> tuple[float, ...]:
        """Each side's share of the other sides it beat, a draw counting half (0 to 1)."""
        if len(self.points) == 2:
            first, second = self.points
            return (1.0, 0.0) if first > second else (0.0, 1.0) if first < second else (0.5, 0.5)
        others = len(self.points) - 1
        return tuple(
            (sum(1.0 if mine > p else 0.5 if mine == p else 0.0 for p in self.points) - 0.5)
            / others
            for mine in self.points
        )


def match_problems(
    sides: Sequence[Sequence[int]], points: Sequence[float], guests: Sequence[int] = ()
) -> list[Problem]:
    # Asked for every game of every evening a club replays: builtins over the sequences,
    # no generator per check.
    problems = []
    if len(sides) < 2:
        problems.append(Problem(gettext_noop("A rated game needs at least two sides.")))
    if len(points) != len(sides):
        problems.append(Problem(gettext_noop("Every side of a rated game needs its result.")))
    keys = list(chain.from_iterable(sides))
    if not all(sides):
        problems.append(Problem(gettext_noop("A side of a rated game has no player.")))
    if len(set(keys)) != len(keys):
        problems.append(Problem(gettext_noop("A player stands on two sides of one rated game.")))
    if not all(map(isfinite, points)):
        problems.append(Problem(gettext_noop("A result of a rated game is not a number.")))
    if guests and (len(guests) != len(sides) or min(guests) < 0):
        problems.append(Problem(gettext_noop("Every side of a rated game needs its guests.")))
    return problems


@dataclass(frozen=True)
class Evening:
    """A finished club evening: its rated games in the order they were played."""

    key: int
    matches: tuple[Match, ...]


def table_matches(
    sides: Sequence[Sequence[int | None]], points: Sequence[float], *, places: bool = False
) -> tuple[Match, ...]:
    """The rated games of one table's game, played by ``sides`` (member keys; ``None`` for a
    guest) who made ``points``; with ``places`` only who beat whom counts, not by how much.

    Sides of one size are one match, as seated. A side that has more players than its
    opponents takes turns at the table (a chouette's crew, the three at a table of five):
    its result holds against each group of them that could sit down, so the game is one
    match for each such group (the lone player of a chouette settles with each partner
    alone). A match with a side of guests only is not rated, nor one in which a member
    stands on two sides (two players of an evening taken for one member).
    """
    if places:
        order = sorted(set(points), reverse=True)
        points = [-float(order.index(p)) for p in points]
    size = min(map(len, sides), default=0)
    keys = [key for side in sides for key in side if key is not None]
    if size == 0 or len(set(keys)) != len(keys):
        return ()
    if len(keys) == size * len(sides) and all(len(side) == size for side in sides):
        whole = tuple(tuple(key for key in side if key is not None) for side in sides)
        return (Match(whole, tuple(map(float, points))),)
    matches = []
    for seated in product(*(combinations(side, size) for side in sides)):
        members = [tuple(key for key in group if key is not None) for group in seated]
        if not all(members):
            continue
        guests = tuple(size - len(group) for group in members)
        matches.append(
            Match(tuple(members), tuple(float(p) for p in points), guests if any(guests) else ())
        )
    return tuple(matches)
