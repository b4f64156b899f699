"""A federation server on PostgreSQL under wrk: validated score submissions per second.

gunicorn (4 sync workers, as docs/configuration.md sets a federation up) serves Meld on a fresh
PostgreSQL database (and Redis, when one answers on 127.0.0.1:6379, for the shared
cache). An event of 800 players (200 tables, a full game a round) is set up through
the services; one phone per table opens its page and says who it is. Then wrk keeps 20
connections busy for 10 s (``benchmarks/federation.lua``): each connection posts real
submissions (the entry form as the page sends it: htmx, CSRF header, the phone's
cookies, the keys of the parts its page shows; each answer is the phone's one answer, the
whole pad and the next form, with the parts the page would draw alike left out) deal after
deal round its own ten tables, each with a fresh idempotency key, so every one is valid.
Every submission the database holds is counted afterwards.

Beside them, in the same run and the same way: the bench's minimal Django write view
(``benchmarks/federation_urls.py``, served only by this bench's settings), which runs the
writes bench's floor in plain SQL behind Django's request handling.

Targets: >= 200 validated submissions/s, p95 <= 150 ms, no errors.
"""

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx

from meld_testkit import clients, serving

THREADS = 20  # wrk's connections, one per thread
TABLES_PER_CONNECTION = 10
SECONDS = 10
WORKERS = 4
SCRIPT = Path(__file__).with_name("federation.lua")


def _lua(value: object) -> str:
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "{" + ", ".join(_lua(item) for item in value) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {_lua(item)}" for key, item in value.items()) + "}"
    return str(value)


def _plan(url: str, built: dict[str, Any]) -> list[dict[str, Any]]:
    """Each connection's tables, with the cookies of a phone that sits at each of them."""
    plan = []
    tables = built["tables"]
    for index in range(THREADS):
        mine = tables[index * TABLES_PER_CONNECTION : (index + 1) * TABLES_PER_CONNECTION]
        drawn: list[str] = []  # what each table's page sends back of the parts it shows
        with httpx.Client(base_url=url, timeout=60) as client:
            for table in mine:
                client.get(f"/t/{table['token']}/")
                answer = client.post(
                    f"/t/{table['token']}/seat/",
                    data={
                        "seat": table["seat_a"],
                        "csrfmiddlewaretoken": client.cookies["csrftoken"],
                    },
                    headers={"Referer": url},
                )
                if answer.status_code != 302:
                    raise RuntimeError(f"sitting down failed: {answer.status_code}")
                page = client.get(f"/t/{table['token']}/").text
                drawn.append(urlencode(clients.drawn_keys(page)))
            plan.append(
                {
                    "tokens": [table["token"] for table in mine],
                    "games": [table["game"] for table in mine],
                    "drawn": drawn,
                    "cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items()),
                    "csrf": client.cookies["csrftoken"],
                }
            )
    return plan


def _wrk(url: str, plan_file: Path, *extra: str) -> dict[str, Any]:
    done = subprocess.run(
        ["wrk", f"-t{THREADS}", f"-c{THREADS}", f"-d{SECONDS}s", "--timeout", "10s"]
        + ["-s", str(SCRIPT), url, "--", str(plan_file), *extra],
        capture_output=True,
        text=True,
        timeout=SECONDS + 60,
    )
    line = next((ln for ln in done.stdout.splitlines() if ln.startswith("WRK ")), None)
    if line is None:
        raise RuntimeError(f"wrk failed:\n{done.stdout}\n{done.stderr}")
    figures: dict[str, Any] = json.loads(line[4:])
    return figures


def _cpu_ms(figures: dict[str, Any]) -> float:
    """What each answer cost the server's workers, whatever else the machine was doing."""
    cpu: float = figures["cpu"] * 1000 / max(1, figures["requests"])
    return cpu


def _report(kind: str, figures: dict[str, Any], stored: int) -> None:
    rate = stored / figures["seconds"]
    errors = figures["status_errors"] + figures["socket_errors"]
    errors += max(0, figures["requests"] - stored)  # answered but not stored: refused
    print(f"bench: federation_postgres_{kind}_per_s {rate:.0f} stored/s", flush=True)
    for share in ("p50", "p95", "p99"):
        print(
            f"bench: federation_postgres_{kind}_{share} {figures[f'{share}_ms']:.1f} ms", flush=True
        )
    print(f"bench: federation_postgres_{kind}_errors {errors} errors", flush=True)
    cpu = _cpu_ms(figures)
    print(f"bench: federation_postgres_{kind}_server_cpu {cpu:.1f} ms per request", flush=True)


@contextmanager
def federation_event(name: str, players: int) -> Iterator[tuple[dict[str, str], dict[str, Any]]]:
    """A fresh PostgreSQL database ``name`` holding the federation's event of ``players``
    (a full game a round at each table), set up through the services, and the environment
    its server runs in: Redis as the shared cache when one answers."""
    with serving.postgres_database(name) as url:
        env = serving.postgres_env(url)
        env["DJANGO_SETTINGS_MODULE"] = "benchmarks.federation_settings"
        if serving.postgres_answers(port=6379):
            env["REDIS_URL"] = "redis://127.0.0.1:6379/9"
        serving.manage(env, "migrate", "--noinput", "-v", "0")
        yield env, serving.kit(env, "setup", str(players), "0", "federation")


def main() -> None:
    if shutil.which("wrk") is None:
        print("# wrk is not installed (apt-get install -y wrk): skipped", flush=True)
        return
    if not serving.postgres_answers():
        print("# PostgreSQL does not answer on 127.0.0.1:5432: skipped", flush=True)
        return
    players = 4 * THREADS * TABLES_PER_CONNECTION
    with federation_event(f"meld_federation_{os.getpid()}", players) as (env, built):
        with serving.Server(env, workers=WORKERS) as server, tempfile.TemporaryDirectory() as tmp:
            plan_file = Path(tmp) / "plan.lua"
            deal = "&".join(f"{k}={v}" for k, v in clients.DEAL.items())
            plan_file.write_text(
                f"RUN = {_lua(f'f{os.getpid()}')}\nEVENT = {built['event']}\n"
                f"DEAL = {_lua(deal)}\nPLAN = {_lua(_plan(server.url, built))}\n"
            )
            print(f"bench: federation_load_before {os.getloadavg()[0]:.1f} load", flush=True)
            used = server.cpu_seconds()
            submitted = _wrk(server.url, plan_file)
            submitted["cpu"], used = server.cpu_seconds() - used, server.cpu_seconds()
            after_submissions = serving.kit(env, "count", str(built["event"]))
            minimal = _wrk(server.url, plan_file, "minimal")
            minimal["cpu"] = server.cpu_seconds() - used
            after_minimal = serving.kit(env, "count", str(built["event"]))
            print(f"bench: federation_load_after {os.getloadavg()[0]:.1f} load", flush=True)
        _report("submissions", submitted, after_submissions["entries"])
        print(
            f"bench: federation_postgres_submissions_without_audit "
            f"{after_submissions['without_audit']} entries",
            flush=True,
        )
        stored = after_minimal["entries"] - after_submissions["entries"]
        _report("minimal_view", minimal, stored)
        # Target (issue 33): a light answer costs at most 4 times the minimal write view.
        ratio = _cpu_ms(submitted) / max(_cpu_ms(minimal), 1e-9)
        print(f"bench: federation_postgres_light_vs_minimal_cpu {ratio:.1f} times", flush=True)


if __name__ == "__main__":
    main()
