"""A Canasta deal by card counts (RULES.md 1.1, 1.4): the points Meld derives, the deck's
limits and the cards a side's canastas need."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.canasta import (
    CARD_KINDS,
    CardCounts,
    CountedSide,
    InvalidDeal,
    SideDeal,
    count_field_name,
    counted_sides,
    deck_limits,
    score_parts,
)
from scoring.canasta_counts import count_problems
from scoring.profiles import CANASTA_PROFILES

WIENER = CANASTA_PROFILES["wiener"]
THREE_PACKS = CANASTA_PROFILES["classic-3pack"]
PROFILES = st.sampled_from([WIENER, THREE_PACKS, CANASTA_PROFILES["house"]])


def side(deal: SideDeal | None = None, *, melded=None, hand=None) -> CountedSide:
    return CountedSide(deal or SideDeal(), CardCounts(**(melded or {})), CardCounts(**(hand or {})))


def test_each_kind_of_card_counts_its_value():
    # 50 + 2·20 + 20 + 3·10 + 2·5 + 5
    counts = CardCounts(
        jokers=1, twos=2, aces=1, kings_to_eights=3, sevens_to_fours=2, black_threes=1
    )
    assert counts.points == 155
    assert counts.cards == 10 and counts.wild_cards == 3


def test_the_deck_of_two_packs_holds_what_rules_1_1_counts():
    limits = deck_limits(WIENER)
    assert limits == {
        "jokers": 4,
        "twos": 8,
        "aces": 8,
        "kings_to_eights": 48,
        "sevens_to_fours": 32,
        "black_threes": 4,
    }
    assert CardCounts(**limits).points == 1180


def test_the_deck_of_three_packs_and_six_jokers_holds_half_as_much_again():
    limits = deck_limits(THREE_PACKS)
    assert limits == {
        "jokers": 6,
        "twos": 12,
        "aces": 12,
        "kings_to_eights": 72,
        "sevens_to_fours": 48,
        "black_threes": 6,
    }
    assert CardCounts(**limits).points == 1770


def test_the_derived_points_are_scored_like_entered_points():
    # Side A: a natural canasta of seven kings and three aces melded, went out;
    # side B melded three queens and holds a joker and two fives.
    a = side(
        SideDeal(natural_canastas=1, going_out="out"),
        melded={"kings_to_eights": 7, "aces": 3},
    )
    b = side(melded={"kings_to_eights": 3}, hand={"jokers": 1, "sevens_to_fours": 2})
    sides = counted_sides([a, b], WIENER)
    assert (sides[0].melded_points, sides[0].hand_points) == (130, 0)
    assert (sides[1].melded_points, sides[1].hand_points) == (30, 60)
    # A: 500 canasta + 100 out + 130 melded; B: 30 melded − 60 in hand.
    assert [part.total for part in score_parts(sides, WIENER)] == [730, -30]


def test_one_joker_too_many_is_refused_at_the_count_holding_most():
    a = side(melded={"jokers": 3, "aces": 3})
    b = side(hand={"jokers": 2})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([a, b], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "melded_jokers" and problem.params["side_index"] == 0
    assert str(problem) == (
        "5 jokers melded and in hand on all sides together, but the deck holds 4: 1 too many."
    )


def test_the_three_pack_deck_takes_what_two_packs_cannot():
    a = side(melded={"twos": 10, "kings_to_eights": 60})
    b = side(hand={"jokers": 6, "black_threes": 6})
    assert count_problems([a, b], THREE_PACKS) == []
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([a, b], WIENER)
    assert sorted(str(problem) for problem in refused.value.problems) == [
        "10 twos melded and in hand on all sides together, but the deck holds 8: 2 too many.",
        "6 black threes melded and in hand on all sides together, but the deck holds 4: 2 too many.",
        "6 jokers melded and in hand on all sides together, but the deck holds 4: 2 too many.",
        "60 cards from eight to king melded and in hand on all sides together, but the deck holds 48: 12 too many.",
    ]


def test_canastas_need_seven_melded_cards_each():
    a = side(SideDeal(natural_canastas=2), melded={"kings_to_eights": 13})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([a, side()], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "natural_canastas"
    assert str(problem) == (
        "Side A: its canastas need at least 14 melded cards (seven each), but 13 are entered: 1 too few."
    )


def test_a_natural_canasta_needs_seven_natural_cards():
    """RULES.md 1.4: a natural canasta is seven cards without a wild card: six kings and a
    two melded make a mixed canasta, not a natural one."""
    a = side(SideDeal(natural_canastas=1), melded={"kings_to_eights": 6, "twos": 1})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([a, side()], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "natural_canastas"
    assert str(problem) == (
        "Side A: its natural canastas need at least 7 melded natural cards (seven each, no "
        "jokers, twos or threes), but 6 are entered: 1 too few."
    )
    mixed = side(SideDeal(mixed_canastas=1), melded={"kings_to_eights": 6, "twos": 1})
    assert count_problems([mixed, side()], WIENER) == []


def test_a_mixed_canasta_needs_four_natural_cards():
    """RULES.md 1.3: wild cards never outnumber the natural cards of a canasta (classic: at
    least four natural cards in a canasta): three aces and four jokers are no canasta."""
    classic = CANASTA_PROFILES["classic"]
    a = side(SideDeal(mixed_canastas=1), melded={"aces": 3, "jokers": 4})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([a, side()], classic)
    (problem,) = refused.value.problems
    assert problem.field == "mixed_canastas"
    assert str(problem) == (
        "Side A: a mixed canasta holds at least four natural cards, so its canastas need at "
        "least 4 melded natural cards (no jokers, twos or threes), but 3 are entered: 1 too few."
    )
    four = side(SideDeal(mixed_canastas=1), melded={"aces": 4, "jokers": 3})
    assert count_problems([four, side()], classic) == []


def test_black_threes_are_melded_only_in_going_out_three_or_four():
    """RULES.md 1.3: black threes are melded only by the side going out, 3 or 4 of them."""
    canasta = {"natural_canastas": 1, "going_out": "out"}
    stays = side(SideDeal(natural_canastas=1), melded={"kings_to_eights": 7, "black_threes": 3})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([stays, side()], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "melded_black_threes"
    assert str(problem) == (
        "Side A: black threes are melded only by the side that goes out, but this side did not go out."
    )
    two = side(SideDeal(**canasta), melded={"kings_to_eights": 7, "black_threes": 2})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([two, side()], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "melded_black_threes"
    assert str(problem) == "Side A: black threes are melded three or four together, not 2."
    for threes in (3, 4):
        out = side(SideDeal(**canasta), melded={"kings_to_eights": 7, "black_threes": threes})
        assert count_problems([out, side(hand={"black_threes": 4 - threes})], WIENER) == []


def test_melds_of_fewer_than_three_cards_or_wild_cards_alone_are_refused():
    """RULES.md 1.3: a meld is three cards or more, two natural ones among them; wild
    cards alone make only a joker canasta (where the profile has one)."""
    one = side(melded={"aces": 1})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([side(), one], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "melded_aces" and problem.params["side_index"] == 1
    assert str(problem) == "Side B: a meld is at least three cards, but 1 are entered as melded."
    jokers = side(melded={"jokers": 3})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([jokers, side()], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "melded_jokers"
    assert str(problem) == (
        "Side A: a meld needs at least two natural cards, but 3 wild cards are entered as "
        "melded with 0 natural ones."
    )
    house = CANASTA_PROFILES["house"]
    joker_canasta = side(SideDeal(joker_canastas=1), melded={"jokers": 4, "twos": 3})
    assert count_problems([joker_canasta, side()], house) == []


def test_wild_cards_never_outnumber_natural_ones_under_wiener():
    """RULES.md 1.3: Wiener never lets wild cards outnumber natural ones; classic lets
    K-K-joker-joker-joker stand."""
    melded = {"kings_to_eights": 2, "jokers": 3}
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([side(melded=melded), side()], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "melded_jokers"
    assert str(problem) == (
        "Side A: in Wiener Canasta wild cards never outnumber natural cards in a meld, but 3 wild "
        "and 2 natural cards are entered as melded (joker canastas aside)."
    )
    assert count_problems([side(melded=melded), side()], CANASTA_PROFILES["classic"]) == []


def test_mixed_and_joker_canastas_need_their_wild_cards():
    house = CANASTA_PROFILES["house"]
    b = side(
        SideDeal(mixed_canastas=1, joker_canastas=1),
        melded={"jokers": 2, "twos": 4, "kings_to_eights": 14},
    )
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([side(), b], house)
    (problem,) = refused.value.problems
    assert problem.field == "melded_jokers" and problem.params["side_index"] == 1
    assert str(problem) == (
        "Side B: its mixed and joker canastas need at least 8 melded wild cards (jokers and twos), but 6 are entered: 2 too few."
    )


@pytest.mark.parametrize("value", [-1, True, 2.0, "3", None])
def test_a_count_that_is_no_whole_number_is_refused(value):
    a = side(melded={"aces": value})
    with pytest.raises(InvalidDeal) as refused:
        counted_sides([a, side()], WIENER)
    (problem,) = refused.value.problems
    assert problem.field == "melded_aces"
    assert str(problem).startswith("Side A: a number of cards must be a whole number of 0 or more")


# --- properties ----------------------------------------------------------------------------


@st.composite
def within_the_deck(draw, profile):
    """Two or three sides' counts, every kind together within the deck, with as many
    canastas as the melded cards (and wild cards) can hold."""
    size = draw(st.sampled_from((2, 3)))
    slots: list[dict[str, dict[str, int]]] = [{"melded": {}, "hand": {}} for _ in range(size)]
    for kind, limit in deck_limits(profile).items():
        left = limit
        places = [(index, place) for index in range(size) for place in ("melded", "hand")]
        for index, place in draw(st.permutations(places)):
            number = draw(st.integers(0, left))
            slots[index][place][kind] = number
            left -= number
    sides = []
    for index, slot in enumerate(slots):
        melds_allowed(slot, profile, going_out=index == 0)
        melded = CardCounts(**slot["melded"])
        fits = melded.cards // 7
        naturals = melded.cards - melded.wild_cards - melded.black_threes
        mixed = draw(st.integers(0, min(fits, melded.wild_cards, naturals // 4)))
        natural = draw(st.integers(0, min(fits - mixed, (naturals - 4 * mixed) // 7)))
        out = "out" if index == 0 else "none"
        deal = SideDeal(natural_canastas=natural, mixed_canastas=mixed, going_out=out)
        sides.append(CountedSide(deal, melded, CardCounts(**slot["hand"])))
    return sides


def melds_allowed(slot, profile, *, going_out):
    """Move to the hand what no meld holds: black threes but three or four by the side going
    out, wild cards beyond the natural ones (wiener), melds of fewer than three cards or
    fewer than two natural ones (RULES.md 1.3)."""
    melded, hand = slot["melded"], slot["hand"]

    def to_hand(kind, number):
        melded[kind] = melded.get(kind, 0) - number
        hand[kind] = hand.get(kind, 0) + number

    threes = melded.get("black_threes", 0)
    if not going_out or threes not in (0, 3, 4):
        to_hand("black_threes", threes)
    naturals = sum(melded.get(kind, 0) for kind in ("aces", "kings_to_eights", "sevens_to_fours"))
    if profile.wild_limit in ("wiener", "003"):
        for kind in ("jokers", "twos"):
            over = melded.get("jokers", 0) + melded.get("twos", 0) - naturals
            to_hand(kind, max(0, min(over, melded.get(kind, 0))))
    wilds = melded.get("jokers", 0) + melded.get("twos", 0)
    if naturals < 2 or naturals + wilds < 3:
        for kind in ("jokers", "twos", "aces", "kings_to_eights", "sevens_to_fours"):
            to_hand(kind, melded.get(kind, 0))


@given(st.builds(CardCounts, **{kind: st.integers(0, 1000) for kind in CARD_KINDS}))
def test_derived_points_are_always_a_multiple_of_5(counts):
    assert counts.points % 5 == 0


@given(st.data(), PROFILES)
def test_counts_within_the_deck_are_never_refused(data, profile):
    sides = data.draw(within_the_deck(profile))
    assert count_problems(sides, profile) == []
    derived = counted_sides(sides, profile)
    assert sum(s.melded_points + s.hand_points for s in derived) <= profile.deck_points


@given(st.data(), PROFILES, st.sampled_from(CARD_KINDS))
def test_one_card_over_the_deck_is_always_refused(data, profile, kind):
    sides = data.draw(within_the_deck(profile))
    held = sum(getattr(s.counts(place), kind) for s in sides for place in ("melded", "hand"))
    limit = deck_limits(profile)[kind]
    index = data.draw(st.integers(0, len(sides) - 1))
    place = data.draw(st.sampled_from(("melded", "hand")))
    counts = sides[index].counts(place)
    # Fill the kind up to the deck's count, then one more.
    more = replace(counts, **{kind: getattr(counts, kind) + limit - held + 1})
    sides[index] = replace(sides[index], **{place: more})
    problems = count_problems(sides, profile)
    over = [p for p in problems if p.field.endswith(kind) and "too many" in p.template]
    assert len(over) == 1 and over[0].params["over"] == 1
    assert over[0].field in {count_field_name(p, kind) for p in ("melded", "hand")}
    with pytest.raises(InvalidDeal):
        counted_sides(sides, profile)
