"""Gin Rummy search against plain exhaustive searches, on random and meld-rich hands."""

from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import SUITS, Card
from scoring.gin import best_arrangement, knock_deadwood, layoff_deadwood, min_deadwood

DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
Hand = frozenset[Card]


def value(card: Card) -> int:
    return min(card.rank, 10)


def is_meld(cards: Hand) -> bool:
    if len(cards) < 3:
        return False
    ranks = sorted(card.rank for card in cards)
    if len(set(ranks)) == 1:
        return True
    return len({card.suit for card in cards}) == 1 and ranks == list(
        range(ranks[0], ranks[0] + len(ranks))
    )


def all_melds(cards: Hand) -> list[Hand]:
    """Every set and run the cards can form, found by trying every group of three and more."""
    ordered = sorted(cards)
    found = []
    for size in range(3, len(ordered) + 1):
        found += [
            frozenset(group) for group in combinations(ordered, size) if is_meld(frozenset(group))
        ]
    return found


@cache
def brute_min_deadwood(cards: Hand) -> int:
    """The lowest card is either deadwood or in one of the melds that contain it."""
    if not cards:
        return 0
    low = min(cards)
    best = value(low) + brute_min_deadwood(cards - {low})
    for meld in all_melds(cards):
        if low in meld:
            best = min(best, brute_min_deadwood(cards - meld))
    return best


def fits(meld: Hand, card: Card) -> bool:
    if len({c.rank for c in meld}) == 1:
        return card.rank == next(iter(meld)).rank
    ranks = [c.rank for c in meld]
    return card.suit == next(iter(meld)).suit and card.rank in (min(ranks) - 1, max(ranks) + 1)


@cache
def can_lay_off(melds: tuple[Hand, ...], cards: Hand) -> bool:
    """Whether the cards can be laid off one after another, in some order, on these melds."""
    if not cards:
        return True
    return any(
        can_lay_off(melds[:i] + (meld | {card},) + melds[i + 1 :], cards - {card})
        for card in cards
        for i, meld in enumerate(melds)
        if fits(meld, card)
    )


def brute_layoff_deadwood(knocker_melds: list[Hand], defender: Hand) -> int:
    melds = tuple(knocker_melds)
    suits = {c.suit for meld in melds if len({x.rank for x in meld}) > 1 for c in meld}
    ranks = {c.rank for meld in melds if len({x.rank for x in meld}) == 1 for c in meld}
    hopeful = sorted(card for card in defender if card.suit in suits or card.rank in ranks)
    best = brute_min_deadwood(defender)
    for size in range(1, len(hopeful) + 1):
        for laid in combinations(hopeful, size):
            if can_lay_off(melds, frozenset(laid)):
                best = min(best, brute_min_deadwood(defender - frozenset(laid)))
    return best


@st.composite
def melds(draw: st.DrawFn) -> Hand:
    if draw(st.booleans()):
        length = draw(st.integers(3, 5))
        start = draw(st.integers(1, 14 - length))
        suit = draw(st.sampled_from(SUITS))
        return frozenset(Card(rank, suit) for rank in range(start, start + length))
    rank = draw(st.integers(1, 13))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=3, max_size=4, unique=True))
    return frozenset(Card(rank, suit) for suit in suits)


@st.composite
def meld_hands(draw: st.DrawFn, size: int = 11, exact: bool = False) -> list[Card]:
    """Overlapping runs and sets (as knockable hands are) plus a few loose cards, shuffled."""
    cards: set[Card] = set()
    for meld in draw(st.lists(melds(), max_size=4)):
        if len(cards | meld) <= size:
            cards |= meld
    loose = draw(st.lists(st.sampled_from(DECK), max_size=size, unique=True))
    for card in loose:
        if len(cards) < size:
            cards.add(card)
    if exact:
        cards.update([c for c in DECK if c not in cards][: size - len(cards)])
    return draw(st.permutations(sorted(cards)))


random_hands = st.lists(st.sampled_from(DECK), max_size=11, unique=True)
fast = settings(max_examples=300, deadline=None)


@fast
@given(random_hands)
def test_min_deadwood_equals_an_exhaustive_search_on_random_hands(hand):
    assert min_deadwood(hand) == brute_min_deadwood(frozenset(hand))


@fast
@given(meld_hands())
def test_min_deadwood_equals_an_exhaustive_search_on_hands_built_from_melds(hand):
    assert min_deadwood(hand) == brute_min_deadwood(frozenset(hand))


@settings(max_examples=150, deadline=None)
@given(st.one_of(meld_hands(size=13), st.lists(st.sampled_from(DECK), max_size=13, unique=True)))
def test_best_arrangement_is_a_real_arrangement_with_the_least_deadwood(hand):
    arrangement = best_arrangement(hand)
    assert all(is_meld(frozenset(meld)) for meld in arrangement.melds)
    laid_out = [card for meld in arrangement.melds for card in meld] + list(arrangement.deadwood)
    assert sorted(laid_out) == sorted(hand)
    assert arrangement.deadwood_points == sum(map(value, arrangement.deadwood))
    assert arrangement.deadwood_points == brute_min_deadwood(frozenset(hand)) == min_deadwood(hand)


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        meld_hands(size=30), st.lists(st.sampled_from(DECK), min_size=12, max_size=52, unique=True)
    )
)
def test_large_hands_agree_between_the_search_and_the_arrangement(hand):
    arrangement = best_arrangement(hand)
    assert all(is_meld(frozenset(meld)) for meld in arrangement.melds)
    assert (
        arrangement.deadwood_points == min_deadwood(hand) == sum(map(value, arrangement.deadwood))
    )


@fast
@given(meld_hands(), st.randoms(use_true_random=False))
def test_results_do_not_depend_on_the_order_of_the_cards(hand, rng):
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert min_deadwood(shuffled) == min_deadwood(hand)
    assert min_deadwood(" ".join(map(str, shuffled))) == min_deadwood(hand)
    assert best_arrangement(shuffled) == best_arrangement(hand)
    if len(hand) == 11:
        assert knock_deadwood(shuffled) == knock_deadwood(hand)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        meld_hands(exact=True),
        st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True),
    )
)
def test_knock_deadwood_is_the_least_deadwood_over_every_discard(hand):
    points, discard = knock_deadwood(hand)
    after = {card: min_deadwood([c for c in hand if c != card]) for card in hand}
    assert points == min(after.values()) == after[discard]
    assert points == min(brute_min_deadwood(frozenset(hand) - {card}) for card in hand)


@st.composite
def knocks(draw: st.DrawFn) -> tuple[list[Hand], list[Card]]:
    """The knocker's melds and a defender holding cards near them."""
    knocker: list[Hand] = []
    for meld in draw(st.lists(melds(), min_size=1, max_size=3)):
        if not any(meld & other for other in knocker):
            knocker.append(meld)
    taken = frozenset().union(*knocker)
    near = sorted(
        card
        for card in DECK
        if card not in taken
        and any(
            abs(card.rank - c.rank) <= 3 and (card.suit == c.suit or card.rank == c.rank)
            for c in taken
        )
    )
    rest = sorted(card for card in DECK if card not in taken)
    defender = draw(st.lists(st.sampled_from(near), max_size=7, unique=True)) if near else []
    for card in draw(st.lists(st.sampled_from(rest), max_size=10, unique=True)):
        if len(defender) < 10 and card not in defender:
            defender.append(card)
    return knocker, defender


@settings(max_examples=200, deadline=None)
@given(knocks(), st.randoms(use_true_random=False))
def test_layoff_deadwood_equals_an_exhaustive_search_over_lay_offs(deal, rng):
    knocker, defender = deal
    expected = brute_layoff_deadwood(knocker, frozenset(defender))
    as_lists = [sorted(meld) for meld in knocker]
    assert layoff_deadwood(as_lists, defender) == expected
    rng.shuffle(as_lists)
    rng.shuffle(defender)
    assert layoff_deadwood([" ".join(map(str, meld)) for meld in as_lists], defender) == expected
