"""What a deal sent costs the server's CPU, without a load generator beside it: the federation's
submissions (``bench_federation``) and its minimal write view, run in this process through
Django's WSGI handler on PostgreSQL (and Redis, when one answers, as the shared cache).

The event is the federation bench's (800 players, 200 tables, one phone sitting at each
table). Each phone sends deal after deal as the page sends them (htmx, CSRF header, the
phone's cookies, a new idempotency key each), round the tables, none confirmed; each answer
is the phone's one answer. Then the minimal view (``federation_urls.py``) writes as many.
``time.process_time`` counts this process only, as the federation bench counts its workers:
PostgreSQL's and Redis's own work is in neither. Without wrk, gunicorn and four workers
beside it, it sees the application's own cost: gunicorn's cost of a request is in neither
figure, so the ratio is stricter than the federation's.

Figures: ``deal_sent_cpu_ms_postgres``, ``minimal_write_cpu_ms_postgres`` and their ratio,
``deal_sent_vs_minimal_cpu`` (target, issue 33: at most 4).
"""

import os
import time
from collections.abc import Callable
from io import BytesIO
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from benchmarks.bench_federation import federation_event
from benchmarks.bench_polls import environ
from meld_testkit import clients, serving

if TYPE_CHECKING:
    from django.core.handlers.wsgi import WSGIHandler

TABLES = 200
WARM = 200  # deals sent before measuring: Django's look-ups, statements and caches warmed
DEALS = 800


def _environ(path: str, body: bytes, cookies: dict[str, str]) -> dict[str, Any]:
    """A form posted as htmx posts it (``bench_polls.environ``'s request, with a body)."""
    found = environ(path, cookies)
    found.update(
        REQUEST_METHOD="POST",
        CONTENT_TYPE="application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(len(body)),
        HTTP_X_CSRFTOKEN=cookies.get("csrftoken", ""),
    )
    found["wsgi.input"] = BytesIO(body)
    return found


def _post(handler: "WSGIHandler", path: str, body: bytes, cookies: dict[str, str]) -> float:
    """CPU seconds of one request; a refused one stops the bench."""
    status: list[str] = []

    def start_response(line: str, _headers: Any, _exc_info: Any = None) -> Callable[[bytes], None]:
        status.append(line)
        return lambda _data: None

    used = time.process_time()
    b"".join(handler(_environ(path, body, cookies), start_response))
    spent = time.process_time() - used
    if not status[0].startswith("200"):
        raise RuntimeError(f"{path}: {status[0]}")
    return spent


def _phones(built: dict[str, Any]) -> list[tuple[str, dict[str, str], dict[str, str]]]:
    """Each table's token, the cookies of a phone sitting at it and what its page sends back
    of the parts it shows."""
    from django.test import Client

    phones = []
    for table in built["tables"]:
        client = Client()
        client.get(f"/t/{table['token']}/")
        client.post(f"/t/{table['token']}/seat/", {"seat": table["seat_a"]})
        page = client.get(f"/t/{table['token']}/").content.decode()
        cookies = {name: morsel.value for name, morsel in client.cookies.items()}
        phones.append((table["token"], cookies, clients.drawn_keys(page)))
    return phones


def _deals(
    handler: "WSGIHandler", phones: list[tuple[str, dict[str, str], dict[str, str]]]
) -> float:
    """CPU ms per deal sent, once ``WARM`` deals are in."""
    spent = 0.0
    for sent in range(WARM + DEALS):
        token, cookies, drawn = phones[sent % len(phones)]
        fields = {
            "number": sent // len(phones) + 1,
            "idempotency_key": f"bench-deals-{sent}",
            "expected_version": "",
            **clients.DEAL,
            **drawn,
        }
        cpu = _post(handler, f"/t/{token}/entry/", urlencode(fields).encode(), cookies)
        spent += cpu if sent >= WARM else 0.0
    return spent * 1000 / DEALS


def _minimal(handler: "WSGIHandler", built: dict[str, Any]) -> float:
    """CPU ms per write of the minimal view, once ``WARM`` writes are in."""
    spent = 0.0
    games = [table["game"] for table in built["tables"]]
    for sent in range(WARM + DEALS):
        fields = {"game": games[sent % len(games)], "number": 1000 + sent, "event": built["event"]}
        cpu = _post(handler, "/bench/write/", urlencode(fields).encode(), {})
        spent += cpu if sent >= WARM else 0.0
    return spent * 1000 / DEALS


def main() -> None:
    if not serving.postgres_answers():
        print("# PostgreSQL does not answer on 127.0.0.1:5432: skipped", flush=True)
        return
    with federation_event(f"meld_deals_{os.getpid()}", 4 * TABLES) as (env, built):
        os.environ.update(env)
        import django

        django.setup()
        from django.conf import settings
        from django.core.cache import cache
        from django.core.handlers.wsgi import WSGIHandler
        from django.db import connections

        from tournaments.models import Entry

        cache.clear()  # another run's feed values are not this database's
        try:
            handler = WSGIHandler()
            backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
            print(f"# {DEALS} deals sent, {TABLES} tables, cache {backend}", flush=True)
            sent = _deals(handler, _phones(built))
            stored = Entry.objects.filter(game__round__event_id=built["event"]).count()
            if stored != WARM + DEALS:
                raise RuntimeError(f"{stored} deals stored of {WARM + DEALS} sent")
            minimal = _minimal(handler, built)
        finally:
            connections.close_all()
    print(f"bench: deal_sent_cpu_ms_postgres {sent:.2f} ms", flush=True)
    print(f"bench: minimal_write_cpu_ms_postgres {minimal:.2f} ms", flush=True)
    print(f"bench: deal_sent_vs_minimal_cpu {sent / minimal:.1f} times", flush=True)
