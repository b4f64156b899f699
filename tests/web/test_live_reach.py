"""Every live screen polls every ``LIVE_POLL_SECONDS``, and an unchanged poll stays cheap.

The phone's poll carries the round clock (one request for all it shows): a started or
paused clock is a change at the table, and comes back out of band with the rest. The
director's and the public screens: ``tests/web/test_feed_screens.py``.
"""

import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.table_helpers import canasta_game, seat_of
from tournaments.services.pages.live import LIVE_POLL, LIVE_POLL_SECONDS, TIME_STEP_SECONDS
from tournaments.services.rounds.clock import pause_clock, start_clock
from tournaments.services.scores.entries import submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}
DEAL = {"sides": [{"melded_points": 60}, {"melded_points": 30}]}


@pytest.fixture
def game(director):
    return canasta_game(director, round_kind="time", round_minutes=30)


def phone(game) -> Client:
    client = Client()
    client.post(
        reverse("tournaments-table-seat", args=[game.table.token]), {"seat": seat_of(game, 1).pk}
    )
    return client


def poll_of(html: str) -> str:
    """The pad poll's address, with what the entry panel shows (``hx-include``)."""
    url = re.search(r'id="sheet-poll" hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    shown = re.search(r'id="shown" name="shown" value="([^"]*)"', html).group(1)
    return f"{url}&{urlencode({'shown': shown})}"


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_live_screen_polls_in_under_two_seconds_in_every_language(game, language):
    """A change shows within two seconds, the answer's own time included; the interval is
    written as htmx reads it in German too ("1,8s" would be no interval at all)."""
    assert LIVE_POLL_SECONDS < 2 and TIME_STEP_SECONDS <= 30
    url = reverse("tournaments-table", args=[game.table.token])
    html = phone(game).get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<html lang="{language}"' in html
    assert f'hx-trigger="every {LIVE_POLL}s"' in html and float(LIVE_POLL) == LIVE_POLL_SECONDS
    assert "," not in LIVE_POLL


def test_the_pad_poll_brings_a_started_clock_and_leaves_the_form(game, director):
    me = phone(game)
    html = me.get(reverse("tournaments-table", args=[game.table.token])).content.decode()
    url = poll_of(html)
    assert 'class="round-clock phone-clock idle"' in html
    assert me.get(url, **HTMX).status_code == 204
    start_clock(game.round, user=director)
    answer = me.get(url, **HTMX)
    body = answer.content.decode()
    assert answer.status_code == 200 and 'id="entry"' not in body
    assert 'class="round-clock phone-clock running" hx-swap-oob="true"' in body
    assert me.get(poll_of(body + html.split('<section id="entry"')[1]), **HTMX).status_code == 204


def test_a_pad_poll_that_finds_a_deal_and_a_paused_clock_brings_both(game, director):
    me = phone(game)
    start_clock(game.round, user=director)
    url = poll_of(me.get(reverse("tournaments-table", args=[game.table.token])).content.decode())
    submit_entry(game, 1, DEAL, seat=seat_of(game, 2))
    game.round.refresh_from_db()
    pause_clock(game.round, user=director)
    answer = me.get(url, **HTMX)
    body = answer.content.decode()
    assert answer.status_code == 200
    assert 'id="sheet"' in body and 'class="round-clock phone-clock paused"' in body
