"""Swiss pairing speed: round 6 of big fields, fields built to defeat greedy, plain greedy.

For the big fields rounds 1–5 are simulated with Meld's own pairing and random
Gin results; only round 6 is timed. Every figure is the median of several runs.
Targets: 5 ms for 2 000 players, 50 ms for 10 000, nothing adversarial over 1 s.
The speeds the tests once asserted are here: swiss_round6_2000_players (was
< 100 ms) and swiss_met_all_but_the_leader_40 (was < 1 s).
"""

import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from itertools import combinations

from pairings.draw import rank_by_score
from pairings.roundrobin import schedule
from pairings.swiss import pair_round

Played = set[frozenset[int]]


def _median_ms(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def _after_five_rounds(n: int, seed: int) -> tuple[list[int], Played, set[int]]:
    rng = random.Random(seed)
    score = dict.fromkeys(range(1, n + 1), 0)
    played: Played = set()
    had_bye: set[int] = set()
    ranking = rank_by_score(score, f"bench-{seed}-0")
    for round_number in range(1, 6):
        pairing = pair_round(ranking, played, had_bye)
        for a, b in pairing.pairs:
            played.add(frozenset((a, b)))
            net = rng.randint(25, 300)
            winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
            score[winner] += net
            score[loser] -= net
        if pairing.bye is not None:
            had_bye.add(pairing.bye)
        ranking = rank_by_score(score, f"bench-{seed}-{round_number}")
    return ranking, played, had_bye


def _greedy(ranking: list[int], played: Played) -> list[tuple[int, int]]:
    """The plain greedy pass without back-tracking, as a floor to compare with."""
    paired: set[int] = set()
    pairs = []
    for i, top in enumerate(ranking):
        if top in paired:
            continue
        j = i + 1
        while j < len(ranking) and (ranking[j] in paired or frozenset((top, ranking[j])) in played):
            j += 1
        if j == len(ranking):
            break
        paired.update((top, ranking[j]))
        pairs.append((top, ranking[j]))
    return pairs


def _adversarial(n: int) -> tuple[list[int], Played]:
    """The leader is the only opponent the last-placed player has not met.

    Greedy pairs the leader with number 2 and dead-ends at the bottom; plain
    depth-first search would then try every pairing of the other n - 2 players
    (around 10^18 for n = 36) before moving the leader's first choice.
    """
    ranking = list(range(1, n + 1))
    last = ranking[-1]
    played = {frozenset((last, p)) for p in ranking[1:-1]}
    # Give the middle of the field a history too, so it is no easy clique.
    rng = random.Random(n)
    middle = ranking[1:-1]
    for _ in range(3):
        rng.shuffle(middle)
        played |= {frozenset(middle[i : i + 2]) for i in range(0, len(middle) - 1, 2)}
    return ranking, played


def _met_all_but_the_leader(n: int) -> tuple[list[int], Played]:
    """The last player has met everyone but the leader, and nobody else has met anyone.

    The field of ``tests/engines/test_swiss.py``: plain depth-first search would
    try every pairing of the n - 2 others (about 10^21 for n = 40).
    """
    ranking = list(range(1, n + 1))
    return ranking, {frozenset((n, p)) for p in ranking[1:-1]}


def _round_robin_with_two_rounds_left(n: int) -> tuple[list[int], Played]:
    """A small field that has played all but two rounds of a round robin, ranked at random.

    Everyone has two possible opponents left, and the greedy choice often
    splits the remaining games into pieces that cannot be paired.
    """
    played = {frozenset((a, b)) for games in schedule(n)[:-2] for a, b in games if b is not None}
    ranking = list(range(1, n + 1))
    random.Random(n).shuffle(ranking)
    return ranking, played


def main() -> None:
    for n, repeats in ((2_000, 9), (2_001, 9), (10_000, 5), (10_001, 5)):
        ranking, played, had_bye = _after_five_rounds(n, seed=n)
        ms = _median_ms(partial(pair_round, ranking, played, had_bye), repeats)
        print(f"bench: swiss_round6_{n}_players {ms:.2f} ms", flush=True)
        if n % 2 == 0:
            ms = _median_ms(partial(_greedy, ranking, played), repeats)
            print(f"bench: swiss_plain_greedy_{n}_players {ms:.2f} ms", flush=True)
            # Random results never made round 6 dead-end in trials, so force it:
            # the bottom four have all met one another.
            cornered = played | {frozenset(pair) for pair in combinations(ranking[-4:], 2)}
            ms = _median_ms(partial(pair_round, ranking, cornered, had_bye), repeats)
            print(f"bench: swiss_round6_{n}_players_dead_end {ms:.2f} ms", flush=True)
    for n in (36, 400):
        ranking, played = _adversarial(n)
        ms = _median_ms(partial(pair_round, ranking, played), 5)
        print(f"bench: swiss_adversarial_{n}_players {ms:.2f} ms", flush=True)
    ranking, played = _met_all_but_the_leader(40)
    ms = _median_ms(partial(pair_round, ranking, played), 5)
    print(f"bench: swiss_met_all_but_the_leader_40 {ms:.2f} ms", flush=True)
    for n in (12, 64, 200):
        ranking, played = _round_robin_with_two_rounds_left(n)
        ms = _median_ms(partial(pair_round, ranking, played), 5)
        print(f"bench: swiss_two_rounds_left_{n}_players {ms:.2f} ms", flush=True)
