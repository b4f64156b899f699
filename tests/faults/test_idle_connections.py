"""Idle connections do not stop Meld (issue 34): browsers open connections ahead of time and
sleeping phones keep theirs, sending nothing. 200 of them stopped both servers Meld had
(gunicorn's sync workers each held one for 30 s; waitress took 100 connections at most).
``meld serve`` (which ``make run`` runs) must still answer a phone that comes in meanwhile.
How fast is the benchmark's to say (``python -m benchmarks idle``); here it must answer.
"""

import contextlib
import socket
import sys
import time

from meld_testkit import clients, serving

MELD = [sys.executable, "-m", "meld"]
IDLE = 200


def test_two_hundred_idle_connections_do_not_stop_a_phone_entering_a_deal(tmp_path):
    laptop = serving.MeldServe(
        MELD, serving.meld_env(tmp_path / "club"), log=tmp_path / "serve.log"
    ).start()
    idle: list[socket.socket] = []
    try:
        table = serving.kit(laptop.env, "setup", "4", "4", "idle")["tables"][0]
        idle = [
            socket.create_connection(("127.0.0.1", laptop.port), timeout=5) for _ in range(IDLE)
        ]
        time.sleep(2)
        # A phone that comes in now: every request on a new connection, five seconds at most.
        phone = clients.Phone(laptop.url, table["token"], timeout=5, keep_alive=False)
        assert phone.open().status_code == 200
        assert phone.sit(table["seat_a"]).status_code == 302
        assert phone.form.get("number") == "1"
        assert phone.submit(clients.DEAL).status_code == 200
        # Every idle connection is still open: none was dropped to make room.
        for connection in idle:
            connection.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                assert connection.recv(1) != b""
    finally:
        for connection in idle:
            connection.close()
        laptop.stop()
