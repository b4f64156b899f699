"""Gin Rummy games (RULES.md 2, 2.1, 2.2): the worked examples, three players, partnerships."""

from dataclasses import replace

import pytest

from scoring.gin import (
    ChouetteSeating,
    InvalidHand,
    Payment,
    Seating,
    chouette_next,
    chouette_next_game,
    chouette_next_game_after,
    chouette_start,
    next_dealer,
    partnership_hand,
    partnership_opponents,
    partnership_target,
    replay,
    rotation_next,
    score_chouette_game,
    score_game,
    score_partnership_game,
    score_three_player_game,
    settle_three,
    three_player_next,
    three_player_start,
)
from scoring.profiles import GIN_PROFILES

WIENER = GIN_PROFILES["wiener"]


def a(points: int) -> tuple[int, int]:
    return (points, 0)


def b(points: int) -> tuple[int, int]:
    return (0, points)


# A game (Partie)


def test_worked_example_a_wins_by_202():
    game = score_game([a(23), a(27), b(32), a(35), b(10), a(19)], WIENER)
    assert game.points == (104, 42)
    assert game.boxes == (4, 2)
    assert game.box_bonus == (80, 40)
    assert game.game_bonus == (100, 0)
    assert game.shutout_bonus == (0, 0)
    assert game.totals == (284, 82)
    assert (game.finished, game.reached_target, game.winner, game.net) == (True, 0, 0, 202)


def test_a_game_goes_on_until_a_player_reaches_the_target():
    game = score_game([a(23), a(27), b(32), a(35), b(10)], WIENER)
    assert game.totals == (85 + 60, 42 + 40)
    assert (game.finished, game.winner, game.net, game.game_bonus) == (False, None, 0, (0, 0))


def test_a_no_game_scores_nothing_and_wins_no_box():
    game = score_game([a(30), (0, 0), b(10)], WIENER)
    assert game.points == (30, 10) and game.boxes == (1, 1)


def test_points_beyond_the_target_count():
    assert score_game([a(90), a(45)], WIENER).points == (135, 0)


def test_the_shutout_bonus_comes_when_the_opponent_scored_nothing():
    game = score_game([a(60), (0, 0), a(45)], WIENER)
    assert game.shutout_bonus == (100, 0)
    assert game.totals == (105 + 40 + 100 + 100, 0)
    assert game.net == 345


def test_the_higher_total_wins_not_necessarily_who_reached_the_target():
    game = score_game([b(10)] * 9 + [a(100)], WIENER)
    assert game.reached_target == 0
    assert game.totals == (100 + 20 + 100, 90 + 180)
    assert (game.winner, game.net) == (1, 50)


def test_equal_totals_are_a_draw():
    game = score_game([b(11)] * 6 + [b(14), a(100)], WIENER)
    assert game.totals == (220, 220)
    assert (game.finished, game.winner, game.net) == (True, None, 0)


def test_no_hand_may_follow_the_end_of_the_game():
    with pytest.raises(InvalidHand, match="Hand 3 comes after the end"):
        score_game([a(60), a(45), b(10)], WIENER)


def test_only_the_winner_of_a_hand_scores_and_entries_are_whole_points():
    with pytest.raises(InvalidHand) as raised:
        score_game([(10, 5), (-3, 0), (1.5, 0), (1, 2, 3), "no"], WIENER)  # type: ignore[list-item]  # bad hands on purpose
    assert len(raised.value.problems) == 5


# Three players (2.1)


def test_three_players_the_lowest_sits_out_the_second_deals_the_highest_leads():
    assert three_player_start(draw=(2, 0, 1)) == Seating(leader=2, dealer=0, sitting_out=1)


def test_three_players_the_draw_names_each_player_once():
    for draw in ((0, 0, 1), (0, 1), (1, 2, 3)):
        with pytest.raises(InvalidHand, match="once each"):
            three_player_start(draw)
    with pytest.raises(InvalidHand, match="once each"):
        score_chouette_game(
            [], WIENER, start=ChouetteSeating(lone=0, partner=0, sitting_out=2, dealer=0)
        )


def test_three_players_the_loser_sits_out_and_the_sitter_out_deals_against_the_winner():
    first = Seating(leader=0, dealer=1, sitting_out=2)
    assert three_player_next(first, winner=1) == Seating(leader=1, dealer=2, sitting_out=0)
    assert three_player_next(first, winner=None) == first
    with pytest.raises(InvalidHand, match="sat this hand out"):
        three_player_next(first, winner=2)


def test_three_players_keep_their_own_columns_with_boxes_and_game_bonus():
    # 0 beats 1, beats 2, loses to 1; 1 beats 2; 0 (back in) beats 1 and reaches 102.
    hands = [(40, 0, 0), (30, 0, 0), (0, 17, 0), (0, 13, 0), (32, 0, 0)]
    game = score_three_player_game(hands, WIENER)
    assert [s.sitting_out for s in game.seatings] == [2, 1, 2, 0, 2]
    assert game.points == (102, 30, 0) and game.boxes == (3, 2, 0)
    assert game.totals == (262, 70, 0)
    assert (game.finished, game.reached_target, game.winner, game.next_seating) == (
        True,
        0,
        0,
        None,
    )
    assert game.payments == (Payment(1, 0, 192), Payment(2, 0, 362), Payment(2, 1, 70))
    assert game.net == (554, -122, -432)


def test_three_player_example_settles_225_362_and_37():
    # 002's example columns (A 262, B 37, C 0); its hand history cannot arise in
    # the rotation (C, never winning, would leave B to win twice), so the
    # settlement is checked from the columns.
    payments = settle_three((262, 37, 0), (102, 17, 0), reached=0, shutout_bonus=100)
    assert payments == (Payment(1, 0, 225), Payment(2, 0, 362), Payment(2, 1, 37))


def test_three_players_a_drawn_pair_pays_nothing():
    payments = settle_three((240, 60, 60), (120, 20, 20), reached=0, shutout_bonus=100)
    assert payments == (Payment(1, 0, 180), Payment(2, 0, 180))


def test_three_players_the_one_sitting_out_cannot_score():
    with pytest.raises(InvalidHand, match="Hand 1: player 2 sat it out"):
        score_three_player_game([(0, 0, 15)], WIENER)


def test_three_players_the_game_shows_who_plays_next():
    game = score_three_player_game([(0, 25, 0), (0, 0, 0)], WIENER, draw=(0, 1, 2))
    assert game.next_seating == Seating(leader=1, dealer=2, sitting_out=0)
    assert (game.finished, game.payments, game.net) == (False, (), (0, 0, 0))


# Chouette (2.1)


def test_chouette_the_highest_plays_alone_and_the_higher_partner_deals_and_plays():
    assert chouette_start(draw=(1, 2, 0)) == ChouetteSeating(
        lone=1, partner=2, sitting_out=0, dealer=2
    )


def test_chouette_a_partner_plays_until_he_loses_a_hand():
    first = chouette_start()
    assert chouette_next(first, b(20)) == replace(first, dealer=0)
    assert chouette_next(first, (0, 0)) == first
    assert chouette_next(first, a(20)) == ChouetteSeating(
        lone=0, partner=2, sitting_out=1, dealer=2
    )


def test_chouette_a_lone_player_who_won_the_last_hand_stays_alone():
    last = ChouetteSeating(lone=0, partner=1, sitting_out=2, dealer=0)
    assert chouette_next_game(last, a(30)) == ChouetteSeating(
        lone=0, partner=2, sitting_out=1, dealer=2
    )


def test_chouette_the_partner_who_won_the_last_hand_becomes_the_lone_player():
    last = ChouetteSeating(lone=0, partner=1, sitting_out=2, dealer=0)
    assert chouette_next_game(last, b(30)) == ChouetteSeating(
        lone=1, partner=2, sitting_out=0, dealer=2
    )


def test_chouette_the_next_game_goes_on_from_the_last_hand_won():
    # Hand 1: 1 loses, 2 takes over; hand 2: 2 wins for the partners, so 2 plays alone next.
    assert chouette_next_game_after([a(40), b(25)]) == ChouetteSeating(
        lone=2, partner=1, sitting_out=0, dealer=1
    )
    # A lone player who won the last hand stays alone, also with no games after it.
    assert chouette_next_game_after([b(25), a(40), (0, 0), (0, 0)]) == ChouetteSeating(
        lone=0, partner=2, sitting_out=1, dealer=2
    )


def test_chouette_nothing_decides_the_next_game_when_nobody_won_a_hand():
    assert chouette_next_game_after([]) is None
    assert chouette_next_game_after([(0, 0), (0, 0)]) is None


def test_chouette_the_next_game_is_seated_from_the_game_it_follows():
    start = chouette_start((2, 0, 1))
    assert chouette_next_game_after([b(30)], start) == ChouetteSeating(
        lone=0, partner=1, sitting_out=2, dealer=1
    )
    # Three games in a row, each partner at the table winning its last hand: the seat
    # alone goes round the table.
    seating = chouette_start()
    alone = []
    for _game in range(3):
        alone.append(seating.lone)
        seating = chouette_next_game_after([b(60), b(50)], seating)
    assert alone == [0, 1, 2] and seating.lone == 0


def test_a_replay_seats_each_hand_and_stops_at_one_the_sitter_out_won():
    played = replay(three_player_start(), [(0, 25, 0), (20, 0, 0), (0, 30, 0)], rotation_next)
    # 1 wins hand 1 and meets 2, who deals; 0 sits hand 2 out, so cannot have won it: the
    # replay stops there, and hand 3 is not replayed.
    assert played.seatings == (Seating(leader=0, dealer=1, sitting_out=2),)
    assert played.refused == 1 and played.after == Seating(leader=1, dealer=2, sitting_out=0)
    whole = replay(chouette_start(), [a(20), b(10)], chouette_next)
    assert whole.refused is None and len(whole.seatings) == 2
    assert whole.after == chouette_next(chouette_next(chouette_start(), a(20)), b(10))


def test_chouette_the_lone_player_settles_the_full_margin_with_each_opponent():
    game = score_chouette_game([a(40), b(25), a(70)], WIENER)
    assert [s.partner for s in game.seatings] == [1, 2, 2]
    assert game.game.totals == (110 + 40 + 100, 25 + 20)
    assert game.payments == (Payment(1, 0, 205), Payment(2, 0, 205))
    assert game.net == (410, -205, -205)
    assert game.next_seating == ChouetteSeating(lone=0, partner=1, sitting_out=2, dealer=1)


def test_chouette_lone_player_who_loses_pays_both():
    game = score_chouette_game([b(60), b(50)], WIENER, start=chouette_start((2, 0, 1)))
    assert game.game.totals == (0, 110 + 40 + 100 + 100)
    assert game.net == (350, 350, -700)
    assert game.next_seating == ChouetteSeating(lone=0, partner=1, sitting_out=2, dealer=1)


# Partnerships (2.2)


def test_a_partnership_hand_adds_both_results_and_wins_a_box():
    assert partnership_hand([-18, 25]) == (7, 0)
    game = score_partnership_game([[-18, 25]], WIENER)
    assert game.points == (7, 0) and game.box_bonus == (20, 0)


def test_partnership_games_play_to_125_with_four_and_150_with_six():
    assert partnership_target(4, WIENER) == 125
    assert partnership_target(6, WIENER) == 150
    with pytest.raises(InvalidHand):
        partnership_target(5, WIENER)
    four = score_partnership_game([[60, 40], [30, -5]], WIENER)
    assert (four.points, four.finished) == ((125, 0), True)
    six = score_partnership_game([[60, 40, 0], [30, -5, 0]], WIENER, players=6)
    assert (six.points, six.finished) == ((125, 0), False)


def test_partners_switch_opponents_after_every_hand():
    assert partnership_opponents((1, 2), (3, 4), 0) == ((1, 3), (2, 4))
    assert partnership_opponents((1, 2), (3, 4), 1) == ((1, 4), (2, 3))
    assert partnership_opponents((1, 2), (3, 4), 2) == ((1, 3), (2, 4))
    assert partnership_opponents((1, 2, 3), (4, 5, 6), 1) == ((1, 5), (2, 6), (3, 4))


def test_the_losing_partnership_deals_next():
    assert next_dealer(0, partnership_hand([-18, 25])) == 1


def test_a_partnership_hand_needs_one_result_per_table():
    with pytest.raises(InvalidHand, match="one result per table"):
        score_partnership_game([[10, 20, 30]], WIENER)
