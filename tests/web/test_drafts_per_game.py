"""A form, its key and its figures belong to one game (issue 32, item 1).

In progressive play a pair may stay at its table, whose link stays the same all evening.
Before, a phone brought back round 1's draft of deal 2 in round 2 and "Send deal 2"
answered "This form was sent for another table", also after a reload: the key of round 1's
form found round 1's game.
"""

import pytest

from meld_testkit.page import read
from tests.factories import seat_round
from tests.web.table_helpers import DEAL_FORM, canasta_game, phone, table_url
from tournaments.kernel.keys import key_game
from tournaments.models import Entry, Game, Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}


def round_two(game: Game) -> Game:
    """Round 1 closes; in round 2 players 1 and 6 stay at table 1, against 3 and 8."""
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    rnd = seat_round(game.round.event, 2, [((1, 6), (3, 8)), ((2, 5), (4, 7))])
    return rnd.games.select_related("round__event", "table").get(table__number=1)


def entry_form(client, game: Game):
    page = read(client.get(table_url("tournaments-table", game)).content.decode())
    return page.form(table_url("tournaments-table-submit", game))


def test_the_form_drawn_for_round_1_is_not_stored_in_round_2(director):
    game = canasta_game(director)
    side_a = phone(game, 1)
    old_form = entry_form(side_a, game)  # deal 1 of round 1, typed but never sent
    assert key_game(dict(old_form.fields)["idempotency_key"]) == game.pk
    second = round_two(game)
    answer = side_a.post(
        table_url("tournaments-table-submit", second), old_form.data(**DEAL_FORM), **HTMX
    ).content.decode()
    assert "This deal was typed in round 1, which is over: nothing was stored." in answer
    assert not Entry.objects.exists()
    fresh = read(answer).form(table_url("tournaments-table-submit", second))
    assert key_game(dict(fresh.fields)["idempotency_key"]) == second.pk
    assert dict(fresh.fields)["s0_melded_points"] == ""


def test_an_old_key_answers_as_the_old_game(director):
    game = canasta_game(director)
    side_a = phone(game, 1)
    sent = entry_form(side_a, game).data(**DEAL_FORM)
    side_a.post(table_url("tournaments-table-submit", game), sent, **HTMX)
    second = round_two(game)
    answer = side_a.post(table_url("tournaments-table-submit", second), sent, **HTMX)
    html = answer.content.decode()
    assert "Deal 1 of round 1 was stored then; this is round 2." in html
    assert "sent for another table" not in html
    assert Entry.objects.get().game_id == game.pk
    assert not Entry.objects.filter(game=second).exists()


def test_round_2s_form_is_drawn_with_its_own_key_and_keeps_its_drafts_apart(director):
    game = canasta_game(director)
    side_a = phone(game, 1)
    first = read(side_a.get(table_url("tournaments-table", game)).content.decode())
    keep_first = first.forms[0].attrs.get("data-keep") if first.forms else None
    second = round_two(game)
    page = read(side_a.get(table_url("tournaments-table", second)).content.decode())
    form = page.form(table_url("tournaments-table-submit", second))
    assert form.attrs["data-keep"] == f"{second.table.token}:{second.pk}:1"
    assert keep_first != form.attrs["data-keep"]
