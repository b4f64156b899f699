"""A fresh Canasta form's fields are drawn once for each game, kind of form and language while
the event's frame (names, seating, rules) stays, and kept for the next deals' forms
(views/table.py, ``_fields``): what the phone gets is what a fresh drawing gives, a corrected
name shows in the next form, and a form with what was typed or its errors draws its own."""

import re

import pytest
from django.core.cache import cache
from django.test import Client

from tests.web.table_helpers import DEAL_FORM, canasta_game, seat_of, table_url
from tournaments.services.setup.players import update_player
from tournaments.views import table as table_views

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}
SIDES = re.compile(r'<fieldset class="side side-\d">.*?</fieldset>', re.S)


def fields_in(html: str) -> list[str]:
    found = SIDES.findall(html)
    assert len(found) == 2, "the page draws no entry form of two sides"
    return found


def seated(game, number: int) -> Client:
    client = Client()
    client.post(table_url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def sent(client: Client, game, number: int, **fields: str) -> str:
    data = {**DEAL_FORM, "number": str(number), "idempotency_key": f"k{number}", **fields}
    answer = client.post(table_url("tournaments-table-submit", game), data, **HTMX)
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.fixture
def drawn(monkeypatch):
    """Every time the fields are drawn rather than taken as kept."""
    calls = []
    original = table_views.render_to_string

    def counted(name, *args, **kwargs):
        calls.append(name)
        return original(name, *args, **kwargs)

    monkeypatch.setattr(table_views, "render_to_string", counted)
    return calls


def test_the_next_deals_form_has_the_fields_a_fresh_drawing_gives(director, drawn):
    game = canasta_game(director)
    phone = seated(game, 1)
    page = phone.get(table_url("tournaments-table", game)).content.decode()
    answer = sent(phone, game, 1)
    assert "Deal 1 is stored." in answer and 'value="2"' in answer
    assert len(drawn) == 1, "the form of deal 2 takes the fields drawn for deal 1"
    assert fields_in(answer) == fields_in(page)
    cache.clear()
    again = phone.get(table_url("tournaments-table", game)).content.decode()
    assert len(drawn) == 2 and fields_in(again) == fields_in(answer)


def test_a_name_corrected_during_the_game_shows_in_the_next_form(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    before = phone.get(table_url("tournaments-table", game)).content.decode()
    event = game.round.event
    player = event.players.get(number=2)
    assert player.name in fields_in(before)[1]
    update_player(event, player, name="Zoë Typofixed", gender=player.gender, club="")
    answer = sent(phone, game, 1)
    assert "Zoë Typofixed" in fields_in(answer)[1]


def test_a_form_with_errors_draws_its_own_fields(director, drawn):
    game = canasta_game(director)
    phone = seated(game, 1)
    phone.get(table_url("tournaments-table", game))
    answer = sent(phone, game, 1, s0_melded_points="7")
    assert "field-error" in "".join(fields_in(answer)) and len(drawn) == 1


def test_each_language_and_kind_of_form_has_its_own_fields(director, drawn):
    game = canasta_game(director, entry_modes=["deal", "totals"])
    phone = seated(game, 1)
    page = table_url("tournaments-table", game)
    english = fields_in(phone.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    german = fields_in(phone.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Seite A" in german[0] and "Side A" in english[0] and len(drawn) == 2
    totals = phone.get(page + "?mode=totals", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="s0_total"' in "".join(fields_in(totals)) and len(drawn) == 3
    assert fields_in(phone.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode()) != german
