"""A gunicorn worker killed in the middle of a submission loses nothing and doubles nothing.

A real server (one sync worker) on a file SQLite database, running the test-only
``tests.faults.killable_wsgi``: the test arms it, the worker stops at a known point
and is killed there with SIGKILL, either inside the service's transaction (entry
and audit row written, not committed) or right after the commit, before the
answer. The phone then sends the same form (same idempotency key) again, as the
page does after a failed request. In the end every deal is stored exactly once,
and every entry has its audit row.
"""

import os
import signal
import sqlite3
import threading
import time
from functools import partial
from pathlib import Path

import httpx
import pytest

from meld_testkit import clients, serving

DEALS = 6
IN_TRANSACTION, AFTER_COMMIT = "in-transaction", "after-commit"


def answer_of(send) -> httpx.Response | None:
    try:
        return send()
    except httpx.HTTPError:
        return None


def killed_at(moment: str, send, folder: Path) -> None:
    """Send once with the kill point armed; kill the worker where it stops; the answer is lost."""
    (folder / "armed").write_text(moment)
    answers: list[httpx.Response | None] = []
    request = threading.Thread(target=lambda: answers.append(answer_of(send)))
    request.start()
    reached = folder / "reached"
    deadline = time.monotonic() + 30
    while not reached.exists():
        assert time.monotonic() < deadline, f"the worker never reached the kill point {moment}"
        time.sleep(0.01)
    os.kill(int(reached.read_text()), signal.SIGKILL)
    reached.unlink()
    request.join(30)
    assert answers == [None], "the kill landed after the answer: the test proved nothing"


def answered(send) -> httpx.Response:
    answer = send()
    assert answer.status_code < 500, answer.status_code
    return answer


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kill")
    env = serving.sqlite_env(folder / "meld.sqlite3")
    serving.manage(env, "migrate", "--noinput", "-v", "0")
    built = serving.kit(env, "setup", "8", str(DEALS), "killer")
    points = folder / "points"
    points.mkdir()
    env["MELD_KILL_POINT"] = str(points)
    app = "tests.faults.killable_wsgi:application"
    with serving.Server(env, workers=1, app=app) as running:
        yield running, built, env, points


def test_killing_the_worker_mid_submission_stores_each_deal_once(server):
    running, built, env, points = server
    table = built["tables"][0]
    a = clients.Phone(running.url, table["token"])
    b = clients.Phone(running.url, table["token"])
    for phone, seat in ((a, table["seat_a"]), (b, table["seat_b"])):
        phone.open()
        phone.sit(seat)
    killed_submits = killed_confirms = 0
    for number in range(1, DEALS + 1):
        form = dict(a.form)
        assert form["number"] == str(number)
        submit = partial(a.submit, clients.DEAL, form)
        moment = IN_TRANSACTION if number % 2 else AFTER_COMMIT
        killed_at(moment, submit, points)
        running.wait_ready(20)
        killed_submits += 1
        # Rolled back inside the transaction, stored when killed after the commit.
        assert len(b.pending()) == (moment == AFTER_COMMIT)
        answered(submit)
        a.open()  # what the page shows now: the next deal's form
        pending = b.pending()
        assert len(pending) == 1, pending
        confirm = partial(b.confirm, pending[0])
        if number % 2 == 0:
            moment = IN_TRANSACTION if number % 4 else AFTER_COMMIT
            killed_at(moment, confirm, points)
            running.wait_ready(20)
            killed_confirms += 1
            assert b.pending() == ([] if moment == AFTER_COMMIT else pending)
        answered(confirm)
        assert b.pending() == []
        a.open()
    a.close()
    b.close()
    counted = serving.kit(env, "count", str(built["event"]))
    assert counted["confirmed"] == DEALS, counted
    assert counted["doubled"] == 0 and counted["pending"] == 0, counted
    assert counted["entries"] == DEALS, counted  # no stray versions either
    assert counted["without_audit"] == 0 and counted["confirmed_without_audit"] == 0, counted
    assert counted["audit_enter"] == DEALS and counted["audit_enter_orphans"] == 0, counted
    assert killed_submits == DEALS and killed_confirms == DEALS // 2


def test_the_database_is_sound_after_the_kills(server):
    running, built, env, _ = server
    with sqlite3.connect(env["SQLITE_PATH"]) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert httpx.get(f"{running.url}/healthz", timeout=5).status_code == 200
