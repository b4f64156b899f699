"""A Canasta game over its deals: minimum melds, the end, the winner (RULES.md 1.5, 1.6)."""

import pytest

from scoring.canasta import (
    GameResult,
    SideDeal,
    game_result,
    minimum_meld,
    running_totals,
    score_sheet,
    side_minimums,
    side_that_went_out,
)
from scoring.profiles import CANASTA_PROFILES

WIENER = CANASTA_PROFILES["wiener"]
HOUSE = CANASTA_PROFILES["house"]


@pytest.mark.parametrize(
    ("total", "minimum"),
    [
        (-1000, 15),
        (-5, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (4995, 120),
        (9000, 120),
    ],
)
def test_the_5000_game_minimum_meld_follows_the_running_total(total, minimum):
    assert minimum_meld(total, WIENER) == minimum
    assert minimum_meld(total, CANASTA_PROFILES["classic"]) == minimum


@pytest.mark.parametrize(
    ("slug", "total", "minimum"),
    [
        ("wiener-2500", 745, 50),
        ("wiener-2500", 750, 90),
        ("wiener-2500", 1500, 120),
        ("wiener-3000", 895, 50),
        ("wiener-3000", 900, 90),
        ("wiener-3000", 1800, 120),
        ("wiener-2500", -5, 15),
        ("classic-3pack", 6995, 120),
        ("classic-3pack", 7000, 150),
        ("classic-3pack", -5, 15),
        ("house", -5, 50),
        ("house", 1500, 90),
        ("house", 3000, 120),
    ],
)
def test_short_games_three_packs_and_house_rules_have_their_own_minimum_bands(slug, total, minimum):
    assert minimum_meld(total, CANASTA_PROFILES[slug]) == minimum


@pytest.mark.parametrize(
    ("total", "profile"), [("0", WIENER), (1.5, WIENER), (True, WIENER), (None, WIENER), (0, None)]
)
def test_minimum_meld_refuses_bad_arguments_with_a_value_error(total, profile):
    with pytest.raises(ValueError):
        minimum_meld(total, profile)


def test_side_minimums_gives_each_sides_minimum():
    assert side_minimums((-20, 1500, 3100), WIENER) == (15, 90, 120)


def test_the_game_ends_when_a_side_reaches_the_target_and_the_higher_total_wins():
    assert game_result((4995, 4000), WIENER) == GameResult(finished=False, winner=None)
    assert game_result((5000, 4000), WIENER) == GameResult(True, 0, (0,), "higher_total")


def test_the_higher_total_wins_even_if_the_other_side_reached_the_target_first():
    result = game_result((5200, 5350), WIENER, went_out=0)
    assert (result.finished, result.winner, result.over_target) == (True, 1, (0, 1))


def test_equal_totals_at_the_end_are_a_draw():
    assert game_result((5100, 5100), WIENER) == GameResult(True, None, (0, 1), "draw")


def test_house_rules_end_the_game_only_when_a_side_exceeds_5000():
    assert not game_result((5000, 4500), HOUSE).finished
    assert game_result((5005, 4500), HOUSE).winner == 0


def test_house_rules_let_the_side_that_went_out_win_when_both_are_over_5000():
    assert game_result((5100, 5900), HOUSE, went_out=0) == GameResult(True, 0, (0, 1), "went_out")


def test_house_rules_fall_back_to_the_higher_total_when_neither_side_over_5000_went_out():
    assert game_result((5100, 5900), HOUSE).winner == 1
    assert game_result((5100, 4900), HOUSE, went_out=1).winner == 0


def test_three_sides_the_highest_total_wins():
    assert game_result((5100, 4000, 5300), WIENER).winner == 2


def test_three_sides_equal_highest_totals_are_a_draw():
    assert game_result((5100, 5100, 2000), WIENER).decided_by == "draw"
    assert game_result((5200, 5100, 5100), WIENER).winner == 0


@pytest.mark.parametrize(
    ("totals", "went_out", "profile"),
    [
        ((5000,), None, WIENER),
        ((1, 2, 3, 4), None, WIENER),
        ((True, 5), None, WIENER),
        ((1.0, 5), None, WIENER),
        ("12", None, WIENER),
        (None, None, WIENER),
        ((1, 2), 2, WIENER),
        ((1, 2), -1, WIENER),
        ((1, 2), True, WIENER),
        ((1, 2), None, "wiener"),
    ],
)
def test_game_result_refuses_bad_arguments_with_a_value_error(totals, went_out, profile):
    with pytest.raises(ValueError):
        game_result(totals, profile, went_out)


def test_short_games_end_at_2500_and_3000():
    assert game_result((2500, 0), CANASTA_PROFILES["wiener-2500"]).finished
    assert not game_result((2995, 0), CANASTA_PROFILES["wiener-3000"]).finished


def test_running_totals_add_up_the_deal_scores():
    assert running_totals([(100, -50), (620, 35), (-40, 1200)]) == [
        (100, -50),
        (720, -15),
        (680, 1185),
    ]
    assert running_totals([]) == []


def test_running_totals_refuse_deals_with_a_changing_number_of_sides():
    with pytest.raises(ValueError, match="deal 2 has 3 sides"):
        running_totals([(1, 2), (1, 2, 3)])


def test_the_score_sheet_shows_totals_next_minimums_and_when_the_game_ended():
    sheet = score_sheet([(1600, -120), (1500, 800), (1990, 400)], WIENER)
    assert sheet.opening_minimums == (50, 50)
    assert [row.totals for row in sheet.rows] == [(1600, -120), (3100, 680), (5090, 1080)]
    assert [row.minimums for row in sheet.rows] == [(90, 15), (120, 50), (120, 50)]
    assert [row.result.finished for row in sheet.rows] == [False, False, True]
    assert (sheet.finished_after, sheet.result.winner, sheet.deals_after_end) == (3, 0, 0)


def test_the_score_sheet_notices_deals_entered_after_the_end():
    sheet = score_sheet([(5000, 0), (100, 100)], WIENER)
    assert (sheet.finished_after, sheet.deals_after_end, sheet.result.winner) == (1, 1, 0)


def test_the_score_sheet_applies_the_house_rule_with_who_went_out():
    sheet = score_sheet([(2600, 2700), (2500, 2600)], HOUSE, went_out=[None, 0])
    assert sheet.result == GameResult(True, 0, (0, 1), "went_out")


def test_an_empty_score_sheet_shows_the_opening_minimums():
    sheet = score_sheet([], HOUSE, sides=3)
    assert (sheet.opening_minimums, sheet.rows, sheet.result.finished) == ((50, 50, 50), (), False)


@pytest.mark.parametrize(("went_out", "sides"), [([None], 2), (None, 4), (None, "2")])
def test_the_score_sheet_refuses_bad_arguments(went_out, sides):
    with pytest.raises(ValueError):
        score_sheet([(10, 20), (30, 40)], WIENER, went_out=went_out, sides=sides)


def test_the_side_that_went_out_is_found_from_the_entries_for_the_house_tie_rule():
    out = SideDeal(natural_canastas=1, going_out="concealed", melded_points=35)
    assert side_that_went_out([SideDeal(), out]) == 1
    assert side_that_went_out([SideDeal(), SideDeal(), SideDeal()]) is None
