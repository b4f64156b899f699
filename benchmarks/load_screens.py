"""The club night's measuring parts (``bench_load``): what a screen polls and shows, the
requests' times, and when each screen first showed each of the director's clock pauses."""

import re
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from html import unescape
from urllib.parse import urlencode

import httpx

from meld_testkit import clients

POLL = re.compile(r'hx-get="([^"]*since=[^"]*)"')
PAD_POLL = re.compile(r'id="sheet-poll" hx-get="([^"]*)"')
SHOWN = re.compile(r'id="shown" name="shown" value="([^"]*)"')
CONFIRM = re.compile(r"/t/[^/]+/entry/([0-9]+)/confirm/")
# What is timed but is no request: from phone A's answer to its deal until phone B's pad
# offers to confirm it (B's poll, as a change reaches a phone).
WAITS = ("confirm_seen",)
# A paused clock, as every screen draws it: its seconds left name the pause (each pause
# leaves fewer), so a screen showing it has seen that change of the director's.
PAUSED = re.compile(
    r'class="round-clock[^"]*\bpaused[^"]*".*?data-clock-remaining="([0-9]+)"', re.S
)
TURN = re.compile(r'hx-get="([^"]*\?panel=[0-9]+)" hx-trigger="load delay:([0-9]+)ms"')


def paused(text: str) -> str | None:
    """The pause a part shows ("paused:<seconds left>"), None for a clock running or none."""
    found = PAUSED.search(text)
    return f"paused:{found.group(1)}" if found else None


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.drawn: dict[str, int] = defaultdict(int)  # answers with a body (not 204)

    def timed(
        self,
        kind: str,
        send: Callable[..., httpx.Response],  # called with no argument
        ok: Callable[[httpx.Response], bool] = lambda r: r.status_code < 400,
    ) -> httpx.Response | None:
        started = time.perf_counter()
        try:
            answer = send()
        except httpx.HTTPError as error:
            with self.lock:
                self.errors.append(f"{kind}: {type(error).__name__}")
            return None
        elapsed = time.perf_counter() - started
        with self.lock:
            self.times[kind].append(elapsed)
            if answer.status_code == 200:
                self.drawn[kind] += 1
            if not ok(answer):
                self.errors.append(f"{kind}: HTTP {answer.status_code}")
        return answer

    def record(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.times[kind].append(seconds)

    @property
    def requests(self) -> int:
        return sum(len(v) for k, v in self.times.items() if k not in WAITS)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))] * 1000


class ClockWatch:
    """The director's pauses of the clock, and when each screen first showed each."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.changes: list[tuple[float, str]] = []
        self.seen: dict[str, dict[str, float]] = defaultdict(dict)

    def changed(self, at: float, pause: str) -> None:
        with self.lock:
            self.changes.append((at, pause))

    def eye(self, screen: str) -> Callable[[str], None]:
        """What ``screen`` calls with each pause it shows (its own answers' as well as its polls')."""
        return partial(self.saw, screen)

    def saw(self, screen: str, pause: str) -> None:
        at = time.monotonic()
        with self.lock:
            self.seen[screen].setdefault(pause, at)

    def reaches(self) -> tuple[list[float], list[float]]:
        """For each change, the seconds until the last screen showed it (or a later one);
        and the seconds for every screen and change. Never shown: infinite."""
        last, every = [], []
        for index, (at, _pause) in enumerate(self.changes):
            shown = {pause for _at, pause in self.changes[index:]}
            times = []
            for pauses in self.seen.values():
                first = [seen for pause, seen in pauses.items() if pause in shown and seen >= at]
                times.append(min(first) - at if first else float("inf"))
            last.append(max(times, default=float("inf")))
            every += times
        return last, every


class Polled:
    """A polled part of a screen: first loaded from ``path``, then polled at the address its
    last answer gave (``?since=`` the change feed's value, ``&step=`` where it has one), as
    htmx polls it."""

    def __init__(self, path: str, kind: str) -> None:
        self.path, self.kind, self.next = path, kind, path

    def url(self) -> str:
        return self.next

    def read(self, text: str) -> str | None:
        if found := POLL.search(text):
            self.next = unescape(found.group(1))
        return paused(text)


class Projector(Polled):
    """The projector's panel: its poll every ``LIVE`` seconds, and its turn to the next panel
    when the panel says it is due."""

    def __init__(self, path: str) -> None:
        super().__init__(path, "projector")
        self.turn: tuple[float, str] | None = None

    def url(self) -> str:
        if self.turn is not None and time.monotonic() >= self.turn[0]:
            self.kind, address, self.turn = "projector_turn", self.turn[1], None
            return address
        self.kind = "projector"
        return self.next

    def read(self, text: str) -> str | None:
        if found := TURN.search(text):
            due = time.monotonic() + int(found.group(2)) / 1000
            self.turn = (due, unescape(found.group(1)))
        return super().read(text)


class Pad:
    """A seated phone's score pad: polled with the phone's own cookies at the address the
    phone's last answer gave (the table's and the clock's feed values, the moment time alone
    changes the pad), with what its entry panel shows (``shown``, as the page's hidden field
    sends it) and the keys of the parts it shows (``drawn_*``). The phone's own answers move it on as its polls' do, as htmx swaps each in:
    after its own deal a phone's next poll has nothing new; a clock they bring is shown
    (``seen``) as a poll's is."""

    kind = "pad"

    def __init__(self, phone: clients.Phone, game: int, seen: Callable[[str], None]) -> None:
        self.phone, self.seen = phone, seen
        self.next = f"/t/{phone.token}/sheet/?game={game}&since=-"
        self.shown = ""
        self.offered: list[int] = []  # the deals the pad offers to confirm, as drawn last
        self.changed = threading.Condition()

    def url(self) -> str:
        with self.changed:
            return f"{self.next}&{urlencode({'shown': self.shown, **self.phone.drawn})}"

    def read(self, text: str) -> str | None:
        with self.changed:
            if found := PAD_POLL.search(text):
                self.next = unescape(found.group(1))
            if found := SHOWN.search(text):
                self.shown = unescape(found.group(1))
            self.phone.take_panel(text)
            if 'id="now"' in text:  # the pad drawn (a clock alone leaves it as it is)
                self.offered = sorted({int(n) for n in CONFIRM.findall(text)})
                self.changed.notify_all()
        if shown := paused(text):
            self.seen(shown)
        return shown

    def offer(self, timeout: float, besides: set[int]) -> list[int]:
        """The deals the pad offers to confirm once it offers one not in ``besides`` (an
        answer drawn before this phone's last confirmation may still arrive after it)."""
        with self.changed:
            self.changed.wait_for(lambda: set(self.offered) - besides, timeout)
            return [entry for entry in self.offered if entry not in besides]
