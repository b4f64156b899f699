"""The club's public page: opt-in, and every member's name as they chose on the register."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import make_event
from tests.web.series_helpers import club_of, evening, members_of, total_series
from tournaments.kernel.public_ids import public_id
from tournaments.kernel.public_name import initials
from tournaments.models import Event, Member, Result, Series, Team
from tournaments.services.club.public_page import set_public_page
from tournaments.services.club.series import save_series

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

FINISHED = {"status": Event.Status.FINISHED}


@pytest.fixture
def club(director):
    return set_public_page(club_of(director), True)


@pytest.fixture
def people(club):
    m = members_of(club, "Anna Berger", "Bernd Huber", "Clara Roth")
    Member.objects.filter(name="Bernd Huber").update(public_name=Member.PublicName.INITIALS)
    Member.objects.filter(name="Clara Roth").update(public_name=Member.PublicName.HIDDEN)
    return {name: Member.objects.get(pk=member.pk) for name, member in m.items()}


@pytest.fixture
def evenings(director, club, people):
    anna, bernd, clara = people["Anna Berger"], people["Bernd Huber"], people["Clara Roth"]
    return [
        evening(director, club, 5, {clara: 3000, bernd: 2000, "Gustav Gast": 1000}, **FINISHED),
        evening(director, club, 12, {anna: 500, clara: 4000}, **FINISHED),
    ]


@pytest.fixture
def series(club, evenings):
    return total_series(club, evenings)


def club_url(club) -> str:
    return reverse("tournaments-public-club", args=[club.public_token])


def evening_url(club, event) -> str:
    return reverse("tournaments-public-club-evening", args=[club.public_token, public_id(event)])


def series_url(club, series) -> str:
    return reverse("tournaments-public-club-series", args=[club.public_token, public_id(series)])


def html(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_every_public_page_withholds_a_hidden_name_and_shortens_initials(
    client, club, evenings, series
):
    pages = [club_url(club), series_url(club, series)] + [evening_url(club, e) for e in evenings]
    for url in pages:
        page = html(client, url)
        assert "Clara" not in page and "Roth" not in page, url
        assert "Bernd" not in page and "Huber" not in page, url
    first = html(client, evening_url(club, evenings[0]))
    assert first.count("(name withheld)") == 1 and "B. H." in first and "Gustav Gast" in first
    second = html(client, evening_url(club, evenings[1]))
    assert "Anna Berger" in second and "(name withheld)" in second


def test_the_public_series_ranks_under_the_public_names(client, club, series):
    page = html(client, series_url(club, series))
    # Clara 3,000 + 4,000 = 7,000; Bernd 2,000; Anna 500. The guest is in no series.
    names = ["(name withheld)", "B. H.", "Anna Berger"]
    positions = [page.index(f'<td class="name">{name}</td>') for name in names]
    assert positions == sorted(positions)
    assert "7,000" in page and "Gustav" not in page


def test_the_club_page_lists_coming_evenings_series_and_results_by_year(
    client, director, club, evenings, series
):
    older = evening(director, club, 20, {}, **FINISHED)
    older.date = datetime.date(2025, 11, 20)
    older.save()
    make_event(director, club=club, name="Spring opener", date=datetime.date(2099, 3, 1))
    page = html(client, club_url(club))
    assert "Spring opener" in page and "Winter cup" in page
    assert page.index("<h3>2026</h3>") < page.index("<h3>2025</h3>")
    for event in (*evenings, older):
        assert evening_url(club, event) in page
    assert series_url(club, series) in page


def test_a_team_with_a_hidden_member_is_named_by_its_players(client, director, club, people):
    event = evening(director, club, 7, {}, fmt="swiss", fixed_partners=True, **FINISHED)
    rnd = event.rounds.get()
    clara = event.players.create(name="Clara Roth", number=1, member=people["Clara Roth"])
    anna = event.players.create(name="Anna Berger", number=2, member=people["Anna Berger"])
    team = Team.objects.create(event=event, name="Clara Roth & Anna Berger", number=1)
    team.players.set([clara, anna])
    Result.objects.create(round=rnd, player=clara, points=900)
    page = html(client, evening_url(club, event))
    assert "(name withheld) &amp; Anna Berger" in page and "Clara" not in page


def test_a_club_that_has_not_opted_in_has_no_public_page(client, director, evenings, series):
    club = set_public_page(evenings[0].club, False)
    for url in (club_url(club), series_url(club, series), evening_url(club, evenings[0])):
        assert client.get(url).status_code == 404
    never = club_of(director, "Kartenfreunde")
    assert never.public_token is None
    assert client.get(reverse("tournaments-public-club", args=["none"])).status_code == 404


def test_turning_the_page_back_on_keeps_its_link(club):
    token = club.public_token
    assert set_public_page(set_public_page(club, False), True).public_token == token


def test_an_unfinished_evening_or_another_clubs_has_no_standings_here(
    client, director, other_director, club, evenings
):
    running = evening(director, club, 26, {}, status=Event.Status.RUNNING)
    assert client.get(evening_url(club, running)).status_code == 404
    elsewhere = club_of(other_director, "Elsewhere")
    theirs = evening(other_director, elsewhere, 5, {}, **FINISHED)
    assert client.get(evening_url(club, theirs)).status_code == 404
    their_series = Series.objects.create(club=elsewhere, name="Their cup")
    assert client.get(series_url(club, their_series)).status_code == 404


def test_the_director_turns_the_page_on_and_sees_its_link(director_client, director):
    club = club_of(director)
    register = f"{reverse('tournaments-director-members')}?club={club.pk}"
    toggle = f"{reverse('tournaments-director-members-public-page')}?club={club.pk}"
    director_client.post(toggle, {"public_page": "on"})
    club.refresh_from_db()
    assert club.public_page and club.public_token
    assert club_url(club) in director_client.get(register).content.decode()
    director_client.post(toggle, {})
    club.refresh_from_db()
    assert not club.public_page
    assert club_url(club) not in director_client.get(register).content.decode()


def test_a_director_of_another_club_cannot_turn_its_page_on(client, other_director, director):
    club = club_of(director)
    client.force_login(other_director)
    toggle = f"{reverse('tournaments-director-members-public-page')}?club={club.pk}"
    assert client.post(toggle, {"public_page": "on"}).status_code == 404
    club.refresh_from_db()
    assert not club.public_page


def test_initials_keep_the_hyphen_of_a_double_name():
    assert initials("Anna-Maria  von Berg") == "A.-M. v. B."


def test_guests_show_as_entered_in_the_final_standings(client, director, club):
    event = evening(director, club, 3, {"Gustav Gast": 10, "Hanna Gast": 20}, **FINISHED)
    page = html(client, evening_url(club, event))
    assert page.index("Hanna Gast") < page.index("Gustav Gast")


def test_the_club_pages_cost_no_more_queries_with_more_evenings(
    client, director, club, people, evenings, series
):
    def queries() -> list[int]:
        counts = []
        for url in (club_url(club), series_url(club, series), evening_url(club, evenings[0])):
            with CaptureQueriesContext(connection) as captured:
                html(client, url)
            counts.append(len(captured))
        return counts

    before = queries()
    more = [
        evening(director, club, day, {people["Anna Berger"]: day}, **FINISHED) for day in (20, 21)
    ]
    series.events.add(*more)
    assert queries() == before


def test_the_public_series_lists_each_evening_and_marks_the_counted_points(
    client, director, club, people, evenings
):
    running = evening(
        director, club, 19, {people["Anna Berger"]: 700}, status="running", public=True
    )
    best = save_series(
        club,
        name="Best of one",
        events=[*evenings, running],
        rule=Series.Rule.BEST,
        placing_points=[],
        best_of=1,
        minimum_evenings=None,
    )
    page = html(client, series_url(club, best))
    listed = page.split('class="legend series-evenings"')[1].split("</ol>")[0]
    assert listed.count("<li>") == 3
    for finished in evenings:
        assert evening_url(club, finished) in listed
    assert "Evening 19" in listed and evening_url(club, running) not in listed
    rows = page.split("<tbody")[1].split("</tr>")

    def evenings_of(name: str) -> list[tuple[str, bool]]:
        """The three evenings' cells of ``name``'s row: the points, and whether they count
        (highlighted, and described by the legend's words for a screen reader)."""
        row = next(row for row in rows if f'<td class="name">{name}</td>' in row)
        cells = re.findall(r"<td ([^>]*)>([^<]*)</td>", row)[3:6]
        marked = []
        for attributes, text in cells:
            highlighted = "counts" in re.search(r'class="([^"]*)"', attributes)[1].split()
            described = 'aria-describedby="counts-means"' in attributes
            assert highlighted == described, attributes
            marked.append((text, highlighted))
        return marked

    # Best one of three: Clara's 4,000 on the 12th counts, not her 3,000 on the 5th;
    # Anna's 700 so far on the 19th counts, not her 500 on the 12th.
    assert evenings_of("(name withheld)") == [("3,000", False), ("4,000", True), ("–", False)]
    assert evenings_of("Anna Berger") == [("–", False), ("500", False), ("700", True)]
    assert '<span id="counts-means">counts for the series</span>' in page


def test_an_evening_running_now_links_to_its_live_public_page(client, director, club, people):
    later = datetime.date(2099, 3, 1)
    running = evening(
        director, club, 1, {people["Clara Roth"]: 300}, status="running", public=True, language="en"
    )
    unlisted = make_event(director, club=club, name="Closed doors", date=later, status="running")
    planned = make_event(director, club=club, name="Spring opener", date=later, public=True)
    Event.objects.filter(pk=running.pk).update(date=later)
    page = html(client, club_url(club))
    live = reverse("tournaments-public", args=[running.public_token])
    assert f'<a href="{live}"><span>Evening 1 <span class="badge status-running">' in page
    # Not public, or not running yet: listed without a link to their own page.
    for event in (unlisted, planned):
        assert event.name in page
        assert reverse("tournaments-public", args=[event.public_token]) not in page
    assert evening_url(club, running) not in page
    # The live page names the members as they chose, like the club's own pages.
    shown = html(client, live)
    assert "(name withheld)" in shown and "Clara" not in shown
