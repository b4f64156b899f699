"""The public page and projector mode: only for public events, no table links, no audit."""

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import finish
from tournaments.models import AuditEntry, Result, Round, Table
from tournaments.services.pages.live import LIVE_POLL
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.audit import record

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def event(director):
    event = make_event(
        director,
        card_game="gin",
        players=9,
        fmt="swiss",
        public=True,
        name="Gin Open",
        bye_score=50,
        language="en",
    )
    make_tables(event, 4)
    return event


def public_url(event, projector=False):
    name = "tournaments-public-projector" if projector else "tournaments-public"
    return reverse(name, args=[event.public_token])


def test_anyone_sees_a_public_events_standings_and_seating(client, event, director):
    start_round(event, user=director)
    page = client.get(public_url(event)).content.decode()
    assert "Gin Open" in page and "Round 1: find your table" in page
    assert "Table 4" in page and "sits out" in page
    assert page.count("<tr") >= 10  # the standings: header + nine players


def test_the_seating_by_name_is_alphabetical(client, event, director):
    event.players.filter(number=7).update(name="Aaron")
    event.players.filter(number=3).update(name="Zoe")
    start_round(event, user=director)
    page = client.get(public_url(event)).content.decode()
    names = page.split('class="by-name"')[1]
    assert names.index("Aaron") < names.index("Player 1") < names.index("Zoe")


def test_an_event_that_is_not_public_is_404(client, event):
    event.public = False
    event.save()
    assert client.get(public_url(event)).status_code == 404
    assert client.get(public_url(event, projector=True)).status_code == 404


def test_a_wrong_token_is_404(client, event):
    assert client.get(reverse("tournaments-public", args=["nope"])).status_code == 404


def test_no_table_token_code_or_audit_reaches_the_public(client, event, director):
    rnd = start_round(event, user=director)
    finish(rnd)
    record(event, AuditEntry.Action.CORRECT, user=director, reason="Secret reason")
    pages = (
        client.get(public_url(event)).content.decode()
        + client.get(public_url(event, True)).content.decode()
    )
    for table in Table.objects.filter(event=event):
        assert table.token not in pages and table.code not in pages
    assert "Secret reason" not in pages and "/t/" not in pages
    assert reverse("tournaments-director-rounds", args=[event.pk]) not in pages


def test_the_public_page_refreshes_itself(client, event, director):
    start_round(event, user=director)
    page = client.get(public_url(event)).content.decode()
    assert f'hx-trigger="every {LIVE_POLL}s"' in page
    partial = client.get(public_url(event), HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith('<div id="live"') and "<html" not in partial


def test_before_round_1_the_public_page_says_so(client, event):
    assert "has not started yet" in client.get(public_url(event)).content.decode()


def test_the_projector_cycles_through_seating_and_standings(client, event, director):
    start_round(event, user=director)
    first = client.get(public_url(event, True)).content.decode()
    assert "find your table" in first and "projector-mode" in first
    assert "?panel=1" in first and "load delay:12000ms" in first
    second = client.get(
        public_url(event, True) + "?panel=1", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "by table" in second and "?panel=2" in second
    third = client.get(
        public_url(event, True) + "?panel=2", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Standings" in third and "?panel=0" in third


def test_the_projector_pages_big_standings(client, director):
    event = make_event(
        director, card_game="gin", players=30, fmt="swiss", public=True, language="en"
    )
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.CLOSED)
    for player in event.players.all():
        Result.objects.create(round=rnd, player=player, points=player.number)
    page = client.get(public_url(event, True)).content.decode()
    assert "(1 of 3)" in page  # 30 players, 10 a panel
    assert client.get(public_url(event, True) + "?panel=7").status_code == 200
    assert client.get(public_url(event, True) + "?panel=x").status_code == 200
