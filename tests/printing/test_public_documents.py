"""Which printed documents are public: the seating lists for the wall and the standings for
the notice board name each member as they chose for public pages; the documents handed to
a player or put on their table (tallies, guide cards, table cards, score sheets) name
everyone in full. The print page says which is which."""

import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.printing.conftest import pages
from tests.web.series_helpers import club_of
from tournaments.models import Member, Result
from tournaments.printing import DOCUMENTS, render

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

PUBLIC = {"seating", "standings"}


@pytest.fixture
def event(director):
    club = club_of(director)
    choices = {
        "Clara Roth": Member.PublicName.HIDDEN,
        "Bernd Huber": Member.PublicName.INITIALS,
        "Anna Berger": Member.PublicName.FULL,
    }
    event = make_event(director, players=0, club=club, language="en", name="Autumn evening")
    names = [*choices, "Gustav Gast", "Hanna Gast", "Ida Gast", "Jan Gast", "Karl Gast"]
    for number, name in enumerate(names, start=1):
        member = (
            Member.objects.create(club=club, name=name, public_name=choices[name])
            if name in choices
            else None
        )
        event.players.create(name=name, number=number, member=member)
    rnd = seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    for seat in rnd.seats.select_related("player"):
        Result.objects.create(round=rnd, player=seat.player, points=1000 + 10 * seat.position)
    return event


def text(event, kind: str) -> str:
    return " ".join("\n".join(pages(render(event, kind))).split())


def test_the_registry_marks_the_wall_and_notice_board_documents_public():
    assert {kind for kind, document in DOCUMENTS.items() if document.public} == PUBLIC


@pytest.mark.parametrize("kind", sorted(PUBLIC))
def test_a_public_document_names_members_as_they_chose(event, kind):
    printed = text(event, kind)
    assert "(name withheld)" in printed and "B. H." in printed and "Anna Berger" in printed
    assert "Gustav Gast" in printed  # a guest as entered
    for word in ("Clara", "Roth", "Bernd", "Huber"):
        assert word not in printed, word


@pytest.mark.parametrize("kind", sorted(set(DOCUMENTS) - PUBLIC))
def test_a_players_or_tables_document_names_everyone_in_full(event, kind):
    printed = text(event, kind)
    assert "Clara Roth" in printed and "Bernd Huber" in printed


def test_the_print_page_says_which_documents_are_for_everyone(director_client, event):
    page = director_client.get(reverse("tournaments-director-print", args=[event.pk]))
    cards = page.content.decode().split('<li class="card">')[1:]
    marked = {
        kind
        for kind in DOCUMENTS
        for card in cards
        if f"/{kind}.pdf" in card and "For everyone to read" in card
    }
    assert marked == PUBLIC
