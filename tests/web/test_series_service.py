"""A series' standings from the database: members' evenings, a constant number of queries,
corrections showing at once."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_event
from tests.web.series_helpers import club_of, evening, members_of
from tests.web.table_helpers import canasta_game, seat_of, totals
from tournaments.kernel.errors import ServiceError
from tournaments.models import Bye, Member, Result, Round, Series, Team
from tournaments.services.club.series import save_series, series_standings
from tournaments.services.scores.entries import confirm_entry, correct_entry, submit_entry
from tournaments.services.scores.standings import standings

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
    # Anna and Bert share a place: ordered within it by their lot, not by name.
    assert sorted((row.rank, row.name, row.total, row.played) for row in result.rows) == [
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
    event = make_event(
        director, players=4, card_game="gin", fmt="swiss", fixed_partners=True, club=club
    )
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
    assert sorted((row.rank, row.name, row.total) for row in rows) == [
        (1, "Player 3", 10),
        (1, "Player 4", 10),
        (3, "Player 1", 6),
        (3, "Player 2", 6),
    ]


def _linked(event, club, members: dict[str, Member]) -> None:
    for player in event.players.all():
        name = player.name
        player.member = members.get(name) or members.setdefault(
            name, Member.objects.create(club=club, name=name)
        )
        player.save()


def test_every_evening_counts_as_the_event_standings_rank_it(director):
    """Ties decided by the draw, shared places, byes, a withdrawn player, a substitute:
    each member's evening has the rank, points and shared place of the event's standings."""
    club = club_of(director)
    members: dict[str, Member] = {}
    tally = make_event(director, players=6, club=club, name="Tally, level scores")
    rnd = Round.objects.create(event=tally, number=1, status=Round.Status.CLOSED)
    # Player 6 plays no round: on the list, but not an evening of theirs.
    for player, points in zip(tally.players.order_by("number"), (50, 50, 50, 20, 20), strict=False):
        Result.objects.create(round=rnd, player=player, points=points)
    swiss = make_event(
        director, players=5, card_game="gin", fmt="swiss", club=club, scoring_mode="match"
    )
    for number in (1, 2):
        rnd = Round.objects.create(event=swiss, number=number, status=Round.Status.CLOSED)
        for player in swiss.players.exclude(number=number):
            Result.objects.create(
                round=rnd,
                player=player,
                points=10 * player.number,
                match_points=2 if player.number % 2 else 0,
                won=bool(player.number % 2),
            )
        Bye.objects.create(round=rnd, player=swiss.players.get(number=number), points=30)
    relay = make_event(director, players=4, club=club, name="With a substitute")
    first, second = list(relay.players.order_by("number"))[:2]
    substitute = relay.players.create(name="Player 9", number=9, substitute_for=first)
    for number, people in ((1, [first, second]), (2, [substitute, second])):
        rnd = Round.objects.create(event=relay, number=number, status=Round.Status.CLOSED)
        for player in people:
            Result.objects.create(round=rnd, player=player, points=100 * number)
    events = [tally, swiss, relay]
    for event in events:
        _linked(event, club, members)

    rows = series_standings(series_over(club, events)).rows

    seen = set()
    for event in events:
        for row in standings(event):
            member = members[row.player.name]
            if not row.rounds:
                assert all(event.pk not in r.evenings for r in rows if r.member == member)
                continue
            (series_row,) = [r for r in rows if r.member == member]
            evening = series_row.evenings[event.pk]
            assert (evening.rank, evening.points, evening.shared) == (
                row.rank,
                row.total,
                row.shared,
            ), (event.name, member.name)
            seen.add((event.pk, member.pk))
    # The substitute's rounds count for the player replaced (the event's default).
    assert len(seen) == 5 + 5 + 2
    # By hand: three level on 50 in a tally evening take places 1 to 3 by the draw.
    tally_evenings = [r.evenings[tally.pk] for r in rows if tally.pk in r.evenings]
    assert sorted(e.rank for e in tally_evenings if e.points == 50) == [1, 2, 3]
    assert not any(e.shared for e in tally_evenings)
    # The Swiss evening ranks by match points (a bye is a win: 2), then points:
    # 5 (4, 100), 3 (4, 60), 1 (4, 10 + 30), 2 (2, 20 + 30), 4 (0, 80).
    swiss_places = {r.name: r.evenings[swiss.pk].rank for r in rows if swiss.pk in r.evenings}
    assert swiss_places == {
        "Player 5": 1,
        "Player 3": 2,
        "Player 1": 3,
        "Player 2": 4,
        "Player 4": 5,
    }
