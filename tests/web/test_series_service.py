"""A series' standings from the database: members' evenings, a constant number of queries,
corrections showing at once."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_event
from tests.web.series_helpers import club_of, evening, members_of
from tests.web.table_helpers import canasta_game, seat_of, totals
from tournaments.models import Member, Result, Round, Series, Team
from tournaments.services.entries import confirm_entry, correct_entry, submit_entry
from tournaments.services.errors import ServiceError
from tournaments.services.series import save_series, series_standings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def series_over(club, events, rule=Series.Rule.TOTAL, **numbers) -> Series:
    fields = {"placing_points": [10, 6, 4], "best_of": None, "minimum_evenings": None}
    fields.update(numbers)
    return save_series(club, name="Winter 2026", events=events, rule=rule, **fields)


def test_members_are_ranked_over_their_evenings_and_guests_are_left_out(director):
    club = club_of(director)
    m = members_of(club, "Anna", "Bert", "Cleo")
    events = [
        evening(director, club, 5, {m["Anna"]: 3000, m["Bert"]: 3000, "Guest": 9000}),
        evening(director, club, 12, {m["Anna"]: 500, m["Cleo"]: 4000}),
        evening(director, club, 19, {m["Bert"]: 500, m["Cleo"]: 100}),
    ]
    result = series_standings(series_over(club, events))
    assert result.events == events
    assert [(row.rank, row.name, row.total, row.played) for row in result.rows] == [
        (1, "Cleo", 4100, 2),
        (2, "Anna", 3500, 2),
        (2, "Bert", 3500, 2),
    ]


def test_placing_points_come_from_each_evenings_ranking(director):
    club = club_of(director)
    m = members_of(club, "Anna", "Bert", "Cleo")
    events = [
        evening(director, club, 5, {m["Anna"]: 3000, m["Bert"]: 2000, "Guest": 9000}),
        # Ranked by match points, then points: level entries share a place (RULES.md 3.6).
        evening(
            director,
            club,
            12,
            {m["Anna"]: 500, m["Cleo"]: 4000, m["Bert"]: 500},
            scoring_mode="match",
        ),
    ]
    rows = series_standings(series_over(club, events, Series.Rule.PLACING)).rows
    # Evening 5: the guest is first, Anna second (6), Bert third (4).
    # Evening 12: Cleo first (10), Anna and Bert share the second place (6 each).
    # Bert and Cleo are level on 10: Cleo's best evening is the better one.
    assert [(row.rank, row.name, row.total) for row in rows] == [
        (1, "Anna", 12),
        (2, "Cleo", 10),
        (3, "Bert", 10),
    ]
    assert rows[2].evenings[events[1].pk].shared


def test_the_query_count_does_not_grow_with_the_evenings(director):
    club = club_of(director)
    m = members_of(club, "Anna", "Bert", "Cleo", "Dora")
    events = [
        evening(director, club, day, {member: day * 10 + i for i, member in enumerate(m.values())})
        for day in range(1, 9)
    ]
    counts = []
    for some in (events[:3], events):
        series = series_over(club, some)
        with CaptureQueriesContext(connection) as queries:
            rows = series_standings(series).rows
        counts.append(len(queries))
        assert rows[0].played == len(some)
    assert counts[0] == counts[1]


def test_a_corrected_deal_changes_the_series_at_once(director):
    club = club_of(director)
    game = canasta_game(director, club=club, entry_modes=["totals"])
    event = game.round.event
    for player in event.players.all():
        player.member = Member.objects.create(club=club, name=player.name)
        player.save()
    entry = submit_entry(game, 1, totals(2000, 500), seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    series = series_over(club, [event])
    assert series_standings(series).rows[0].name in ("Player 1", "Player 6")
    correct_entry(game, 1, totals(500, 2000), user=director, reason="sides swapped")
    rows = series_standings(series).rows
    assert {row.name for row in rows[:2]} == {"Player 2", "Player 5"}
    assert rows[0].total == 2000


def test_a_series_takes_only_events_of_its_club(director):
    club = club_of(director)
    elsewhere = club_of(director, "Elsewhere")
    foreign = evening(director, elsewhere, 5, {})
    with pytest.raises(ServiceError) as refused:
        series_over(club, [foreign])
    assert refused.value.field_errors["events"] == ["A series holds only events of its club."]


def test_best_of_needs_its_number(director):
    with pytest.raises(ServiceError) as refused:
        series_over(club_of(director), [], Series.Rule.BEST)
    assert "best_of" in refused.value.field_errors


def test_in_a_team_evening_both_partners_get_their_teams_place(director):
    club = club_of(director)
    event = make_event(director, players=4, game="gin", fmt="swiss", fixed_partners=True, club=club)
    players = list(event.players.order_by("number"))
    for player in players:
        player.member = Member.objects.create(club=club, name=player.name)
        player.save()
    for n in (1, 2):
        Team.objects.create(event=event, name=f"Team {n}", number=n).players.set(
            players[2 * n - 2 : 2 * n]
        )
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.CLOSED)
    for player, points in zip(players, (80, 80, 120, 120), strict=True):
        Result.objects.create(round=rnd, player=player, points=points)
    rows = series_standings(series_over(club, [event], Series.Rule.PLACING)).rows
    assert [(row.rank, row.name, row.total) for row in rows] == [
        (1, "Player 3", 10),
        (1, "Player 4", 10),
        (3, "Player 1", 6),
        (3, "Player 2", 6),
    ]
