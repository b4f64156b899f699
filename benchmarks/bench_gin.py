"""Gin Rummy deadwood speed: Meld's search against a plain exhaustive search.

Targets (pure Python, 2 cores): a mean of 3 µs per ``min_deadwood`` over
10 000 random 10-card hands and 5 µs per ``knock_deadwood`` over 2 000 random
11-card hands. The hands are new every run (the seed is printed) and the
engine keeps no cache, so each call does the whole search. Each figure is
the mean over the whole timed loop; the reference runs on a slice of the
same hands and must agree with the engine on every one of them.
"""

import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from scoring import gin_search
from scoring.cards import SUITS, Card
from scoring.gin import best_arrangement, knock_deadwood, layoff_deadwood, min_deadwood

Item = TypeVar("Item")

DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


def reference_melds(hand: frozenset[Card]) -> list[frozenset[Card]]:
    """Every set and run in the hand."""
    melds = []
    for rank in range(1, 14):
        held = [card for card in hand if card.rank == rank]
        if len(held) >= 3:
            melds.append(frozenset(held))
        if len(held) == 4:
            melds += [frozenset(held) - {card} for card in held]
    for suit in SUITS:
        for start in range(1, 12):
            run = []
            for rank in range(start, 14):
                if Card(rank, suit) not in hand:
                    break
                run.append(Card(rank, suit))
                if len(run) >= 3:
                    melds.append(frozenset(run))
    return melds


def reference_min_deadwood(hand: Sequence[Card]) -> int:
    """Exhaustive: the lowest card is deadwood or in one of its melds, and so on."""

    def search(cards: frozenset[Card], melds: list[frozenset[Card]]) -> int:
        if not cards:
            return 0
        low = min(cards)
        best = min(low.rank, 10) + search(cards - {low}, melds)
        for meld in melds:
            if low in meld and meld <= cards:
                best = min(best, search(cards - meld, melds))
        return best

    cards = frozenset(hand)
    return search(cards, reference_melds(cards))


def reference_knock_deadwood(hand: Sequence[Card]) -> int:
    return min(reference_min_deadwood([c for c in hand if c != card]) for card in hand)


def mean_us(function: Callable[[Item], object], inputs: Sequence[Item]) -> float:
    started = time.perf_counter()
    for item in inputs:
        function(item)
    return (time.perf_counter() - started) / len(inputs) * 1e6


def has_set_rank(hand: Sequence[Card]) -> bool:
    ranks = [card.rank for card in hand]
    return any(ranks.count(rank) >= 3 for rank in set(ranks))


def main() -> None:
    seed = random.randrange(1 << 32)
    rng = random.Random(seed)
    print(f"# gin hands from seed {seed}")
    tens = [tuple(rng.sample(DECK, 10)) for _ in range(10_000)]
    elevens = [tuple(rng.sample(DECK, 11)) for _ in range(2_000)]
    with_sets = [
        hand for hand in (tuple(rng.sample(DECK, 10)) for _ in range(30_000)) if has_set_rank(hand)
    ]
    as_text = [" ".join(map(str, hand)) for hand in tens[:2_000]]

    started = time.perf_counter()
    gin_search._discard_tables(gin_search._run_table())
    print(f"bench: gin_tables_build {(time.perf_counter() - started) * 1000:.1f} ms")

    print(f"bench: gin_min_deadwood_10 {mean_us(min_deadwood, tens):.2f} us")
    print(
        f"bench: gin_min_deadwood_10_with_a_set_rank {mean_us(min_deadwood, with_sets[:2_000]):.2f} us"
    )
    print(f"bench: gin_min_deadwood_10_as_text {mean_us(min_deadwood, as_text):.2f} us")
    sample = tens[:300]
    print(f"bench: gin_min_deadwood_10_reference {mean_us(reference_min_deadwood, sample):.0f} us")
    for hand in sample + with_sets[:300]:
        assert min_deadwood(hand) == reference_min_deadwood(hand), hand

    print(f"bench: gin_knock_deadwood_11 {mean_us(knock_deadwood, elevens):.2f} us")
    sample = elevens[:40]
    print(
        f"bench: gin_knock_deadwood_11_reference {mean_us(reference_knock_deadwood, sample):.0f} us"
    )
    for hand in sample:
        assert knock_deadwood(hand)[0] == reference_knock_deadwood(hand), hand

    print(f"bench: gin_best_arrangement_10 {mean_us(best_arrangement, tens[:2_000]):.1f} us")
    deals = [knock_deal(rng) for _ in range(1_000)]
    print(
        f"bench: gin_layoff_deadwood_10 {mean_us(lambda deal: layoff_deadwood(deal[0], deal[1]), deals):.1f} us"
    )


def knock_deal(rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """A knocker's run and set (never sharing a card) and ten other cards for the defender."""
    while True:
        suit, start, length = rng.choice(SUITS), rng.randint(1, 9), rng.randint(3, 5)
        run = [Card(rank, suit) for rank in range(start, start + length)]
        rank = rng.randint(1, 13)
        same_rank = [Card(rank, s) for s in rng.sample(SUITS, 3)]
        if not set(run) & set(same_rank):
            taken = set(run + same_rank)
            return [run, same_rank], rng.sample([c for c in DECK if c not in taken], 10)
