"""Swiss system pairings (RULES.md 3.4).

The leader plays the best-placed player he has not met, the leader of the rest
the best-placed remaining player he has not met, and so on. When that greedy
order dead-ends, the pairing is the first one in the same depth-first
preference order in which nobody meets twice.

Searching depth-first is exponential in the worst case, so instead each player
takes the first opponent in his preference order *after which the remaining
players can still all be paired*; that is the depth-first answer, because
depth-first search only abandons a choice whose remainder cannot be completed.
"Can the rest still be paired?" is a perfect-matching question in the graph of
games not yet played, answered in polynomial time (``pairings.matching``) and,
for most of a big field, not asked at all:

* If the plain greedy pass completes, it is the depth-first answer.
* Dirac's theorem: a graph on m ≥ 2 vertices (m even) in which every vertex has
  at least m/2 neighbours has a perfect matching. A player who has met at most
  d others still has m - 1 - d possible opponents among m players, so any m ≥
  2d + 2 players can be paired. When the greedy pass dead-ends, only the short
  tail beyond the last point where the remainder was still pairable is
  re-paired, exactly.
"""

from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Sequence, Set
from dataclasses import dataclass, field
from itertools import chain
from typing import Generic, TypeVar

from meldcore.messages import DomainError, Problem, gettext_noop
from pairings.draw import draw_order
from pairings.matching import Matching

T = TypeVar("T", bound=Hashable)


class NoValidPairing(DomainError):
    """No pairing exists in which nobody meets an opponent a second time."""


@dataclass(frozen=True)
class Pairing(Generic[T]):
    pairs: list[tuple[T, T]]  # (higher, lower), board 1 first
    bye: T | None = None
    notes: list[Problem] = field(default_factory=list)  # for the director: how it was made


def rounds_for(n: int) -> int:
    """⌈log2 n⌉ rounds: 5–8 entrants play 3, 9–16 play 4, one more per doubling."""
    if n < 2:
        raise DomainError(
            [
                Problem(
                    gettext_noop("A Swiss event needs at least 2 entrants, not %(count)d."),
                    {"count": n},
                )
            ]
        )
    return (n - 1).bit_length()


def first_round(entrants: Iterable[T], seed: str) -> Pairing[T]:
    """Round 1 drawn by lot: the drawn order paired 1–2, 3–4, …, an odd one out has the bye."""
    pairing = pair_round(draw_order(entrants, seed), frozenset())
    note = Problem(gettext_noop("Round 1 drawn by lot (draw %(seed)s)."), {"seed": seed})
    return Pairing(pairing.pairs, pairing.bye, [note, *pairing.notes])


def seeded_first_round(seeding: Sequence[T]) -> Pairing[T]:
    """Round 1 by a seeding (strongest first), as chess and bridge seed a Swiss event: the
    top half meets the bottom half, 1 against n/2 + 1, 2 against n/2 + 2, and so on; with
    an odd number the last seeded has the bye."""
    entrants = list(seeding)
    _check_entrants(entrants)
    notes = []
    bye = None
    if len(entrants) % 2:
        bye = entrants.pop()
        notes.append(
            Problem(gettext_noop("%(player)s has the bye: the lowest seeded."), {"player": bye})
        )
    half = len(entrants) // 2
    note = Problem(
        gettext_noop(
            "Round 1 seeded: the top half meets the bottom half, %(first)s against %(second)s, "
            "and so on down."
        ),
        {"first": entrants[0], "second": entrants[half]},
    )
    return Pairing(list(zip(entrants[:half], entrants[half:], strict=True)), bye, [note, *notes])


def pair_round(
    ranking: Sequence[T], played: Set[frozenset[T]], had_bye: Collection[T] = ()
) -> Pairing[T]:
    """The next round's boards for ``ranking`` (best first, ties already drawn).

    ``played`` holds ``frozenset({x, y})`` for every two entrants who met.
    Raises ``NoValidPairing`` when every pairing would repeat a game.
    """
    entrants = list(ranking)
    _check_entrants(entrants)
    notes: list[Problem] = []
    bye = None
    if len(entrants) % 2:
        bye = _choose_bye(entrants, played, set(had_bye), notes)
        entrants.remove(bye)
    return Pairing(_pair_even(entrants, played, notes), bye, notes)


def _check_entrants(entrants: list[T]) -> None:
    if len(entrants) < 2:
        raise DomainError(
            [
                Problem(
                    gettext_noop("A Swiss round needs at least 2 entrants, not %(count)d."),
                    {"count": len(entrants)},
                )
            ]
        )
    if len(set(entrants)) != len(entrants):
        twice = sorted({str(e) for e, count in Counter(entrants).items() if count > 1})
        raise DomainError(
            [
                Problem(
                    gettext_noop("The ranking lists %(entrants)s more than once."),
                    {"entrants": ", ".join(twice)},
                )
            ]
        )


def _most_met(played: Set[frozenset[T]]) -> int:
    """An upper bound on how many entrants any one entrant has met (pairs with absentees count)."""
    counts = Counter(chain.from_iterable(played))
    return max(counts.values(), default=0)


class _Field(Generic[T]):
    """The graph of games not yet played among some players, ids in ranking order."""

    def __init__(self, players: Sequence[T], played: Set[frozenset[T]]) -> None:
        self.players = players
        self.adjacency: list[list[int]] = [[] for _ in players]
        for i, a in enumerate(players):
            for j in range(i + 1, len(players)):
                if frozenset((a, players[j])) not in played:
                    self.adjacency[i].append(j)
                    self.adjacency[j].append(i)

    def pairable(self) -> bool:
        m = len(self.players)
        if m % 2:
            return False
        if all(2 * len(neighbours) >= m for neighbours in self.adjacency):
            return True  # Dirac
        return not Matching(self.adjacency).unmatched


def _choose_bye(
    entrants: list[T], played: Set[frozenset[T]], had_bye: set[T], notes: list[Problem]
) -> T:
    """The lowest-placed entrant without a bye whose absence leaves the rest pairable."""
    fresh = [e for e in reversed(entrants) if e not in had_bye]
    again = [e for e in reversed(entrants) if e in had_bye]
    preference = fresh + again
    if len(entrants) - 1 >= 2 * _most_met(played) + 2:
        allowed = set(entrants)
    else:
        graph = _Field(entrants, played)
        matching = Matching(graph.adjacency)
        if len(matching.unmatched) > 1:
            raise NoValidPairing(
                [
                    Problem(
                        gettext_noop(
                            "No valid pairing exists: whoever has the bye, some of the "
                            "%(count)d entrants would have to meet a second time."
                        ),
                        {"count": len(entrants)},
                    )
                ]
            )
        even = matching.even_vertices(matching.unmatched[0])
        allowed = {e for e, ok in zip(entrants, even, strict=True) if ok}
    bye = next(e for e in preference if e in allowed)
    if bye in had_bye:
        notes.append(
            Problem(
                gettext_noop(
                    "%(player)s has a second bye: everyone else who could take it "
                    "without leaving players who have all met has had one."
                ),
                {"player": bye},
            )
        )
    else:
        notes.append(
            Problem(
                gettext_noop("%(player)s has the bye: the lowest-placed entrant without one."),
                {"player": bye},
            )
        )
    passed = [e for e in preference[: preference.index(bye)] if e not in had_bye]
    if passed:
        notes.append(
            Problem(
                gettext_noop(
                    "Passed over for the bye: %(players)s; without them the others "
                    "could not all be paired with someone new."
                ),
                {"players": ", ".join(str(e) for e in passed)},
            )
        )
    return bye


def _pair_even(
    entrants: list[T], played: Set[frozenset[T]], notes: list[Problem]
) -> list[tuple[T, T]]:
    n = len(entrants)
    # A singly linked list of unpaired ids keeps the greedy pass linear: the top
    # player is always its head, and his opponent is found walking from there.
    following = list(range(1, n + 1))
    head = 0
    greedy: list[tuple[int, int]] = []
    while head < n:
        top = entrants[head]
        before, j = head, following[head]
        while j < n and frozenset((top, entrants[j])) in played:
            before, j = j, following[j]
        if j == n:
            return _back_track(entrants, played, greedy, head, following, notes)
        following[before] = following[j]
        greedy.append((head, j))
        head = following[head]
    notes.append(
        Problem(
            gettext_noop(
                "Paired in standings order: each player meets the best-placed remaining "
                "player he has not met yet."
            )
        )
    )
    return [(entrants[a], entrants[b]) for a, b in greedy]


def _back_track(
    entrants: list[T],
    played: Set[frozenset[T]],
    greedy: list[tuple[int, int]],
    stuck: int,
    following: list[int],
    notes: list[Problem],
) -> list[tuple[T, T]]:
    """Keep the longest greedy prefix whose remainder is pairable, then re-pair the rest exactly."""
    unpaired: list[int] = []
    v = stuck
    while v < len(entrants):
        unpaired.append(v)
        v = following[v]
    most_met = _most_met(played)

    def remainder(kept: int) -> list[int]:
        return sorted(chain(chain.from_iterable(greedy[kept:]), unpaired))

    def pairable(kept: int) -> bool:
        ids = remainder(kept)
        if len(ids) >= 2 * most_met + 2:
            return True  # Dirac
        return _Field([entrants[i] for i in ids], played).pairable()

    # The remainder only grows as fewer greedy boards are kept, and a pairable set
    # stays pairable when a valid board is added, so the last pairable prefix is
    # found by galloping back from the dead end and then bisecting.
    bad, step = len(greedy), 1
    good = max(bad - 1, 0)
    while good > 0 and not pairable(good):
        bad, step = good, step * 2
        good = max(len(greedy) - step, 0)
    if good == 0 and not pairable(0):
        raise NoValidPairing(
            [
                Problem(
                    gettext_noop(
                        "No valid pairing exists: however the %(count)d entrants are "
                        "paired, two of them would meet a second time."
                    ),
                    {"count": len(entrants)},
                )
            ]
        )
    while bad - good > 1:
        middle = (good + bad) // 2
        if pairable(middle):
            good = middle
        else:
            bad = middle
    notes.append(
        Problem(
            gettext_noop(
                "Standings order dead-ended at board %(board)d: %(player)s had met every "
                "player still unpaired. Boards from %(first)d on were re-paired as the first "
                "pairing in standings preference order in which nobody meets twice."
            ),
            {"board": len(greedy) + 1, "player": entrants[stuck], "first": good + 1},
        )
    )
    ids = remainder(good)
    tail = _pair_tail([entrants[i] for i in ids], played, good + 1, notes)
    return [(entrants[a], entrants[b]) for a, b in greedy[:good]] + tail


def _pair_tail(
    players: list[T], played: Set[frozenset[T]], first_board: int, notes: list[Problem]
) -> list[tuple[T, T]]:
    """Each top player takes the first opponent after whom the rest stays pairable.

    ``players`` must be pairable. A perfect matching of the players still
    unpaired is kept throughout: it proves the rest pairable and turns "may the
    top player take this opponent?" into one augmenting-path search.
    """
    graph = _Field(players, played)
    matching = Matching(graph.adjacency)
    pairs: list[tuple[T, T]] = []
    for top in range(len(players)):
        if not matching.alive[top]:
            continue
        candidates = [w for w in graph.adjacency[top] if matching.alive[w]]
        partner = matching.remove(top)
        choice = candidates[0]
        if not matching.remove_keeping_perfect(choice, partner):
            even = matching.even_vertices(partner)
            choice = next(w for w in candidates if even[w])
            matching.remove_keeping_perfect(choice, partner)
            notes.append(
                Problem(
                    gettext_noop(
                        "Board %(board)d: %(higher)s meets %(lower)s; pairing %(higher)s "
                        "with %(passed)s would have left players who have all met."
                    ),
                    {
                        "board": first_board + len(pairs),
                        "higher": players[top],
                        "lower": players[choice],
                        "passed": ", ".join(
                            str(players[w]) for w in candidates[: candidates.index(choice)]
                        ),
                    },
                )
            )
        pairs.append((players[top], players[choice]))
    return pairs
