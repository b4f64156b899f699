"""Entry forms: the fields each rule profile has, and every validation rule shown at its field."""

import pytest

from tests.web.table_helpers import DEAL_FORM, canasta_game, gin_game, seat_of
from tournaments.card_games import entry_form_for
from tournaments.card_games.entry import CanastaDealForm, GinHandForm, QuickTotalsForm
from tournaments.services.scores.entries import submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def deal_form(game, **values):
    data = {"number": 1, "idempotency_key": "key", "s0_going_out": "none", "s1_going_out": "none"}
    data.update({key: str(value) for key, value in values.items()})
    form = entry_form_for(game, data)
    form.is_valid()
    return form


def errors(form, field="__all__") -> str:
    return " ".join(form.errors.get(field, []))


@pytest.fixture
def wiener(director):
    return canasta_game(director)


@pytest.fixture
def house(director):
    return canasta_game(director, profile_slug="house", name="House")


# --- which fields ----------------------------------------------------------------


def test_the_wiener_form_has_no_joker_or_hand_canastas_but_the_hand_canasta_going_out(wiener):
    form = entry_form_for(wiener)
    assert isinstance(form, CanastaDealForm)
    assert "s0_natural_canastas" in form.fields and "s1_red_threes_in_hand" in form.fields
    assert "s0_joker_canastas" not in form.fields and "s0_hand_canastas" not in form.fields
    choices = [value for value, _ in form.fields["s0_going_out"].choices]
    assert choices == ["none", "out", "concealed", "hand_canasta"]


def test_the_house_form_has_joker_and_hand_canastas_and_no_red_three_in_hand(house):
    form = entry_form_for(house)
    for name in ("hand_canastas", "joker_canastas", "joker_hand_canastas"):
        assert f"s1_{name}" in form.fields
    assert "s0_red_threes_in_hand" not in form.fields
    assert [v for v, _ in form.fields["s0_going_out"].choices] == ["none", "out", "concealed"]


def test_the_003_form_counts_concealed_canastas(director):
    game = canasta_game(director, profile_slug="classic-003")
    form = entry_form_for(game)
    assert "s0_concealed_canastas" in form.fields
    choices = [v for v, _ in form.fields["s0_going_out"].choices]
    assert "hand_canasta" not in choices


def test_counts_are_steppers_and_points_number_pads(wiener):
    form = entry_form_for(wiener)
    stepper = form.fields["s0_mixed_canastas"].widget.attrs
    points = form.fields["s0_melded_points"].widget.attrs
    assert stepper["data-kind"] == "stepper" and stepper["inputmode"] == "numeric"
    assert points["data-kind"] == "points" and points["inputmode"] == "numeric"


def test_each_form_gets_its_own_idempotency_key_and_the_deal_number(wiener):
    first, second = entry_form_for(wiener, number=3), entry_form_for(wiener, number=3)
    # the key names the game its form was drawn for
    assert first.initial["idempotency_key"].startswith(f"g{wiener.pk}-")
    assert first.initial["idempotency_key"] != second.initial["idempotency_key"]
    assert first.initial["number"] == 3 and first.deal_number == 3


def test_editing_fills_the_form_with_the_entry_and_its_version(wiener):
    data = {
        "sides": [
            {"mixed_canastas": 1, "melded_points": 75, "going_out": "out"},
            {"hand_points": 40},
        ]
    }
    entry = submit_entry(wiener, 1, data, seat=seat_of(wiener, 1))
    form = entry_form_for(wiener, entry=entry)
    assert form.initial["s0_mixed_canastas"] == 1 and form.initial["s0_going_out"] == "out"
    assert form.initial["s1_hand_points"] == 40
    assert form.initial["expected_version"] == 1 and form.initial["number"] == 1


# --- a valid deal ------------------------------------------------------------------


def test_a_valid_deal_is_scored_part_by_part(wiener):
    form = deal_form(wiener, **DEAL_FORM)
    assert form.is_valid(), form.errors
    assert form.scored.points == (820, 25)
    summary = form.summary()
    assert summary[0]["total"] == 820 and ("Canastas", 500) in [
        (str(k), v) for k, v in summary[0]["parts"]
    ]
    assert form.entry_data()["sides"][1]["hand_points"] == 35


def test_empty_fields_count_as_zero(wiener):
    form = deal_form(wiener)
    assert form.is_valid() and form.scored.points == (0, 0)


# --- every rule at its field ----------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        ({"s0_melded_points": 33}, "s0_melded_points", "multiple of 5"),
        ({"s1_hand_points": 12}, "s1_hand_points", "multiple of 5"),
        ({"s0_penalty": 7}, "s0_penalty", "multiple of 5"),
        ({"s0_going_out": "out"}, "s0_going_out", "needs a canasta"),
        ({"s0_natural_canastas": 1, "s0_melded_points": 30}, "s0_melded_points", "at least 35"),
        ({"s1_mixed_canastas": 2, "s1_melded_points": 90}, "s1_melded_points", "at least 100"),
        ({"s0_red_threes_in_hand": 1}, "s0_red_threes_in_hand", "only when someone went out"),
        (
            {"s0_going_out": "hand_canasta", "s0_melded_points": 60},
            "s0_going_out",
            "natural or mixed",
        ),
    ],
)
def test_each_side_problem_is_shown_at_its_field(wiener, values, field, words):
    form = deal_form(wiener, **values)
    assert not form.is_valid()
    assert words in errors(form, field), form.errors


@pytest.mark.parametrize(
    ("values", "words"),
    [
        (
            {
                "s0_natural_canastas": 1,
                "s0_melded_points": 50,
                "s0_going_out": "out",
                "s1_natural_canastas": 1,
                "s1_melded_points": 50,
                "s1_going_out": "out",
            },
            "Only one side can go out",
        ),
        ({"s0_red_threes": 3, "s1_red_threes": 2}, "red threes were entered"),
        ({"s0_melded_points": 700, "s1_hand_points": 500}, "add up to 1200"),
    ],
)
def test_problems_of_the_whole_deal_are_shown_above_the_form(wiener, values, words):
    form = deal_form(wiener, **values)
    assert not form.is_valid()
    assert words in errors(form), form.errors


@pytest.mark.parametrize(
    ("value", "words"),
    [("-5", "greater than or equal to 0"), ("ten", "whole number"), ("2.5", "whole number")],
)
def test_points_must_be_whole_numbers_of_zero_or_more(wiener, value, words):
    form = deal_form(wiener, s0_melded_points=value)
    assert words in errors(form, "s0_melded_points")


def test_a_going_out_the_profile_lacks_is_not_a_choice(house):
    form = deal_form(house, s0_going_out="hand_canasta")
    assert "valid choice" in errors(form, "s0_going_out")


def test_house_joker_canastas_are_limited_by_the_deck(house):
    form = deal_form(
        house, s0_joker_canastas=1, s0_melded_points=140, s1_joker_canastas=1, s1_melded_points=140
    )
    assert "joker canastas" in errors(form)


def test_concealed_canastas_are_counted_among_natural_and_mixed(director):
    game = canasta_game(director, profile_slug="classic-003")
    form = deal_form(game, s0_concealed_canastas=1)
    assert "more concealed canastas" in errors(form, "s0_concealed_canastas")


def test_a_count_over_the_stepper_limit_is_refused(wiener):
    form = deal_form(wiener, s0_natural_canastas=21)
    assert "less than or equal to 20" in errors(form, "s0_natural_canastas")


# --- quick totals ----------------------------------------------------------------------


@pytest.fixture
def quick(director):
    return canasta_game(director, entry_modes=["totals"], name="Quick")


def totals_form(game, a, b):
    form = entry_form_for(game, {"number": 1, "s0_total": str(a), "s1_total": str(b)})
    form.is_valid()
    return form


def test_quick_entry_takes_one_number_per_side(quick):
    form = totals_form(quick, 1250, -340)
    assert isinstance(form, QuickTotalsForm) and form.is_valid()
    assert form.scored.points == (1250, -340)
    assert form.fields["s0_total"].widget.attrs["data-signed"] == "1"


def test_quick_totals_are_multiples_of_5(quick):
    assert "multiple of 5" in errors(totals_form(quick, 1251, 0), "s0_total")


def test_quick_totals_stay_within_what_a_deal_can_score(quick):
    assert "cannot score" in errors(totals_form(quick, 0, 99995), "s1_total")
    assert "cannot score" in errors(totals_form(quick, -20000, 0), "s0_total")


def test_quick_totals_are_required(quick):
    form = entry_form_for(quick, {"number": 1, "s0_total": "100"})
    assert not form.is_valid() and "required" in errors(form, "s1_total")


# --- Gin ---------------------------------------------------------------------------------


@pytest.fixture
def gin(director):
    return gin_game(director)


def hand_form(game, **values):
    data = {"number": 1, "mode": "hand"}
    data.update({key: str(value) for key, value in values.items()})
    form = entry_form_for(game, data)
    form.is_valid()
    return form


def test_a_knock_is_scored(gin):
    form = hand_form(gin, kind="knock", knocker=1, knocker_deadwood=4, defender_deadwood=20)
    assert isinstance(form, GinHandForm) and form.is_valid(), form.errors
    assert form.scored.points == (0, 16)


def test_the_knocker_is_named_with_the_players(gin):
    form = entry_form_for(gin)
    assert [label for _, label in form.fields["knocker"].choices] == ["1 Player 1", "2 Player 2"]


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        (
            {"kind": "knock", "knocker": 0, "knocker_deadwood": 11, "defender_deadwood": 30},
            "knocker_deadwood",
            "10 or less",
        ),
        (
            {"kind": "knock", "knocker": 0, "knocker_deadwood": 0, "defender_deadwood": 30},
            "kind",
            "is gin",
        ),
        (
            {"kind": "knock", "knocker_deadwood": 3, "defender_deadwood": 30},
            "knocker",
            "Choose who",
        ),
        (
            {"kind": "knock", "knocker": 0, "defender_deadwood": 30},
            "knocker_deadwood",
            "Enter the deadwood",
        ),
        ({"kind": "gin", "knocker": 0}, "defender_deadwood", "Enter the deadwood"),
        (
            {"kind": "knock", "knocker": 0, "knocker_deadwood": 5, "defender_deadwood": 99},
            "defender_deadwood",
            "less than or equal to 98",
        ),
        ({"kind": "maybe"}, "kind", "valid choice"),
    ],
)
def test_each_gin_hand_problem_is_shown_at_its_field(gin, values, field, words):
    form = hand_form(gin, **values)
    assert not form.is_valid()
    assert words in errors(form, field), form.errors


def test_gin_scores_the_bonus_and_the_defenders_deadwood(gin):
    form = hand_form(gin, kind="gin", knocker=0, defender_deadwood=17)
    assert form.is_valid() and form.scored.points == (37, 0)


def test_a_no_game_needs_nothing_more(gin):
    form = hand_form(gin, kind="no_game")
    assert form.is_valid() and form.scored.points == (0, 0)


def cards_form(game, knocker_cards, defender_cards, kind="knock"):
    form = entry_form_for(
        game,
        {
            "number": 1,
            "mode": "cards",
            "kind": kind,
            "knocker": "0",
            "knocker_cards": knocker_cards,
            "defender_cards": defender_cards,
        },
    )
    form.is_valid()
    return form


def test_card_mode_needs_ten_or_eleven_knocker_cards_and_ten_defender_cards(gin):
    form = cards_form(gin, "5H 6H 7H", "")
    assert "Tap 10 or 11 cards, not 3" in errors(form, "knocker_cards")
    assert "Tap 10 cards, not 0" in errors(form, "defender_cards")


def test_card_mode_refuses_a_card_in_both_hands(gin):
    form = cards_form(gin, "5H 6H 7H KS KH KD AS 2S 3S 4C", "5H KC 9D 9C 9S 2D 3C 4D 6C JH")
    assert "cannot be in both hands" in errors(form, "defender_cards")


def test_card_mode_checks_a_claimed_gin(gin):
    form = cards_form(
        gin, "5H 6H 7H KS KH KD AS 2S 3S 4C", "8H KC 9D 9C 9S 2D 3C 4D 6C JH", kind="gin"
    )
    assert "not gin" in errors(form, "knocker_cards")


def test_card_mode_refuses_a_knock_over_the_limit(gin):
    form = cards_form(gin, "5H 6H 7H KS KH KD AS 2S QC JD", "8H KC 9D 9C 9S 2D 3C 4D 6C JH")
    assert "10 or less" in errors(form, "knocker_cards")


def test_card_mode_computes_melds_deadwood_and_lay_offs(gin):
    form = cards_form(gin, "5H 6H 7H KS KH KD AS 2S 3S 4C", "8H KC 9D 9C 9S 2D 3C 4D 6C JH")
    assert form.is_valid(), form.errors
    cards = form.scored.cards
    assert cards["knocker_deadwood_cards"] == ["4C"] and len(cards["knocker_melds"]) == 3
    assert form.scored.details["defender_deadwood"] == 25
    assert form.scored.points == (21, 0)


def test_card_mode_finds_gin_by_itself(gin):
    form = cards_form(gin, "5H 6H 7H KS KH KD AS 2S 3S 4S", "8H KC 9D 9C 9S 2D 3C 4D 6C JH")
    assert form.is_valid(), form.errors
    assert form.scored.hand.gin
    # No lay-offs after gin: 8H and KC stay deadwood (8 + 10 + 2 + 3 + 4 + 6 + 10 = 43).
    assert form.scored.points == (20 + 43, 0)
