"""The standings: sums of Result and Bye rows, the event's metrics, the recorded draw for ties."""

import pytest

from tests.factories import make_event, seat_round
from tournaments.models import Bye, Result, Round, Team
from tournaments.services.scores.standings import METRICS, PRECEDENCE, precedence, standings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def result(rnd, event, number, points=0, net=0, match_points=0, won=False):
    player = event.players.get(number=number)
    return Result.objects.create(
        round=rnd, player=player, points=points, net=net, match_points=match_points, won=won
    )


def by_number(rows):
    return {row.number: row for row in rows}


def test_tally_scoring_sums_each_players_points_round_by_round(director):
    event = make_event(director, players=4)
    r1 = Round.objects.create(event=event, number=1, status="closed")
    r2 = Round.objects.create(event=event, number=2)
    for number, (a, b) in {1: (3000, 500), 2: (3000, -200), 3: (1200, 800), 4: (1200, 900)}.items():
        result(r1, event, number, points=a)
        result(r2, event, number, points=b)
    rows = standings(event)
    assert [row.number for row in rows] == [1, 2, 4, 3]
    assert by_number(rows)[1].per_round == {1: 3000, 2: 500}
    assert by_number(rows)[1].total == 3500 and by_number(rows)[1].tiebreak is None
    assert [row.rank for row in rows] == [1, 2, 3, 4]


def test_standings_through_a_round_leave_later_rounds_out(director):
    event = make_event(director, players=2, card_game="gin", fmt="swiss", scoring_mode="net")
    r1 = Round.objects.create(event=event, number=1, status="closed")
    r2 = Round.objects.create(event=event, number=2)
    result(r1, event, 1, net=50)
    result(r1, event, 2, net=-50)
    result(r2, event, 2, net=300)
    result(r2, event, 1, net=-300)
    assert standings(event)[0].number == 2
    assert standings(event, through_round=1)[0].number == 1
    assert standings(event, closed_only=True)[0].number == 1


def test_net_scoring_ranks_by_plus_minus(director):
    event = make_event(director, players=2, card_game="gin", fmt="swiss", scoring_mode="net")
    rnd = Round.objects.create(event=event, number=1)
    result(rnd, event, 1, points=284, net=202, won=True)
    result(rnd, event, 2, points=82, net=-202)
    rows = standings(event)
    assert [(row.number, row.total) for row in rows] == [(1, 202), (2, -202)]
    assert rows[0].per_round == {1: 202}


def test_match_points_rank_first_and_points_break_the_tie(director):
    event = make_event(director, players=3, card_game="gin", fmt="swiss", scoring_mode="match")
    rnd = Round.objects.create(event=event, number=1)
    result(rnd, event, 1, points=150, match_points=2)
    result(rnd, event, 2, points=300, match_points=2)
    result(rnd, event, 3, points=900, match_points=0)
    rows = standings(event)
    assert [row.number for row in rows] == [2, 1, 3]
    assert rows[0].total == 2 and rows[0].tiebreak == 300


def test_players_level_on_every_metric_share_a_place_when_a_tie_break_is_chosen(director):
    event = make_event(director, players=3, card_game="gin", fmt="swiss", scoring_mode="match")
    rnd = Round.objects.create(event=event, number=1)
    result(rnd, event, 1, points=100, match_points=2)
    result(rnd, event, 2, points=100, match_points=2)
    result(rnd, event, 3, points=50, match_points=0)
    rows = standings(event)
    assert [row.rank for row in rows] == [1, 1, 3]
    assert rows[0].shared and rows[1].shared and rows[0].tied and not rows[2].tied


def test_without_a_tie_break_the_recorded_draw_decides_a_tie(director):
    event = make_event(director, players=6, draw_seed="seed-1")
    rnd = Round.objects.create(event=event, number=1)
    for number in range(1, 7):
        result(rnd, event, number, points=500)
    rows = standings(event)
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5, 6]
    assert all(row.tied and not row.shared for row in rows)
    assert [row.number for row in rows] == [row.number for row in standings(event)]
    event.draw_seed = "another seed"
    event.save()
    orders = {tuple(row.number for row in standings(event))}
    for seed in ("x", "y", "z"):
        event.draw_seed = seed
        event.save()
        orders.add(tuple(row.number for row in standings(event)))
    assert len(orders) > 1


def test_a_bye_counts_its_points_and_in_match_scoring_a_win(director):
    event = make_event(
        director, players=3, card_game="gin", fmt="swiss", scoring_mode="match", bye_score=100
    )
    rnd = Round.objects.create(event=event, number=1)
    result(rnd, event, 1, points=200, match_points=2, won=True)
    result(rnd, event, 2, points=50)
    Bye.objects.create(round=rnd, player=event.players.get(number=3), points=100)
    rows = by_number(standings(event))
    assert rows[3].match_points == 2 and rows[3].points == 100 and rows[3].bye_rounds == {1}
    assert rows[3].per_round == {1: 100}


def test_a_progressive_sitter_out_scores_nothing_in_match_points(director):
    event = make_event(director, players=5, scoring_mode="match")
    rnd = Round.objects.create(event=event, number=1)
    Bye.objects.create(round=rnd, player=event.players.get(number=5), points=0)
    assert by_number(standings(event))[5].match_points == 0


def test_team_events_rank_teams_counting_each_round_once(director):
    event = make_event(director, players=4, card_game="gin", fmt="swiss", fixed_partners=True)
    players = list(event.players.order_by("number"))
    for n in (1, 2):
        team = Team.objects.create(event=event, name=f"Team {n}", number=n)
        team.players.set(players[2 * n - 2 : 2 * n])
    rnd = seat_round(event, 1, [((1, 2), (3, 4))])
    for number, points in ((1, 80), (2, 80), (3, 120), (4, 120)):
        result(rnd, event, number, points=points)
    rows = standings(event)
    assert [(row.name, row.total) for row in rows] == [("Team 2", 120), ("Team 1", 80)]
    assert rows[0].is_team


def test_a_correction_changes_the_standings(director):
    event = make_event(director, players=2)
    rnd = Round.objects.create(event=event, number=1)
    first = result(rnd, event, 1, points=100)
    result(rnd, event, 2, points=200)
    assert standings(event)[0].number == 2
    first.points = 300
    first.save()
    assert standings(event)[0].number == 1


def test_two_hundred_players_take_a_constant_few_queries(director, django_assert_max_num_queries):
    event = make_event(director, players=200, card_game="gin", fmt="swiss", scoring_mode="net")
    players = list(event.players.all())
    for number in range(1, 5):
        rnd = Round.objects.create(event=event, number=number, status="closed")
        Result.objects.bulk_create(
            Result(round=rnd, player=p, points=p.number * number, net=p.number - 100)
            for p in players
        )
    with django_assert_max_num_queries(3):
        rows = standings(event)
    assert len(rows) == 200 and rows[0].number == 200


def test_the_metrics_registry_names_each_metric_and_its_direction():
    assert {"points", "net", "match_points"} <= set(METRICS)
    assert all(metric.descending for metric in METRICS.values())
    assert set(PRECEDENCE) == {"tally", "net", "match"}


def test_the_scoring_mode_lists_the_precedence(director):
    event = make_event(director, players=2, scoring_mode="match")
    assert [metric.key for metric in precedence(event)] == ["match_points", "points"]
