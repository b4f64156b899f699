"""A phone after the director reopens a finished event for corrections: it says so, rather
than promise a next round the reopen does not bring; a phone left on "The event is over."
hears of the reopen at its next poll; a round started after the reopen plays the evening on."""

import re

import pytest
from django.urls import reverse

from tests.web.table_helpers import DEAL, canasta_game, phone, seat_of
from tournaments.models import Event
from tournaments.services.rounds.steps import force_close_round, start_round
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.setup.events import finish_event, reopen_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
HTMX = {"HTTP_HX_REQUEST": "true"}
POLL = re.compile(r'id="wait-poll" hx-get="([^"]+)"')


def now_of(html: str) -> str:
    block = html.split('<section id="now"')[1].split("</section>")[0]
    return " ".join(re.sub(r"<[^>]+>", " ", block.split(">", 1)[1]).split())


def page(client, game) -> str:
    return client.get(reverse("tournaments-table", args=[game.table.token])).content.decode()


@pytest.fixture
def finished_early(director):
    """Round 1 of a schedule of seven played and closed; the club ends the evening there."""
    game = canasta_game(director)
    confirm_entry(submit_entry(game, 1, DEAL, seat=seat_of(game, 1)), seat=seat_of(game, 2))
    force_close_round(game.round, user=director, reason="The club ends here")
    finish_event(game.round.event, director)
    return game


def test_a_reopened_event_promises_no_next_round(finished_early, director):
    client = phone(finished_early, 1)
    assert now_of(page(client, finished_early)).startswith("The event is over.")
    reopen_event(finished_early.round.event, director, "Deal 1 at table 2 was wrong")
    said = now_of(page(client, finished_early))
    assert said.startswith("The event was reopened for corrections.")
    assert "Wait for round" not in said


def test_the_finished_page_polls_and_hears_of_the_reopen(
    finished_early, director, django_capture_on_commit_callbacks
):
    client = phone(finished_early, 1)
    poll = POLL.search(page(client, finished_early))[1].replace("&amp;", "&")
    assert client.get(poll, **HTMX).status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        reopen_event(finished_early.round.event, director, "Deal 1 at table 2 was wrong")
    answer = client.get(poll, **HTMX)
    assert answer.headers.get("HX-Refresh") == "true"


def test_a_round_started_after_the_reopen_plays_the_evening_on(finished_early, director):
    event = finished_early.round.event
    reopen_event(event, director, "We play on after all")
    second = start_round(event, user=director)
    assert not Event.objects.get(pk=event.pk).reopened
    force_close_round(second, user=director, reason="Late")
    client = phone(finished_early, 1)
    assert "Wait for round 3" in now_of(page(client, finished_early))
    finish_event(Event.objects.get(pk=event.pk), director)
    assert not Event.objects.get(pk=event.pk).reopened
