"""The demo (``make run`` loads it): two events played through the services, and a season
of six finished club evenings of the club's members ranked as a series."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments.kernel.public_ids import public_id
from tournaments.models import Club, Event, Member, Round, Series
from tournaments.services.club.series import series_standings
from tournaments.services.scores.standings import standings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def demo(director):
    """The demo, loaded for the test's director (the demo's director has the same name)."""
    call_command("load_demo", stdout=io.StringIO())
    return Club.objects.get(name="Canasta-Club Donaustadt")


def test_the_demo_club_has_a_season_of_six_finished_evenings_ranked_as_a_series(demo):
    series = Series.objects.get(club=demo)
    evenings = list(series.events.all())
    assert len(evenings) == 6
    assert all(event.status == Event.Status.FINISHED for event in evenings)
    assert all(event.rounds.filter(status=Round.Status.CLOSED).count() == 3 for event in evenings)
    rows = series_standings(series).rows
    assert len(rows) == 16  # the register's 16 members, each played some evenings
    assert rows[0].rank == 1 and rows[0].total > 0
    assert sum(row.played for row in rows) == 6 * 12
    assert any(row.played > 1 for row in rows)
    # Best 4 of 6: a member with more evenings counts four of them.
    assert all(len(row.counted) == min(row.played, 4) for row in rows)
    for event in series.events.all():
        for row in standings(event):
            (member_row,) = [r for r in rows if r.member.pk == row.player.member_id]
            assert member_row.evenings[event.pk].rank == row.rank
            assert member_row.evenings[event.pk].points == row.total > 0
    # The register hides one member's name and shows one by initials.
    choices = Member.objects.filter(club=demo).values_list("public_name", flat=True)
    assert sorted(choices).count("hidden") == 1
    assert sorted(choices).count("initials") == 1


def test_the_demo_events_stay_as_they_were_and_the_season_pages_open(demo, client, director):
    canasta = Event.objects.get(name="Progressives Canasta, Herbstabend")
    # Tonight's list is pasted: every one of its twelve players is the register's member.
    assert canasta.players.count() == 12
    assert set(canasta.players.values_list("name", "member__name")) == {
        (name, name) for name in canasta.players.values_list("name", flat=True)
    }
    assert list(canasta.rounds.values_list("number", "status")) == [
        (1, "closed"),
        (2, "closed"),
        (3, "open"),
    ]
    gin = Event.objects.get(name="Gin Rummy Schweizer System")
    assert gin.players.count() == 16 and gin.status == Event.Status.RUNNING
    assert not gin.series.exists() and not canasta.series.exists()
    # The director opens a season evening, one of its games, the series and its PDF.
    client.force_login(director)
    series = Series.objects.get(club=demo)
    event = series.events.order_by("date").last()
    game = event.rounds.get(number=3).games.order_by("table__number").first()
    for url in (
        reverse("tournaments-director-standings", args=[event.pk]),
        reverse("tournaments-director-game", args=[event.pk, game.pk]),
        reverse("tournaments-director-series-standings", args=[series.pk]),
        reverse("tournaments-director-series-print", args=[series.pk]),
    ):
        assert client.get(url).status_code == 200, url


def test_the_demo_clubs_public_page_is_on_and_hides_the_hidden_member(demo, client):
    page = reverse("tournaments-public-club", args=[demo.public_token])
    out = io.StringIO()
    call_command("serve_info", "--port", "8000", stdout=out)
    assert f"{page} (Canasta-Club Donaustadt)" in out.getvalue()
    response = client.get(page)
    assert response.status_code == 200
    series = Series.objects.get(club=demo)
    evening = series.events.order_by("date").last()
    for url in (
        reverse("tournaments-public-club-series", args=[demo.public_token, public_id(series)]),
        reverse("tournaments-public-club-evening", args=[demo.public_token, public_id(evening)]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        # Otto Wallner chose "hidden", Paula Schober "initials" (fixtures/demo.json).
        assert "Otto" not in html and "Wallner" not in html, url
        assert "Schober" not in html, url
    standings = client.get(
        reverse("tournaments-public-club-series", args=[demo.public_token, public_id(series)])
    ).content.decode()
    assert "(name withheld)" in standings and "P. S." in standings
