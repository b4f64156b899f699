"""What the director's pages offer once a round is closed or the event finished: only what
can still be done (a junction probe found "Confirm deal 1" and the correction form on a
finished event, each refused when used, a closed round's game "being played", and "Pause
the clock" on an untimed clock at 0:00)."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.models import Round
from tournaments.services.rounds.steps import force_close_round
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.setup.events import finish_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def left(director):
    """Round 1 closed early with table 1's deal 1 still waiting for confirmation."""
    game = canasta_game(director)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    force_close_round(game.round, user=director, reason="Late")
    return game


def pages(game):
    event = game.round.event_id
    return {
        "game": reverse("tournaments-director-game", args=[event, game.pk]),
        "board": reverse("tournaments-director-board", args=[event, 1]),
        "rounds": reverse("tournaments-director-rounds", args=[event]),
    }


def test_a_closed_rounds_game_says_so(director_client, left):
    html = director_client.get(pages(left)["game"]).content.decode()
    head = html.split('<div class="page-head">')[1].split("</div>")[0]
    assert "round closed" in head and "being played" not in head
    assert "Save the correction" in html  # a closed round is still corrected


def test_a_finished_event_offers_no_step_on_its_director_pages(director_client, director, left):
    before = director_client.get(pages(left)["board"]).content.decode()
    assert "Confirm deal 1" in before
    finish_event(left.round.event, director)
    for name, url in pages(left).items():
        html = director_client.get(url).content.decode()
        assert "Confirm deal 1" not in html and "Save the correction" not in html, name
        assert "Correct it on the table" not in html, name
    game = director_client.get(pages(left)["game"]).content.decode()
    assert "The event is finished: nothing can be changed any more." in game
    board = director_client.get(pages(left)["board"]).content.decode()
    assert "These entries do not count." in board and "waiting for confirmation" in board


def test_an_untimed_clock_at_zero_is_not_offered_to_pause(director_client, director):
    game = canasta_game(director)
    Round.objects.filter(pk=game.round.pk).update(
        clock_ends_at=timezone.now() - datetime.timedelta(seconds=5)
    )
    html = director_client.get(pages(game)["rounds"]).content.decode()
    assert "Pause the clock" not in html and "Extend" in html
    Round.objects.filter(pk=game.round.pk).update(
        clock_ends_at=timezone.now() + datetime.timedelta(minutes=5)
    )
    assert "Pause the clock" in director_client.get(pages(game)["rounds"]).content.decode()


def test_a_closed_rounds_tile_plays_no_next_deal(director_client, director, left):
    """The director confirms what a forced close left: the round's tile does not say
    "deal 2" as if the table played on."""
    entry = left.entries.get()
    confirm_entry(entry, user=director)
    html = director_client.get(pages(left)["board"]).content.decode()
    tile = html.split('data-table="1"')[1].split("</a>")[0]
    assert "deal 2" not in tile and "round closed" in tile
