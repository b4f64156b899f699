"""A phone's answer to its own step (views/table.py, ``_after_step``) keeps the event, table and
seats it read before the step while the event's frame value stays, and reads the game and its
round again: the answer shows what the step changed, and a name corrected while the step ran
(another request, between the phone's read and its answer) shows at once."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.web.table_helpers import DEAL_FORM, canasta_game, seat_of, table_url
from tournaments.services.setup.players import update_player
from tournaments.views import table as table_views

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}


def seated(game, number: int) -> Client:
    client = Client()
    client.post(table_url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def send(client: Client, game, number: int) -> str:
    data = {**DEAL_FORM, "number": str(number), "idempotency_key": f"k{number}"}
    answer = client.post(table_url("tournaments-table-submit", game), data, **HTMX)
    assert answer.status_code == 200
    return answer.content.decode()


def test_the_answer_reads_the_game_again_and_keeps_the_seats(director):
    game = canasta_game(director)
    phone = seated(game, 1)  # its page not yet drawn: the frame is not yet kept
    with CaptureQueriesContext(connection) as done:
        answer = send(phone, game, 1)
    assert "Deal 1 is stored." in answer and 'value="2"' in answer
    reads_of_players = [q["sql"] for q in done.captured_queries if "tournaments_player" in q["sql"]]
    assert len(reads_of_players) == 1, "the seats with their players are read once, before the step"
    for seat in game.seats.all():
        assert seat.player.name in answer


def test_a_name_corrected_while_the_step_runs_shows_in_its_answer(director, monkeypatch):
    game = canasta_game(director)
    phone = seated(game, 1)
    phone.get(table_url("tournaments-table", game))
    player = seat_of(game, 2).player
    old_name = player.name
    stored = table_views.submit_entry

    def and_a_name_corrected(*args, **kwargs):
        entry = stored(*args, **kwargs)
        update_player(game.round.event, player, name="Zoë Typofixed", gender=player.gender, club="")
        return entry

    monkeypatch.setattr(table_views, "submit_entry", and_a_name_corrected)
    answer = send(phone, game, 1)
    assert "Deal 1 is stored." in answer
    assert "Zoë Typofixed" in answer and old_name not in answer


def test_a_deal_another_phone_stored_first_shows_on_the_pad(director, monkeypatch):
    game = canasta_game(director)
    phone = seated(game, 1)
    phone.get(table_url("tournaments-table", game))  # the table's frame is kept
    other_side = seat_of(game, 2)
    stored = table_views.submit_entry

    def another_phone_first(target, number, data, **kwargs):
        # Between this phone's read and its lock, the other side's phone stores the deal.
        other = {**kwargs, "seat": other_side, "idempotency_key": "theirs", "device": "theirs"}
        stored(target, number, data, **other)
        return stored(target, number, data, **kwargs)

    monkeypatch.setattr(table_views, "submit_entry", another_phone_first)
    answer = send(phone, game, 1)
    pad = answer.split('<section id="sheet"', 1)[1].split("</section>", 1)[0]
    player = other_side.player
    assert f"entered by {player.number} {player.name}" in pad, "the pad shows the other's deal"
