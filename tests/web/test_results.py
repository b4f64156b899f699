"""A game's totals, end and winner, each player's Result row, and the score pad."""

import pytest

from tests.web.table_helpers import DEAL, DEAL_POINTS, canasta_game, gin_game, seat_of, totals
from tournaments.kernel.errors import ServiceError
from tournaments.models import Entry, Result
from tournaments.services.rounds.steps import end_game
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.scores.results import game_sheet, refresh_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def play(game, *deals, confirm=True):
    """Enter (and confirm) deals as side A's first player; side B's confirms."""
    start = game.entries.count()
    for number, data in enumerate(deals, start=start + 1):
        entry = submit_entry(game, number, data, seat=seat_of(game, 1))
        if confirm:
            confirm_entry(entry, seat=seat_of(game, 2))
    game.refresh_from_db()
    return game


def results(game) -> dict[int, tuple[int, int, int, bool]]:
    return {
        r.player.number: (r.points, r.net, r.match_points, r.won)
        for r in Result.objects.filter(game=game).select_related("player")
    }


@pytest.fixture
def game(director):
    return canasta_game(director)


def test_totals_count_confirmed_deals_only(game):
    play(game, DEAL, totals(100, 200))
    submit_entry(game, 3, totals(3000, 0), seat=seat_of(game, 1))
    refresh_game(game)
    game.refresh_from_db()
    assert game.scores == [920, 225] and not game.finished and game.winner_side is None


def test_each_player_gets_the_score_of_the_side_on_the_tally_while_playing(game):
    play(game, DEAL)
    assert results(game) == {
        1: (820, 795, 0, False),
        6: (820, 795, 0, False),
        2: (25, -795, 0, False),
        5: (25, -795, 0, False),
    }


def test_the_game_ends_at_the_target_and_the_higher_total_wins(game):
    play(game, totals(3000, 1000), totals(2500, 600))
    assert game.finished and game.winner_side == 0 and game.scores == [5500, 1600]
    assert results(game)[1] == (5500, 3900, 2, True)
    assert results(game)[2] == (1600, -3900, 0, False)


def test_a_draw_gives_each_side_one_match_point(game):
    play(game, totals(5000, 5000))
    assert game.finished and game.winner_side is None
    assert {r[2] for r in results(game).values()} == {1}
    assert {r[1] for r in results(game).values()} == {0}


def test_refreshing_twice_writes_the_same_rows(game):
    play(game, DEAL)
    refresh_game(game)
    refresh_game(game)
    assert Result.objects.filter(round=game.round).count() == 4


def test_a_game_of_fixed_deals_ends_after_its_deals(director):
    game = canasta_game(director, round_kind="deals", round_deals=2)
    play(game, totals(100, 300))
    assert not game.finished
    play(game, totals(400, 100))
    assert game.finished and game.winner_side == 0 and game.scores == [500, 400]


def test_the_director_ends_a_timed_game(director, other_director):
    game = canasta_game(director, round_kind="time", round_minutes=60)
    play(game, totals(100, 300))
    with pytest.raises(ServiceError):
        end_game(game, user=other_director)
    end_game(game, user=director, reason="time is up")
    game.refresh_from_db()
    assert game.finished and game.winner_side == 1
    assert results(game)[2] == (300, 200, 2, True)
    with pytest.raises(ServiceError):
        end_game(game, user=director)


def test_a_game_played_to_the_target_is_not_ended_by_the_director(director, game):
    with pytest.raises(ServiceError):
        end_game(game, user=director)


def test_the_score_sheet_shows_every_deal_with_its_status(game):
    play(game, DEAL)
    pending = submit_entry(game, 2, totals(100, 200), seat=seat_of(game, 2))
    sheet = game_sheet(game)
    assert [(row.number, row.status) for row in sheet.rows] == [(1, "confirmed"), (2, "entered")]
    assert sheet.rows[0].cells == [(820, 820), (25, 25)]
    assert sheet.rows[1].cells == [(100, None), (200, None)] and sheet.rows[1].entry == pending
    assert sheet.pending == (sheet.rows[1],)
    assert sheet.totals == DEAL_POINTS and sheet.next_number == 3
    assert sheet.target == 5000 and not sheet.finished


def test_the_score_sheet_gives_each_sides_minimum_meld(game):
    assert game_sheet(game).minimums == (50, 50)
    play(game, totals(1500, -100))
    assert game_sheet(game).minimums == (90, 15)
    play(game, totals(1500, 100))
    assert game_sheet(game).minimums == (120, 50)


def test_superseded_versions_are_not_on_the_sheet(game):
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    submit_entry(game, 1, totals(100, 50), seat=seat_of(game, 1), expected_version=1)
    sheet = game_sheet(game)
    assert [(row.entry.version, row.points) for row in sheet.rows] == [(2, (100, 50))]
    assert Entry.objects.filter(game=game).count() == 2


# --- Gin ---------------------------------------------------------------------------


def hand(winner: int, points: int) -> dict:
    """A knock by ``winner`` with deadwood 1 against ``points + 1``: ``winner`` scores ``points``."""
    return {
        "kind": "knock",
        "knocker": winner,
        "knocker_deadwood": 1,
        "defender_deadwood": points + 1,
    }


def test_the_worked_gin_example_of_the_rules(director):
    game = gin_game(director)
    # RULES.md 2: A 23, A 27, B 32, A 35, B 10, A 19 → A 284, B 82; A wins by 202.
    play(game, hand(0, 23), hand(0, 27), hand(1, 32), hand(0, 35), hand(1, 10))
    assert not game.finished
    play(game, hand(0, 19))
    assert game.finished and game.winner_side == 0 and game.scores == [284, 82]
    assert results(game) == {1: (284, 202, 2, True), 2: (82, -202, 0, False)}
    sheet = game_sheet(game)
    assert sheet.gin.points == (104, 42) and sheet.gin.boxes == (4, 2)
    assert sheet.gin.box_cells == [(4, 80), (2, 40)]
    assert sheet.gin.game_bonus == (100, 0) and sheet.gin.shutout_bonus == (0, 0)
    assert sheet.gin.totals == (284, 82) and sheet.net == 202


def test_a_gin_shutout_earns_its_bonus(director):
    game = gin_game(director)
    play(game, hand(1, 60), hand(1, 45))
    assert game.finished and game.winner_side == 1
    assert game_sheet(game).gin.shutout_bonus == (0, 100)
    assert game.scores == [0, 105 + 40 + 100 + 100]


def test_a_gin_game_of_fixed_hands_ends_after_its_hands(director):
    game = gin_game(director, round_kind="deals", round_deals=2)
    play(game, hand(0, 10), hand(1, 30))
    assert game.finished and game.winner_side == 1 and game.scores == [30, 50]
    assert results(game)[2] == (50, 20, 2, True)


def test_house_rule_the_side_that_went_out_wins_by_what_the_other_is_ahead(director):
    """RULES.md 1.6, ``house`` special rule 1: both sides pass 5000 in the same deal and the
    side that went out wins with the lower total. It wins by the difference, as any winner
    does: its net is plus, the other side's minus, and the pad says so."""
    game = canasta_game(director, profile_slug="house")
    last = {
        "sides": [
            {"natural_canastas": 1, "melded_points": 200},
            {"natural_canastas": 1, "going_out": "out", "melded_points": 100},
        ]
    }
    play(game, totals(5000, 4500), last)
    assert game.finished and game.winner_side == 1
    (a, b) = game.scores
    assert a > b > 5000
    assert results(game)[2] == (b, a - b, 2, True)
    assert results(game)[1] == (a, b - a, 0, False)
    sheet = game_sheet(game)
    assert sheet.winner == 1 and sheet.net == a - b > 0
