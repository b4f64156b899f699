"""The club's rating lists: rated evening by evening, replayed when the past changes, read in
bulk; every way an evening comes in or goes out of the lists."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ratings import Evening, Ledger, Match, Rating
from tests.web.rating_helpers import entered_evening, rated_evening
from tests.web.series_helpers import club_of, members_of
from tournaments import transfer
from tournaments.kernel.errors import ServiceError
from tournaments.models import Event, MemberRating, RatingHistory, RatingList
from tournaments.services.club.members import build_from_events, merge_members
from tournaments.services.ratings import lists as rating_lists
from tournaments.services.ratings import refresh as ratings
from tournaments.services.setup import events as setup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

NAMES = ("Anna", "Bernd", "Clara", "Dora", "Emil", "Franz", "Gerda", "Hans")


@pytest.fixture
def club(director):
    return club_of(director)


@pytest.fixture
def people(club):
    return list(members_of(club, *NAMES).values())


def four_tables(people, shift: int = 0):
    """A round at two tables of four: the first side of each wins."""
    p = people[shift:] + people[:shift]
    return [
        (((p[0], p[1]), (p[2], p[3])), (5100, 3300)),
        (((p[4], p[5]), (p[6], p[7])), (4800, 4200)),
    ]


def season(director, club, people, days=(5, 12, 19), **fields):
    return [
        rated_evening(
            director, club, day, [four_tables(people, i), four_tables(people, i + 1)], **fields
        )
        for i, day in enumerate(days)
    ]


def stored(club, card_game="canasta") -> dict[int, tuple[float, float, int]]:
    return {
        r.member_id: (r.mu, r.sigma, r.games)
        for r in MemberRating.objects.filter(member__club=club, card_game=card_game)
    }


def history(club) -> list[tuple]:
    return sorted(
        RatingHistory.objects.filter(member__club=club).values_list(
            "event_id", "member_id", "mu_before", "mu_after", "games", "expected", "scored"
        )
    )


def test_finishing_an_evening_rates_its_members_once_it_commits(
    director, club, people, django_capture_on_commit_callbacks
):
    (event,) = season(director, club, people, days=(5,), status=Event.Status.RUNNING)
    with django_capture_on_commit_callbacks(execute=True):
        setup.finish_event(event, director)
    rows = rating_lists.rating_list(club, "canasta")
    assert len(rows) == 8 and all(row.rating.games == 2 for row in rows)
    assert RatingList.objects.get(club=club, card_game="canasta").evenings == 1
    first = {row.member.name: row for row in rows}
    assert first["Anna"].rating.mu > 25 > first["Dora"].rating.mu
    assert first["Anna"].rating.provisional and first["Anna"].rating.games_to_go == 10


def test_an_evening_finished_after_the_others_is_rated_on_top_as_the_replay_would(
    director, club, people
):
    events = season(director, club, people)
    ratings.recompute_club(club.pk)
    replayed = stored(club), history(club)
    later = season(director, club, people, days=(26,), status=Event.Status.RUNNING)[0]
    ratings.recompute_club(club.pk)
    before = stored(club)
    Event.objects.filter(pk=later.pk).update(status=Event.Status.FINISHED)
    with CaptureQueriesContext(connection) as on_top:
        ratings.evening_finished(later.pk)
    assert not any("DELETE" in q["sql"] for q in on_top.captured_queries)  # not replayed
    assert stored(club) != before
    step_by_step = stored(club), history(club)
    ratings.recompute_club(club.pk)
    assert (stored(club), history(club)) == step_by_step
    assert replayed[1] == [row for row in step_by_step[1] if row[0] != later.pk]
    assert RatingList.objects.get(club=club, card_game="canasta").through_event_id == later.pk
    assert events


def test_an_evening_that_lands_in_the_past_replays_the_list_in_date_order(director, club, people):
    season(director, club, people, days=(5, 19))
    ratings.recompute_club(club.pk)
    early = rated_evening(director, club, 12, [four_tables(people, 3)])
    ratings.evening_finished(early.pk)
    order = list(
        RatingHistory.objects.filter(member=people[0])
        .order_by("games_before")
        .values_list("event__date__day", flat=True)
    )
    assert order == [5, 12, 19]
    step_by_step = stored(club)
    ratings.recompute_club(club.pk)
    assert stored(club) == step_by_step


def test_evenings_of_one_day_count_in_the_order_they_were_made(director, club, people):
    first = rated_evening(director, club, 5, [four_tables(people)])
    second = rated_evening(director, club, 5, [four_tables(people, 2)])
    ratings.recompute_club(club.pk)
    anna = RatingHistory.objects.filter(member=people[0])
    assert anna.get(event=first).games_before == 0
    assert anna.get(event=second).games_before == 1


def test_reopening_takes_the_evening_out_until_it_is_finished_again(
    director, club, people, django_capture_on_commit_callbacks
):
    first, second = season(director, club, people, days=(5, 12))
    ratings.recompute_club(club.pk)
    both = stored(club)
    with django_capture_on_commit_callbacks(execute=True):
        setup.reopen_event(first, director, "Deal 3 at table 2 was entered twice")
    assert not RatingHistory.objects.filter(event=first).exists()
    assert RatingList.objects.get(club=club, card_game="canasta").evenings == 1
    assert stored(club) != both
    with django_capture_on_commit_callbacks(execute=True):
        setup.finish_event(first, director)
    assert stored(club) == both
    assert first.audit_entries.filter(reason="Deal 3 at table 2 was entered twice").exists()


def test_only_a_finished_evening_is_reopened_and_only_with_a_reason(director, club, people):
    (event,) = season(director, club, people, days=(5,), status=Event.Status.RUNNING)
    with pytest.raises(ServiceError, match="Only a finished event"):
        setup.reopen_event(event, director, "why")
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(ServiceError, match="Give a reason"):
        setup.reopen_event(event, director, "  ")


def test_a_correction_in_an_old_evening_changes_todays_ratings(
    director, club, people, django_capture_on_commit_callbacks
):
    old, _today = season(director, club, people, days=(5, 26))
    ratings.recompute_club(club.pk)
    before = stored(club)
    with django_capture_on_commit_callbacks(execute=True):
        setup.reopen_event(old, director, "Table 1 had the sides the wrong way round")
        game = old.rounds.get(number=1).games.get(table__number=1)
        game.score_0, game.score_1 = game.score_1, game.score_0
        game.save()
        setup.finish_event(old, director)
    after = stored(club)
    assert after[people[0].pk][0] < before[people[0].pk][0]
    assert after[people[2].pk][0] > before[people[2].pk][0]


def test_merging_two_members_replays_the_list_with_one_history(
    director, club, people, django_capture_on_commit_callbacks
):
    season(director, club, people, days=(5,))
    twin = members_of(club, "Anna B.")["Anna B."]
    rated_evening(
        director, club, 12, [[(((twin, people[1]), (people[2], people[3])), (5000, 100))]]
    )
    ratings.recompute_club(club.pk)
    assert twin.pk in stored(club)
    with django_capture_on_commit_callbacks(execute=True):
        merge_members(people[0], twin)
    anna = stored(club)[people[0].pk]
    assert anna[2] == 3 and twin.pk not in stored(club)


def test_building_the_register_rates_the_players_it_links(
    director, club, django_capture_on_commit_callbacks
):
    rated_evening(director, club, 5, [[((("Ida", "Jan"), ("Kai", "Lea")), (5000, 2000))]])
    ratings.recompute_club(club.pk)
    assert not stored(club)
    with django_capture_on_commit_callbacks(execute=True):
        build_from_events(director, club)
    assert len(stored(club)) == 4


def test_an_imported_finished_evening_is_rated_where_its_date_puts_it(
    director, club, people, django_capture_on_commit_callbacks
):
    a, b, c, d = people[:4]
    with django_capture_on_commit_callbacks(execute=True):
        event = entered_evening(director, club, 12, [((a, b), (c, d))], [[(1200, 300)]])
    data = transfer.export_event(event)
    data["event"]["date"] = "2026-01-05"
    data["event"]["public_token"] = "other"
    with django_capture_on_commit_callbacks(execute=True):
        copy = transfer.import_event(data, owner=director)
    assert copy.club == club and copy.status == Event.Status.FINISHED
    days = RatingHistory.objects.filter(member=a).order_by("games_before")
    assert [row.event.date.day for row in days] == [5, 12]


def test_the_export_carries_the_results_not_the_ratings(
    director, club, people, django_capture_on_commit_callbacks
):
    a, b, c, d = people[:4]
    with django_capture_on_commit_callbacks(execute=True):
        event = entered_evening(director, club, 5, [((a, b), (c, d))], [[(1200, 300)]])
    assert MemberRating.objects.filter(member=a).exists()
    data = transfer.export_event(event)
    assert not {"ratings", "rating_history", "rating_lists"} & set(data)
    assert "'mu" not in repr(data) and "sigma" not in repr(data)
    assert [entry["points"][:2] for entry in data["entries"]] == [[1200, 300]]
    assert data["event"]["seed_by_rating"] is False


def test_guests_are_counted_at_the_starting_rating_and_not_kept(director, club, people):
    anna, bernd, clara, _dora = people[:4]
    rated_evening(
        director,
        club,
        5,
        [
            [(((anna, "Guest One"), (bernd, clara)), (5000, 2000))],
            [((("Guest One", "Guest Two"), (anna, bernd)), (5000, 2000))],
        ],
    )
    ratings.recompute_club(club.pk)
    ratings_now = stored(club)
    assert set(ratings_now) == {anna.pk, bernd.pk, clara.pk}
    # The second game had a side of guests only: it rates nobody.
    assert ratings_now[anna.pk][2] == 1 and ratings_now[bernd.pk][2] == 1
    alone = Ledger(margin=1000)
    alone.rate_evening(
        Evening(1, (Match(((anna.pk,), (bernd.pk, clara.pk)), (5000, 2000), (1, 0)),))
    )
    assert ratings_now[anna.pk][0] == pytest.approx(alone.rating(anna.pk).mu)


def test_a_match_points_evening_counts_only_who_won(director, club, people):
    a, b, c, d = people[:4]
    close = rated_evening(
        director, club, 5, [[(((a, b), (c, d)), (5010, 5000))]], scoring_mode="match"
    )
    ratings.recompute_club(club.pk)
    by_places = stored(club)[a.pk]
    close.delete()
    rated_evening(director, club, 5, [[(((a, b), (c, d)), (9000, 100))]], scoring_mode="match")
    ratings.recompute_club(club.pk)
    assert stored(club)[a.pk] == by_places


def test_the_number_of_queries_does_not_grow_with_the_evenings(director, club, people):
    season(director, club, people, days=(5, 12))
    ratings.recompute_club(club.pk)  # the lists' rows are made once
    with CaptureQueriesContext(connection) as two:
        ratings.recompute_club(club.pk)
    season(director, club, people, days=(13, 14, 15, 16, 17, 18, 19, 20))
    with CaptureQueriesContext(connection) as ten:
        ratings.recompute_club(club.pk)
    assert len(two) == len(ten)
    later = season(director, club, people, days=(21,), status=Event.Status.RUNNING)[0]
    Event.objects.filter(pk=later.pk).update(status=Event.Status.FINISHED)
    with CaptureQueriesContext(connection) as one_on_top:
        ratings.evening_finished(later.pk)
    later = season(director, club, people, days=(22,), status=Event.Status.RUNNING)[0]
    rated_evening(director, club, 2, [four_tables(people)] * 3, status=Event.Status.RUNNING)
    Event.objects.filter(pk=later.pk).update(status=Event.Status.FINISHED)
    with CaptureQueriesContext(connection) as another:
        ratings.evening_finished(later.pk)
    assert len(one_on_top) == len(another)


def test_reading_a_list_a_member_and_a_seeding_takes_one_query_each(director, club, people):
    season(director, club, people, days=(5, 12, 19, 26))
    ratings.recompute_club(club.pk)
    with CaptureQueriesContext(connection) as listed:
        rows = rating_lists.rating_list(club, "canasta")
    with CaptureQueriesContext(connection) as member:
        (canasta,) = rating_lists.member_ratings(people[0])
    with CaptureQueriesContext(connection) as seeded:
        values = rating_lists.shown_ratings(club.pk, "canasta", [p.pk for p in people])
    assert (len(listed), len(member), len(seeded)) == (1, 2, 1)
    assert len(rows) == 8 and len(canasta.evenings) == 4 and len(values) == 8
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)


def test_members_with_the_same_shown_value_share_their_rank(director, club, people):
    a, b, c, d = people[:4]
    rated_evening(director, club, 5, [[(((a, b), (c, d)), (5000, 3000))]])
    ratings.recompute_club(club.pk)
    rows = rating_lists.rating_list(club, "canasta")
    assert [(row.member.name, row.rank, row.shared) for row in rows] == [
        ("Anna", 1, True),
        ("Bernd", 1, True),
        ("Clara", 3, True),
        ("Dora", 3, True),
    ]


def test_an_evening_of_another_club_or_game_leaves_the_list_alone(director, club, people):
    other = club_of(director, "Other club")
    strangers = list(members_of(other, *NAMES[:4]).values())
    rated_evening(
        director,
        other,
        5,
        [[(((strangers[0], strangers[1]), (strangers[2], strangers[3])), (5000, 1000))]],
    )
    rated_evening(
        director, club, 6, [[((((people[0],), (people[1],))), (250, 100))]], card_game="gin"
    )
    ratings.recompute_club(club.pk)
    ratings.recompute_club(other.pk)
    assert not stored(club) and set(stored(club, "gin")) == {people[0].pk, people[1].pk}
    assert len(stored(other)) == 4


def test_the_shown_value_is_cautious():
    assert rating_lists.shown(Rating()) == 0.0
    assert rating_lists.shown(Rating(30.0, 2.0, 40)) == 24.0


def test_an_evening_deleted_in_the_admin_leaves_the_lists(
    admin_client, director, club, people, django_capture_on_commit_callbacks
):
    first, _second = season(director, club, people, days=(5, 12))
    ratings.recompute_club(club.pk)
    url = reverse("admin:tournaments_event_delete", args=[first.pk])
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not Event.objects.filter(pk=first.pk).exists()
    assert RatingList.objects.get(club=club, card_game="canasta").evenings == 1
    assert all(games == 2 for _mu, _sigma, games in stored(club).values())
