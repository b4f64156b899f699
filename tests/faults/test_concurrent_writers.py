"""Eight tables writing at once: no "database is locked", every deal stored exactly once.

Each thread is one table: its side A enters deals, its side B confirms them,
through the same services the phones use, all threads released together.
On SQLite the test database is shared between the threads' connections; on
PostgreSQL every thread has its own connection.
"""

import threading

import pytest
from django.db import connection
from django.db.models import Count

from tests.factories import make_event, seat_round
from tournaments.models import AuditEntry, Entry, Game
from tournaments.services.scores.entries import confirm_entry, submit_entry

TABLES = 8
DEALS = 5
SIDES = [
    {"natural_canastas": 1, "red_threes": 1, "going_out": "out", "melded_points": 120},
    {"melded_points": 60, "hand_points": 35},
]


def seated_round(owner):
    event = make_event(owner, players=4 * TABLES)
    tables = [((4 * t + 1, 4 * t + 3), (4 * t + 2, 4 * t + 4)) for t in range(TABLES)]
    return seat_round(event, 1, tables)


def play(game: Game, start: threading.Barrier, problems: list) -> None:
    try:
        seats = {seat.side: seat for seat in game.seats.all()}
        start.wait()
        for number in range(1, DEALS + 1):
            entry = submit_entry(
                game, number, {"sides": SIDES}, seat=seats[0], idempotency_key=f"{game.pk}-{number}"
            )
            # A double tap: the same form again must not store a second entry.
            again = submit_entry(
                game, number, {"sides": SIDES}, seat=seats[0], idempotency_key=f"{game.pk}-{number}"
            )
            assert again.pk == entry.pk
            confirm_entry(entry, seat=seats[1])
    except Exception as error:  # collected and shown by the test, whatever it is
        problems.append(f"table {game.table.number}: {type(error).__name__}: {error}")
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_eight_tables_entering_and_confirming_at_once_lose_and_double_nothing(director):
    rnd = seated_round(director)
    games = list(rnd.games.select_related("round__event", "table"))
    start = threading.Barrier(len(games))
    problems: list[str] = []
    threads = [threading.Thread(target=play, args=(game, start, problems)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(thread.is_alive() for thread in threads)
    assert not problems, problems
    entries = Entry.objects.filter(game__round=rnd)
    assert entries.count() == TABLES * DEALS
    assert entries.filter(status=Entry.Status.CONFIRMED).count() == TABLES * DEALS
    per_deal = entries.values("game", "number").annotate(n=Count("id"))
    assert {row["n"] for row in per_deal} == {1}
    audit = AuditEntry.objects.filter(game__round=rnd)
    assert audit.filter(action=AuditEntry.Action.ENTER).count() == TABLES * DEALS
    assert audit.filter(action=AuditEntry.Action.CONFIRM).count() == TABLES * DEALS
    for game in Game.objects.filter(round=rnd):
        assert (game.score_0, game.score_1) == (820 * DEALS, 25 * DEALS)


@pytest.mark.django_db(transaction=True)
def test_both_phones_of_a_table_confirming_at_once_confirm_once(director):
    """The two players of side B tap "confirm" at the same moment, at every table."""
    rnd = seated_round(director)
    games = list(rnd.games.select_related("round__event", "table"))
    pending = []
    for game in games:
        seats = sorted(game.seats.all(), key=lambda seat: seat.position)
        entry = submit_entry(game, 1, {"sides": SIDES}, seat=next(s for s in seats if s.side == 0))
        pending += [(entry, seat) for seat in seats if seat.side == 1]
    start = threading.Barrier(len(pending))
    problems: list[str] = []

    def tap(entry, seat):
        try:
            start.wait()
            confirm_entry(entry, seat=seat)
        except Exception as error:
            problems.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=tap, args=pair) for pair in pending]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not problems, problems
    assert Entry.objects.filter(game__round=rnd, status=Entry.Status.CONFIRMED).count() == TABLES
    assert (
        AuditEntry.objects.filter(game__round=rnd, action=AuditEntry.Action.CONFIRM).count()
        == TABLES
    )
