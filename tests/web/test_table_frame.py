"""A table's frame (its event, the table, the seats and their players) is kept in the cache under
the event's frame value (services/pages/table_game.py, ``open_game``): while the value stays,
a page, a drawn poll or a step reads only the game and its round; a name corrected, a player
substituted or a round closed changes the value, and the next drawing reads the frame again."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import seat_round
from tests.web.table_helpers import DEAL, DEAL_FORM, canasta_game, seat_of, table_url, totals
from tournaments.kernel.errors import NotFound
from tournaments.models import Round
from tournaments.services.pages.table_game import table_latest, table_scope
from tournaments.services.rounds.steps import force_close_round
from tournaments.services.scores.calls import call_director
from tournaments.services.scores.entries import correct_entry, submit_entry
from tournaments.services.setup.players import update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def seated(game, number: int) -> Client:
    client = Client()
    client.post(table_url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def statements_of(client: Client, game) -> tuple[str, list[str]]:
    """The table's page and every statement it ran."""
    with CaptureQueriesContext(connection) as done:
        html = client.get(table_url("tournaments-table", game)).content.decode()
    return html, [q["sql"] for q in done.captured_queries]


def page(client: Client, game) -> tuple[str, list[str]]:
    """The table's page and the statements that read players for it."""
    html, ran = statements_of(client, game)
    return html, [sql for sql in ran if "tournaments_player" in sql]


def test_a_page_drawn_again_reads_no_player_while_the_frame_stays(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    first, read_first = page(phone, game)
    again, read_again = page(phone, game)
    assert read_first and not read_again
    for seat in game.seats.select_related("player"):
        assert seat.player.name in first and seat.player.name in again
    assert 'name="number" value="1"' in again


def test_a_deal_sent_shows_on_a_page_drawn_from_the_kept_frame(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    page(phone, game)
    data = {**DEAL_FORM, "number": "1", "idempotency_key": "k1"}
    phone.post(table_url("tournaments-table-submit", game), data, HTTP_HX_REQUEST="true")
    html, ran = statements_of(seated(game, 2), game)
    # the game, its round, its entries, its newest audit action and whether its table calls
    assert len(ran) == 1 and not any("tournaments_player" in sql for sql in ran)
    assert "820" in html and "Confirm deal 1" in html


def test_the_directors_decision_is_read_only_while_it_is_the_newest_thing_at_the_game(
    director,
):
    game = canasta_game(director)
    phone = seated(game, 1)
    page(phone, game)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    correct_entry(game, 1, totals(300, 100), user=director, reason="Counted again")
    html, ran = game_statements(phone, game)
    assert "The director corrected deal 1: 300 : 100 counts." in html
    assert len(ran) == 2 and "tournaments_auditentry" in ran[-1]  # the decision's row
    submit_entry(game, 2, DEAL, seat=seat_of(game, 1))  # the table goes on
    html, ran = game_statements(phone, game)
    assert "The director corrected" not in html and "Deal 2 is sent" in html
    assert len(ran) == 1  # the game's read said its newest action is no decision


def test_the_tables_calls_are_read_only_when_the_game_read_says_it_has_one(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    page(phone, game)
    html, ran = game_statements(phone, game)
    assert "The director is called." not in html and len(ran) == 1
    call_director(game.table, game.round, reason="Misdeal")
    html, ran = game_statements(phone, game)
    assert "The director is called." in html and "Misdeal" in html
    assert len(ran) == 2 and "tournaments_tablecall" in ran[-1]


def game_statements(client: Client, game) -> tuple[str, list[str]]:
    """The table's page and the statements it ran besides the feed's (a service's step in a
    test never commits, so the feed's values are read from the database)."""
    html, ran = statements_of(client, game)
    return html, [sql for sql in ran if "tournaments_change" not in sql]


def test_a_name_corrected_shows_on_the_next_page(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    page(phone, game)
    player = seat_of(game, 2).player
    old_name = player.name
    update_player(game.round.event, player, name="Zoë Typofixed", gender=player.gender, club="")
    html, read = page(phone, game)
    assert read, "a new frame value reads the frame again"
    assert "Zoë Typofixed" in html and old_name not in html


def test_the_next_round_shows_its_own_game(director):
    game = canasta_game(director)
    phone = Client()
    page(phone, game)
    force_close_round(game.round, user=director, reason="the evening goes on")
    following = seat_round(game.round.event, 2, [((1, 2), (5, 6)), ((3, 4), (7, 8))])
    html, _read = page(phone, game)
    seat = following.seats.get(player__number=5)
    assert f'name="seat" value="{seat.pk}"' in html


def test_kept_rows_of_a_round_no_longer_open_are_not_drawn(director):
    game = canasta_game(director)
    phone = Client()
    page(phone, game)
    # Closed behind the feed's back: the frame value stays, the kept rows must not be used.
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    html, _read = page(phone, game)
    assert 'name="seat"' not in html


def test_a_tables_scope_is_kept_by_the_process_and_an_unknown_token_is_never_kept(
    director, monkeypatch
):
    """A token is never given to another table: once a process has found it, its table and
    event come neither from the shared cache nor from the database, and a poll's one look-up
    in the cache is its feed values'. A token no table has is looked up every time (and
    counted by the guess limiter)."""
    game = canasta_game(director)
    token = game.table.token
    asked: list[str] = []
    get = cache.get
    monkeypatch.setattr(cache, "get", lambda key, *args, **kw: asked.append(key) or get(key))
    first = table_latest(token)
    with CaptureQueriesContext(connection) as done:
        assert table_scope(token) == (game.table.pk, game.round.event_id)
        assert table_latest(token) == first
    assert not done.captured_queries
    assert [key for key in asked if key.startswith("table-token:")] == [f"table-token:{token}"]
    for _ in range(2):
        with CaptureQueriesContext(connection) as done, pytest.raises(NotFound):
            table_scope("no-such-table")
        assert done.captured_queries
