"""A phone's submit while 200 connections sit idle on the server (issue 34).

Browsers open connections ahead of time and phones fall asleep with theirs open: such a
connection sends nothing. Under gunicorn's sync workers each one held a worker until its
time-out (30 s), and 200 of them stopped ``make run``'s server; waitress's default limit
of 100 connections stopped ``meld serve``. Meld now serves through waitress with a raised
``MELD_CONNECTION_LIMIT``, where an idle connection costs a socket and no thread.

The server is started as the director starts it (``python -m meld serve``, waitress, a
club folder of its own) with a 10-table evening. Ten tables then enter and confirm deals
(each table a deal every second or so) for ``MELD_BENCH_IDLE_SECONDS`` (60 s) without idle
connections, and again as long while 200 connections (``MELD_BENCH_IDLE_SOCKETS``) are
open and silent. Figures: ``idle_baseline_submit_p95``, ``idle_sockets_submit_p95``, their
difference ``idle_sockets_submit_p95_over_baseline`` (target: at most 100 ms), and the
submits that failed (target 0).
"""

import os
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from benchmarks.load_screens import percentile
from meld_testkit import clients, serving

PLAYERS = 40  # ten tables of four
DEALS = 250  # more than the tables can enter in two phases
SECONDS = float(os.environ.get("MELD_BENCH_IDLE_SECONDS", "60"))
SOCKETS = int(os.environ.get("MELD_BENCH_IDLE_SOCKETS", "200"))
PAUSE = 1.0  # between a table's deals: its players think
MELD = [sys.executable, "-m", "meld"]


@contextmanager
def idle_connections(port: int, count: int) -> Iterator[list[socket.socket]]:
    """``count`` connections to the server that never send a byte, held open."""
    opened = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(count)]
    try:
        yield opened
    finally:
        for connection in opened:
            connection.close()


def seated(url: str, table: dict[str, Any]) -> tuple[clients.Phone, clients.Phone]:
    """Two phones at ``table``, each request on a new connection: the server's limit and its
    accepting are what idle connections could block, not a connection already open."""
    phones = (
        clients.Phone(url, table["token"], keep_alive=False),
        clients.Phone(url, table["token"], keep_alive=False),
    )
    for phone, seat in zip(phones, (table["seat_a"], table["seat_b"]), strict=True):
        phone.open()
        phone.sit(seat)
    return phones


def play(
    phones: tuple[clients.Phone, clients.Phone],
    until: float,
    times: list[float],
    failures: list[str],
) -> None:
    """Deal after deal at one table until ``until``: phone A submits, phone B confirms."""
    a, b = phones
    while time.monotonic() < until:
        began = time.perf_counter()
        try:
            answer = a.submit(clients.DEAL)
        except httpx.HTTPError as error:
            failures.append(f"submit: {error!r}")
            continue
        if answer.status_code != 200:
            failures.append(f"submit: {answer.status_code}")
            continue
        times.append(time.perf_counter() - began)
        for entry in b.pending():
            b.confirm(entry)
        a.open()
        time.sleep(PAUSE)


def phase(
    tables: list[tuple[clients.Phone, clients.Phone]], seconds: float
) -> tuple[list[float], list[str]]:
    times: list[float] = []
    failures: list[str] = []
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=play, args=(phones, until, times, failures)) for phones in tables
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, failures


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="meld-idle-") as folder:
        laptop = serving.MeldServe(
            MELD, serving.meld_env(Path(folder) / "club"), log=Path(folder) / "serve.log"
        ).start()
        try:
            built = serving.kit(laptop.env, "setup", str(PLAYERS), str(DEALS), "idle")
            tables = [seated(laptop.url, table) for table in built["tables"]]
            baseline, lost = phase(tables, SECONDS)
            with idle_connections(laptop.port, SOCKETS):
                loaded, failed = phase(tables, SECONDS)
        finally:
            laptop.stop()
    before, during = percentile(baseline, 0.95), percentile(loaded, 0.95)
    print(f"bench: idle_baseline_submit_p95 {before:.1f} ms ({len(baseline)} submits)")
    print(f"bench: idle_sockets_submit_p95 {during:.1f} ms ({len(loaded)} submits, {SOCKETS} idle)")
    print(f"bench: idle_sockets_submit_p95_over_baseline {during - before:.1f} ms (target <= 100)")
    print(f"bench: idle_sockets_submits_failed {len(lost) + len(failed)} (target 0)", flush=True)


if __name__ == "__main__":
    main()
