"""The projector follows within one poll: a change is drawn into the panel it shows, the next
panel still coming when it was due; and when the standings changed while a seating panel
is shown, it turns to the standings at once, for a whole turn (the handbook, "Projector")."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.table_helpers import DEAL, DEAL_POINTS, canasta_game, seat_of
from tournaments.services.rounds.clock import start_clock
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.setup.players import update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def clock(monkeypatch):
    """The wall clock the projector's turns are counted on, moved by the test."""
    now = [1_000_000.0]
    monkeypatch.setattr("tournaments.views.public.time.time", lambda: now[0])
    return now


@pytest.fixture
def game(director):
    """Table 1 of a public progressive evening being played; table 2 has a score already,
    so the projector has standings to show (its third panel)."""
    game = canasta_game(director, public=True, language="en", round_kind="time", round_minutes=30)
    other = game.round.games.get(table__number=2)
    first = submit_entry(other, 1, DEAL, seat=seat_of(other, 3))
    confirm_entry(first, seat=seat_of(other, 4))
    return game


def panel_poll(html: str) -> str:
    """The shown panel's own poll (``?panel=…&since=…&turn=…``)."""
    return unescape(re.search(r'hx-get="([^"]*since=[^"]*)"', html).group(1))


def shown(html: str) -> str:
    return re.search(r'class="panel-title">([^<]+)', html).group(1).strip()


def projector(game) -> tuple[Client, str]:
    spectator = Client()
    url = reverse("tournaments-public-projector", args=[game.round.event.public_token])
    return spectator, spectator.get(url).content.decode()


def test_a_score_turns_a_seating_panel_to_the_standings_for_a_whole_turn(game, clock):
    spectator, page = projector(game)
    assert shown(page) == "Round 1: find your table" and "load delay:12000ms" in page
    poll = panel_poll(page)
    assert spectator.get(poll, **HTMX).status_code == 204

    clock[0] += 5
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    turned = spectator.get(poll, **HTMX).content.decode()
    assert shown(turned) == "Standings"
    assert f"<strong>{DEAL_POINTS[0]}</strong>" in turned.split('td class="name">Player 1<')[1]
    assert "load delay:12000ms" in turned and "?panel=0" in turned  # then on round again
    assert spectator.get(panel_poll(turned), **HTMX).status_code == 204


def test_a_change_that_leaves_the_standings_keeps_the_panel_and_its_turn(game, clock):
    """A deal waiting for its confirmation and the clock draw nothing on the projector (its
    clock is a part of its own); a name corrected is drawn into the panel shown, and the
    next panel comes when it was due."""
    spectator, page = projector(game)
    poll = panel_poll(page)
    clock[0] += 5
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))  # entered, not yet confirmed
    start_clock(game.round, user=game.round.event.owner)
    assert spectator.get(poll, **HTMX).status_code == 204
    event = game.round.event
    player = event.players.get(number=1)
    update_player(event, player, name="Zoë Typofixed", gender=player.gender, club="")
    drawn = spectator.get(poll, **HTMX).content.decode()
    assert shown(drawn) == "Round 1: find your table" and "Zoë Typofixed" in drawn
    assert "load delay:7000ms" in drawn and "?panel=1" in drawn  # the turn as it was due


def test_on_the_standings_a_score_is_drawn_into_the_same_page(game, clock):
    spectator = Client()
    url = reverse("tournaments-public-projector", args=[game.round.event.public_token])
    page = spectator.get(url + "?panel=2").content.decode()
    assert shown(page) == "Standings"
    clock[0] += 4
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    drawn = spectator.get(panel_poll(page), **HTMX).content.decode()
    assert shown(drawn) == "Standings" and "load delay:8000ms" in drawn
    assert f"<strong>{DEAL_POINTS[0]}</strong>" in drawn.split('td class="name">Player 1<')[1]


def test_the_turn_to_the_next_panel_comes_when_it_is_due(game, clock):
    spectator, page = projector(game)
    turn = re.search(r'hx-get="([^"]*\?panel=1)"', page).group(1)
    turned = spectator.get(turn, **HTMX).content.decode()
    assert shown(turned) == "Round 1 by table" and "load delay:12000ms" in turned
