"""What the phone needs to keep a typed deal through a dropped Wi-Fi: the form names its
table and deal for the phone's store, says what waits, and a resend stores the deal once."""

import pytest
from django.urls import reverse

from tests.web.table_helpers import DEAL, DEAL_FORM, canasta_game, gin_game, seat_of
from tournaments.models import Entry, Game
from tournaments.services.scores.entries import submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, game: Game, *args) -> str:
    return reverse(name, args=[game.table.token, *args])


def seated(client, game: Game, number: int = 1):
    client.post(url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def test_the_entry_form_names_its_table_and_deal_for_the_phones_store(client, director):
    game = canasta_game(director)
    page = seated(client, game).get(url("tournaments-table", game)).content.decode()
    assert f'data-keep="{game.table.token}:{game.pk}:1"' in page
    assert "js/table_keep.js" in page
    assert "Deal 1 is saved on this phone and will be sent when the connection is back." in page


def test_a_gin_form_says_hand(client, director):
    game = gin_game(director)
    page = seated(client, game).get(url("tournaments-table", game)).content.decode()
    assert "Hand 1 is saved on this phone and will be sent when the connection is back." in page


def test_a_form_changing_a_stored_entry_is_not_kept(client, director):
    game = canasta_game(director)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), device="one")
    page = (
        seated(client, game)
        .get(url("tournaments-table-edit", game, entry.pk), **HTMX)
        .content.decode()
    )
    assert "Change deal 1" in page and "data-keep" not in page


def test_the_kept_deal_sent_again_after_the_first_got_through_is_stored_once(client, director):
    game = canasta_game(director)
    data = {"number": "1", "idempotency_key": "kept-on-the-phone", **DEAL_FORM}
    seated(client, game)
    first = client.post(url("tournaments-table-submit", game), data, **HTMX)
    again = client.post(url("tournaments-table-submit", game), data, **HTMX)
    assert first.status_code == again.status_code == 200
    assert Entry.objects.filter(game=game).count() == 1
    assert f'data-keep="{game.table.token}:{game.pk}:2"' in again.content.decode()
