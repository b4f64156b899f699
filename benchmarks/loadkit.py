"""Helpers for driving a real Meld server: databases, gunicorn, an event to play, phones.

Used by ``benchmarks/bench_load.py`` and the fault tests (``tests/faults``).
Everything talks to 127.0.0.1 only. The Django side (``setup``, ``standings``)
runs in a subprocess, ``python -m benchmarks.loadkit <command>``, whose
environment names the database, so one process can measure several back ends.
"""

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "bench-Pass-1234"
# Side A: natural canasta, a red three, went out, 120 melded (820); side B: 60 melded, 35 in hand (25).
DEAL = {
    "s0_natural_canastas": "1",
    "s0_red_threes": "1",
    "s0_going_out": "out",
    "s0_melded_points": "120",
    "s1_going_out": "none",
    "s1_melded_points": "60",
    "s1_hand_points": "35",
}
DEAL_POINTS = (820, 25)


# --- environments and servers ------------------------------------------------------


def sqlite_env(path: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    # One key for the server's workers (gunicorn refuses a key made up per process).
    env.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    env.update(
        SQLITE_PATH=str(path),
        DEBUG="0",
        HTTPS="0",
        LOG_LEVEL="ERROR",
        DJANGO_SETTINGS_MODULE="meld.settings",
    )
    env.pop("ALLOWED_HOSTS", None)
    return env


def postgres_env(url: str) -> dict[str, str]:
    env = sqlite_env(Path("/nonexistent"))
    env["DATABASE_URL"] = url
    return env


def postgres_answers(host: str = "127.0.0.1", port: int = 5432) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


@contextmanager
def postgres_database(
    name: str, admin_url: str = "postgresql://postgres@127.0.0.1:5432/postgres"
) -> Iterator[str]:
    """A fresh database ``name`` for the duration, dropped afterwards."""
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env: dict[str, str], *args: str, timeout: float = 120) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def kit(env: dict[str, str], *args: str, timeout: float = 150) -> dict:
    """Run ``python -m benchmarks.loadkit <args>`` against ``env``'s database; its JSON answer."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.loadkit", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode:
        raise RuntimeError(f"loadkit {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # pid (comm) state ppid ...: comm may hold spaces, so split after its ")".
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@dataclass
class Server:
    env: dict[str, str]
    workers: int = 2
    app: str = "meld.wsgi:application"
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> "Server":
        self.process = subprocess.Popen(
            [
                str(ROOT / ".venv" / "bin" / "gunicorn"),
                self.app,
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--worker-class",
                "sync",
                # As `make run`: the app (templates compiled) is loaded once, then forked.
                "--preload",
                "--timeout",
                "60",
                "--log-level",
                "warning",
                # The workers' heartbeat file is touched on every request: memory, not disk.
                *(["--worker-tmp-dir", "/dev/shm"] if Path("/dev/shm").is_dir() else []),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.process.stderr.read()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise TimeoutError("gunicorn did not answer in time")

    def worker_pids(self) -> list[int]:
        return children(self.process.pid) if self.process else []

    def cpu_seconds(self) -> float:
        """CPU time (user and system) the server's workers have used so far."""
        ticks = os.sysconf("SC_CLK_TCK")
        used = 0
        for pid in self.worker_pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            used += int(fields[11]) + int(fields[12])  # utime, stime
        return used / ticks

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


# --- phones ----------------------------------------------------------------------

INPUT = re.compile(r"<input[^>]*>", re.S)


def hidden_fields(html: str) -> dict[str, str]:
    fields = {}
    for tag in INPUT.findall(html):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and name.group(1) in (
            "number",
            "idempotency_key",
            "expected_version",
            "csrfmiddlewaretoken",
            "stamp",  # the pad's, which the entry form sends along (hx-include)
        ):
            fields[name.group(1)] = unescape(value.group(1)) if value else ""
    return fields


FRESH = re.compile(r'<form class="entry-form[^>]* data-fresh="(\w+)"')
NEXT = re.compile(r'<div id="entry-next"[^>]* data-number="(\d+)" data-key="(\w+)"')


def fresh_mark(html: str) -> str:
    """The mark of the fresh entry form in ``html`` ("" if it has none)."""
    found = FRESH.search(html)
    return found.group(1) if found else ""


def next_deal(html: str) -> dict[str, str]:
    """What a light answer gives the next deal's form (its number and idempotency key)."""
    found = NEXT.search(html)
    return {"number": found.group(1), "idempotency_key": found.group(2)} if found else {}


class Phone:
    """One phone at a table: its own cookies, htmx requests as the page sends them."""

    def __init__(self, base_url: str, token: str, timeout: float = 30) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=timeout, follow_redirects=False)
        self.token = token
        self.form: dict[str, str] = {}
        # The mark of the fresh entry form the page's script keeps (table.js): sent with each
        # deal, so a stored deal is answered as the phone's browser is (the light answer).
        self.fresh = ""

    def close(self) -> None:
        self.http.close()

    @property
    def csrf(self) -> str:
        return self.http.cookies.get("csrftoken", "")

    def htmx(self) -> dict[str, str]:
        return {"HX-Request": "true", "X-CSRFToken": self.csrf, "Referer": str(self.http.base_url)}

    def open(self) -> httpx.Response:
        answer = self.http.get(f"/t/{self.token}/")
        self.form = hidden_fields(answer.text)
        self.fresh = fresh_mark(answer.text) or self.fresh
        return answer

    def sit(self, seat_id: int) -> httpx.Response:
        answer = self.http.post(
            f"/t/{self.token}/seat/",
            data={"seat": seat_id, "csrfmiddlewaretoken": self.csrf},
            headers={"Referer": str(self.http.base_url)},
        )
        self.open()
        return answer

    def submit(self, deal: dict[str, str], form: dict[str, str] | None = None) -> httpx.Response:
        """Send the entry form as drawn (number, idempotency key) with ``deal`` typed in."""
        data = {**(form or self.form), **deal}
        data.pop("csrfmiddlewaretoken", None)
        headers = {**self.htmx(), "X-Meld-Fresh": self.fresh} if self.fresh else self.htmx()
        answer = self.http.post(f"/t/{self.token}/entry/", data=data, headers=headers)
        if answer.status_code == 200 and 'name="idempotency_key"' in answer.text:
            self.form = hidden_fields(answer.text)
            self.fresh = fresh_mark(answer.text) or self.fresh
        elif answer.status_code == 200 and (following := next_deal(answer.text)):
            self.form.update(following)
        return answer

    def pending(self) -> list[int]:
        """The entries waiting for this phone's confirmation, as its page shows them."""
        page = self.http.get(f"/t/{self.token}/").text
        found = re.findall(rf"/t/{re.escape(self.token)}/entry/(\d+)/confirm/", page)
        return sorted({int(n) for n in found})

    def confirm(self, entry_id: int) -> httpx.Response:
        """Confirm as the page does: saying which deal its entry form shows (table.js), so an
        answer that keeps the form draws none; one that draws it is taken."""
        headers = self.htmx()
        if self.form.get("number") and not self.form.get("expected_version"):
            headers["X-Meld-Next"] = self.form["number"]
        url = f"/t/{self.token}/entry/{entry_id}/confirm/"
        answer = self.http.post(url, headers=headers)
        if answer.status_code == 200 and 'name="idempotency_key"' in answer.text:
            self.form = hidden_fields(answer.text)
        return answer


def log_in(base_url: str, username: str, password: str = PASSWORD) -> httpx.Client:
    client = httpx.Client(base_url=base_url, timeout=30, follow_redirects=False)
    client.get("/accounts/login/")
    answer = client.post(
        "/accounts/login/",
        data={
            "username": username,
            "password": password,
            "csrfmiddlewaretoken": client.cookies.get("csrftoken", ""),
        },
        headers={"Referer": base_url + "/accounts/login/"},
    )
    if answer.status_code != 302:
        raise RuntimeError(f"log-in failed: {answer.status_code}")
    return client


# --- the Django side (run in a subprocess) -------------------------------------------


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
    import django

    django.setup()


def build_event(players: int, deals: int, username: str) -> dict:
    """An event through the services: players pasted, numbers drawn, round 1 started
    (winner moves up: tables of four by number), ``deals`` deals a round (0: a full game
    to the target, which only confirmed deals reach)."""
    import datetime

    from django.contrib.auth import get_user_model

    from tournaments.models import Event
    from tournaments.services import players as player_service
    from tournaments.services import rounds, setup

    user, _ = get_user_model().objects.get_or_create(username=username)
    user.set_password(PASSWORD)
    user.save()
    event = setup.create_event(
        user,
        name=f"Load {players}",
        date=datetime.date(2026, 11, 22),
        game="canasta",
        profile_slug="wiener",
    )
    setup.set_format(
        event,
        format=Event.Format.MOVEUP,
        balanced_schedule=False,
        fixed_partners=False,
        planned_rounds=None,
    )
    if deals:
        setup.set_round(
            event, round_kind=Event.RoundKind.DEALS, round_deals=deals, round_minutes=None
        )
    else:
        setup.set_round(
            event, round_kind=Event.RoundKind.GAME, round_deals=None, round_minutes=None
        )
    event.public = True
    event.save(update_fields=["public"])
    player_service.paste_players(event, "\n".join(f"Player {n:04d}" for n in range(1, players + 1)))
    player_service.draw_numbers(event, seed="bench")
    rnd = rounds.start_round(event, user=user)
    tables = []
    for game in (
        rnd.games.select_related("table").prefetch_related("seats").order_by("table__number")
    ):
        seats = sorted(game.seats.all(), key=lambda seat: seat.position)
        tables.append(
            {
                "number": game.table.number,
                "token": game.table.token,
                "game": game.pk,
                "seat_a": next(s.pk for s in seats if s.side == 0),
                "seat_b": next(s.pk for s in seats if s.side == 1),
            }
        )
    return {
        "event": event.pk,
        "public_token": event.public_token,
        "round": rnd.number,
        "username": username,
        "tables": tables,
    }


def play_round(event_id: int, username: str) -> None:
    """Every table of the open round plays its deals (services, as the phones would), then it closes."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event
    from tournaments.services import rounds
    from tournaments.services.entries import confirm_entry, submit_entry

    user = get_user_model().objects.get(username=username)
    event = Event.objects.get(pk=event_id)
    rnd = rounds.open_round(event)
    sides = [
        {
            k.split("_", 1)[1]: (v if k.endswith("going_out") else int(v))
            for k, v in DEAL.items()
            if k.startswith(f"s{side}_")
        }
        for side in (0, 1)
    ]
    for game in rnd.games.prefetch_related("seats").order_by("table__number"):
        seats = {seat.side: seat for seat in game.seats.all()}
        flip = game.table.number % 2  # half the tables are won by the other side
        for number in range(1, (event.round_deals or 1) + 1):
            entry = submit_entry(
                game, number, {"sides": sides[::-1] if flip else sides}, seat=seats[0]
            )
            confirm_entry(entry, seat=seats[1])
    rounds.close_round(rnd, user=user)


def _floor_statements(vendor: str) -> tuple[str, str, str, str]:
    """The floor's plain SQL, on the app's own tables (their indexes and constraints too)."""
    lock = " FOR SHARE OF e, r FOR UPDATE OF g" if vendor == "postgresql" else ""
    read = (
        "SELECT g.id, g.score_0, r.status, e.status FROM tournaments_game g "
        "INNER JOIN tournaments_round r ON r.id = g.round_id "
        f"INNER JOIN tournaments_event e ON e.id = r.event_id WHERE g.id = %s{lock}"
    )
    entry = (
        "INSERT INTO tournaments_entry (game_id, number, version, status, points_0, points_1, "
        "details, reason, created_at) VALUES (%s, %s, 1, 'superseded', 820, 25, %s, '', %s) "
        "RETURNING id"
    )
    audit = (
        "INSERT INTO tournaments_auditentry (event_id, game_id, entry_id, action, seat_label, "
        "new, reason, created_at) VALUES (%s, %s, %s, 'enter', '', %s, '', %s)"
    )
    update = "UPDATE tournaments_game SET score_0 = %s WHERE id = %s"
    return read, entry, audit, update


def measure_writes(tables: int, deals: int) -> dict:
    """Milliseconds per score write through the services (a submit, then its confirm, as the
    phone views call them, with the game as the table's page holds it) against the database's
    floor on the same connection (so the same journal mode, synchronous setting and IMMEDIATE
    transactions on SQLite): one transaction that locks the game's row (its event and round
    shared on PostgreSQL, as a phone's step does), inserts an entry row and an audit row into
    Meld's own tables and updates the locked row, in plain SQL. Service and floor alternate
    table by table, so a neighbour's load falls on both alike."""
    from django.db import connection, transaction
    from django.db.models import Prefetch
    from django.utils import timezone

    from tournaments.models import Event, Game, Seat
    from tournaments.services.entries import confirm_entry, submit_entry

    built = build_event(4 * tables, deals, "writes")
    event = Event.objects.get(pk=built["event"])
    sides = [
        {
            k.split("_", 1)[1]: (v if k.endswith("going_out") else int(v))
            for k, v in DEAL.items()
            if k.startswith(f"s{side}_")
        }
        for side in (0, 1)
    ]
    games = list(
        Game.objects.filter(round__event=event)
        .select_related("round__event", "table")
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("player")))
        .order_by("table__number")
    )
    read, insert_entry, insert_audit, update = _floor_statements(connection.vendor)
    details = json.dumps({"sides": sides})
    service = floor = 0.0
    writes = 0
    for game in games:
        seats = {seat.side: seat for seat in game.seats.all()}
        started = time.perf_counter()
        for number in range(1, deals + 1):
            entry = submit_entry(game, number, {"sides": sides}, seat=seats[0])
            confirm_entry(entry, seat=seats[1])
        service += time.perf_counter() - started
        started = time.perf_counter()
        for index in range(2 * deals):
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(read, [game.pk])
                cursor.fetchone()
                cursor.execute(insert_entry, [game.pk, 1000 + index, details, timezone.now()])
                entry_id = cursor.fetchone()[0]
                cursor.execute(insert_audit, [event.pk, game.pk, entry_id, details, timezone.now()])
                cursor.execute(update, [820 * index, game.pk])
        floor += time.perf_counter() - started
        writes += 2 * deals
    return {
        "writes": writes,
        "service_ms": service * 1000 / writes,
        "floor_ms": floor * 1000 / writes,
    }


def measure_standings(players: int, repeats: int) -> dict:
    """Server time (median) and queries of the director's standings page after a round."""
    import statistics

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournaments.models import Event
    from tournaments.services import rounds

    built = build_event(players, 1, f"standings{players}")
    event = Event.objects.get(pk=built["event"])
    play_round(event.pk, built["username"])
    rounds.start_round(event, user=event.owner)  # round 2 open: the standings show round 1
    client = Client()
    client.force_login(event.owner)
    url = reverse("tournaments-director-standings", args=[event.pk])
    public = reverse("tournaments-public", args=[event.public_token])
    assert client.get(url).status_code == 200
    times, public_times = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - started)
        started = time.perf_counter()
        client.get(public)
        public_times.append(time.perf_counter() - started)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    with CaptureQueriesContext(connection) as public_queries:
        client.get(public)
    return {
        "players": players,
        "median_ms": statistics.median(times) * 1000,
        "queries": len(queries),
        "public_median_ms": statistics.median(public_times) * 1000,
        "public_queries": len(public_queries),
    }


def count_deals(event_id: int) -> dict:
    """What the database holds: confirmed entries per deal, and entries and audit rows that do not pair up."""
    from django.db.models import Count

    from tournaments.models import AuditEntry, Entry

    entries = Entry.objects.filter(game__round__event_id=event_id)
    per_deal = (
        entries.filter(status=Entry.Status.CONFIRMED)
        .values("game", "number")
        .annotate(n=Count("id"))
    )
    audited = set(
        AuditEntry.objects.filter(event_id=event_id, entry__isnull=False).values_list(
            "entry_id", flat=True
        )
    )
    confirmed_audit = set(
        AuditEntry.objects.filter(event_id=event_id, action="confirm").values_list(
            "entry_id", flat=True
        )
    )
    return {
        "entries": entries.count(),
        "confirmed": entries.filter(status=Entry.Status.CONFIRMED).count(),
        "doubled": sum(1 for row in per_deal if row["n"] > 1),
        "pending": entries.filter(status=Entry.Status.ENTERED).count(),
        "without_audit": entries.exclude(pk__in=audited).count(),
        "confirmed_without_audit": entries.filter(status=Entry.Status.CONFIRMED)
        .exclude(pk__in=confirmed_audit)
        .count(),
        "audit_enter": AuditEntry.objects.filter(event_id=event_id, action="enter").count(),
        "audit_enter_orphans": AuditEntry.objects.filter(
            event_id=event_id, action="enter", entry__isnull=True
        ).count(),
    }


def main(argv: list[str]) -> int:
    _django()
    command, *args = argv
    if command == "setup":
        answer = build_event(int(args[0]), int(args[1]), args[2] if len(args) > 2 else "bench")
    elif command == "standings":
        answer = measure_standings(int(args[0]), int(args[1]))
    elif command == "writes":
        answer = measure_writes(int(args[0]), int(args[1]))
    elif command == "count":
        answer = count_deals(int(args[0]))
    else:
        raise SystemExit(f"unknown command {command}")
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
