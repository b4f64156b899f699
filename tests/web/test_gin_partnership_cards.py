"""Partnership Gin entered by cards (RULES.md 2.2): each partner's game of a hand has its own
card picker, as every other Gin table has, and Meld finds the melds, the deadwood and the
lay-offs of each game. Players 1 & 2 (side A) play 3 & 4; in hand 1, 1 plays 3 and 2 plays 4.
"""

import re

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.test_gin_tables import phone, table_url
from tournaments.models import Entry, Event, Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

# Game 1: 1 goes gin; 3 holds 64 of deadwood (no lay-offs after gin): 1 scores 20 + 64 = 84.
GIN_CARDS = ("AS 2S 3S 4S 5H 6H 7H KD KC KH", "QS JS 9C 8D 7C 5C 3D 2H 4C 6D")
# Game 2: 4 knocks with the ace (1) and discards the 6♣; 2 lays the 5♦ off on 2-3-4♦ and
# keeps 37: 4 scores 36.
KNOCK_CARDS = ("2D 3D 4D 8S 8H 8C JH QH KH AC 6C", "5S 6S 7S 9D 9H TC 2C 3C 4H 5D")


@pytest.fixture
def game(director):
    event = make_event(
        director,
        card_game="gin",
        players=4,
        fmt="tables",
        table_kind="partnership",
        scoring_mode=Event.ScoringMode.NET,
    )
    make_tables(event, 1)
    return event


def started(director_client, event) -> Game:
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    return Game.objects.get(round__event=event)


def by_cards(number: int, first=GIN_CARDS, second=KNOCK_CARDS) -> dict:
    return {
        "number": number,
        "idempotency_key": f"cards-{number}",
        "mode": "cards",
        "g0_kind": "gin",
        "g0_knocker": 0,
        "g0_knocker_cards": first[0],
        "g0_defender_cards": first[1],
        "g1_kind": "knock",
        "g1_knocker": 1,
        "g1_knocker_cards": second[0],
        "g1_defender_cards": second[1],
    }


def test_each_partner_game_has_its_own_card_picker(director_client, game):
    table = started(director_client, game)
    page = phone(table, 1).get(table_url("tournaments-table", table)).content.decode()
    assert page.count("data-picker") == 2
    for index in (0, 1):
        for hand in ("knocker", "defender"):
            assert f'name="g{index}_{hand}_cards"' in page
    # One choice of deadwood or cards for the whole hand; each picker taps into its own game.
    assert page.count('name="mode"') == 2  # the two radios of the one choice
    assert 'name="g0_knocker_cards-picking"' in page and 'name="g1_knocker_cards-picking"' in page


def test_six_players_have_a_picker_for_each_of_the_three_games(director_client, director):
    event = make_event(
        director, card_game="gin", players=6, fmt="tables", table_kind="partnership-six"
    )
    make_tables(event, 1)
    table = started(director_client, event)
    page = phone(table, 1).get(table_url("tournaments-table", table)).content.decode()
    assert page.count("data-picker") == 3


def test_a_partnership_hand_is_scored_from_the_cards_of_each_game(director_client, game):
    table = started(director_client, game)
    entering = phone(table, 1)
    preview = entering.post(table_url("tournaments-table-preview", table), by_cards(1))
    shown = preview.content.decode()
    assert "1 Player 1 &amp; 2 Player 2 scores 48" in shown
    # Each game's melds as Meld found them, under its players.
    assert "1 Player 1 against 3 Player 3" in shown and "2 Player 2 against 4 Player 4" in shown
    assert "A♠ 2♠ 3♠ 4♠" in shown and "2♦ 3♦ 4♦" in shown and "discard 6♣" in shown
    sent = entering.post(
        table_url("tournaments-table-submit", table), by_cards(1), HTTP_HX_REQUEST="true"
    )
    assert sent.status_code == 200
    entry = Entry.objects.get(game=table, number=1)
    assert entry.points == [48, 0]
    first, second = entry.details["games"]
    assert (first["mode"], first["kind"], first["defender_deadwood"], first["result"]) == (
        "cards",
        "gin",
        64,
        84,
    )
    assert (second["kind"], second["knocker_deadwood"], second["defender_deadwood"]) == (
        "knock",
        1,
        37,
    )
    assert second["result"] == -36
    # The other side checks what was entered: each game's deadwoods, found from the cards.
    page = phone(table, 3).get(table_url("tournaments-table", table)).content.decode()
    assert "Deadwood: knocker 1, defender 37." in page


def test_a_game_with_too_few_cards_is_marked_at_its_own_picker(director_client, game):
    table = started(director_client, game)
    short = (KNOCK_CARDS[0], "5S 6S 7S 9D 9H TC 2C 3C 4H")
    sent = phone(table, 1).post(
        table_url("tournaments-table-submit", table),
        by_cards(1, second=short),
        HTTP_HX_REQUEST="true",
    )
    answer = sent.content.decode()
    assert not Entry.objects.exists()
    assert re.search(r'id="id_g1_defender_cards_error"[^>]*><p>Tap 10 cards, not 9', answer)
    assert not re.search(r'id="id_g0_[a-z_]+_error"[^>]*><p>', answer)


def test_a_hand_entered_by_cards_is_changed_with_its_cards(director_client, game):
    table = started(director_client, game)
    entering = phone(table, 1)
    entering.post(table_url("tournaments-table-submit", table), by_cards(1), HTTP_HX_REQUEST="true")
    entry = Entry.objects.get(game=table, number=1)
    page = entering.get(
        table_url("tournaments-table-edit", table, entry.pk), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert re.search(r'name="mode" value="cards"[^>]* checked', page)
    assert f'name="g1_defender_cards" value="{KNOCK_CARDS[1]}"' in page
    # The director corrects it by typing the cards of each game, under its players.
    director_page = director_client.get(
        reverse("tournaments-director-game", args=[game.pk, table.pk]) + "?fix=1"
    ).content.decode()
    assert 'name="fix-g0_knocker_cards"' in director_page
    assert "<legend>1 Player 1 against 3 Player 3</legend>" in director_page
