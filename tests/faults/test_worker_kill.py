"""A gunicorn worker killed in the middle of a submission loses nothing and doubles nothing.

A real server (one sync worker) on a file SQLite database; a phone sends a
deal and the worker is killed with SIGKILL at a random moment — before, during
or after the transaction. The phone sends the same form (same idempotency key)
again until it gets an answer, as the page does after a failed request. In the
end every deal is stored exactly once, and every entry has its audit row.
"""

import os
import random
import signal
import threading
import time

import httpx
import pytest

from benchmarks import loadkit

DEALS = 6
INTERRUPTED: list[bool] = []  # whether each first attempt lost its answer


def kill_a_worker(server: loadkit.Server, delay: float) -> bool:
    time.sleep(delay)
    for pid in server.worker_pids():
        try:
            os.kill(pid, signal.SIGKILL)
            return True
        except ProcessLookupError:
            pass
    return False


def until_answered(send, server: loadkit.Server, rng: random.Random, kill: bool) -> httpx.Response:
    """Send (killing the worker at a random moment the first time), then retry until answered."""
    if kill:
        killer = threading.Thread(target=kill_a_worker, args=(server, rng.uniform(0.0, 0.06)))
        killer.start()
    else:
        killer = None
    deadline = time.monotonic() + 30
    answer = None
    first = True
    while time.monotonic() < deadline:
        try:
            answer = send()
        except httpx.HTTPError:
            answer = None
        if first:
            INTERRUPTED.append(answer is None)
            first = False
        if killer is not None:
            killer.join()
            killer = None
            if answer is None or answer.status_code >= 500:
                server.wait_ready(20)
                continue
        if answer is not None and answer.status_code < 500:
            return answer
        time.sleep(0.2)
    raise AssertionError(f"no answer: {answer}")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = loadkit.sqlite_env(tmp_path_factory.mktemp("kill") / "meld.sqlite3")
    loadkit.manage(env, "migrate", "--noinput", "-v", "0")
    built = loadkit.kit(env, "setup", "8", str(DEALS), "killer")
    with loadkit.Server(env, workers=1) as running:
        yield running, built, env


def test_killing_the_worker_mid_submission_stores_each_deal_once(server):
    running, built, env = server
    table = built["tables"][0]
    rng = random.Random(20261122)
    a = loadkit.Phone(running.url, table["token"])
    b = loadkit.Phone(running.url, table["token"])
    for phone, seat in ((a, table["seat_a"]), (b, table["seat_b"])):
        phone.open()
        phone.sit(seat)
    killed_submits = killed_confirms = 0
    for number in range(1, DEALS + 1):
        form = dict(a.form)
        assert form["number"] == str(number)
        until_answered(lambda form=form: a.submit(loadkit.DEAL, form), running, rng, kill=True)
        killed_submits += 1
        a.open()  # what the page shows now: the next deal's form
        pending = b.pending()
        assert len(pending) == 1, pending
        until_answered(
            lambda entry=pending[0]: b.confirm(entry), running, rng, kill=number % 2 == 0
        )
        killed_confirms += number % 2 == 0
        a.open()
    a.close()
    b.close()
    counted = loadkit.kit(env, "count", str(built["event"]))
    assert counted["confirmed"] == DEALS, counted
    assert counted["doubled"] == 0 and counted["pending"] == 0, counted
    assert counted["entries"] == DEALS, counted  # no stray versions either
    assert counted["without_audit"] == 0 and counted["confirmed_without_audit"] == 0, counted
    assert counted["audit_enter"] == DEALS and counted["audit_enter_orphans"] == 0, counted
    assert killed_submits == DEALS and killed_confirms == DEALS // 2
    print(f"{sum(INTERRUPTED)} of {len(INTERRUPTED)} requests lost their answer to the kill")
    assert any(INTERRUPTED), "no kill landed inside a request: the test proved nothing"


def test_the_database_is_sound_after_the_kills(server):
    running, built, env = server
    import sqlite3

    with sqlite3.connect(env["SQLITE_PATH"]) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert httpx.get(f"{running.url}/healthz", timeout=5).status_code == 200
