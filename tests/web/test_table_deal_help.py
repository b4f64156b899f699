"""The entry form helps the player: which deal of the round this is, whole-deal mistakes
by the Send button with their fields marked, the calculator's keys in the players' language."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.web.table_helpers import DEAL, canasta_game, gin_game, seat_of
from tournaments.models import Event, Game
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, game: Game) -> str:
    return reverse(name, args=[game.table.token])


def seated(client, game: Game, number: int = 1):
    client.post(url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def play(game: Game, deals: int) -> None:
    for number in range(1, deals + 1):
        entry = submit_entry(game, number, DEAL, seat=seat_of(game, 1), device="one")
        confirm_entry(entry, seat=seat_of(game, 2), device="two")


def test_the_form_and_the_pad_say_which_deal_of_the_round_comes(client, director):
    game = canasta_game(director, round_kind=Event.RoundKind.DEALS, round_deals=4)
    play(game, 2)
    page = seated(client, game).get(url("tournaments-table", game)).content.decode()
    assert page.count("Deal 3 of 4") == 2  # the score pad and the entry form
    assert "the last deal of this round" not in page


def test_the_last_deal_of_the_round_is_called_so(client, director):
    game = canasta_game(director, round_kind=Event.RoundKind.DEALS, round_deals=4)
    play(game, 3)
    page = seated(client, game).get(url("tournaments-table", game)).content.decode()
    assert "Deal 4 of 4" in page
    assert page.count("the last deal of this round") == 2


def test_a_gin_round_of_hands_counts_hands(client, director):
    game = gin_game(director, round_kind=Event.RoundKind.DEALS, round_deals=3)
    page = seated(client, game).get(url("tournaments-table", game)).content.decode()
    assert "Hand 1 of 3" in page


def test_a_round_on_the_clock_names_no_count_of_deals(client, director):
    game = canasta_game(director)
    page = seated(client, game).get(url("tournaments-table", game)).content.decode()
    assert " of 4" not in page and "deal-of" not in page


def two_going_out() -> dict:
    return {
        "number": "1",
        "idempotency_key": "key-1",
        "s0_going_out": "out",
        "s0_natural_canastas": "1",
        "s0_melded_points": "120",
        "s1_going_out": "out",
        "s1_natural_canastas": "1",
        "s1_melded_points": "60",
    }


def test_a_whole_deal_mistake_is_shown_by_send_and_marks_its_fields(client, director):
    game = canasta_game(director)
    answer = seated(client, game).post(
        url("tournaments-table-submit", game), two_going_out(), **HTMX
    )
    page = answer.content.decode()
    note = page.index("Only one side can go out in a deal")
    assert page.index('id="preview"') > page.index('class="send-error') > note
    for field in ("s0_going_out", "s1_going_out"):
        marked = page.index(f'id="id_{field}_error"')
        assert page[marked : marked + 200].count("See the note by the Send button.") == 1
    assert 'id="id_s0_melded_points_error" class="errors"></div>' in page
    assert not game.entries.exists()


def test_the_preview_marks_the_fields_of_a_whole_deal_mistake(client, director):
    game = canasta_game(director)
    page = (
        seated(client, game)
        .post(url("tournaments-table-preview", game), two_going_out(), **HTMX)
        .content.decode()
    )
    assert "Only one side can go out in a deal" in page
    marked = page.index('id="id_s1_going_out_error"')
    assert "See the note by the Send button." in page[marked : marked + 200]


def test_too_many_card_points_mark_melded_and_hand_points_of_every_side(client, director):
    game = canasta_game(director)
    data = {
        "number": "1",
        "s0_going_out": "none",
        "s1_going_out": "none",
        "s0_melded_points": "5000",
        "s1_hand_points": "5000",
    }
    page = (
        seated(client, game)
        .post(url("tournaments-table-preview", game), data, **HTMX)
        .content.decode()
    )
    for field in ("s0_melded_points", "s0_hand_points", "s1_melded_points", "s1_hand_points"):
        marked = page.index(f'id="id_{field}_error"')
        assert "</p>" in page[marked : marked + 300], field


def test_the_german_calculator_shows_dame_and_bube(client, director):
    game = canasta_game(director)
    with translation.override("de"):
        page = seated(client, game).get(url("tournaments-table", game)).content.decode()
        queen = translation.pgettext("card rank on a calculator key: queen", "Q")
        jack = translation.pgettext("card rank on a calculator key: jack", "J")
    assert f'data-calc-add="Q">{queen}</button>' in page
    assert f'data-calc-add="J">{jack}</button>' in page


def test_the_you_badge_is_tied_to_its_name(client, director):
    game = canasta_game(director)
    page = seated(client, game).get(url("tournaments-table", game)).content.decode()
    assert 'Player 1&nbsp;<span class="badge you">you</span>' in page
