"""Every live screen polls every ``LIVE_POLL_SECONDS``, and an unchanged poll stays cheap.

The phone's score pad poll carries the round clock (one request for both): it sends
the clock's mark and brings a changed clock out of band. The director's board, close
dialog and bar compare a round's mark of a few small queries before judging anything.
"""

import re
from urllib.parse import unquote, urlencode

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.table_helpers import canasta_game, seat_of
from tournaments.services.pages.live import LIVE_POLL_SECONDS, TIME_STEP_SECONDS
from tournaments.services.rounds.clock import pause_clock, start_clock
from tournaments.services.scores.calls import call_director
from tournaments.services.scores.entries import dispute_entry, submit_entry

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


def poll_of(html: str) -> tuple[str, str]:
    """The pad poll's address and the clock's mark it sends (``hx-include``)."""
    url = re.search(r'id="sheet-poll" hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    clock = re.search(r'id="round-clock-mark" name="clock" value="([^"]*)"', html).group(1)
    return url, clock


def sent(url: str, clock: str) -> str:
    """The poll's address as htmx sends it, with the clock's hidden field."""
    return f"{url}&{urlencode({'clock': clock})}"


def test_every_live_screen_polls_within_three_seconds():
    assert LIVE_POLL_SECONDS <= 2 and TIME_STEP_SECONDS <= 30


def test_the_pad_poll_brings_a_started_clock_out_of_band_and_nothing_else(game, director):
    me = phone(game)
    html = me.get(reverse("tournaments-table", args=[game.table.token])).content.decode()
    url, clock = poll_of(html)
    assert 'class="round-clock idle"' in html
    assert me.get(sent(url, clock), **HTMX).status_code == 204
    start_clock(game.round, user=director)
    answer = me.get(sent(url, clock), **HTMX)
    body = answer.content.decode()
    assert answer.status_code == 200 and answer["HX-Reswap"] == "none"
    assert 'id="round-clock"' in body and 'hx-swap-oob="true"' in body
    assert 'class="round-clock running"' in body and 'id="sheet"' not in body
    _url, new_clock = poll_of(f'<div id="sheet-poll" hx-get="{url}"></div>{body}')
    assert new_clock != clock
    assert me.get(sent(url, new_clock), **HTMX).status_code == 204


def test_a_pad_poll_that_finds_a_deal_and_a_paused_clock_brings_both(game, director):
    me = phone(game)
    start_clock(game.round, user=director)
    url, clock = poll_of(
        me.get(reverse("tournaments-table", args=[game.table.token])).content.decode()
    )
    submit_entry(game, 1, DEAL, seat=seat_of(game, 2))
    game.round.refresh_from_db()
    pause_clock(game.round, user=director)
    answer = me.get(sent(url, clock), **HTMX)
    body = answer.content.decode()
    assert answer.status_code == 200 and "HX-Reswap" not in answer
    assert 'id="sheet"' in body and 'class="round-clock paused"' in body


def test_a_page_without_the_clocks_mark_keeps_its_own_clock_poll(game, director):
    # A page drawn before the pad carried the clock polls the clock itself: never twice.
    me = phone(game)
    url, _clock = poll_of(
        me.get(reverse("tournaments-table", args=[game.table.token])).content.decode()
    )
    start_clock(game.round, user=director)
    assert me.get(url, **HTMX).status_code == 204


def mark_of(answer) -> str:
    """The mark a polled part sends back (its ``hx-get``'s)."""
    return unquote(re.search(r'\?mark=([^"&]+)["&]', answer.content.decode()).group(1))


@pytest.mark.parametrize("page", ["board", "alerts", "closing"])
def test_an_unchanged_director_poll_judges_nothing(
    director_client, director, game, page, django_assert_max_num_queries
):
    event = game.round.event
    addresses = {
        "board": reverse("tournaments-director-board", args=[event.pk, 1]),
        "alerts": reverse("tournaments-director-alerts", args=[event.pk]),
        "closing": reverse("tournaments-director-rounds", args=[event.pk]),
    }
    address = addresses[page]
    first = director_client.get(address, **HTMX)
    mark = mark_of(first)
    # The session and user, the event, the round, then the round's mark.
    with django_assert_max_num_queries(9):
        assert director_client.get(address, {"mark": mark}, **HTMX).status_code == 204
    call_director(game.table, game.round, reason="A card on the floor")
    answer = director_client.get(address, {"mark": mark}, **HTMX)
    assert answer.status_code == 200
    mark = mark_of(answer)
    start_clock(game.round, user=director)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 2))
    # The board and the close dialog show the clock and every deal; the bar shows neither.
    changed = director_client.get(address, {"mark": mark}, **HTMX).status_code
    assert changed == (204 if page == "alerts" else 200)
    dispute_entry(entry, seat=seat_of(game, 1), reason="Wrong count")
    assert director_client.get(address, {"mark": mark}, **HTMX).status_code == 200
