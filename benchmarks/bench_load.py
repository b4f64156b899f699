"""A busy club night over HTTP: 50 tables entering and confirming deals while 122 screens poll.

Meld runs under gunicorn (4 sync workers, as a federation server runs) on a loopback port,
on a fresh SQLite file, then on a fresh PostgreSQL database when one answers on
127.0.0.1:5432. The event (200 players, winner moves up, round 1 open, four deals a round)
is set up through the services in a subprocess. Each table has two phones with their own
cookies: phone A opens the table's page, says who it is and sends the deals through the
entry form as the page does (htmx, CSRF header, idempotency key); phone B confirms each
once its own score pad offers it (``confirm_seen``: from A's answer until then). Deal 1 is
sent within the first two seconds, the next ones one to three seconds apart (a real deal
takes minutes: this squeezes a crowded hour). Meanwhile every open screen polls every
``LIVE_POLL_SECONDS`` at the address its last answer gave: the 100 phones' score pads
(with the phone's cookies, sending what its entry panel shows; the phone's own answers
move its pad on too, as htmx swaps them in), 10 director's boards (board, bar, clock), 10
public pages (standings, clock) and 2 projectors (the panel, turning every 12 s, and the
clock). Before the first deal the 100 phones open their page within ten seconds
(``table_page``) and say who they are, and in the same seconds the 22 other screens open
theirs (``screen_page``, not in the night's figures): screens in a club are open before
the round's first deal. The night begins once every one is open.

Live reach: the director starts and pauses the round clock every ``CLOCK_EVERY`` seconds;
``load_<db>_live_reach_p95`` is the p95 over the pauses of the time from the click until
the last of the 122 screens shows it (``_screens_p95``: over every screen and pause).
``load_<db>_<part>_drawn``: how many of a part's polls were answered with a drawing.

Targets (issue 33): submit and confirm p95 <= 100 ms, no errors, nothing lost or doubled;
a change on every open screen within 2 s (p95); the table page's p95 <= 200 ms; the
standings of a 500-player event <= 150 ms with a constant number of queries.
"""

import os
import random
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from benchmarks import server_kinds
from benchmarks.load_screens import (
    WAITS,
    ClockWatch,
    Pad,
    Polled,
    Projector,
    Recorder,
    paused,
    percentile,
)
from meld_testkit import clients, serving

TABLES = 50
PLAYERS = 4 * TABLES
DEALS = 4
BOARDS = 10  # director's screens (board, bar, clock)
PUBLIC_SCREENS = 10  # public pages (standings, clock)
PROJECTORS = 2  # projectors in the room (the panel and its turns, the clock)
LIVE = 1.8  # every screen's polling interval (services.pages.live.LIVE_POLL_SECONDS)
# The director starts or pauses the round clock this often: longer than a poll, so that
# every screen can show every pause (one it missed would count until the next pause).
CLOCK_EVERY = LIVE + 0.5
THINK = (
    1.0,
    3.0,
)  # seconds between deals: a real deal takes minutes, this is a crowded hour squeezed
START = (0.0, 2.0)  # when each table sends deal 1, after the round starts
OPENING = 10.0  # the 100 phones open their table's page at random moments within 10 s
# As `make run` serves: four sync workers, so a phone's short write is not queued behind
# a screen's long page on a laptop's two cores (the kernel shares them out instead).
WORKERS = 4


def play_table(
    pads: tuple[Pad, Pad],
    table: dict[str, Any],
    rec: Recorder,
    start: threading.Barrier,
    rng: random.Random,
    opened: float,
) -> None:
    """Phone A sends each deal; phone B confirms it once its own score pad offers it (its
    poll, as on a real phone); each answer moves that phone's pad on, as htmx swaps it in."""
    a, b = (pad.phone for pad in pads)
    moments = sorted(rng.uniform(0, OPENING) for _ in range(2))
    for pad, seat, moment in (
        (pads[0], table["seat_a"], moments[0]),
        (pads[1], table["seat_b"], moments[1]),
    ):
        time.sleep(max(0.0, opened + moment - time.monotonic()))
        rec.timed("table_page", pad.phone.open)
        rec.timed(
            "seat",
            lambda phone=pad.phone, seat=seat: phone.sit(seat),
            ok=lambda r: r.status_code == 302,
        )
        pad.read(pad.phone.page)
    start.wait(60)
    confirmed: set[int] = set()
    for number in range(1, DEALS + 1):
        time.sleep(rng.uniform(*(THINK if number > 1 else START)))
        if a.form.get("number") != str(number):
            rec.errors.append(
                f"table {table['number']}: form shows deal {a.form.get('number')}, not {number}"
            )
            return
        answer = rec.timed(
            "submit", lambda: a.submit(clients.DEAL), ok=lambda r: r.status_code == 200
        )
        if answer is None or answer.status_code != 200:
            return
        pads[0].read(answer.text)
        sent = time.perf_counter()
        offered = pads[1].offer(5 * LIVE, besides=confirmed)
        rec.record("confirm_seen", time.perf_counter() - sent)
        if len(offered) != 1:
            rec.errors.append(f"table {table['number']}: deal {number} offered {offered}")
            return
        answer = rec.timed(
            "confirm", lambda entry=offered[0]: b.confirm(entry), ok=lambda r: r.status_code == 200
        )
        if answer is not None and answer.status_code == 200:
            pads[1].read(answer.text)
        confirmed.add(offered[0])


def screens(
    url: str, built: dict[str, Any], pads: dict[int, tuple[Pad, Pad]]
) -> list[tuple[str, httpx.Client, list[Pad | Polled]]]:
    """Every open screen: its name, its client and the parts its page polls."""
    found: list[tuple[str, httpx.Client, list[Pad | Polled]]] = []
    parts: list[Pad | Polled]
    for number, table_pads in pads.items():
        for letter, pad in zip("ab", table_pads, strict=True):
            found.append((f"table {number}{letter}", pad.phone.http, [pad]))
    event, public = built["event"], built["public_token"]
    for index in range(BOARDS):
        parts = [
            Polled(f"/events/{event}/rounds/{built['round']}/board/", "board"),
            Polled(f"/events/{event}/alerts/", "alerts"),
            Polled(f"/events/{event}/clock/", "clock"),
        ]
        found.append((f"board {index}", clients.log_in(url, built["username"]), parts))
    for index in range(PUBLIC_SCREENS):
        parts = [Polled(f"/p/{public}/", "public"), Polled(f"/p/{public}/clock/", "public_clock")]
        found.append((f"public {index}", httpx.Client(base_url=url, timeout=30), parts))
    for index in range(PROJECTORS):
        parts = [
            Projector(f"/p/{public}/projector/"),
            Polled(f"/p/{public}/clock/", "public_clock"),
        ]
        found.append((f"projector {index}", httpx.Client(base_url=url, timeout=30), parts))
    return found


@dataclass(frozen=True)
class Opening:
    """When a screen opens its page before the night (``at``, a monotonic moment within the
    phones' ``OPENING`` seconds), who waits for every screen to have opened it (``opened``)
    and what starts the night's polls (``night``)."""

    at: float
    opened: threading.Barrier
    night: threading.Event


def watch_screen(
    name: str,
    client: httpx.Client,
    parts: list[Pad | Polled],
    rec: Recorder,
    stop: threading.Event,
    watch: ClockWatch,
    phase: float,
    opening: Opening,
) -> None:
    """One open screen: opened before the round's first deal, as the director's and the
    public screens are (a phone's pad is its page, opened by its phone), then every part of
    it polled every ``LIVE`` seconds, as htmx does."""

    def poll(part: Pad | Polled, kind: str) -> None:
        url = part.url()
        answer = rec.timed(kind, lambda: client.get(url, headers={"HX-Request": "true"}))
        shown = part.read(answer.text) if answer and answer.status_code == 200 else None
        if shown:
            watch.saw(name, shown)

    try:
        time.sleep(max(0.0, opening.at - time.monotonic()))
        for part in parts:
            if isinstance(part, Polled):
                poll(part, "screen_page")
        opening.opened.wait(120)
        opening.night.wait(120)
        due = time.monotonic() + phase
        while not stop.wait(max(0.0, due - time.monotonic())):
            for part in parts:
                poll(part, part.kind)
            due += LIVE
    finally:
        client.close()


def run_clock(
    client: httpx.Client, event: int, rec: Recorder, stop: threading.Event, watch: ClockWatch
) -> None:
    """The director starts and pauses the round clock every ``CLOCK_EVERY`` seconds (a round
    of so many deals takes its minutes from the form); the new clock as the director's own
    clock part shows it."""
    running = False
    referer = {"Referer": str(client.base_url)}

    def change(step: str) -> None:
        data = {"minutes": "30", "csrfmiddlewaretoken": client.cookies.get("csrftoken", "")}
        at = time.monotonic()
        rec.timed(
            "clock_change",
            lambda: client.post(f"/events/{event}/clock/{step}/", data=data, headers=referer),
            ok=lambda r: r.status_code == 302,
        )
        if shown := paused(client.get(f"/events/{event}/clock/").text):
            watch.changed(at, shown)

    while not stop.wait(CLOCK_EVERY):
        change("pause" if running else "start")
        running = not running
    if running:  # the night ends on a pause the screens have time to show
        change("pause")
    client.close()


def table_pads(url: str, built: dict[str, Any], watch: ClockWatch) -> dict[int, tuple[Pad, Pad]]:
    """Each table's two phones and their score pads (``table 3a``, ``table 3b``)."""
    # The phones' HTTP clients exist before the tables open: making one costs the
    # bench's own process about 20 ms (a TLS context), which would otherwise be
    # counted in the first pages' times. Real phones are devices of their own.
    return {
        (n := table["number"]): (
            Pad(clients.Phone(url, table["token"]), table["game"], watch.eye(f"table {n}a")),
            Pad(clients.Phone(url, table["token"]), table["game"], watch.eye(f"table {n}b")),
        )
        for table in built["tables"]
    }


def table_threads(
    pads: dict[int, tuple[Pad, Pad]],
    built: dict[str, Any],
    rec: Recorder,
    start: threading.Barrier,
) -> list[threading.Thread]:
    """One thread a table, its two phones playing its deals once ``start`` lets them."""
    opened = time.monotonic() + 0.5
    return [
        threading.Thread(
            target=play_table,
            args=(pads[t["number"]], t, rec, start, random.Random(t["number"]), opened),
        )
        for t in built["tables"]
    ]


def run_backend(name: str, env: dict[str, str]) -> None:
    """The club night on one database; ``name`` prefixes its figures."""
    serving.manage(env, "migrate", "--noinput", "-v", "0")
    built = serving.kit(env, "setup", str(PLAYERS), str(DEALS))
    rec = Recorder()
    spent = Path(tempfile.mkdtemp(prefix="meld-load-kinds-"))
    counting = {**env, server_kinds.KINDS: str(spent)}  # the workers' CPU by kind
    with serving.Server(counting, workers=WORKERS, config="benchmarks.server_kinds") as server:
        start = threading.Barrier(TABLES + 1)
        stop, director_done, watch = threading.Event(), threading.Event(), ClockWatch()
        # The director logs in before the round, not during it: a log-in hashes the
        # password (PBKDF2, about a second of a worker's time), and ten of them at
        # once used to stall both workers in the first seconds of the measurement.
        pads = table_pads(server.url, built, watch)
        opened_screens = screens(server.url, built, pads)
        opened, night = threading.Barrier(len(opened_screens) + 1), threading.Event()
        at, rng = time.monotonic() + 0.5, random.Random(0)
        pollers = [
            threading.Thread(
                target=watch_screen,
                args=(*screen, rec, stop, watch, LIVE * index / len(opened_screens)),
                kwargs={"opening": Opening(at + rng.uniform(0, OPENING), opened, night)},
            )
            for index, screen in enumerate(opened_screens)
        ]
        director = threading.Thread(
            target=run_clock,
            args=(clients.log_in(server.url, built["username"]), built["event"], rec),
            kwargs={"stop": director_done, "watch": watch},
        )
        tables = table_threads(pads, built, rec, start)
        for thread in (*tables, *pollers):
            thread.start()
        opened.wait(120)  # every screen has opened its page (within OPENING s)
        start.wait(120)  # every phone has opened its page (within OPENING s) and chosen its seat
        began = time.perf_counter()
        cpu_before, requests_before = server.cpu_seconds(), rec.requests
        client_before = time.process_time()
        night.set()
        director.start()
        for thread in tables:
            thread.join(150)
        elapsed = time.perf_counter() - began
        director_done.set()
        director.join(30)
        time.sleep(2 * LIVE + 1)  # the screens show the director's last change
        stop.set()
        for thread in pollers:
            thread.join(30)
        cpu = server.cpu_seconds() - cpu_before
        client = time.process_time() - client_before
        print(f"bench: load_{name}_client_cpu {client:.1f} s over {elapsed:.0f} s", flush=True)
        served = rec.requests - requests_before
    counted = serving.kit(env, "count", str(built["event"]))
    report(name, rec, watch, elapsed=elapsed, cpu=cpu, served=served, counted=counted)
    by_kind(name, server_kinds.kinds(spent))
    in_worker(name, server_kinds.walls(spent))
    shutil.rmtree(spent, ignore_errors=True)


def report(
    name: str,
    rec: Recorder,
    watch: ClockWatch,
    *,
    elapsed: float,
    cpu: float,
    served: int,
    counted: dict[str, int],
) -> None:
    """The night's figures, each a ``bench:`` line prefixed by ``name``."""
    measured = {k: v for k, v in rec.times.items() if k not in ("seat", "screen_page", *WAITS)}
    during = (
        sum(len(v) for v in measured.values()) - TABLES * 2
    )  # the opening page loads came before
    print(f"bench: load_{name}_requests_per_s {during / elapsed:.0f} req/s", flush=True)
    print(f"bench: load_{name}_requests {rec.requests} requests", flush=True)
    # What the night cost the server, whatever else the machine was doing.
    print(f"bench: load_{name}_server_cpu {cpu * 1000 / served:.1f} ms per request", flush=True)
    kinds = ("submit", "confirm", "confirm_seen", "table_page", "pad", "board", "alerts", "clock")
    for kind in (*kinds, "public", "public_clock", "projector", "projector_turn", "clock_change"):
        values = rec.times.get(kind, [])
        for share in (0.5, 0.95, 0.99):
            print(
                f"bench: load_{name}_{kind}_p{int(share * 100)} {percentile(values, share):.1f} ms",
                flush=True,
            )
    for kind in ("pad", "board", "alerts", "clock", "public", "public_clock", "projector"):
        drawn = f"{rec.drawn[kind]} of {len(rec.times[kind])} polls"
        print(f"bench: load_{name}_{kind}_drawn {drawn}", flush=True)
    last, every = watch.reaches()
    print(f"bench: load_{name}_live_changes {len(last)} clock pauses", flush=True)
    print(f"bench: load_{name}_live_reach_p95 {percentile(last, 0.95):.0f} ms", flush=True)
    print(f"bench: load_{name}_live_reach_max {percentile(last, 1.0):.0f} ms", flush=True)
    print(f"bench: load_{name}_live_reach_screens_p95 {percentile(every, 0.95):.0f} ms", flush=True)
    print(f"bench: load_{name}_errors {len(rec.errors)} errors", flush=True)
    for error in rec.errors[:5]:
        print(f"#   {error}", flush=True)
    sent = TABLES * DEALS
    print(f"bench: load_{name}_confirmed_deals {counted['confirmed']} of {sent} deals", flush=True)
    print(f"bench: load_{name}_lost {sent - counted['confirmed']} deals", flush=True)
    doubled = counted["doubled"] + max(0, counted["entries"] - sent)
    print(f"bench: load_{name}_duplicated {doubled} deals", flush=True)
    print(f"bench: load_{name}_entries_without_audit {counted['without_audit']} entries")


def by_kind(name: str, spent: dict[str, tuple[int, float]]) -> None:
    """The workers' CPU by kind of request over the whole run (the phones' opening pages and
    the director's log-ins before the night included), the dearest first."""
    for kind, (count, seconds) in sorted(spent.items(), key=lambda item: -item[1][1]):
        label = kind.replace(" ", "_")
        print(
            f"bench: load_{name}_cpu_{label} {seconds * 1000 / count:.2f} ms per request"
            f" ({count} requests, {seconds:.2f} s)",
            flush=True,
        )


def in_worker(name: str, walls: dict[str, list[float]]) -> None:
    """The p95 of a write's time in its worker, beside the phone's own: what is left of the
    phone's time is the wait for a free worker and the bench's client."""
    for kind in ("tournaments-table-submit", "tournaments-table-confirm"):
        label = kind.rsplit("-", 1)[1]
        print(
            f"bench: load_{name}_{label}_in_worker_p95 {percentile(walls.get(kind, []), 0.95):.1f} ms",
            flush=True,
        )


def run_standings(name: str, env: dict[str, str]) -> None:
    for players in (100, 500):  # the same number of queries for both: nothing per player
        serving.manage(env, "migrate", "--noinput", "-v", "0")
        figures = serving.kit(env, "standings", str(players), "20")
        print(
            f"bench: standings_{name}_{players}_players {figures['median_ms']:.1f} ms", flush=True
        )
        print(
            f"bench: standings_{name}_{players}_players_queries {figures['queries']} queries",
            flush=True,
        )
        print(
            f"bench: public_{name}_{players}_players {figures['public_median_ms']:.1f} ms",
            flush=True,
        )
        print(
            f"bench: public_{name}_{players}_players_queries {figures['public_queries']} queries",
            flush=True,
        )


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="meld-load-") as folder:
        env = serving.sqlite_env(Path(folder) / "load.sqlite3")
        run_backend("sqlite", env)
        env = serving.sqlite_env(Path(folder) / "standings.sqlite3")
        run_standings("sqlite", env)
    if not serving.postgres_answers():
        print("# PostgreSQL does not answer on 127.0.0.1:5432: skipped", flush=True)
        return
    with serving.postgres_database(f"meld_bench_{os.getpid()}") as url:
        run_backend("postgres", serving.postgres_env(url))
    with serving.postgres_database(f"meld_bench_{os.getpid()}_s") as url:
        run_standings("postgres", serving.postgres_env(url))


if __name__ == "__main__":
    main()
