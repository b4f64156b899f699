"""Gin Rummy hands (RULES.md 2): cards, melds, deadwood, knocking, lay-offs, hand scores."""

from dataclasses import replace

import pytest

from meldcore.messages import DomainError
from scoring.cards import Card, parse_cards
from scoring.gin import (
    MAX_DEADWOOD,
    InvalidHand,
    best_arrangement,
    deadwood_value,
    knock_deadwood,
    layoff_deadwood,
    min_deadwood,
    next_dealer,
    score_game,
    score_hand,
)
from scoring.profiles import GIN_PROFILES

WIENER = GIN_PROFILES["wiener"]
AMERICAN = GIN_PROFILES["american"]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, unique=True)


def a(points: int) -> tuple[int, int]:
    return (points, 0)


def b(points: int) -> tuple[int, int]:
    return (0, points)


# Cards and values


def test_gin_is_played_without_jokers():
    with pytest.raises(ValueError, match="JK"):
        min_deadwood("JK 2S 3S")


def test_a_card_given_twice_is_refused_because_gin_uses_one_pack():
    with pytest.raises(InvalidHand, match="7H appears twice"):
        min_deadwood(["7H", "8H", Card(7, "H")])


def test_every_bad_token_is_named_as_a_translatable_problem():
    with pytest.raises(InvalidHand) as raised:
        min_deadwood("7H 1X ZZ")
    assert isinstance(raised.value, DomainError) and isinstance(raised.value, ValueError)
    assert "1X" in str(raised.value) and "ZZ" in str(raised.value)
    assert raised.value.problems[0].template == "These are not cards of one pack: %(details)s"


def test_a_card_object_outside_the_pack_is_refused():
    with pytest.raises(InvalidHand, match="rank=14"):
        min_deadwood([Card(14, "S"), Card(2, "S")])


def test_cards_may_be_strings_in_any_case_or_card_objects():
    as_strings = min_deadwood("5h 6H 7h 10C TD 9S")
    assert as_strings == min_deadwood(cards("5H 6H 7H TC TD 9S")) == 29
    assert min_deadwood(iter(cards("5H 6H 7H"))) == 0


def test_ace_counts_one_faces_ten_and_the_others_their_pips():
    values = [deadwood_value(card) for card in cards("AS 2H 5D 9C TS JH QD KC")]
    assert values == [1, 2, 5, 9, 10, 10, 10, 10]
    assert deadwood_value("10h") == 10
    assert deadwood_value(Card(10, "H")) == 10


def test_ace_is_low_so_ace_two_three_is_a_run():
    assert min_deadwood("AH 2H 3H") == 0


def test_queen_king_ace_is_not_a_run():
    assert min_deadwood("QS KS AS") == 21


def test_king_ace_two_is_not_a_run():
    assert min_deadwood("KC AC 2C") == 13


# Melds and deadwood


def test_sets_are_three_or_four_cards_of_a_rank():
    assert min_deadwood("9S 9H 9D") == 0
    assert min_deadwood("9S 9H 9D 9C") == 0
    assert min_deadwood("9S 9H") == 18


def test_runs_are_three_or_more_consecutive_cards_of_one_suit():
    assert min_deadwood("4D 5D 6D 7D 8D 9D TD") == 0
    assert min_deadwood("4D 5H 6D") == 15
    assert min_deadwood("4D 5D 7D") == 16


def test_a_card_belongs_to_one_meld_only():
    # 7S would complete both the set and the run: the run leaves less (7H 7D = 14).
    assert min_deadwood("7S 7H 7D 8S 9S") == 14


def test_deadwood_counts_the_arrangement_that_leaves_least():
    # Four sevens as a set leave 8S 9S (17); 7S in the run and three sevens leave nothing.
    arrangement = best_arrangement("7S 7H 7D 7C 8S 9S")
    assert arrangement.deadwood_points == 0
    assert sorted(arrangement.melds) == sorted([cards("7S 8S 9S"), cards("7H 7D 7C")])


def test_best_arrangement_shows_melds_and_deadwood():
    arrangement = best_arrangement("KD 3S AS 2S 7C 7D 7H 9S 8S 7S")
    assert arrangement.melds == (cards("AS 2S 3S"), cards("7S 8S 9S"), cards("7H 7D 7C"))
    assert arrangement.deadwood == cards("KD")
    assert arrangement.deadwood_points == 10 == min_deadwood("KD 3S AS 2S 7C 7D 7H 9S 8S 7S")


def test_any_number_of_cards_can_be_arranged():
    assert min_deadwood([]) == 0
    assert best_arrangement([]).melds == ()
    whole_pack = [Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)]
    assert min_deadwood(whole_pack) == 0
    arrangement = best_arrangement(whole_pack)
    assert arrangement.deadwood == () and sum(map(len, arrangement.melds)) == 52


# Deal and knock


def test_the_non_dealer_knocks_from_eleven_cards_and_the_discard_does_not_count():
    points, discard = knock_deadwood("AS 2S 3S 7H 7D 7C 4C 5C 6C 9D KH")
    assert (points, discard) == (9, Card(13, "H"))
    assert min_deadwood("AS 2S 3S 7H 7D 7C 4C 5C 6C 9D") == points


def test_the_discard_may_come_out_of_a_four_card_set_to_reach_gin():
    hand = cards("8S 8H 8D 8C 2H 3H 4H 5H JS QS KS")
    points, discard = knock_deadwood(hand)
    assert points == 0 == min_deadwood([card for card in hand if card != discard])


def test_knocking_needs_eleven_cards_before_the_discard():
    with pytest.raises(InvalidHand, match="11 cards"):
        knock_deadwood("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")


def test_the_loser_of_a_hand_deals_the_next():
    assert next_dealer(0, a(25)) == 1
    assert next_dealer(0, b(12)) == 0


def test_the_same_dealer_deals_again_after_a_no_game():
    assert next_dealer(1, (0, 0)) == 1


def test_a_knock_with_more_than_ten_deadwood_is_refused():
    with pytest.raises(InvalidHand, match="10 or less"):
        score_hand(11, 30, profile=WIENER)
    assert score_hand(10, 30, profile=WIENER).points == 20


def test_the_knock_limit_comes_from_the_profile():
    strict = replace(WIENER, knock_limit=5)
    with pytest.raises(InvalidHand, match="5 or less"):
        score_hand(6, 30, profile=strict)


# Lay-offs


def test_the_defender_lays_off_the_fourth_card_of_a_set():
    assert layoff_deadwood(["7S 7H 7D"], "7C KD") == 10


def test_a_run_takes_lay_offs_of_its_own_suit_only():
    assert layoff_deadwood(["5H 6H 7H"], "8S 4D") == 12


def test_the_defender_extends_a_run_at_either_end():
    assert layoff_deadwood(["5H 6H 7H"], "4H 8H 2C") == 2


def test_lay_offs_chain_along_a_run():
    assert layoff_deadwood(["5H 6H 7H"], "8H 9H KC") == 10
    assert layoff_deadwood(["5H 6H 7H"], "9H KC") == 19


def test_a_card_lays_off_or_stays_in_the_defenders_meld_whichever_leaves_less():
    # 8H could extend the run, but it is worth more in the set of eights.
    assert layoff_deadwood(["5H 6H 7H"], "4H 8H 8S 8D") == 0
    # Laying 4H off would break the defender's own run 2H 3H 4H.
    assert layoff_deadwood(["5H 6H 7H"], "2H 3H 4H 9C") == 9


def test_the_fourth_card_of_a_set_can_also_carry_a_run_on():
    assert layoff_deadwood(["7S 7H 7D", "4C 5C 6C"], "7C 8C KD") == 10


def test_knocker_melds_must_be_sets_or_runs_without_repeated_cards():
    with pytest.raises(InvalidHand) as raised:
        layoff_deadwood(["5H 6H 8H", "7S 7H", "5H 5S 5D"], "KD")
    assert [p.params["number"] for p in raised.value.problems] == [1, 2, 3]


def test_a_card_cannot_be_in_both_hands():
    with pytest.raises(InvalidHand, match="8H cannot be in both"):
        layoff_deadwood(["6H 7H 8H"], "8H 9C")


# Scoring a hand


def test_the_knocker_with_less_deadwood_scores_the_difference():
    score = score_hand(5, 17, profile=WIENER)
    assert (score.winner, score.points, score.undercut, score.gin) == ("knocker", 12, False, False)


def test_undercut_goes_to_the_defender_on_equal_deadwood():
    score = score_hand(5, 5, profile=WIENER)
    assert (score.winner, score.points, score.undercut) == ("defender", 10, True)


def test_an_undercut_scores_the_difference_plus_the_undercut_bonus():
    # 002: A knocks with 5; B lays off 8 of his 12 and keeps 4: 1 + 10.
    defender = "6C 2C 4D JH QH KH"
    assert min_deadwood(defender) == 12
    assert layoff_deadwood(["3C 4C 5C", "2S 2H 2D"], defender) == 4
    score = score_hand(5, 4, profile=WIENER)
    assert (score.winner, score.points, score.undercut) == ("defender", 11, True)


def test_gin_scores_the_bonus_plus_the_defenders_deadwood():
    score = score_hand(0, 30, gin=True, profile=WIENER)
    assert (score.winner, score.points, score.undercut, score.gin) == ("knocker", 50, False, True)


def test_after_gin_the_defender_counts_his_own_melds_only():
    gin_melds, defender = ["5H 6H 7H", "JS JH JD", "AC 2C 3C 4C"], "8H 9H KC"
    assert layoff_deadwood(gin_melds, defender) == 10
    score = score_hand(0, min_deadwood(defender), gin=True, profile=WIENER)
    assert score.points == 20 + 27


def test_gin_cannot_be_undercut():
    score = score_hand(0, 0, gin=True, profile=WIENER)
    assert (score.winner, score.points, score.undercut) == ("knocker", 20, False)


def test_gin_with_deadwood_is_refused():
    with pytest.raises(InvalidHand, match="Gin melds all ten cards"):
        score_hand(3, 20, gin=True, profile=WIENER)


def test_a_knock_without_deadwood_must_be_entered_as_gin():
    with pytest.raises(InvalidHand, match="mark the hand as gin"):
        score_hand(0, 20, profile=WIENER)


def test_impossible_deadwood_values_are_all_refused_together():
    with pytest.raises(InvalidHand) as raised:
        score_hand(-1, True, gin="yes", profile=WIENER)  # type: ignore[arg-type]  # bad input on purpose
    assert [p.field for p in raised.value.problems] == [
        "knocker_deadwood",
        "defender_deadwood",
        "gin",
    ]
    for bad in (2.0, "3", None, MAX_DEADWOOD + 1):
        with pytest.raises(InvalidHand):
            score_hand(4, bad, profile=WIENER)  # type: ignore[arg-type]  # bad input on purpose


def test_ten_cards_hold_at_most_98_deadwood():
    assert MAX_DEADWOOD == 98 == min_deadwood("KS KH QD QC JS JH TD TC 9S 9H")
    assert score_hand(0, 98, gin=True, profile=WIENER).points == 118


def test_the_american_profile_scores_with_its_own_bonuses():
    assert score_hand(0, 10, gin=True, profile=AMERICAN).points == 35
    assert score_hand(5, 5, profile=AMERICAN).points == 25
    assert score_game([a(60), a(45)], AMERICAN).box_bonus == (50, 0)


def test_a_hand_score_becomes_the_pair_a_game_takes():
    assert score_hand(5, 17, profile=WIENER).as_pair(knocker=1) == (0, 12)
    assert score_hand(5, 5, profile=WIENER).as_pair(knocker=1) == (10, 0)
