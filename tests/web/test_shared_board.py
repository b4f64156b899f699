"""The director's table board is drawn once for every screen that polls it (each with its
own CSRF token), at most once every ``MELD_LIVE_REFRESH_SECONDS`` on a busy evening, and
never older than what a screen shows (``views/live.shared_fragment``)."""

import re
from dataclasses import dataclass
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.table_helpers import canasta_game, seat_of
from tournaments.models import Game, TableCall
from tournaments.services.scores.calls import call_director
from tournaments.services.scores.entries import submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}
DEAL = {"sides": [{"melded_points": 60}, {"melded_points": 30}]}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def busy(settings, monkeypatch):
    """A busy evening's refresh time and a wall clock the test moves."""
    settings.MELD_LIVE_REFRESH_SECONDS = 5
    clock = [1_000_000.0]
    monkeypatch.setattr("tournaments.views.live.time.time", lambda: clock[0])
    return clock


def screen(director) -> Client:
    """A director's screen of its own: its own session and CSRF cookie."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    return client


def poll_of(html: str) -> str:
    return unescape(re.search(r'id="board"[^>]*hx-get="([^"]+)"', html, re.S).group(1))


@dataclass
class Room:
    """A round being played, its board's address and two of the director's screens."""

    game: Game
    board: str
    laptop: Client
    tablet: Client

    def poll(self, me: Client) -> str:
        """The board's poll of ``me``'s page, drawn now."""
        return poll_of(me.get(self.board).content.decode())


@pytest.fixture
def room(director) -> Room:
    game = canasta_game(director)
    board = reverse("tournaments-director-board", args=[game.round.event_id, 1])
    return Room(game, board, screen(director), screen(director))


def test_two_screens_share_one_drawing_each_with_its_own_csrf_token(room, busy):
    game, event, laptop, tablet = room.game, room.game.round.event, room.laptop, room.tablet
    polls = {me: room.poll(me) for me in (laptop, tablet)}
    call_director(game.table, game.round, reason="A card on the floor")

    drawn = laptop.get(polls[laptop], **HTMX).content.decode()
    busy[0] += 1
    submit_entry(game, 1, DEAL, seat=seat_of(game, 2))  # within the refresh time: not drawn yet
    shared = tablet.get(polls[tablet], **HTMX).content.decode()
    assert "A card on the floor" in shared
    assert TOKEN.sub("", shared) == TOKEN.sub("", drawn)
    assert TOKEN.search(shared).group(1) != TOKEN.search(drawn).group(1)
    assert tablet.get(poll_of(shared), **HTMX).status_code == 204  # it shows that drawing

    # The token in the shared drawing is the tablet's own: its Acknowledge works.
    call = TableCall.objects.get()
    acknowledge = reverse("tournaments-director-call-acknowledge", args=[event.pk, call.pk])
    answer = tablet.post(acknowledge, {"csrfmiddlewaretoken": TOKEN.search(shared).group(1)})
    assert answer.status_code == 302
    call.refresh_from_db()
    assert call.acknowledged_at is not None


def test_a_screen_never_goes_back_to_a_drawing_older_than_its_own(room, busy):
    game, event, laptop, tablet = room.game, room.game.round.event, room.laptop, room.tablet
    board = room.board
    tablet_poll = room.poll(tablet)
    call = call_director(game.table, game.round, reason="A card on the floor")
    assert "A card on the floor" in tablet.get(tablet_poll, **HTMX).content.decode()

    # The laptop acknowledges the call and its board is drawn anew; its next poll, within
    # the refresh time, does not bring back the drawing that still showed the call.
    busy[0] += 1
    acknowledge = reverse("tournaments-director-call-acknowledge", args=[event.pk, call.pk])
    laptop.get(board)
    laptop.post(acknowledge, {"csrfmiddlewaretoken": laptop.cookies["csrftoken"].value})
    page = laptop.get(board).content.decode()
    assert "A card on the floor" not in page
    busy[0] += 1
    answer = laptop.get(poll_of(page).replace("mark=", "mark=older"), **HTMX)
    assert "A card on the floor" not in answer.content.decode()
    # The tablet's next poll gets that newer drawing too.
    assert "A card on the floor" not in tablet.get(tablet_poll, **HTMX).content.decode()


def test_a_busy_board_shows_what_changed_once_the_refresh_time_is_over(room, busy):
    game, laptop, tablet = room.game, room.laptop, room.tablet
    polls = {me: room.poll(me) for me in (laptop, tablet)}
    submit_entry(game, 1, DEAL, seat=seat_of(game, 2))
    first = laptop.get(polls[laptop], **HTMX).content.decode()
    assert "1 waiting for confirmation" in first
    call_director(game.table, game.round, reason="A card on the floor")

    busy[0] += 4
    assert "A card on the floor" not in tablet.get(polls[tablet], **HTMX).content.decode()
    busy[0] += 2
    assert "A card on the floor" in tablet.get(polls[tablet], **HTMX).content.decode()
