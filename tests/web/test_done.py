"""Whether a table and a round are done comes from one function (``services.rounds.done.round_state``)
that the board, the rounds page, the close dialog and closing itself ask (issue 24, item 4):
a timed round is not "done" from its first second, a table that entered nothing keeps the
round open and is named, and every page says the same as the service decides."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, make_tables, seat_round
from tests.web.live_helpers import poll
from tests.web.table_helpers import DEAL, seat_of, totals
from tournaments.kernel.errors import ServiceError
from tournaments.models import Entry, Event, Game, Round
from tournaments.services.rounds.clock import end_time, extend_clock, start_clock
from tournaments.services.rounds.done import round_state
from tournaments.services.rounds.steps import close_round, end_game, force_close_round, start_round
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

TABLES = [((1, 6), (2, 5)), ((3, 8), (4, 7)), ((9, 11), (10, 12))]
# Who enters and who confirms at each table.
PHONES = {1: (1, 2), 2: (3, 4), 3: (9, 10)}


def timed(director, **fields) -> Round:
    event = make_event(director, players=12, round_kind="time", round_minutes=30, **fields)
    return seat_round(event, 1, TABLES)


def game_at(rnd: Round, table: int) -> Game:
    return rnd.games.select_related("round__event", "table").get(table__number=table)


def play(rnd: Round, table: int, number: int, *, confirm: bool = True, deal=DEAL) -> Entry:
    game = game_at(rnd, table)
    enters, confirms = PHONES[table]
    entry = submit_entry(game, number, deal, seat=seat_of(game, enters))
    if confirm:
        confirm_entry(entry, seat=seat_of(game, confirms))
    return entry


def time_up(rnd: Round, minutes_ago: int = 1) -> None:
    Round.objects.filter(pk=rnd.pk).update(
        clock_ends_at=timezone.now() - timedelta(minutes=minutes_ago)
    )
    rnd.refresh_from_db()


def before_time_up(entry: Entry) -> None:
    Entry.objects.filter(game=entry.game).update(created_at=timezone.now() - timedelta(minutes=10))


def pages(client, rnd: Round) -> tuple[str, str]:
    event = rnd.event_id
    board = client.get(reverse("tournaments-director-board", args=[event, rnd.number]))
    rounds = client.get(reverse("tournaments-director-rounds", args=[event]))
    return board.content.decode(), rounds.content.decode()


def close_button_enabled(rounds_page: str, number: int) -> bool:
    button = re.search(rf"<button[^>]*>\s*Close round {number}\s*</button>", rounds_page)
    assert button, "the rounds page has no close button"
    return "disabled" not in button.group(0)


def refusal(rnd: Round, director) -> str:
    with pytest.raises(ServiceError) as caught:
        close_round(rnd, user=director)
    return caught.value.message


def test_a_timed_round_is_not_done_from_its_first_second(director_client, director):
    rnd = timed(director)
    board, rounds = pages(director_client, rnd)
    assert "0 of 3 tables finished" in board
    assert "Every table is done" not in board
    assert "Every table is finished and confirmed" not in rounds
    assert not close_button_enabled(rounds, 1)
    assert "The round's time is not up: the clock has not been started." in rounds
    message = refusal(rnd, director)
    assert "table 1, 2, 3 is not finished" in message
    assert "Tables 1, 2, 3 have entered nothing" in message
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.OPEN


def test_a_timed_round_with_every_deal_confirmed_waits_for_the_time(director_client, director):
    rnd = timed(director)
    start_clock(rnd, user=director)
    for table in (1, 2, 3):
        play(rnd, table, 1)
    state = round_state(Round.objects.get(pk=rnd.pk))
    assert not state.done and not state.time_up and state.finished == 0
    board, rounds = pages(director_client, rnd)
    assert "0 of 3 tables finished" in board and "Every table is done" not in board
    assert "The round's time is not up yet." in rounds
    assert not close_button_enabled(rounds, 1)
    assert "time is not up" in refusal(rnd, director)


def test_when_time_is_up_a_table_that_entered_nothing_keeps_the_round_open(
    director_client, director
):
    rnd = timed(director)
    time_up(rnd)
    play(rnd, 1, 1)
    play(rnd, 2, 1)
    state = round_state(rnd)
    assert [t.done for t in state.tables] == [True, True, False]
    assert [t.game.table.number for t in state.empty] == [3]
    board, rounds = pages(director_client, rnd)
    assert "2 of 3 tables finished" in board and "Every table is done" not in board
    assert "1 table is not finished yet" in rounds
    assert "Table 3 has entered nothing: its players have no score for this round." in rounds
    assert not close_button_enabled(rounds, 1)
    message = refusal(rnd, director)
    assert "table 3 is not finished" in message and "Table 3 has entered nothing" in message


def test_a_table_still_playing_the_deal_it_had_when_time_ran_out_is_not_done(
    director_client, director
):
    rnd = timed(director)
    for table in (1, 2, 3):
        before_time_up(play(rnd, table, 1))
    time_up(rnd, minutes_ago=5)
    play(rnd, 1, 2)
    play(rnd, 2, 2, confirm=False)
    state = round_state(rnd)
    assert [(t.done, t.finishing) for t in state.tables] == [
        (True, False),
        (False, False),
        (False, True),
    ]
    board, rounds = pages(director_client, rnd)
    assert "1 of 3 tables finished" in board
    assert "time is up: finishing the deal it plays" in board
    closing = rounds.split('id="close"')[1]
    assert "Confirm deal 2" in closing and "time is up: finishing the deal it plays" in closing


def test_a_timed_round_is_done_when_every_table_finished_its_last_deal(director_client, director):
    rnd = timed(director)
    for table in (1, 2, 3):
        before_time_up(play(rnd, table, 1))
    time_up(rnd, minutes_ago=5)
    for table in (1, 2):
        play(rnd, table, 2)
    end_game(game_at(rnd, 3), user=director, reason="no time for another deal")
    assert round_state(rnd).done
    board, rounds = pages(director_client, rnd)
    assert "3 of 3 tables finished" in board and "Every table is done: close round 1" in board
    assert "Every table is finished and confirmed." in rounds
    assert close_button_enabled(rounds, 1)
    close_round(rnd, user=director)
    assert all(game.finished for game in rnd.games.all())


def test_a_deals_round_is_done_when_every_table_has_its_deals_confirmed(director_client, director):
    event = make_event(director, players=12, round_kind="deals", round_deals=2)
    rnd = seat_round(event, 1, TABLES)
    for table in (1, 2, 3):
        play(rnd, table, 1)
        play(rnd, table, 2, confirm=table != 3)
    board, rounds = pages(director_client, rnd)
    assert "2 of 3 tables finished" in board and not close_button_enabled(rounds, 1)
    confirm_entry(Entry.objects.get(game=game_at(rnd, 3), number=2), user=director)
    board, rounds = pages(director_client, rnd)
    assert "3 of 3 tables finished" in board and close_button_enabled(rounds, 1)
    close_round(rnd, user=director)


def test_a_game_round_is_done_when_every_game_reached_its_target(director_client, director):
    rnd = seat_round(make_event(director, players=12), 1, TABLES)
    for table in (1, 2):
        play(rnd, table, 1, deal=totals(5200, 100))
    play(rnd, 3, 1, deal=totals(300, 100))
    state = round_state(rnd)
    assert [t.done for t in state.tables] == [True, True, False] and not state.empty
    assert "table 3 is not finished" in refusal(rnd, director)
    play(rnd, 3, 2, deal=totals(5000, 100))
    close_round(rnd, user=director)


def test_closing_early_with_tables_that_entered_nothing_names_them(director_client, director):
    rnd = timed(director)
    play(rnd, 1, 1)
    response = director_client.post(
        reverse("tournaments-director-round-close", args=[rnd.event_id, 1]),
        {"force": "1", "reason": "The club closes"},
        follow=True,
    )
    page = response.content.decode()
    assert "Round 1 is closed." in page
    assert "Tables 2, 3 have entered nothing: their players have no score for this round." in page


def test_the_start_of_the_next_round_asks_the_same_function(director):
    event = make_event(director, players=4, fmt="moveup", round_kind="deals", round_deals=1)
    make_tables(event, 1)
    rnd = start_round(event, user=director)
    assert not round_state(rnd).done and len(round_state(rnd).empty) == 1
    game = rnd.games.select_related("round__event", "table").get()
    seats = list(game.seats.order_by("position"))
    confirm_entry(submit_entry(game, 1, DEAL, seat=seats[0]), seat=seats[1])
    assert round_state(rnd).done and round_state(rnd).finished == 1


def test_a_closed_round_is_judged_by_its_games(director):
    rnd = timed(director)
    force_close_round(rnd, user=director, reason="early")
    state = round_state(Round.objects.select_related("event").get(pk=rnd.pk))
    assert not state.done and state.clock is None and not state.time_up
    assert Event.objects.get(pk=rnd.event_id).round_kind == "time"


def test_a_timed_round_given_more_time_is_no_longer_finishing_at_the_boards_next_poll(
    director_client, director
):
    """In a round with a time limit the clock decides which tables are finishing: a tile
    kept for its table's value is drawn again when the clock changes."""
    rnd = timed(director)
    for table in (1, 2, 3):
        before_time_up(play(rnd, table, 1))
    url = reverse("tournaments-director-board", args=[rnd.event_id, rnd.number])
    page = director_client.get(url)
    end_time(rnd, user=director)
    ended = poll(director_client, url, page)
    assert ended.content.decode().count("time is up: finishing the deal it plays") == 3
    extend_clock(rnd, user=director, minutes=5)
    again = poll(director_client, url, page).content.decode()
    assert 'class="tile state-playing" data-table="1"' in again
    assert "time is up" not in again
