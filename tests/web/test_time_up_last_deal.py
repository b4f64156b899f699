"""Time is up in a timed round: the deal in play is the table's last (issue 32, item 4).

The handbook: "The deal being played is finished and entered as usual; no new deal is
started." Before, once that deal was in, the board showed the table done while its phones
offered "Next: enter deal 3", and deals 3 and 4 were stored and counted.
"""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import make_event, seat_round
from tests.web.table_helpers import DEAL_FORM, phone, table_url
from tournaments.models import Entry, Game, Round
from tournaments.services.rounds.clock import start_clock
from tournaments.services.rounds.done import round_state

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}


def timed_game(director) -> Game:
    event = make_event(director, players=8, round_kind="time", round_minutes=30)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    return rnd.games.select_related("round__event", "table").get(table__number=1)


def send(client, game: Game, number: int, key: str):
    return client.post(
        table_url("tournaments-table-submit", game),
        {"number": number, "idempotency_key": key, **DEAL_FORM},
        **HTMX,
    )


def confirm_last(client, game: Game):
    entry = Entry.objects.filter(game=game, status=Entry.Status.ENTERED).latest("pk")
    return client.post(table_url("tournaments-table-confirm", game, entry.pk), **HTMX)


def now_kind(client, game: Game) -> str:
    page = client.get(table_url("tournaments-table", game)).content.decode()
    return page.split('data-kind="', 1)[1].split('"', 1)[0]


def time_runs_out(game: Game) -> None:
    """Time ran out a minute ago; what was entered so far was entered before it."""
    Entry.objects.filter(game=game).update(created_at=timezone.now() - timedelta(minutes=5))
    Round.objects.filter(pk=game.round_id).update(
        clock_ends_at=timezone.now() - timedelta(minutes=1)
    )


def test_once_the_deal_in_play_is_in_the_phone_says_the_table_is_done(director):
    game = timed_game(director)
    side_a, side_b = phone(game, 1), phone(game, 2)
    send(side_a, game, 1, "k1")
    confirm_last(side_b, game)
    time_runs_out(game)
    page = side_a.get(table_url("tournaments-table", game)).content.decode()
    assert "Next: enter deal 2." in page
    assert "Time is up: finish the deal you are playing." in page
    send(side_a, game, 2, "k2")
    answer = confirm_last(side_b, game).content.decode()
    assert "Next: enter deal 3" not in answer
    for client in (side_a, side_b):
        assert now_kind(client, game) == "time_done"
        page = client.get(table_url("tournaments-table", game)).content.decode()
        assert "Time is up and your last deal is in: this table is done." in page
        assert "Send deal 3" not in page and 'name="s0_melded_points"' not in page
    assert [table.done for table in round_state(Round.objects.get(pk=game.round_id)).tables] == [
        True,
        False,
    ]


def test_the_server_refuses_a_new_deal_after_the_deal_in_play(director):
    game = timed_game(director)
    side_a, side_b = phone(game, 1), phone(game, 2)
    send(side_a, game, 1, "k1")
    confirm_last(side_b, game)
    time_runs_out(game)
    send(side_a, game, 2, "k2")
    confirm_last(side_b, game)
    answer = send(side_a, game, 3, "k3").content.decode()
    assert "Time is up: deal 2 was the last one of this round; no new deal is started." in answer
    assert not Entry.objects.filter(game=game, number=3).exists()
    game.refresh_from_db()
    assert (game.score_0, game.score_1) == (1640, 50)


def test_a_change_of_an_earlier_deal_after_the_time_does_not_move_the_last_deal(director):
    game = timed_game(director)
    side_a, side_b = phone(game, 1), phone(game, 2)
    send(side_a, game, 1, "k1")
    time_runs_out(game)
    entry = Entry.objects.get(game=game, number=1)
    changed = {**DEAL_FORM, "s1_hand_points": "45"}
    side_a.post(
        table_url("tournaments-table-submit", game),
        {"number": 1, "idempotency_key": "k1b", "expected_version": entry.version, **changed},
        **HTMX,
    )
    confirm_last(side_b, game)
    assert now_kind(side_a, game) == "enter"  # deal 2, the one in play, is still to come
    send(side_a, game, 2, "k2")
    confirm_last(side_b, game)
    assert now_kind(side_a, game) == "time_done"


def test_german_phones_say_it_in_german(director):
    game = timed_game(director)
    side_a, side_b = phone(game, 1), phone(game, 2)
    time_runs_out(game)
    send(side_a, game, 1, "k1")
    confirm_last(side_b, game)
    page = side_a.get(
        table_url("tournaments-table", game), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Die Zeit ist um" in page


def test_the_poll_draws_the_phone_again_when_time_runs_out_with_nothing_else_changed(
    director, monkeypatch
):
    """Time alone changes what the phone says: its page names the moment (``until``), and
    its poll, 204 before it, draws the phone again once it has come."""
    game = timed_game(director)
    start_clock(game.round, user=director)
    side_a = phone(game, 1)
    page = side_a.get(table_url("tournaments-table", game)).content.decode()
    poll = page.split('id="sheet-poll" hx-get="')[1].split('"')[0].replace("&amp;", "&")
    ends = int(poll.split("until=")[1].split("&")[0])
    assert 0 < ends - time.time() <= 30 * 60 + 1
    assert side_a.get(poll, **HTMX).status_code == 204
    time_runs_out(game)
    monkeypatch.setattr(time, "time", lambda: ends + 1.0)
    answer = side_a.get(poll, **HTMX)
    html = answer.content.decode()
    assert answer.status_code == 200 and "Time is up: finish the deal you are playing." in html
    assert (
        "until=" not in html.split('id="sheet-poll"')[1].split(">")[0]
    )  # nothing left to wait for
