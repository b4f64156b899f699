"""The phone follows its player: guide cards when a new round starts, where a table's
players go, the one-tap way to the new table with the seat already chosen."""

import pytest
from django.urls import reverse

from tests.web.guide_helpers import first_round, second_round, table
from tournaments.models import Seat
from tournaments.services.pages.guide import guide_for, next_tables
from tournaments.services.scores.standings import standings
from tournaments.views.table_guide import PLAYER_SALT

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def event(director):
    return first_round(director)


def page_url(event, number: int) -> str:
    return reverse("tournaments-table", args=[table(event, number).token])


def sit(client, event, table_number: int, player_number: int):
    seat = Seat.objects.get(round__event=event, round__number=1, player__number=player_number)
    url = reverse("tournaments-table-seat", args=[table(event, table_number).token])
    return client.post(url, {"seat": seat.pk})


def player(event, number: int):
    return event.players.get(number=number)


def rank_of(event, number: int) -> str:
    """The place the standings give player ``number``: "3", or "3=" when shared."""
    row = next(row for row in standings(event) if row.number == number)
    return f"{row.rank}=" if row.shared else str(row.rank)


def test_choosing_a_seat_remembers_the_player_for_the_event(client, event):
    answer = sit(client, event, 1, 1)
    cookie = answer.cookies[f"meld_player_{event.pk}"]
    assert cookie["max-age"] >= 7 * 24 * 3600 and cookie["httponly"]
    request_value = client.cookies[f"meld_player_{event.pk}"].value
    assert request_value.startswith(f"{player(event, 1).pk}:")


def test_the_guide_card_names_table_side_partner_and_opponents(event):
    second_round(event)
    card = guide_for(event, player(event, 1))
    assert (card.round_number, card.table_number, card.side) == (2, 2, "A")
    assert card.partners == ("Player 8",) and card.opponents == ("Player 2 & Player 7",)
    assert card.token == table(event, 2).token
    row = next(row for row in standings(event) if row.player == player(event, 1))
    assert (card.total, card.rank, card.entrants) == (1000, row.rank, 9)


def test_a_player_sitting_out_gets_a_bye_card(event):
    second_round(event)
    card = guide_for(event, player(event, 5))
    assert card.bye and not card.seated and card.round_number == 2


def test_next_tables_are_those_of_the_tables_players_only(event):
    second_round(event)
    cards = {card.name: card for card in next_tables(table(event, 1))}
    assert set(cards) == {"Player 1", "Player 6", "Player 2", "Player 5"}
    assert cards["Player 6"].table_number == 3 and cards["Player 6"].side == "B"
    assert cards["Player 5"].bye


def test_the_old_table_shows_the_remembered_player_their_new_table(client, event):
    sit(client, event, 1, 1)
    second_round(event)
    page = client.get(page_url(event, 1)).content.decode()
    assert "Round 2: table 2, side A, with Player 8, against Player 2 &amp; Player 7" in page
    assert f"Points: 1,000 · rank {rank_of(event, 1)} of 9" in page
    assert f'href="{page_url(event, 2)}"' in page
    assert "Player 6</strong>:" in page and "table 3, side B" in page
    assert "sits out (bye)" in page
    assert "Player 3" not in page  # not a player of this table


def test_the_new_table_opens_with_the_players_seat_already_chosen(client, event):
    sit(client, event, 1, 1)
    second_round(event)
    page = client.get(page_url(event, 2)).content.decode()
    assert "You are <strong>1 Player 1</strong>" in page
    assert "Who are you?" not in page
    assert 'name="s0_melded_points"' in page


def test_a_phone_left_on_a_table_that_plays_a_new_game_shows_where_its_players_go(client, event):
    sit(client, event, 2, 3)
    client.cookies.pop(f"meld_player_{event.pk}")  # a phone that knows only its old seat
    second_round(event)
    page = client.get(page_url(event, 2)).content.decode()
    assert "Round 2: where the players of this table go" in page
    assert "Who are you?" not in page
    assert "Playing at this table now? Tap your name" in page
    assert "I am Player 3: open table 3" in page
    assert "I am Player 8: open table" not in page
    assert "table 2, side A · stays at this table" in page  # Player 8


def test_following_a_player_from_the_old_table_remembers_them_and_opens_their_table(client, event):
    second_round(event)
    url = reverse("tournaments-table-follow", args=[table(event, 1).token])
    answer = client.post(url, {"player": player(event, 6).pk})
    assert answer.status_code == 302 and answer.url == page_url(event, 3)
    page = client.get(answer.url).content.decode()
    assert "You are <strong>6 Player 6</strong>" in page


def test_following_a_player_who_sits_out_shows_the_bye(client, event):
    second_round(event)
    url = reverse("tournaments-table-follow", args=[table(event, 1).token])
    answer = client.post(url, {"player": player(event, 5).pk})
    page = client.get(answer.url).content.decode()
    assert "Round 2: you sit out (bye)" in page


@pytest.mark.parametrize("value", ["", "abc", "99999999999999999999"])
def test_following_needs_a_player_of_the_table(client, event, value):
    second_round(event)
    url = reverse("tournaments-table-follow", args=[table(event, 1).token])
    assert client.post(url, {"player": value}).status_code == 404


def test_a_player_of_another_table_cannot_be_followed_with_this_tables_link(client, event):
    second_round(event)
    url = reverse("tournaments-table-follow", args=[table(event, 1).token])
    assert client.post(url, {"player": player(event, 3).pk}).status_code == 404


def test_a_forged_player_cookie_is_ignored(client, event):
    second_round(event)
    client.cookies[f"meld_player_{event.pk}"] = str(player(event, 1).pk)
    page = client.get(page_url(event, 2)).content.decode()
    assert "Who are you?" in page


def test_a_cookie_for_another_events_player_shows_no_card(client, event, director):
    other = first_round(director)
    sit(client, other, 1, 1)
    value = client.cookies[f"meld_player_{other.pk}"].value
    client.cookies[f"meld_player_{event.pk}"] = value  # signed, but for the other event
    second_round(event)
    page = client.get(page_url(event, 1)).content.decode()
    assert "Points:" not in page.split("where the players of this table go")[0]


def test_without_an_open_round_the_phone_waits_and_shows_the_standing(client, event):
    sit(client, event, 1, 1)
    second_round(event).delete()
    page = client.get(page_url(event, 1)).content.decode()
    assert "Round 1 is closed." in page and "Wait for round 2" in page
    assert f"Points: 1,000 · rank {rank_of(event, 1)} of 9" in page
    assert PLAYER_SALT not in page
