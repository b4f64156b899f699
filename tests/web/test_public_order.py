"""Public lists order entries level on everything by a stable number or lot, never by the
real name: a withheld row's place among equals tells nothing of where the hidden name
falls in the alphabet (on the club's series page and PDF, an evening's public page and
the club's page of a finished evening)."""

import datetime
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_event
from tests.web.series_helpers import club_of, total_series
from tournaments.kernel.public_ids import public_id
from tournaments.models import Event, Game, Member, Player, Result, Round, Seat, Table
from tournaments.printing import series_standings as series_pdf
from tournaments.services.club.public_page import set_public_page

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

SHOWN = ("(name withheld)", "Anna Berger", "Mona Maier", "Zeno Zach")


@pytest.fixture
def club(director):
    return set_public_page(club_of(director), True)


@pytest.fixture
def hidden(club):
    return Member.objects.create(club=club, name="Aaron Aal", public_name=Member.PublicName.HIDDEN)


def level_evening(director, club, hidden: Member, day: int, numbered: bool) -> Event:
    """Four players on the same points: the hidden member, three shown in full."""
    event = make_event(
        director,
        players=0,
        club=club,
        public=True,
        name=f"Evening {day}",
        date=datetime.date(2026, 1, day),
        status=Event.Status.FINISHED,
        language="en",
    )
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.CLOSED)
    people = [hidden, *(Member.objects.get_or_create(club=club, name=n)[0] for n in SHOWN[1:])]
    for index, member in enumerate(people, start=1):
        player = event.players.create(
            name=member.name, number=index if numbered else None, member=member
        )
        Result.objects.create(round=rnd, player=player, points=500)
    return event


def rename(hidden: Member, name: str) -> None:
    Member.objects.filter(pk=hidden.pk).update(name=name)
    Player.objects.filter(member=hidden).update(name=name)


def order_in(text: str) -> list[str]:
    return sorted(SHOWN, key=text.index)


def test_a_withheld_members_place_among_equals_in_the_series_does_not_follow_their_name(
    client, director, club, hidden
):
    events = [level_evening(director, club, hidden, day, numbered=True) for day in (5, 12)]
    series = total_series(club, events)
    url = reverse("tournaments-public-club-series", args=[club.public_token, public_id(series)])

    def orders() -> tuple[list[str], list[str]]:
        page = client.get(url).content.decode().split("<tbody")[1]
        pdf = series_pdf.build(series_pdf.load(series, "en"))
        printed = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
        return order_in(page), order_in(printed)

    assert client.get(url).content.decode().count(">1=<") == 4  # level: one shared place
    first = orders()
    for name in ("Zacharias Zorn", "Mario Mahr", "Aaron Aal"):
        rename(hidden, name)
        assert orders() == first, name
    assert first[0] == first[1]  # the page and the notice board list them alike


def test_a_withheld_players_place_among_equals_in_an_evening_does_not_follow_their_name(
    client, director, club, hidden
):
    """Players without a number (the draw of the list goes by the order they were added)."""
    event = level_evening(director, club, hidden, 5, numbered=False)
    urls = [
        reverse("tournaments-public", args=[event.public_token]),
        reverse("tournaments-public-club-evening", args=[club.public_token, public_id(event)]),
    ]

    def orders() -> list[list[str]]:
        return [order_in(client.get(url).content.decode().split("<tbody")[1]) for url in urls]

    first = orders()
    for name in ("Zacharias Zorn", "Mario Mahr", "Aaron Aal"):
        rename(hidden, name)
        assert orders() == first, name


def test_two_withheld_players_without_numbers_are_listed_by_seat_not_by_name(
    client, director, club, hidden
):
    """ "Find your table": the two withheld lines come in table order, whatever the names."""
    other = Member.objects.create(
        club=club, name="Mona Maier", public_name=Member.PublicName.HIDDEN
    )
    event = make_event(
        director, card_game="gin", players=0, fmt="swiss", club=club, public=True, language="en"
    )
    rnd = Round.objects.create(event=event, number=1)
    for table, member in enumerate((other, hidden), start=1):
        player = event.players.create(name=member.name, member=member)
        guest = event.players.create(name=f"Guest {table}")
        game = Game.objects.create(round=rnd, table=Table.objects.create(event=event, number=table))
        Seat.objects.create(round=rnd, game=game, player=player, side=0, position=1)
        Seat.objects.create(round=rnd, game=game, player=guest, side=1, position=2)
    url = reverse("tournaments-public", args=[event.public_token])

    def withheld_tables() -> list[str]:
        finder = client.get(url).content.decode().split('class="by-name"')[1].split("</ul>")[0]
        lines = [line for line in finder.split("<li>")[1:] if "(name withheld)" in line]
        return [line.split('class="where">')[1].split("<")[0] for line in lines]

    assert withheld_tables() == ["Table 1", "Table 2"]
    for name in ("Aaron Aal", "Zacharias Zorn"):
        rename(hidden, name)
        assert withheld_tables() == ["Table 1", "Table 2"], name
