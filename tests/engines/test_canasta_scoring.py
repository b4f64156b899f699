"""Scoring a Canasta deal under each rule profile (RULES.md 1.4)."""

from dataclasses import replace

import pytest

from scoring.canasta import SideDeal, score_deal, score_deals, score_parts
from scoring.profiles import CANASTA_PROFILES

WIENER = CANASTA_PROFILES["wiener"]
CLASSIC = CANASTA_PROFILES["classic"]
THREE_PACK = CANASTA_PROFILES["classic-3pack"]
HOUSE = CANASTA_PROFILES["house"]
CLASSIC_003 = CANASTA_PROFILES["classic-003"]
SIX = CANASTA_PROFILES["wiener-six"]
NOTHING = SideDeal()


def test_a_deal_adds_bonuses_red_threes_going_out_and_melds_and_subtracts_the_hand():
    winners = SideDeal(
        natural_canastas=1, mixed_canastas=1, red_threes=2, going_out="out", melded_points=240
    )
    losers = SideDeal(red_threes=1, melded_points=60, hand_points=45)
    # 500 + 300 + 2 x 100 + 100 + 240; the losers have no canasta: -100 + 60 - 45.
    assert score_deal(winners, losers, WIENER) == (1340, -85)


def test_the_canasta_bonus_comes_on_top_of_the_canastas_card_values():
    seven_kings = SideDeal(natural_canastas=1, melded_points=70)
    assert score_deal(seven_kings, NOTHING, WIENER) == (570, 0)


def test_a_mixed_canasta_scores_300():
    assert score_deal(SideDeal(mixed_canastas=1, melded_points=100), NOTHING, CLASSIC) == (400, 0)


def test_red_threes_count_plus_with_a_canasta_under_wiener():
    side = SideDeal(natural_canastas=1, red_threes=3, melded_points=35)
    assert score_deal(side, NOTHING, WIENER)[0] == 500 + 300 + 35


def test_red_threes_count_minus_without_a_canasta_under_wiener():
    side = SideDeal(red_threes=2, melded_points=90)
    assert score_deal(side, NOTHING, WIENER)[0] == -200 + 90


def test_red_threes_count_plus_with_any_meld_under_classic():
    side = SideDeal(red_threes=2, melded_points=90)
    assert score_deal(side, NOTHING, CLASSIC)[0] == 200 + 90


def test_red_threes_count_minus_under_classic_when_the_side_melded_nothing():
    side = SideDeal(red_threes=1, hand_points=30)
    assert score_deal(side, NOTHING, CLASSIC)[0] == -100 - 30


def test_four_red_threes_score_800():
    side = SideDeal(natural_canastas=1, red_threes=4, melded_points=35)
    assert score_deal(side, NOTHING, WIENER)[0] == 500 + 800 + 35


def test_four_red_threes_without_a_canasta_count_minus_800_bonus_included():
    side = SideDeal(red_threes=4, melded_points=50)
    assert score_deal(side, NOTHING, WIENER)[0] == -800 + 50
    assert score_deal(side, NOTHING, HOUSE)[0] == -800 - 50


@pytest.mark.parametrize(("count", "score"), [(1, 100), (3, 300), (4, 800), (5, 1000), (6, 1200)])
def test_three_pack_red_threes_score_by_their_count(count, score):
    side = SideDeal(natural_canastas=1, red_threes=count, melded_points=35)
    assert score_deal(side, NOTHING, THREE_PACK)[0] == 500 + score + 35


def test_red_threes_variant_zero_counts_nothing_without_a_meld():
    zero = replace(CLASSIC, red_threes_otherwise="zero")
    assert score_deal(SideDeal(red_threes=4), NOTHING, zero) == (0, 0)


def test_red_threes_variant_always_plus_counts_plus_without_a_meld():
    plus = replace(CLASSIC, red_threes_otherwise="plus")
    assert score_deal(SideDeal(red_threes=2, hand_points=20), NOTHING, plus) == (180, 0)


def test_wiener_red_three_in_hand_costs_500_on_either_side_when_someone_went_out():
    out = SideDeal(natural_canastas=1, going_out="out", melded_points=50, red_threes_in_hand=1)
    caught = SideDeal(melded_points=60, hand_points=25, red_threes_in_hand=1)
    assert score_deal(out, caught, WIENER) == (500 + 100 + 50 - 500, 60 - 25 - 500)


def test_classic_red_three_in_hand_costs_500_in_any_deal():
    side = SideDeal(melded_points=60, hand_points=10, red_threes_in_hand=2)
    assert score_deal(side, NOTHING, CLASSIC)[0] == 60 - 10 - 1000
    assert score_deal(side, NOTHING, THREE_PACK)[0] == 60 - 10 - 1000


def test_going_out_scores_100():
    assert (
        score_deal(
            SideDeal(natural_canastas=1, going_out="out", melded_points=35), NOTHING, WIENER
        )[0]
        == 635
    )


@pytest.mark.parametrize("slug", ["wiener", "classic", "classic-3pack"])
def test_going_out_concealed_scores_200_in_all(slug):
    canastas = 2 if slug == "classic-3pack" else 1
    side = SideDeal(natural_canastas=canastas, going_out="concealed", melded_points=35 * canastas)
    assert (
        score_deal(side, NOTHING, CANASTA_PROFILES[slug])[0] == 500 * canastas + 200 + 35 * canastas
    )


def test_going_out_with_a_hand_canasta_scores_1000_in_all_plus_the_canasta_bonus_under_wiener():
    side = SideDeal(mixed_canastas=1, going_out="hand_canasta", melded_points=110)
    assert score_deal(side, NOTHING, WIENER)[0] == 300 + 1000 + 110


def test_house_going_out_concealed_gets_no_extra_bonus():
    side = SideDeal(natural_canastas=1, going_out="concealed", melded_points=35)
    assert score_deal(side, NOTHING, HOUSE)[0] == 500 + 100 + 35


def test_house_counts_melded_cards_minus_for_a_side_without_a_canasta():
    assert score_deal(SideDeal(melded_points=120, hand_points=30), NOTHING, HOUSE)[0] == -150


def test_house_counts_melded_cards_plus_for_a_side_with_a_canasta():
    assert score_deal(SideDeal(mixed_canastas=1, melded_points=120), NOTHING, HOUSE)[0] == 420


def test_the_variant_melds_minus_without_a_canasta_can_be_switched_on_in_classic():
    minus = replace(CLASSIC, melds_minus_without_canasta=True)
    assert score_deal(SideDeal(melded_points=80, red_threes=1), NOTHING, minus)[0] == 100 - 80


@pytest.mark.parametrize(
    ("kind", "bonus", "least"),
    [("hand_canastas", 500, 35), ("joker_canastas", 1000, 140), ("joker_hand_canastas", 1500, 140)],
)
def test_house_canasta_kinds_score_their_own_bonus(kind, bonus, least):
    side = SideDeal(**{kind: 1}, melded_points=least)
    assert score_deal(side, NOTHING, HOUSE)[0] == bonus + least


def test_a_house_hand_canasta_is_a_canasta_for_red_threes_and_melds():
    side = SideDeal(hand_canastas=1, red_threes=1, melded_points=50)
    assert score_deal(side, NOTHING, HOUSE)[0] == 500 + 100 + 50


def test_the_003_variant_makes_a_concealed_natural_canasta_worth_600_and_a_mixed_one_400():
    natural = SideDeal(natural_canastas=1, concealed_canastas=1, melded_points=35)
    mixed = SideDeal(mixed_canastas=1, concealed_canastas=1, melded_points=50)
    assert score_deal(natural, mixed, CLASSIC_003) == (600 + 35, 400 + 50)


def test_the_classic_joker_canasta_variant_scores_1000():
    variant = replace(CLASSIC, joker_canasta_bonus=1000)
    assert score_deal(SideDeal(joker_canastas=1, melded_points=200), NOTHING, variant)[0] == 1200


def test_the_penalty_is_subtracted():
    assert score_deal(SideDeal(melded_points=60, penalty=100), NOTHING, WIENER)[0] == -40


def test_the_partners_hand_counts_minus_for_the_side_that_went_out():
    side = SideDeal(natural_canastas=1, going_out="out", melded_points=35, hand_points=65)
    assert score_deal(side, NOTHING, WIENER)[0] == 500 + 100 + 35 - 65


def test_a_deal_ended_by_the_stock_running_out_has_no_going_out_bonus():
    side = SideDeal(natural_canastas=1, melded_points=35, hand_points=10)
    assert score_deal(side, SideDeal(hand_points=40), WIENER) == (525, -40)


def test_rheinisch_doubles_the_plus_parts_and_the_opponents_hand_after_a_concealed_going_out():
    rheinisch = replace(HOUSE, rheinisch=True)
    out = SideDeal(natural_canastas=1, red_threes=1, going_out="concealed", melded_points=100)
    opponent = SideDeal(hand_points=80)
    assert score_deal(out, opponent, rheinisch) == (2 * (500 + 100 + 100 + 100), -160)


def test_rheinisch_doubles_a_hand_canasta_going_out_too():
    rheinisch = replace(WIENER, rheinisch=True)
    out = SideDeal(natural_canastas=1, going_out="hand_canasta", melded_points=70)
    assert score_deal(SideDeal(hand_points=50), out, rheinisch) == (-100, 2 * (500 + 1000 + 70))


def test_rheinisch_does_not_double_when_the_opponent_has_melded():
    rheinisch = replace(HOUSE, rheinisch=True)
    out = SideDeal(natural_canastas=1, going_out="concealed", melded_points=35)
    assert score_deal(out, SideDeal(melded_points=15, hand_points=80), rheinisch) == (635, -95)


def test_rheinisch_does_not_double_a_plain_going_out():
    rheinisch = replace(HOUSE, rheinisch=True)
    out = SideDeal(natural_canastas=1, going_out="out", melded_points=35)
    assert score_deal(out, SideDeal(hand_points=80), rheinisch) == (635, -80)


def test_rheinisch_leaves_the_penalty_the_own_hand_and_the_opponents_red_threes_undoubled():
    rheinisch = replace(WIENER, rheinisch=True)
    out = SideDeal(
        natural_canastas=1, going_out="concealed", melded_points=35, hand_points=20, penalty=50
    )
    opponent = SideDeal(red_threes=1, hand_points=10)
    assert score_deal(out, opponent, rheinisch) == (2 * (500 + 200 + 35) - 20 - 50, -100 - 20)


def test_rheinisch_is_off_unless_the_director_switches_it_on():
    out = SideDeal(natural_canastas=1, going_out="concealed", melded_points=35)
    assert score_deal(out, SideDeal(hand_points=80), HOUSE) == (635, -80)


def test_rheinisch_never_applies_to_three_sides():
    rheinisch = replace(WIENER, rheinisch=True)
    out = SideDeal(natural_canastas=1, going_out="concealed", melded_points=35)
    assert score_deals([out, SideDeal(hand_points=80), NOTHING], rheinisch) == (735, -80, 0)


def test_score_parts_show_which_parts_rheinisch_doubled():
    rheinisch = replace(HOUSE, rheinisch=True)
    out = SideDeal(natural_canastas=1, going_out="concealed", melded_points=35)
    parts = score_parts([out, SideDeal(hand_points=80)], rheinisch)
    assert (parts[0].canasta_bonus, parts[0].going_out_bonus, parts[0].melded_points) == (
        1000,
        200,
        70,
    )
    assert parts[1].hand_points == -160
    assert parts[0].doubled and parts[1].doubled


def test_three_sides_are_scored_side_by_side_with_two_canastas_to_go_out():
    out = SideDeal(
        natural_canastas=1, mixed_canastas=1, red_threes=5, going_out="out", melded_points=150
    )
    second = SideDeal(red_threes=1, melded_points=40, hand_points=30)
    third = SideDeal(mixed_canastas=1, melded_points=80, hand_points=15)
    assert score_deals([out, second, third], SIX) == (
        500 + 300 + 1000 + 100 + 150,
        -100 + 40 - 30,
        300 + 80 - 15,
    )


def test_score_deal_gives_the_same_as_score_deals_for_two_sides():
    a = SideDeal(natural_canastas=2, going_out="out", melded_points=200, red_threes=1)
    b = SideDeal(melded_points=90, hand_points=65)
    assert score_deal(a, b, WIENER) == score_deals((a, b), WIENER) == score_deals([a, b], WIENER)


def test_score_parts_list_every_part_of_a_sides_score():
    side = SideDeal(
        natural_canastas=1,
        red_threes=2,
        going_out="out",
        melded_points=90,
        hand_points=15,
        penalty=50,
    )
    parts = score_parts([side, NOTHING], WIENER)[0]
    assert (
        parts.canasta_bonus,
        parts.red_threes,
        parts.going_out_bonus,
        parts.melded_points,
        parts.hand_points,
        parts.red_threes_in_hand,
        parts.penalty,
    ) == (500, 200, 100, 90, -15, 0, -50)
    assert parts.total == 825 and not parts.doubled


def test_a_side_that_went_out_may_hold_no_cards_at_all():
    side = SideDeal(natural_canastas=1, going_out="out", melded_points=35, hand_points=0)
    assert score_deal(side, SideDeal(hand_points=100), WIENER) == (635, -100)
