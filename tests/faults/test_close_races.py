"""The director's steps racing a phone's, each on its own connection (issue 14, cases 1, 2, 9).

Each test holds one step inside its transaction (its locks taken, its audit row
about to be written) and starts the other step meanwhile, so the interleaving
that went wrong at the club is played every time rather than by chance: the
second step runs into the first one's locks and must wait for it, then see what
it did. On PostgreSQL these are row locks; on SQLite the first step holds the
database's write lock and the second tries again until it is free.
"""

import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.utils import timezone, translation

from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import close, finish
from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Entry, Event, Round
from tournaments.services.rounds import steps as rounds
from tournaments.services.rounds.steps import close_round, force_close_round, start_round
from tournaments.services.scores import audit
from tournaments.services.scores.entries import confirm_entry, dispute_entry, submit_entry
from tournaments.services.setup import events as setup
from tournaments.services.setup.events import finish_event

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

Action = AuditEntry.Action
HOLD = 0.5  # how long the held step waits, for the other one to run into its locks
CLOSED = "Round 1 is closed: no more scores can be entered."


@contextmanager
def held(module, name: str, when: Callable[..., bool] = lambda *args: True):
    """Hold the first call of ``module.name`` for which ``when(*args)`` holds; yields the
    event set once that call has been reached (its step then holds its locks)."""
    reached = threading.Event()
    real = getattr(module, name)

    def holding(*args, **kwargs):
        if when(*args) and not reached.is_set():
            reached.set()
            time.sleep(HOLD)
        return real(*args, **kwargs)

    with mock.patch.object(module, name, holding):
        yield reached


def audit_row(action: str):
    """Hold the step that writes the audit row ``action``, just before it writes it."""
    return held(audit, "record", lambda event, what: what == action)


def run_together(first: Callable, second: Callable, reached: threading.Event):
    """Run ``first``; once it is held, ``second`` too. Each one's outcome: ("done", result),
    ("refused", message) or ("failed", what went wrong)."""
    outcomes: dict[str, tuple[str, object]] = {}

    def run(name: str, step: Callable) -> None:
        try:
            with translation.override("en"):
                outcomes[name] = ("done", step())
        except ServiceError as error:
            outcomes[name] = ("refused", error.message)
        except Exception as error:  # a deadlock, "database is locked": shown by the test
            outcomes[name] = ("failed", f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=("first", first))]
    threads[0].start()
    assert reached.wait(20), "the first step never got under way"
    threads.append(threading.Thread(target=run, args=("second", second)))
    threads[1].start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes["first"], outcomes["second"]


# --- case 1: closing a timed round while a phone submits --------------------------------


def timed_game_after_time_up(director, *, tables_done: tuple[int, ...]):
    """Table 1 of a timed round whose time ran out; the tables ``tables_done`` have since
    played and confirmed the deal they had then (``services.rounds.done``: they are done)."""
    game = canasta_game(director, round_kind="time", round_minutes=60)
    Round.objects.filter(pk=game.round_id).update(
        clock_ends_at=timezone.now() - timedelta(minutes=1)
    )
    game.round.refresh_from_db()
    for table in game.round.games.filter(table__number__in=tables_done):
        first, other = (table.seats.filter(side=side).first() for side in (0, 1))
        confirm_entry(submit_entry(table, 1, DEAL, seat=first), seat=other)
    return game


def test_closing_a_timed_round_while_a_phone_submits_waits_for_it_instead_of_deadlocking(
    director,
):
    game = timed_game_after_time_up(director, tables_done=(2,))
    seat = seat_of(game, 1)
    with audit_row(Action.ENTER) as reached:
        entered, closed = run_together(
            lambda: submit_entry(game, 1, DEAL, seat=seat, idempotency_key="k"),
            lambda: close_round(game.round, user=director),
            reached,
        )
    assert entered[0] == "done", entered
    # The entry landed first, so the close sees it waiting and says which table.
    assert closed == (
        "refused",
        "Round 1 cannot be closed yet: table 1 is not finished or has entries waiting for "
        "confirmation. Close it early only if you must.",
    )
    assert Round.objects.get(pk=game.round_id).status == Round.Status.OPEN
    assert Entry.objects.get(game=game).status == Entry.Status.ENTERED


def test_a_phone_submitting_while_a_timed_round_closes_is_told_the_round_is_closed(director):
    game = timed_game_after_time_up(director, tables_done=(1, 2))
    seat = seat_of(game, 1)
    with audit_row(Action.CLOSE_ROUND) as reached:
        closed, entered = run_together(
            lambda: close_round(game.round, user=director),
            lambda: submit_entry(game, 2, DEAL, seat=seat, idempotency_key="k"),
            reached,
        )
    assert closed[0] == "done", closed
    assert entered == ("refused", CLOSED)
    assert not Entry.objects.filter(number=2).exists()


# --- case 2: a forced close and a phone at the same moment ------------------------------


PHONE_STEPS = {
    "submit": lambda game, entry: submit_entry(game, 2, DEAL, seat=seat_of(game, 6)),
    "confirm": lambda game, entry: confirm_entry(entry, seat=seat_of(game, 2)),
    "dispute": lambda game, entry: dispute_entry(entry, seat=seat_of(game, 2), reason="wrong"),
}


@pytest.mark.parametrize("step", sorted(PHONE_STEPS))
def test_nothing_a_phone_sends_during_a_forced_close_lands_in_the_closed_round(director, step):
    game = canasta_game(director)
    waiting = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    with audit_row(Action.FORCE_CLOSE) as reached:
        closed, answered = run_together(
            lambda: force_close_round(game.round, user=director, reason="Midnight"),
            lambda: PHONE_STEPS[step](game, waiting),
            reached,
        )
    assert closed[0] == "done", closed
    assert answered == ("refused", CLOSED)
    assert list(Entry.objects.values_list("pk", "status")) == [(waiting.pk, "entered")]
    left = AuditEntry.objects.get(action=Action.LEFT_UNCONFIRMED)
    assert left.entry_id == waiting.pk
    last = AuditEntry.objects.order_by("pk").last()
    assert last.action == Action.LEFT_UNCONFIRMED  # nothing from the phone after the close


def test_an_entry_stored_just_before_a_forced_close_is_recorded_as_left_unconfirmed(director):
    game = canasta_game(director)
    seat = seat_of(game, 1)
    with audit_row(Action.ENTER) as reached:
        entered, closed = run_together(
            lambda: submit_entry(game, 1, DEAL, seat=seat, idempotency_key="k"),
            lambda: force_close_round(game.round, user=director, reason="Midnight"),
            reached,
        )
    assert entered[0] == "done" and closed[0] == "done", (entered, closed)
    entry = Entry.objects.get()
    assert entered[1].pk == entry.pk  # the phone was told "stored" ...
    trail = list(AuditEntry.objects.order_by("pk").values_list("action", "entry_id"))
    # ... and the close dealt with it: the director finds it in the audit trail and the list.
    assert trail == [
        (Action.ENTER, entry.pk),
        (Action.FORCE_CLOSE, None),
        (Action.LEFT_UNCONFIRMED, entry.pk),
    ]
    assert [row.entry for row in rounds.left_unconfirmed(game.round)] == [entry]


# --- case 9: starting a round and finishing the event at the same moment -----------------


@pytest.fixture
def played_round(director):
    """A winner-moves-up evening whose round 1 is over and closed."""
    event = make_event(director, players=8, fmt="moveup")
    make_tables(event, 2)
    first = start_round(event, user=director)
    finish(first)
    close(first)
    return event


def test_finishing_while_a_round_starts_waits_and_refuses(director, played_round):
    event = played_round
    with held(rounds, "plan_round") as reached:
        started, finished = run_together(
            lambda: start_round(event, user=director),
            lambda: finish_event(event, director),
            reached,
        )
    assert started[0] == "done", started
    assert finished == (
        "refused",
        "Round 2 is still being played. Close it first, then finish the event.",
    )
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    assert event.rounds.get(number=2).status == Round.Status.OPEN


def test_starting_while_the_event_finishes_waits_and_refuses(director, played_round):
    event = played_round
    with held(setup, "record") as reached:
        finished, started = run_together(
            lambda: finish_event(event, director),
            lambda: start_round(event, user=director),
            reached,
        )
    assert finished[0] == "done", finished
    assert started == ("refused", "The event is finished; no more rounds can be started.")
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    assert not event.rounds.filter(status=Round.Status.OPEN).exists()
