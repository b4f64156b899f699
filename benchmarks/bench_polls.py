"""What an unchanged poll costs the server: every live part of the director's and the public
screens, and a phone's poll at its table, polled as htmx polls it while nothing changed, through
Django's WSGI handler in this process (the whole middleware stack, as a server's worker
runs it; no network).

For each part: the server CPU of one unchanged poll (``time.process_time`` around each of
``POLLS`` polls answered 204, this process only: SQLite's work would be in it,
PostgreSQL's not, and an unchanged poll should make none), and the database queries they
made together. A poll that finds the time step moved on is drawn and followed, as htmx
follows it, and left out of the figure. Then
``poll_unchanged_cpu_ms``: the dearest part's CPU. Target (issue 33): at most 1 ms, and
no database row read. Before the change feed an unchanged poll compared a mark computed
from the database: a few small queries each (the round's, the standings', the names').

The event (40 players, round 1 being played, public) is built through the services on a
throw-away test database, with the cache the settings give a club laptop (a folder, here
a fresh one; Redis with ``REDIS_URL``).
"""

import os
import tempfile
import time
from collections.abc import Callable
from io import BytesIO
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.core.handlers.wsgi import WSGIHandler

POLLS = 2000
PLAYERS = 40


def environ(path: str, cookies: dict[str, str]) -> dict[str, Any]:
    """A WSGI request as htmx sends a poll."""
    location, _, query = path.partition("?")
    return {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": location,
        "QUERY_STRING": query,
        "SERVER_NAME": "meld.bench",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HX_REQUEST": "true",
        "HTTP_COOKIE": "; ".join(f"{name}={value}" for name, value in cookies.items()),
        "wsgi.input": BytesIO(b""),
        "wsgi.errors": BytesIO(),
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


def opened_polls(built: dict[str, Any]) -> dict[str, tuple[str, dict[str, str]]]:
    """Each part's poll as its screen shows it now, with the cookies it sends."""
    import re
    from html import unescape

    from django.contrib.auth import get_user_model
    from django.test import Client

    director = Client()
    director.force_login(get_user_model().objects.get(username=built["username"]))
    visitor = Client()
    phone = Client()
    event, token, table = built["event"], built["public_token"], built["tables"][0]
    phone.post(f"/t/{table['token']}/seat/", {"seat": table["seat_a"]})
    parts = {
        "board": (director, f"/events/{event}/rounds/1/board/", False),
        "bar": (director, f"/events/{event}/alerts/", True),
        "close_dialog": (director, f"/events/{event}/rounds/", False),
        "standings": (director, f"/events/{event}/standings/", False),
        "director_clock": (director, f"/events/{event}/clock/", True),
        "public_page": (visitor, f"/p/{token}/", False),
        "projector": (visitor, f"/p/{token}/projector/", False),
        "public_clock": (visitor, f"/p/{token}/clock/", True),
        "phone": (phone, f"/t/{table['token']}/", False),
    }
    found = {}
    for name, (client, path, part) in parts.items():
        headers = {"HX-Request": "true"} if part else {}
        html = client.get(path, headers=headers).content.decode()
        poll = re.search(r'hx-get="([^"]*since=[^"]*)"', html)
        if poll is None:
            raise RuntimeError(f"{name}: {path} shows no poll")
        found[name] = (unescape(poll[1]), {k: morsel.value for k, morsel in client.cookies.items()})
    return found


def _no_write(_data: bytes) -> None:
    pass


def measure(handler: "WSGIHandler", poll: str, cookies: dict[str, str]) -> tuple[float, int, int]:
    """CPU ms per unchanged poll, the queries of all of them, and how many polls found a
    change (the time step moving on: the part is drawn and polled on, as htmx would)."""
    import re
    from html import unescape

    from django.db import connection

    queries = []

    def counted(
        execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
    ) -> Any:
        queries.append(sql)
        return execute(sql, params, many, context)

    def once(address: str) -> tuple[int, bytes, float]:
        status: list[str] = []

        def start_response(
            line: str, _headers: list[tuple[str, str]], _exc_info: Any = None
        ) -> Callable[[bytes], object]:
            status.append(line)
            return _no_write  # WSGI's write(), which Django never calls

        used = time.process_time()
        body = b"".join(handler(environ(address, cookies), start_response))
        return int(status[0].split()[0]), body, time.process_time() - used

    for _ in range(50):  # the cache and Django's own look-ups warmed
        once(poll)
    unchanged, spent, drawn = 0, 0.0, 0
    while unchanged < POLLS:
        with connection.execute_wrapper(counted):
            status, body, cpu = once(poll)
        if status == 204:
            unchanged, spent = unchanged + 1, spent + cpu
            continue
        drawn += 1
        queries.clear()  # a drawing reads the database: only unchanged polls are counted
        found = re.search(r'hx-get="([^"]*since=[^"]*)"', body.decode())
        poll = unescape(found.group(1)) if found else poll
    return spent * 1000 / POLLS, len(queries), drawn


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
    os.environ["MELD_CACHE_DIR"] = tempfile.mkdtemp(prefix="meld-bench-polls-")
    import django

    django.setup()
    from django.conf import settings
    from django.core.handlers.wsgi import WSGIHandler
    from django.db import connection

    from meld_testkit.evening import build_event

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        built = build_event(PLAYERS, 4, "bench-polls")
        handler = WSGIHandler()
        backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
        print(f"# {POLLS} unchanged polls per part, cache {backend}", flush=True)
        dearest = 0.0
        for name, (poll, cookies) in opened_polls(built).items():
            cpu, queries, drawn = measure(handler, poll, cookies)
            dearest = max(dearest, cpu)
            print(f"bench: poll_unchanged_{name}_cpu_ms {cpu:.3f} ms", flush=True)
            print(f"bench: poll_unchanged_{name}_queries {queries} queries", flush=True)
            if drawn:
                print(f"#   {name}: drawn again {drawn} times (the time step)", flush=True)
        print(f"bench: poll_unchanged_cpu_ms {dearest:.3f} ms", flush=True)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
