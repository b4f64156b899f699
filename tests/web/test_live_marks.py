"""Polls that find nothing changed cost one small answer: 204, and the page stays as it is."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.setup.players import update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def polled_url(page: str) -> str:
    return re.search(r'hx-get="([^"]+\?mark=[^"]+)"', page).group(1).replace("&amp;", "&")


def a_hand(game):
    seats = {seat.side: seat for seat in game.seats.all()}
    entry = submit_entry(
        game,
        1,
        {"kind": "knock", "knocker": 0, "knocker_deadwood": 4, "defender_deadwood": 30},
        seat=seats[0],
    )
    return entry, seats


def test_the_board_answers_204_until_a_table_enters_something(director_client, director, gin_event):
    rnd = start_round(gin_event, user=director)
    page = director_client.get(
        reverse("tournaments-director-board", args=[gin_event.pk, 1])
    ).content.decode()
    poll = polled_url(page)
    assert director_client.get(poll, HTTP_HX_REQUEST="true").status_code == 204
    entry, seats = a_hand(rnd.games.first())
    changed = director_client.get(poll, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200 and "waiting for confirmation" in changed.content.decode()
    again = polled_url(changed.content.decode())
    assert director_client.get(again, HTTP_HX_REQUEST="true").status_code == 204
    confirm_entry(entry, seat=seats[1])
    assert director_client.get(again, HTTP_HX_REQUEST="true").status_code == 200


def test_the_public_page_answers_204_until_a_score_counts(director, gin_event):
    rnd = start_round(gin_event, user=director)
    visitor = Client()
    url = reverse("tournaments-public", args=[gin_event.public_token])
    poll = polled_url(visitor.get(url).content.decode())
    assert visitor.get(poll, HTTP_HX_REQUEST="true").status_code == 204
    entry, seats = a_hand(rnd.games.first())
    confirm_entry(entry, seat=seats[1])
    fresh = visitor.get(poll, HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200 and fresh.content.decode().lstrip().startswith('<div id="live"')


def test_every_spectator_gets_the_same_fragment_rendered_once(
    director, gin_event, django_assert_max_num_queries
):
    start_round(gin_event, user=director)
    url = reverse("tournaments-public", args=[gin_event.public_token])
    first = Client().get(url + "?mark=old", HTTP_HX_REQUEST="true").content
    with django_assert_max_num_queries(4):
        second = Client().get(url + "?mark=old", HTTP_HX_REQUEST="true").content
    assert first == second


def test_a_busy_public_page_is_drawn_at_most_every_few_seconds(
    director, gin_event, settings, monkeypatch
):
    """Scores that change every second would have every poll draw the standings again:
    within the refresh time spectators get the fragment drawn last (204 if they show it),
    and the first poll after it gets what changed."""
    settings.MELD_LIVE_REFRESH_SECONDS = 5
    clock = [1_000_000.0]
    monkeypatch.setattr("tournaments.views.live.time.time", lambda: clock[0])
    rnd = start_round(gin_event, user=director)
    url = reverse("tournaments-public", args=[gin_event.public_token])
    drawn = Client().get(url + "?mark=old", HTTP_HX_REQUEST="true").content.decode()
    poll = polled_url(drawn)
    entry, seats = a_hand(rnd.games.first())
    confirm_entry(entry, seat=seats[1])

    clock[0] += 4
    assert Client().get(poll, HTTP_HX_REQUEST="true").status_code == 204  # shows the last drawn
    assert Client().get(url + "?mark=old", HTTP_HX_REQUEST="true").content.decode() == drawn

    clock[0] += 2
    fresh = Client().get(poll, HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200 and fresh.content.decode() != drawn
    assert polled_url(fresh.content.decode()) != poll


def panel_poll(page: str) -> str:
    """The projector panel's own poll (``?panel=…&mark=…``)."""
    return re.search(r'hx-get="([^"]+&amp;mark=[^"]+)"', page).group(1).replace("&amp;", "&")


def test_the_projector_shows_a_change_within_a_poll_and_still_turns_on_time(
    director, gin_event, monkeypatch
):
    """Between two turns the shown panel polls with the public mark: a change is drawn into
    the same panel at once, and the next panel still comes when it was due."""
    clock = [1_000_000.0]
    monkeypatch.setattr("tournaments.views.public.time.time", lambda: clock[0])
    rnd = start_round(gin_event, user=director)
    url = reverse("tournaments-public-projector", args=[gin_event.public_token])
    spectator = Client()
    page = spectator.get(url).content.decode()
    assert 'class="by-name' in page and "load delay:12000ms" in page  # find your table
    poll = panel_poll(page)
    assert "panel=0&" in poll
    assert spectator.get(poll, HTTP_HX_REQUEST="true").status_code == 204

    clock[0] += 5
    entry, seats = a_hand(rnd.games.first())
    confirm_entry(entry, seat=seats[1])
    changed = spectator.get(poll, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200
    drawn = changed.content.decode()
    assert 'class="by-name' in drawn  # the same panel, drawn anew
    assert "load delay:7000ms" in drawn and "?panel=1" in drawn  # the turn as it was due
    assert spectator.get(panel_poll(drawn), HTTP_HX_REQUEST="true").status_code == 204

    # The turn: the next panel, shown for the whole time again.
    turned = spectator.get(url + "?panel=1", HTTP_HX_REQUEST="true").content.decode()
    assert 'class="seating-table' in turned and "load delay:12000ms" in turned


@pytest.mark.parametrize("page", ["public", "board", "standings"])
def test_a_name_corrected_during_the_round_reaches_every_page_that_shows_it(
    director, director_client, gin_event, page
):
    """Between two scores nothing else changes: the polls still bring the corrected name."""
    rnd = start_round(gin_event, user=director)
    entry, seats = a_hand(rnd.games.first())
    confirm_entry(entry, seat=seats[1])  # a score: the standings show their table
    client, address = {
        "public": (Client(), reverse("tournaments-public", args=[gin_event.public_token])),
        "board": (director_client, reverse("tournaments-director-board", args=[gin_event.pk, 1])),
        "standings": (
            director_client,
            reverse("tournaments-director-standings", args=[gin_event.pk]),
        ),
    }[page]
    poll = polled_url(client.get(address).content.decode())
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204
    player = gin_event.players.get(number=3)
    update_player(gin_event, player, name="Zoë Typofixed", gender=player.gender, club="")
    answer = client.get(poll, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "Zoë Typofixed" in answer.content.decode()
