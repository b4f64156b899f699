"""Impossible Canasta deals are refused with every reason at once (RULES.md 1.4, "Validation")."""

from dataclasses import replace

import pytest

from meldcore.messages import DomainError
from scoring.canasta import InvalidDeal, SideDeal, score_deal, score_deals
from scoring.profiles import CANASTA_PROFILES

WIENER = CANASTA_PROFILES["wiener"]
CLASSIC = CANASTA_PROFILES["classic"]
THREE_PACK = CANASTA_PROFILES["classic-3pack"]
HOUSE = CANASTA_PROFILES["house"]
NOTHING = SideDeal()
OUT = SideDeal(natural_canastas=1, going_out="out", melded_points=35)


def problems_of(sides, profile=WIENER):
    with pytest.raises(InvalidDeal) as caught:
        score_deals(sides, profile)
    return caught.value


def test_an_invalid_deal_is_a_domain_error_with_errors_and_problems():
    error = problems_of([SideDeal(melded_points=7), NOTHING])
    assert isinstance(error, DomainError) and isinstance(error, ValueError)
    assert error.errors == [
        "Side A: melded points must be a multiple of 5 (every card is worth 5, 10, 20 or 50), not 7."
    ]
    assert error.problems[0].field == "melded_points"
    assert error.problems[0].params["side"] == "A" and error.problems[0].params["side_index"] == 0


def test_every_problem_is_reported_at_once():
    error = problems_of(
        [
            SideDeal(natural_canastas=3, melded_points=60, going_out="out", penalty=3),
            SideDeal(going_out="sideways", hand_points=-5),
        ]
    )
    assert error.errors == [
        "Side A: the penalty must be a multiple of 5, not 3.",
        "Side B: hand points must be a whole number of 0 or more, not -5.",
        "Side B: going out must be none, out, concealed or hand_canasta, not 'sideways'.",
        "Side A: 3 natural canastas need at least 105 melded points, but 60 were entered.",
    ]


@pytest.mark.parametrize("junk", [True, False, 1.0, 2.5, None, "1", [1], -1])
@pytest.mark.parametrize(
    "field", ["natural_canastas", "red_threes", "melded_points", "penalty", "concealed_canastas"]
)
def test_counts_and_points_must_be_whole_numbers_of_zero_or_more(field, junk):
    error = problems_of([SideDeal(**{field: junk}), NOTHING], CANASTA_PROFILES["classic-003"])
    assert [p.field for p in error.problems] == [field]
    assert "whole number of 0 or more" in error.errors[0]


@pytest.mark.parametrize("field", ["melded_points", "hand_points", "penalty"])
def test_points_and_the_penalty_must_be_multiples_of_5(field):
    assert problems_of([SideDeal(**{field: 12}), NOTHING]).problems[0].field == field


@pytest.mark.parametrize("going_out", ["", "OUT", "yes", 1, None, True])
def test_an_unknown_way_of_going_out_is_refused(going_out):
    assert problems_of([SideDeal(going_out=going_out), NOTHING]).problems[0].field == "going_out"


def test_only_one_side_can_go_out():
    error = problems_of([OUT, OUT])
    assert error.errors == [
        "Only one side can go out in a deal, but both sides were entered as going out."
    ]


SIX = CANASTA_PROFILES["wiener-six"]
OUT_SIX = replace(OUT, natural_canastas=2, melded_points=70)


def test_two_of_three_sides_entered_as_going_out_are_named():
    error = problems_of([OUT_SIX, NOTHING, OUT_SIX], SIX)
    assert (
        "Only one side can go out in a deal, but sides A and C were both entered as going out."
        in error.errors
    )


def test_three_sides_entered_as_going_out_are_all_three():
    error = problems_of([OUT_SIX, OUT_SIX, OUT_SIX], SIX)
    assert (
        "Only one side can go out in a deal, but all three sides were entered as going out."
        in error.errors
    )


@pytest.mark.parametrize("going_out", ["out", "concealed", "hand_canasta"])
def test_going_out_in_any_way_needs_a_canasta(going_out):
    error = problems_of([SideDeal(going_out=going_out, melded_points=100), NOTHING])
    assert "Side A went out, which needs a canasta, but none was entered." in error.errors


def test_going_out_needs_two_canastas_with_three_packs():
    error = problems_of([OUT, NOTHING], THREE_PACK)
    assert error.errors == [
        "Side A went out, but Classic Canasta, three packs needs 2 canastas to go out (entered: 1)."
    ]
    assert (
        score_deal(replace(OUT, natural_canastas=2, melded_points=70), NOTHING, THREE_PACK)[0]
        == 1170
    )


def test_a_concealed_going_out_may_count_the_partners_earlier_canasta():
    partner_canasta = SideDeal(mixed_canastas=1, going_out="concealed", melded_points=120)
    assert score_deal(partner_canasta, NOTHING, WIENER) == (620, 0)


def test_a_club_may_require_one_natural_canasta_to_go_out():
    strict = replace(CANASTA_PROFILES["wiener-six"], natural_canasta_to_go_out=True)
    error = problems_of(
        [SideDeal(mixed_canastas=2, going_out="out", melded_points=100), NOTHING], strict
    )
    assert [p.field for p in error.problems] == ["natural_canastas"]


def test_going_out_with_a_hand_canasta_needs_that_canasta_entered():
    error = problems_of([SideDeal(going_out="hand_canasta", melded_points=70), NOTHING])
    assert (
        "Side A went out with a hand canasta: enter that canasta as natural or mixed too."
        in error.errors
    )


def test_red_threes_of_all_sides_cannot_exceed_the_four_in_the_deck():
    error = problems_of(
        [SideDeal(red_threes=3, melded_points=50), SideDeal(red_threes=1, red_threes_in_hand=1)],
        CLASSIC,
    )
    assert error.errors == [
        "5 red threes were entered (laid out and in hand, all sides together), but the deck has only 4."
    ]


def test_three_packs_hold_six_red_threes():
    assert score_deal(SideDeal(red_threes=6, melded_points=50), NOTHING, THREE_PACK) == (1250, 0)
    assert (
        problems_of([SideDeal(red_threes=7), NOTHING], THREE_PACK).problems[0].field == "red_threes"
    )


@pytest.mark.parametrize(
    ("canastas", "least"),
    [
        ({"natural_canastas": 1}, 35),
        ({"mixed_canastas": 1}, 50),
        ({"natural_canastas": 3}, 105),
        ({"natural_canastas": 1, "mixed_canastas": 2}, 135),
    ],
)
def test_melded_points_must_hold_at_least_the_canastas_card_values(canastas, least):
    assert score_deal(SideDeal(**canastas, melded_points=least), NOTHING, WIENER)
    error = problems_of([SideDeal(**canastas, melded_points=least - 5), NOTHING])
    assert [p.field for p in error.problems] == ["melded_points"]
    assert f"at least {least} melded points" in error.errors[0]


@pytest.mark.parametrize(
    ("kind", "least"),
    [("hand_canastas", 35), ("joker_canastas", 140), ("joker_hand_canastas", 140)],
)
def test_house_canasta_kinds_need_their_least_card_values(kind, least):
    assert score_deal(SideDeal(**{kind: 1}, melded_points=least), NOTHING, HOUSE)
    assert problems_of([SideDeal(**{kind: 1}, melded_points=least - 5), NOTHING], HOUSE)


def test_a_single_canasta_is_named_in_the_singular():
    error = problems_of([SideDeal(mixed_canastas=1, melded_points=45), NOTHING])
    assert error.errors == [
        "Side A: a mixed canasta needs at least 50 melded points, but 45 were entered."
    ]


def test_melded_and_hand_points_cannot_exceed_the_card_points_of_the_deck():
    assert score_deal(SideDeal(melded_points=600), SideDeal(hand_points=580), CLASSIC)
    error = problems_of([SideDeal(melded_points=600), SideDeal(hand_points=585)], CLASSIC)
    assert error.errors == [
        "Melded and hand points of all sides add up to 1185, but all the cards of the deck are worth only 1180."
    ]


def test_the_deck_bound_follows_the_packs_and_jokers():
    assert score_deal(SideDeal(melded_points=1770), NOTHING, THREE_PACK)
    assert problems_of([SideDeal(melded_points=1775), NOTHING], THREE_PACK)
    six_jokers = replace(CLASSIC, jokers=6)
    assert score_deal(SideDeal(melded_points=1280), NOTHING, six_jokers)
    assert problems_of([SideDeal(melded_points=1285), NOTHING], six_jokers)


def test_twelve_wild_cards_make_at_most_one_joker_canasta():
    one = SideDeal(joker_canastas=1, melded_points=140)
    assert score_deal(one, NOTHING, HOUSE)
    error = problems_of([one, SideDeal(joker_hand_canastas=1, melded_points=140)], HOUSE)
    assert error.errors == [
        "All sides together entered 2 joker canastas, but the deck's 12 wild cards make at most 1."
    ]


def test_eighteen_wild_cards_of_three_packs_make_two_joker_canastas():
    three_packs = replace(HOUSE, packs=3, jokers=6, five_red_threes=1000, six_red_threes=1200)
    two = SideDeal(joker_canastas=1, joker_hand_canastas=1, melded_points=280)
    assert score_deal(two, NOTHING, three_packs)
    assert problems_of([two, SideDeal(joker_canastas=1, melded_points=140)], three_packs)


def test_canastas_need_seven_cards_each_from_the_deck():
    many = SideDeal(natural_canastas=8, mixed_canastas=7, melded_points=1000)
    error = problems_of([many, NOTHING], CLASSIC)
    assert error.errors == [
        "The 15 canastas of all sides need 105 cards, but the deck has only 104 besides the red threes."
    ]


def test_wiener_refuses_a_red_three_in_hand_when_nobody_went_out():
    error = problems_of([SideDeal(red_threes_in_hand=1, hand_points=20), NOTHING])
    assert error.errors == [
        "Side A: in Wiener Canasta a red three left in the hand costs points only when someone went out, "
        "and nobody went out in this deal."
    ]


def test_house_rules_have_no_red_three_in_hand_penalty():
    error = problems_of([OUT, SideDeal(red_threes_in_hand=1)], HOUSE)
    assert error.errors == [
        "Side B: Family Canasta (house rules) has no penalty for a red three kept in the hand."
    ]


@pytest.mark.parametrize(
    ("profile", "entry", "field"),
    [
        (WIENER, SideDeal(hand_canastas=1, melded_points=35), "hand_canastas"),
        (CLASSIC, SideDeal(joker_canastas=1, melded_points=140), "joker_canastas"),
        (THREE_PACK, SideDeal(joker_hand_canastas=1, melded_points=140), "joker_hand_canastas"),
        (
            CLASSIC,
            SideDeal(natural_canastas=1, going_out="hand_canasta", melded_points=35),
            "going_out",
        ),
        (
            WIENER,
            SideDeal(natural_canastas=1, concealed_canastas=1, melded_points=35),
            "concealed_canastas",
        ),
        (
            replace(WIENER, concealed_going_out_bonus=None),
            SideDeal(natural_canastas=1, going_out="concealed", melded_points=35),
            "going_out",
        ),
    ],
)
def test_an_item_the_profile_does_not_have_is_refused_naming_the_profile(profile, entry, field):
    error = problems_of([entry, NOTHING], profile)
    assert [p.field for p in error.problems] == [field]
    assert profile.name in error.errors[0]


def test_concealed_canastas_cannot_outnumber_natural_and_mixed_canastas():
    profile = CANASTA_PROFILES["classic-003"]
    assert score_deal(
        SideDeal(natural_canastas=1, mixed_canastas=1, concealed_canastas=2, melded_points=85),
        NOTHING,
        profile,
    )
    error = problems_of(
        [SideDeal(natural_canastas=1, concealed_canastas=2, melded_points=35), NOTHING], profile
    )
    assert [p.field for p in error.problems] == ["concealed_canastas"]


@pytest.mark.parametrize("sides", [[], [NOTHING], [NOTHING] * 4])
def test_a_deal_has_two_or_three_sides(sides):
    assert problems_of(sides).errors == [f"A deal has two or three sides, not {len(sides)}."]


@pytest.mark.parametrize("sides", [None, 3, "AB", b"AB", {NOTHING: 1}])
def test_sides_must_come_as_a_list(sides):
    assert problems_of(sides).errors == [
        "The sides of a deal must be given as a list of two or three entries."
    ]


@pytest.mark.parametrize("junk", [None, 0, "out", {"natural_canastas": 1}, (1, 2)])
def test_an_entry_that_is_not_a_side_deal_is_refused(junk):
    error = problems_of([NOTHING, junk])
    assert len(error.errors) == 1 and error.errors[0].startswith(
        "Side B: the entry is not a Canasta side entry"
    )


@pytest.mark.parametrize("profile", [None, "wiener", CANASTA_PROFILES])
def test_a_missing_profile_makes_the_deal_invalid(profile):
    with pytest.raises(InvalidDeal, match="no Canasta rule profile"):
        score_deal(NOTHING, NOTHING, profile)


def test_messages_are_translatable_templates_with_their_parameters():
    problem = problems_of([SideDeal(natural_canastas=2, melded_points=50), NOTHING]).problems[0]
    german = {
        "Side %(side)s: %(count)s natural canastas need at least %(least)s melded points, but %(melded)s were entered.": (
            "Seite %(side)s: %(count)s echte Canastas brauchen mindestens %(least)s Punkte, eingetragen: %(melded)s."
        )
    }
    assert problem.translated(lambda text: german.get(text, text)) == (
        "Seite A: 2 echte Canastas brauchen mindestens 70 Punkte, eingetragen: 50."
    )
