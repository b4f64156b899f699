"""The live table board: each table's state and scores, refreshed by htmx, in a few queries."""

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.live_helpers import poll
from tests.web.rounds_helpers import finish
from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.models import Entry
from tournaments.services.pages.live import LIVE_POLL
from tournaments.services.rounds.steps import force_close_round, start_round
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def board_url(event, number=1):
    return reverse("tournaments-director-board", args=[event.pk, number])


def test_the_board_shows_every_table_waiting_at_the_start(director_client, director, gin_event):
    start_round(gin_event, user=director)
    page = director_client.get(board_url(gin_event)).content.decode()
    assert page.count('class="tile state-waiting"') == 4
    assert "0 of 4 tables finished" in page
    assert f'hx-trigger="every {LIVE_POLL}s"' in page


def test_the_board_tells_entered_confirmed_disputed_and_finished_apart(
    director_client, director, gin_event
):
    rnd = start_round(gin_event, user=director)
    games = list(rnd.games.order_by("table__number"))
    Entry.objects.create(game=games[0], number=1, points_0=25, points_1=0, status="confirmed")
    Entry.objects.create(game=games[1], number=1, points_0=25, points_1=0)
    Entry.objects.create(game=games[2], number=1, points_0=25, points_1=0, status="disputed")
    games[3].finished, games[3].score_0, games[3].score_1 = True, 284, 82
    games[3].save()
    page = director_client.get(board_url(gin_event)).content.decode()
    for state in ("playing", "entered", "disputed", "finished"):
        assert f'class="tile state-{state}"' in page
    assert "1 of 4 tables finished" in page and "284" in page


def test_htmx_polls_get_only_the_board(director_client, director, gin_event):
    start_round(gin_event, user=director)
    response = director_client.get(board_url(gin_event), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="board"')
    assert "<html" not in page


def test_a_board_open_while_the_round_is_closed_early_is_drawn_whole_with_the_deal_left(
    director_client, director
):
    """The board's poll that first finds the round closed loads the page anew: its list of
    deals left unconfirmed is drawn with it. Then it follows its own round only: a deal
    left unconfirmed confirmed elsewhere loads it again, time and the evening do not."""
    game = canasta_game(director)
    event = game.round.event
    page = director_client.get(board_url(event))
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    force_close_round(game.round, user=director, reason="Midnight")
    answer = poll(director_client, board_url(event), page)
    assert answer["HX-Refresh"] == "true"
    page = director_client.get(board_url(event))
    assert 'id="left-1"' in page.content.decode()
    assert poll(director_client, board_url(event), page).status_code == 204
    confirm_entry(entry, user=director)
    assert poll(director_client, board_url(event), page)["HX-Refresh"] == "true"


def test_when_every_table_is_done_the_board_offers_to_close_the_round(
    director_client, director, gin_event
):
    rnd = start_round(gin_event, user=director)
    finish(rnd)
    page = director_client.get(board_url(gin_event)).content.decode()
    assert reverse("tournaments-director-round-close", args=[gin_event.pk, 1]) in page


def test_each_table_links_to_its_game_page(director_client, director, gin_event):
    rnd = start_round(gin_event, user=director)
    page = director_client.get(board_url(gin_event)).content.decode()
    for game in rnd.games.all():
        assert reverse("tournaments-director-game", args=[gin_event.pk, game.pk]) in page


def test_fifty_tables_take_a_constant_few_queries(
    director_client, director, django_assert_max_num_queries
):
    event = make_event(director, card_game="gin", players=100, fmt="swiss")
    make_tables(event, 50)
    rnd = start_round(event, user=director)
    for game in rnd.games.all()[:20]:
        Entry.objects.create(game=game, number=1, points_0=25, points_1=0, status="confirmed")
    director_client.get(board_url(event))  # warm the session
    # The poll's mark (five small queries), then the board itself.
    with django_assert_max_num_queries(12):
        response = director_client.get(board_url(event), HTTP_HX_REQUEST="true")
    assert response.content.decode().count('class="tile ') == 50
