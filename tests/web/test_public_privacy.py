"""An event's public pages (page, live fragment, projector, clock) name every player as
their member chose on the register; the director's and the table's pages keep full names."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.series_helpers import club_of
from tournaments.kernel import feed
from tournaments.models import Bye, Game, Member, Result, Seat, Table, Team
from tournaments.services.club.members import save_member
from tournaments.services.club.public_names import public_names

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HIDDEN_WORDS = ("Clara", "Roth", "Emil", "Stern", "Bernd", "Huber")


@pytest.fixture
def club(director):
    return club_of(director)


@pytest.fixture
def people(club):
    choices = {
        "Anna Berger": Member.PublicName.FULL,
        "Bernd Huber": Member.PublicName.INITIALS,
        "Clara Roth": Member.PublicName.HIDDEN,
        "Emil Stern": Member.PublicName.HIDDEN,
    }
    return {
        name: Member.objects.create(club=club, name=name, public_name=choice)
        for name, choice in choices.items()
    }


def entered(event, people, names):
    """Players 1, 2, … named ``names``; a name on the register is that member's, else a guest."""
    return {
        name: event.players.create(name=name, number=number, member=people.get(name))
        for number, name in enumerate(names, start=1)
    }


@pytest.fixture
def event(director, club, people):
    """Round 1 being played: Clara against Anna at table 1, Bernd against the guest at
    table 2, Emil sitting out; Clara and Bernd have a result already."""
    event = make_event(
        director, card_game="gin", players=0, fmt="swiss", club=club, public=True, language="en"
    )
    players = entered(
        event, people, ["Clara Roth", "Bernd Huber", "Anna Berger", "Gustav Gast", "Emil Stern"]
    )
    rnd = seat_round(event, 1, [(1, 3), (2, 4)])
    Bye.objects.create(round=rnd, player=players["Emil Stern"], points=50)
    Result.objects.create(round=rnd, player=players["Clara Roth"], points=120)
    Result.objects.create(round=rnd, player=players["Bernd Huber"], points=80)
    return event


def public_urls(event) -> list[str]:
    token = event.public_token
    page = reverse("tournaments-public", args=[token])
    projector = reverse("tournaments-public-projector", args=[token])
    return [
        page,
        projector,  # find your table
        projector + "?panel=1",  # by table
        projector + "?panel=2",  # standings
        reverse("tournaments-public-clock", args=[token]),
    ]


def html(client, url: str, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, url
    return response.content.decode()


def test_no_public_url_names_a_hidden_member_or_spells_out_initials(client, event):
    for url in public_urls(event):
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            page = html(client, url + ("&" if "?" in url else "?") + "since=-1", **htmx)
            for word in HIDDEN_WORDS:
                assert word not in page, (url, htmx, word)


def test_the_public_page_shows_the_placeholder_initials_and_guests(client, event):
    url = reverse("tournaments-public", args=[event.public_token])
    for page in (html(client, url), html(client, url + "?since=-1", HTTP_HX_REQUEST="true")):
        finder = page.split('class="by-name"')[1].split("</ul>")[0]
        # Two hidden members and Bernd's initials by name, the guest and Anna as entered.
        assert finder.count("(name withheld)") == 2
        assert "B. H." in finder and "Gustav Gast" in finder and "Anna Berger" in finder
        tables = page.split('class="seating-tables"')[1]
        assert '<span class="no">1</span> (name withheld)' in tables
        assert "Sitting out: 5 (name withheld)" in tables
        standings = page.split('class="standings"')[1]
        # Clara 120, Bernd 80, Emil's bye 50 (Gin, Swiss), Anna and the guest nothing yet.
        order = ["(name withheld)", "B. H.", "(name withheld)"]
        cells = [cell.split("</td>")[0] for cell in standings.split('<td class="name">')[1:]]
        assert cells[:3] == order and set(cells[3:]) == {"Anna Berger", "Gustav Gast"}


def test_the_finder_is_sorted_by_the_names_it_shows(client, event):
    url = reverse("tournaments-public", args=[event.public_token])
    finder = html(client, url).split('class="by-name"')[1]
    shown = ["(name withheld) <", "Anna Berger", "B. H.", "Gustav Gast"]
    positions = [finder.index(name) for name in shown]
    assert positions == sorted(positions)


def test_the_projector_panels_use_the_public_names(client, event):
    names, tables, standings = (html(client, url) for url in public_urls(event)[1:4])
    assert "find your table" in names and names.count("(name withheld)") == 2
    assert "by table" in tables and "(name withheld)" in tables and "B. H." in tables
    assert "Standings" in standings and standings.count("(name withheld)") == 2
    assert "B. H." in standings and "Gustav Gast" in standings


def choose(member: Member, public_name: str) -> None:
    """The member's choice changed on the register, as the director's form does it."""
    save_member(member.club, member, name=member.name, public_name=public_name)


def test_a_changed_choice_reaches_the_polling_page_at_once(client, event, people):
    url = reverse("tournaments-public", args=[event.public_token])
    choose(people["Clara Roth"], Member.PublicName.FULL)
    page = html(client, url)
    assert "Clara Roth" in page
    poll = page.split('id="live" hx-get="')[1].split('"')[0].replace("&amp;", "&")
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204
    choose(people["Clara Roth"], Member.PublicName.HIDDEN)
    fresh = html(client, poll, HTTP_HX_REQUEST="true")
    assert (
        "Clara" not in fresh and fresh.count("(name withheld)") == 6
    )  # two each: finder, tables, standings


def test_a_team_with_a_hidden_member_is_named_by_its_players(client, director, club, people):
    event = make_event(
        director,
        players=0,
        fmt="swiss",
        fixed_partners=True,
        club=club,
        public=True,
        language="en",
    )
    players = entered(event, people, ["Clara Roth", "Anna Berger", "Gustav Gast", "Hanna Gast"])
    hidden = Team.objects.create(event=event, name="Clara Roth & Anna Berger", number=1)
    hidden.players.set([players["Clara Roth"], players["Anna Berger"]])
    guests = Team.objects.create(event=event, name="Gast & Gast", number=2)
    guests.players.set([players["Gustav Gast"], players["Hanna Gast"]])
    rnd = seat_round(event, 1, [((1, 2), (3, 4))])
    Result.objects.create(round=rnd, player=players["Clara Roth"], points=900)
    page = html(client, reverse("tournaments-public", args=[event.public_token]))
    standings = page.split('class="standings"')[1]
    assert "(name withheld) &amp; Anna Berger" in standings
    assert "Gast &amp; Gast" in standings  # a team of full names keeps its own name
    assert "Clara" not in page and "Roth" not in page


def test_the_directors_and_the_tables_pages_keep_full_names(client, director_client, event):
    seating = reverse("tournaments-director-seating", args=[event.pk, 1])
    standings = reverse("tournaments-director-standings", args=[event.pk])
    for url in (seating, standings):
        page = html(director_client, url)
        assert "Clara Roth" in page and "Bernd Huber" in page, url
    table = Table.objects.get(event=event, number=1)
    at_table = html(client, reverse("tournaments-table", args=[table.token]))
    assert "Clara Roth" in at_table and "Anna Berger" in at_table


def test_more_players_cost_the_public_page_no_more_queries(director, club, people, event):
    url = reverse("tournaments-public", args=[event.public_token])

    def count() -> int:
        # Both counts read the change feed's latest id from the database, and the names
        # of a frame value no process has read yet.
        feed.record(event, feed.Kind.NAMES)
        cache.clear()
        with CaptureQueriesContext(connection) as captured:
            html(Client(), url)
        return len(captured)

    before = count()
    rnd = event.rounds.get()
    game = Game.objects.create(round=rnd, table=Table.objects.create(event=event, number=3))
    for number, name in enumerate(("Ida Illig", "Jan Jung"), start=6):
        member = Member.objects.create(club=club, name=name, public_name=Member.PublicName.HIDDEN)
        player = event.players.create(name=name, number=number, member=member)
        Seat.objects.create(
            round=rnd, game=game, player=player, side=number - 6, position=number - 5
        )
        Result.objects.create(round=rnd, player=player, points=number)
    feed.record(event, feed.Kind.SEATS)  # as the steps adding players and seats record it
    page = html(Client(), url)
    assert (
        "Ida" not in page and page.count("(name withheld)") == 12
    )  # four hidden: finder, tables, standings
    assert count() == before


def test_a_player_the_names_were_not_read_for_is_withheld(event):
    name_of = public_names(event)
    late = event.players.create(name="Lena Spät", number=6)
    assert name_of(late) == "(name withheld)"
    assert name_of(event.players.get(number=4)) == "Gustav Gast"
    assert name_of(event.players.get(number=2)) == "B. H."


def test_a_withheld_name_on_the_projector_is_said_in_each_visitors_language(event):
    """The projector keeps its seating for the event's frame in each process: a name
    withheld there is said in the language of the visitor who reads it, not of the first."""
    url = reverse("tournaments-public-projector", args=[event.public_token])
    english = Client().get(url).content.decode()
    german = Client().get(url, HTTP_COOKIE="django_language=de").content.decode()
    assert "(name withheld)" in english
    assert "(Name nicht veröffentlicht)" in german and "(name withheld)" not in german
