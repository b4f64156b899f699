"""Chaos at the busiest moment: the director closes, force-closes and finishes while phones write.

Real threads, each with its own database connection. At every table one phone
per side enters deals (some sent twice, some sent again with corrected
numbers), confirms or disputes the other side's, and now and then tries to
confirm its own entry by tapping a name of the other side. Meanwhile the
director confirms and settles from the close dialog, corrects a deal, tries to
close each round, closes it early, starts the next one, and at last finishes
the event while also starting another round.

Afterwards: nothing failed but polite refusals (``ServiceError``), no deadlock;
every entry a phone was told is stored counts, was replaced in the audit trail,
or is listed to the director as left unconfirmed with its audit row; every
entry has its audit rows, and no phone wrote to a round after it closed.
"""

import itertools
import random
import threading
import time
from collections import Counter

import pytest
from django.db import connection

from tests.factories import make_event, make_tables
from tests.web.table_helpers import DEAL, totals
from tournaments.card_games import evaluate
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Entry, Event, Game, Round
from tournaments.services.rounds.steps import (
    close_round,
    force_close_round,
    left_unconfirmed,
    start_round,
)
from tournaments.services.scores.entries import (
    confirm_entry,
    correct_entry,
    device_hash,
    dispute_entry,
    settle_dispute,
    submit_entry,
)
from tournaments.services.scores.entry_rows import same_content
from tournaments.services.scores.results import outcome
from tournaments.services.setup.events import finish_event
from tournaments.services.store.locks import serialised

pytestmark = pytest.mark.django_db(transaction=True)

Action = AuditEntry.Action
Status = Entry.Status
TABLES = 4
DEALS = [DEAL, totals(100, 50), totals(300, -100), totals(45, 120)]
PHONE_WRITES = [Action.ENTER, Action.EDIT, Action.CONFIRM, Action.DISPUTE, Action.AUTO_CONFIRM]


class Room:
    """What every thread shares: the stop sign, what phones were told, what went wrong."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.told: set[int] = set()  # entries a phone was told are stored
        self.refusals: Counter[str] = Counter()
        self.problems: list[str] = []

    def refused(self, step: str) -> None:
        with self.lock:
            self.refusals[step] += 1

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)

    def stored(self, entry: Entry) -> None:
        with self.lock:
            self.told.add(entry.pk)


@serialised
def look(table_id: int) -> tuple[Game | None, list[Entry]]:
    """The table's game in the open round (with seats) and its entries, as a phone's page reads them."""
    game = (
        Game.objects.filter(table_id=table_id, round__status=Round.Status.OPEN)
        .select_related("round__event", "table")
        .prefetch_related("seats")
        .first()
    )
    if game is None:
        return None, []
    return game, list(game.entries.select_related("entered_by_seat").order_by("number", "version"))


def deal_to_enter(entries: list[Entry]) -> tuple[int, int | None] | None:
    """(number, expected version) of the deal to enter next, or None while one waits."""
    current = [e for e in entries if e.status != Status.SUPERSEDED]
    if any(e.status == Status.ENTERED for e in current):
        return None
    disputed = next((e for e in current if e.status == Status.DISPUTED), None)
    if disputed is not None:
        return disputed.number, disputed.version
    last = max((e.number for e in entries), default=0)
    if last and not any(e.number == last for e in current):
        return last, None  # the director set the last deal aside: the table enters it again
    return last + 1, None


def same_answer(again: Entry, entry: Entry, game: Game, data: dict) -> bool:
    """Whether a double tap answered with the entry the first tap stored, or with the
    deal's later version that holds the same numbers (the other side entered them
    again after a dispute): never with a row the second tap stored itself."""
    if again.pk == entry.pk:
        return True
    return (
        again.number == entry.number
        and again.version > entry.version
        and again.idempotency_key != entry.idempotency_key
        and same_content(again, evaluate(game, data))
    )


def phone(room: Room, table_id: int, side: int, rng: random.Random) -> None:
    device = f"table-{table_id}-side-{side}"
    keys = itertools.count()
    try:
        while not room.stop.is_set():
            time.sleep(rng.uniform(0.01, 0.04))  # a real phone is slower still: players think
            game, entries = look(table_id)
            if game is None or game.finished:
                continue
            mine = next(s for s in game.seats.all() if s.side == side)
            theirs = next(s for s in game.seats.all() if s.side != side)
            waiting = [e for e in entries if e.status == Status.ENTERED]
            try:
                for entry in waiting:
                    if entry.entered_by_device == device_hash(device):
                        # Tapping a name of the other side does not make it confirmable.
                        if rng.random() < 0.3:
                            confirm_entry(entry, seat=theirs, device=device)
                            room.problem(f"{device} confirmed its own entry {entry.pk}")
                    elif rng.random() < 0.85:
                        confirm_entry(entry, seat=mine, device=device)
                    else:
                        dispute_entry(entry, seat=mine, reason="chaos", device=device)
                wanted = deal_to_enter(entries)
                if wanted is None:
                    continue
                number, version = wanted
                key = f"{device}-{next(keys)}"
                data = rng.choice(DEALS)
                entry = submit_entry(
                    game,
                    number,
                    data,
                    seat=mine,
                    idempotency_key=key,
                    expected_version=version,
                    device=device,
                )
                room.stored(entry)
                roll = rng.random()
                if roll < 0.2:  # a double tap: the stored answer
                    again = submit_entry(
                        game, number, data, seat=mine, idempotency_key=key, device=device
                    )
                    if not same_answer(again, entry, game, data):
                        room.problem(f"{device}: a double tap stored {again.pk} besides {entry.pk}")
                elif roll < 0.35:  # the same form sent again with a typo fixed
                    fixed = rng.choice([d for d in DEALS if d is not data])
                    room.stored(
                        submit_entry(
                            game, number, fixed, seat=mine, idempotency_key=key, device=device
                        )
                    )
            except ServiceError as error:
                room.refused(type(error).__name__)
    except Exception as error:  # anything but a refusal is a bug: collected, shown by the test
        room.problem(f"{device}: {type(error).__name__}: {error}")
    finally:
        connection.close()


@serialised
def read(query):
    """A read outside the steps: the shared-cache SQLite test database may answer "locked"."""
    return query()


def round_entries(rnd: Round, *statuses: str) -> list[Entry]:
    return read(
        lambda: list(
            Entry.objects.filter(game__round=rnd, status__in=statuses).select_related("game")
        )
    )


def director_steps(room: Room, event: Event, user, rng: random.Random) -> None:
    """Three rounds of answering, correcting and closing; then finishing while starting."""

    def attempt(step: str, action):
        try:
            return action()
        except ServiceError:
            room.refused(step)
            return None

    def answer_waiting(rnd: Round) -> None:
        for entry in round_entries(rnd, Status.ENTERED):
            attempt("confirm", lambda entry=entry: confirm_entry(entry, user=user))
        for entry in round_entries(rnd, Status.DISPUTED):
            attempt(
                "settle",
                lambda entry=entry: settle_dispute(
                    entry, user=user, accept=rng.random() < 0.5, reason="asked the table"
                ),
            )

    try:
        rnd = read(lambda: event.rounds.get(number=1))
        for _ in range(3):
            time.sleep(0.4)
            game = read(lambda rnd=rnd: rnd.games.select_related("round__event").first())
            if read(game.entries.exists):
                attempt(
                    "correct",
                    lambda game=game: correct_entry(
                        game, 1, totals(200, 100), user=user, reason="score sheet checked"
                    ),
                )
            for _ in range(3):
                answer_waiting(rnd)  # as from the close dialog, then close at once
                if attempt("close", lambda rnd=rnd: close_round(rnd, user=user)):
                    break
                time.sleep(0.05)
            else:
                attempt(
                    "force-close", lambda rnd=rnd: force_close_round(rnd, user=user, reason="Time")
                )
            rnd = attempt("start", lambda: start_round(event, user=user)) or rnd
        time.sleep(0.3)
        attempt("force-close", lambda: force_close_round(rnd, user=user, reason="Midnight"))
        together = threading.Barrier(2)

        def at_once(step: str, action) -> None:
            try:
                together.wait()
                attempt(step, action)
            except Exception as error:
                room.problem(f"director {step}: {type(error).__name__}: {error}")
            finally:
                connection.close()

        pair = [
            threading.Thread(target=at_once, args=("finish", lambda: finish_event(event, user))),
            threading.Thread(target=at_once, args=("start", lambda: start_round(event, user=user))),
        ]
        for thread in pair:
            thread.start()
        for thread in pair:
            thread.join(60)
        still_open = read(event.rounds.filter(status=Round.Status.OPEN).first)
        if still_open is not None:  # the start won: close that round too, then finish
            time.sleep(0.2)
            force_close_round(still_open, user=user, reason="Really midnight")
            finish_event(event, user)
        late = read(Game.objects.filter(round__event=event).select_related("round__event").first)
        attempt(
            "after finish",
            lambda: correct_entry(late, 1, totals(5, 5), user=user, reason="too late"),
        )
    except Exception as error:
        room.problem(f"director: {type(error).__name__}: {error}")
    finally:
        room.stop.set()
        connection.close()


def replaced_in_audit(entry: Entry) -> bool:
    """Whether an audit row (edit, correction, settlement) keeps ``entry`` as the old version."""
    rows = AuditEntry.objects.filter(
        game=entry.game_id, action__in=[Action.EDIT, Action.CORRECT, Action.SETTLE]
    )
    for row in rows:
        olds = row.old if isinstance(row.old, list) else [row.old]
        if any(
            old and old["number"] == entry.number and old["version"] == entry.version
            for old in olds
        ):
            return True
    return False


def test_a_busy_room_while_the_director_closes_and_finishes_loses_nothing(director):
    event = make_event(director, players=4 * TABLES, round_kind="time", round_minutes=30)
    tables = make_tables(event, TABLES)
    start_round(event, user=director)
    room = Room()
    rng = random.Random(20261122)
    threads = [
        threading.Thread(target=phone, args=(room, table.pk, side, random.Random(rng.random())))
        for table in tables
        for side in (0, 1)
    ]
    threads.append(threading.Thread(target=director_steps, args=(room, event, director, rng)))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(thread.is_alive() for thread in threads)

    assert not room.problems, room.problems
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert not event.rounds.filter(status=Round.Status.OPEN).exists()
    assert room.refusals["after finish"] == 1
    assert len(room.told) >= TABLES

    listed = {row.entry_id for rnd in event.rounds.all() for row in left_unconfirmed(rnd)}
    for entry in Entry.objects.filter(pk__in=room.told).select_related("game__round"):
        if entry.status == Status.CONFIRMED:
            continue
        if entry.status == Status.SUPERSEDED:
            assert replaced_in_audit(entry), entry
            continue
        assert entry.game.round.status == Round.Status.CLOSED, entry
        assert entry.pk in listed, entry
        assert AuditEntry.objects.filter(entry=entry, action=Action.LEFT_UNCONFIRMED).exists()

    created = [Action.ENTER, Action.EDIT, Action.CORRECT, Action.SETTLE]
    decided = [Action.CONFIRM, Action.AUTO_CONFIRM, Action.CORRECT, Action.SETTLE]
    for entry in Entry.objects.filter(game__round__event=event):
        rows = set(AuditEntry.objects.filter(entry=entry).values_list("action", flat=True))
        assert rows & set(created), (entry, rows)
        if entry.status == Status.CONFIRMED:
            assert rows & set(decided), (entry, rows)
        if entry.status in (Status.ENTERED, Status.DISPUTED):
            assert Action.LEFT_UNCONFIRMED in rows, (entry, rows)

    for rnd in event.rounds.all():
        closing = AuditEntry.objects.get(
            action__in=[Action.CLOSE_ROUND, Action.FORCE_CLOSE], new__round=rnd.number
        )
        late = AuditEntry.objects.filter(
            game__round=rnd, action__in=PHONE_WRITES, pk__gt=closing.pk
        )
        assert not late.exists(), list(late.values_list("action", "entry_id"))
        for game in rnd.games.select_related("round__event").prefetch_related("seats"):
            confirmed = list(game.entries.filter(status=Status.CONFIRMED).order_by("number"))
            assert list(outcome(game, confirmed).totals) == game.scores
