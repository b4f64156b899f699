"""Winner moves up (RULES.md 3.2, from 000 §27).

After each game the winners at table 1 stay, the losers at table 1 go to the
highest-numbered table, and at every other table the losers stay while the
winners move to the next lower-numbered table. Four rounds are played.

A game can end level. The rule does not say who moves then, so the caller
settles it first — by a recorded card draw or the director's word — and
``decide_table`` turns the totals and that decision into winners and losers.
"""

from collections.abc import Hashable, Sequence, Set
from dataclasses import dataclass
from typing import Generic, TypeVar

from meldcore.messages import DomainError, Problem, gettext_noop

T = TypeVar("T", bound=Hashable)
S = TypeVar("S")  # a side at a table as the caller holds it (its partners, in some order)
Side = tuple[T, T]
Result = tuple[Sequence[T], Sequence[T]]  # (winners, losers) at one table

ROUNDS = 4

HIGH_TWO = "high_two"
HIGHEST_WITH_THIRD = "highest_with_third"
HIGHEST_WITH_LOWEST = "highest_with_lowest"
HIGH_TWO_ALL_REUNITE = "high_two_all_reunite"


def decide_table(
    side_a: S,
    side_b: S,
    total_a: int,
    total_b: int,
    *,
    level_winner: S | None = None,
) -> tuple[S, S]:
    """``(winners, losers)``: the higher total wins; a level game needs ``level_winner``."""
    if total_a != total_b:
        return (side_a, side_b) if total_a > total_b else (side_b, side_a)
    if level_winner == side_a:
        return side_a, side_b
    if level_winner == side_b:
        return side_b, side_a
    raise DomainError(
        [
            Problem(
                gettext_noop(
                    "The game ended level at %(total)d each: draw cards (or let the director "
                    "decide) which side counts as the winners before anyone moves."
                ),
                {"total": total_a},
            )
        ]
    )


def _check_results(results: Sequence[Result[T]]) -> None:
    problems: list[Problem] = []
    if not results:
        problems.append(Problem(gettext_noop("There is no table to move players from.")))
    seen: set[T] = set()
    for table, (winners, losers) in enumerate(results, start=1):
        if len(winners) != 2 or len(losers) != 2:
            problems.append(
                Problem(
                    gettext_noop("Table %(table)d needs two winners and two losers."),
                    {"table": table},
                )
            )
        for player in (*winners, *losers):
            if player in seen:
                problems.append(
                    Problem(
                        gettext_noop("%(player)s appears twice (again at table %(table)d)."),
                        {"player": player, "table": table},
                    )
                )
            seen.add(player)
    if problems:
        raise DomainError(problems)


def _side(players: Sequence[T]) -> Side[T]:
    first, second = players
    return first, second


def move_pairs(results: Sequence[Result[T]]) -> list[tuple[Side[T], Side[T]]]:
    """Next round's two sides per table, for fixed partnerships: each side moves together.

    ``results[i]`` is ``(winners, losers)`` at table i + 1. Each table lists the
    side that stays first, then the side that arrives.
    """
    _check_results(results)
    winners = [_side(w) for w, _ in results]
    losers = [_side(lo) for _, lo in results]
    if len(results) == 1:
        return [(winners[0], losers[0])]
    # Table 1 keeps its winners; every other table keeps its losers. The
    # arrivals are the winners from one table down, and at the last table the
    # losers from table 1.
    stay = [winners[0], *losers[1:]]
    arrive = [*winners[1:], losers[0]]
    return list(zip(stay, arrive, strict=True))


def move(results: Sequence[Result[T]]) -> list[tuple[T, T, T, T]]:
    """The four players of each table for the next round, those who stay first.

    ``results[i]`` is ``(winners, losers)`` at table i + 1.
    """
    return [(a, b, c, d) for (a, b), (c, d) in move_pairs(results)]


def explain_move(results: Sequence[Result[T]]) -> list[Problem]:
    """One line per table for the director: who stays and where the others come from."""
    last = len(results)
    lines = []
    for table, (stay, arrive) in enumerate(move_pairs(results), start=1):
        if last == 1:
            lines.append(
                Problem(
                    gettext_noop("Table 1: everyone stays (%(players)s)."),
                    {"players": ", ".join(str(p) for p in (*stay, *arrive))},
                )
            )
            continue
        origin = 2 if table == 1 else 1 if table == last else table + 1
        lines.append(
            Problem(
                gettext_noop(
                    "Table %(table)d: %(stay)s stay; %(arrive)s come from table %(origin)d."
                ),
                {
                    "table": table,
                    "stay": " & ".join(str(p) for p in stay),
                    "arrive": " & ".join(str(p) for p in arrive),
                    "origin": origin,
                },
            )
        )
    return lines


@dataclass(frozen=True)
class TableSeating(Generic[T]):
    sides: tuple[Side[T], Side[T]]  # partners together, the highest card's side first
    fallback: str  # which rule of RULES.md 3.2 decided: HIGH_TWO … HIGH_TWO_ALL_REUNITE
    note: Problem

    @property
    def seats(self) -> tuple[T, T, T, T]:
        """Seats 1–4 clockwise: the highest card chooses seat 1, partners face each other."""
        (a, b), (c, d) = self.sides
        return a, c, b, d


def seat_table_explained(drawn: Sequence[T], former_partners: Set[frozenset[T]]) -> TableSeating[T]:
    """Partnerships at a table from the four cards drawn, highest first (RULES.md 3.2).

    ``former_partners`` holds ``frozenset({x, y})`` for every two players who
    partnered so far, this round's partners included.
    """
    if len(drawn) != 4 or len(set(drawn)) != 4:
        raise DomainError(
            [Problem(gettext_noop("A table seats four different players, highest card first."))]
        )
    first, second, third, fourth = drawn
    options = [
        (HIGH_TWO, ((first, second), (third, fourth))),
        (HIGHEST_WITH_THIRD, ((first, third), (second, fourth))),
        (HIGHEST_WITH_LOWEST, ((first, fourth), (second, third))),
    ]
    templates = {
        HIGH_TWO: gettext_noop("High two (%(a)s, %(b)s) against low two (%(c)s, %(d)s)."),
        HIGHEST_WITH_THIRD: gettext_noop(
            "High two against low two would reunite partners: %(a)s (highest card) partners "
            "%(b)s (third-highest) against %(c)s and %(d)s."
        ),
        HIGHEST_WITH_LOWEST: gettext_noop(
            "High two against low two and highest with third-highest would both reunite "
            "partners: %(a)s (highest card) partners %(b)s (lowest) against %(c)s and %(d)s."
        ),
        HIGH_TWO_ALL_REUNITE: gettext_noop(
            "Every way to seat this table reunites partners, so high two (%(a)s, %(b)s) "
            "play low two (%(c)s, %(d)s)."
        ),
    }
    fallback, sides = next(
        (
            (name, option)
            for name, option in options
            if not any(frozenset(side) in former_partners for side in option)
        ),
        (HIGH_TWO_ALL_REUNITE, options[0][1]),
    )
    (a, b), (c, d) = sides
    note = Problem(templates[fallback], {"a": a, "b": b, "c": c, "d": d})
    return TableSeating(sides, fallback, note)


def seat_table(drawn: Sequence[T], former_partners: Set[frozenset[T]]) -> tuple[Side[T], Side[T]]:
    """``((a, b), (c, d))``: a and b partner against c and d (see ``seat_table_explained``)."""
    return seat_table_explained(drawn, former_partners).sides
