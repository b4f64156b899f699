"""Properties of the Canasta engine on many generated deals (hypothesis)."""

from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.canasta import (
    GOING_OUT,
    InvalidDeal,
    InvalidMeld,
    SideDeal,
    check_meld,
    game_result,
    meld_points,
    minimum_meld,
    score_deals,
)
from scoring.profiles import CANASTA_PROFILES

PRESETS = list(CANASTA_PROFILES.values())
VARIANTS = [
    replace(CANASTA_PROFILES["house"], rheinisch=True),
    replace(CANASTA_PROFILES["wiener"], rheinisch=True),
    replace(CANASTA_PROFILES["classic"], red_threes_otherwise="zero", joker_canasta_bonus=1000),
    replace(
        CANASTA_PROFILES["classic"], red_threes_otherwise="plus", melds_minus_without_canasta=True
    ),
]
PROFILES = st.sampled_from(PRESETS + VARIANTS)
# RULES.md 1.4: 1-3 red threes 100 each, 4 800, 5 1000, 6 1200 (every profile here).
RED_THREES = {0: 0, 1: 100, 2: 200, 3: 300, 4: 800, 5: 1000, 6: 1200}

junk = st.one_of(
    st.integers(-100, 2000),
    st.booleans(),
    st.floats(allow_nan=True),
    st.none(),
    st.text(max_size=4),
    st.lists(st.integers(), max_size=2),
    st.sampled_from(GOING_OUT),
)
junk_sides = st.builds(
    SideDeal,
    **{name: junk for name in SideDeal.__dataclass_fields__},
)


@st.composite
def valid_deals(draw, sizes=(2, 3)):
    """A profile and two or three sides built within its rules, so every deal is possible."""
    profile = draw(PROFILES)
    count = draw(st.sampled_from(sizes))
    went_out = draw(st.one_of(st.none(), st.integers(0, count - 1)))
    red_threes_left = profile.red_threes_in_deck
    joker_canastas_left = profile.max_joker_canastas
    sides = []
    for index in range(count):
        if went_out is not None and index != went_out and draw(st.booleans()):
            # An opponent who melded nothing: what the rheinisch rule looks for.
            sides.append(SideDeal(hand_points=5 * draw(st.integers(0, 20))))
            continue
        natural, mixed = draw(st.integers(0, 1)), draw(st.integers(0, 1))
        if index == went_out and natural + mixed < profile.canastas_to_go_out:
            natural = profile.canastas_to_go_out - mixed
        hand = draw(st.integers(0, 1)) if profile.hand_canasta_bonus is not None else 0
        kinds = [
            k
            for k, bonus in (
                ("joker", profile.joker_canasta_bonus),
                ("joker_hand", profile.joker_hand_canasta_bonus),
            )
            if bonus
        ]
        joker = draw(st.sampled_from([None, *kinds])) if kinds and joker_canastas_left else None
        joker_canastas_left -= joker is not None
        ways = ["out"]
        if profile.concealed_going_out_bonus is not None:
            ways.append("concealed")
        if profile.hand_canasta_going_out_bonus is not None and natural + mixed:
            ways.append("hand_canasta")
        red = draw(st.integers(0, min(red_threes_left, 6)))
        red_threes_left -= red
        may_hold_red = profile.red_three_in_hand_rule == "any" or (
            profile.red_three_in_hand_rule == "went_out" and went_out is not None
        )
        in_hand = draw(st.integers(0, min(red_threes_left, 1))) if may_hold_red else 0
        red_threes_left -= in_hand
        least = 35 * natural + 50 * mixed + 35 * hand + (140 if joker else 0)
        sides.append(
            SideDeal(
                natural_canastas=natural,
                mixed_canastas=mixed,
                hand_canastas=hand,
                joker_canastas=int(joker == "joker"),
                joker_hand_canastas=int(joker == "joker_hand"),
                concealed_canastas=draw(st.integers(0, natural + mixed))
                if profile.concealed_canasta_bonus
                else 0,
                red_threes=red,
                red_threes_in_hand=in_hand,
                going_out=draw(st.sampled_from(ways)) if index == went_out else "none",
                melded_points=least + 5 * draw(st.one_of(st.just(0), st.integers(0, 20))),
                hand_points=5 * draw(st.integers(0, 20)),
                penalty=draw(st.sampled_from([0, 0, 0, 50, 100, 500])),
            )
        )
    assume(sum(side.melded_points + side.hand_points for side in sides) <= profile.deck_points)
    return sides, profile


def expected_side(side, profile, *, doubled=False, hand_doubled=False):
    """RULES.md 1.4 written out once more, independently of the engine's code."""
    canastas = (
        side.natural_canastas
        + side.mixed_canastas
        + side.joker_canastas
        + side.hand_canastas
        + side.joker_hand_canastas
    )
    bonus = (
        side.natural_canastas * profile.natural_canasta_bonus
        + side.mixed_canastas * profile.mixed_canasta_bonus
        + side.joker_canastas * (profile.joker_canasta_bonus or 0)
        + side.hand_canastas * (profile.hand_canasta_bonus or 0)
        + side.joker_hand_canastas * (profile.joker_hand_canasta_bonus or 0)
        + side.concealed_canastas * profile.concealed_canasta_bonus
    )
    red = RED_THREES[side.red_threes]
    has_it = canastas > 0 or (profile.red_threes_plus_with == "meld" and side.melded_points > 0)
    if not has_it:
        red = {"minus": -red, "zero": 0, "plus": red}[profile.red_threes_otherwise]
    going_out = {
        "none": 0,
        "out": profile.going_out_bonus,
        "concealed": profile.concealed_going_out_bonus,
        "hand_canasta": profile.hand_canasta_going_out_bonus,
    }[side.going_out]
    melded = side.melded_points
    if profile.melds_minus_without_canasta and canastas == 0:
        melded = -melded
    factor = 2 if doubled else 1
    plus = (
        factor * (bonus + going_out + max(red, 0) + max(melded, 0)) + min(red, 0) + min(melded, 0)
    )
    hand = side.hand_points * (2 if hand_doubled else 1)
    return plus - hand - side.red_threes_in_hand * profile.red_three_in_hand_penalty - side.penalty


def expected_scores(sides, profile):
    doubler = None
    if profile.rheinisch and len(sides) == 2:
        for i, side in enumerate(sides):
            if side.going_out in ("concealed", "hand_canasta") and sides[1 - i].melded_points == 0:
                doubler = i
    return tuple(
        expected_side(
            side, profile, doubled=i == doubler, hand_doubled=doubler is not None and i != doubler
        )
        for i, side in enumerate(sides)
    )


@settings(max_examples=400, deadline=None)
@given(sides=st.lists(st.one_of(junk_sides, junk), max_size=4), profile=st.one_of(PROFILES, junk))
def test_scoring_never_raises_anything_but_invalid_deal_on_any_input(sides, profile):
    try:
        scores = score_deals(sides, profile)
    except InvalidDeal as error:
        assert error.errors and all(isinstance(message, str) for message in error.errors)
    else:
        assert all(type(score) is int for score in scores)


@settings(max_examples=400, deadline=None)
@given(deal=valid_deals())
def test_every_deal_within_the_rules_is_accepted_and_scores_the_sum_of_its_parts(deal):
    sides, profile = deal
    scores = score_deals(sides, profile)
    assert scores == expected_scores(sides, profile)
    assert all(score % 5 == 0 for score in scores)


@settings(max_examples=200, deadline=None)
@given(deal=valid_deals(sizes=(2,)))
def test_swapping_the_sides_swaps_the_scores(deal):
    (a, b), profile = deal
    assert score_deals([b, a], profile) == score_deals([a, b], profile)[::-1]


@settings(max_examples=200, deadline=None)
@given(deal=valid_deals(sizes=(3,)))
def test_three_sides_are_scored_independently_of_their_order(deal):
    sides, profile = deal
    scores = score_deals(sides, profile)
    assert score_deals(sides[1:] + sides[:1], profile) == scores[1:] + scores[:1]


@settings(max_examples=200, deadline=None)
@given(deal=valid_deals(), extra=st.integers(1, 40))
def test_a_penalty_costs_exactly_its_points_and_only_that_side(deal, extra):
    sides, profile = deal
    scores = score_deals(sides, profile)
    fined = [replace(sides[0], penalty=sides[0].penalty + 5 * extra), *sides[1:]]
    assert score_deals(fined, profile) == (scores[0] - 5 * extra, *scores[1:])


@settings(max_examples=200, deadline=None)
@given(deal=valid_deals())
def test_more_hand_points_cost_exactly_their_points_without_rheinisch(deal):
    sides, profile = deal
    if not profile.rheinisch:
        scores = score_deals(sides, profile)
        heavier = [*sides[:-1], replace(sides[-1], hand_points=sides[-1].hand_points + 5)]
        if sum(s.melded_points + s.hand_points for s in heavier) <= profile.deck_points:
            assert score_deals(heavier, profile) == (*scores[:-1], scores[-1] - 5)


cards = st.lists(
    st.one_of(
        st.sampled_from(
            ["AS", "2H", "JK", "KD", "TC", "10C", "7H", "5S", "4D", "3S", "3C", "3H", "3D", "QC"]
        ),
        st.text(max_size=3),
        st.integers(),
        st.none(),
    ),
    max_size=9,
)


@settings(max_examples=300, deadline=None)
@given(
    cards=st.one_of(cards, st.text(max_size=20), st.none(), st.integers()),
    profile=PROFILES,
    going_out=st.booleans(),
)
def test_the_card_calculator_raises_only_invalid_meld(cards, profile, going_out):
    try:
        meld = check_meld(cards, profile, going_out=going_out)
    except InvalidMeld as error:
        assert error.errors
    else:
        assert meld.points == meld_points(list(meld.cards)) and meld.points % 5 == 0
        assert meld.naturals + meld.wilds == len(meld.cards) >= 3


@settings(max_examples=200, deadline=None)
@given(total=st.integers(-5000, 15000), step=st.integers(0, 3000), profile=PROFILES)
def test_the_minimum_meld_never_falls_as_the_total_rises(total, step, profile):
    assert minimum_meld(total, profile) <= minimum_meld(total + step, profile)


@settings(max_examples=300, deadline=None)
@given(
    totals=st.lists(st.integers(-2000, 12000), min_size=2, max_size=3),
    went_out=st.one_of(st.none(), st.integers(0, 1)),
    profile=PROFILES,
)
def test_a_finished_game_is_won_by_a_side_over_the_target_with_the_highest_total_or_the_house_rule(
    totals, went_out, profile
):
    result = game_result(totals, profile, went_out)
    if not result.finished:
        assert result.winner is None and all(
            total < profile.target or total == profile.target for total in totals
        )
    elif result.decided_by == "went_out":
        assert (
            profile.tie_rule == "went_out"
            and result.winner == went_out
            and len(result.over_target) > 1
        )
    elif result.winner is not None:
        assert totals[result.winner] == max(totals) and totals.count(max(totals)) == 1
    else:
        assert totals.count(max(totals)) > 1
