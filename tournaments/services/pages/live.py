"""How often the live parts of pages poll, the time step of the parts that time alone changes,
and the round the director's pages link to.

Every live part polls every ``LIVE_POLL_SECONDS`` with the change feed's value it was drawn
with (``tournaments.kernel.feed``): a change (a deal stored, a call, the clock started or
paused) shows on every open screen within about that and one answer's time.
"""

import time
from dataclasses import dataclass
from typing import TypedDict

from tournaments.kernel import feed
from tournaments.models import Event, Round

# How often every live screen asks whether what it shows has changed: under two seconds,
# so that a change shows on every open screen within two seconds, answer included.
LIVE_POLL_SECONDS = 1.8
# The same as templates write it into htmx's ``every …s`` (a string: Django would draw a
# number "1,8" in German).
LIVE_POLL = f"{LIVE_POLL_SECONDS:g}"

# Time passing alone changes what the director's board, bar and close dialog say (a table
# turning late, "last entry 4 min ago", the round's time running out): their polls also
# carry this step, which takes a new value this often, so such a change shows within it.
TIME_STEP_SECONDS = 15


def time_step() -> int:
    """The step of time now; wall clock, as every server of a federation counts it alike."""
    return int(time.time()) // TIME_STEP_SECONDS


class Nav(TypedDict):
    """What the director's sub-navigation needs (``nav``)."""

    event: Event
    area: str
    nav_round: Round | None


def nav(event: Event, area: str, rnd: Round | None = None) -> Nav:
    """What the director's sub-navigation needs: the event, the page, the round to link to."""
    if rnd is None:
        rnd = event.rounds.order_by("-number").first()
    return {"event": event, "area": area, "nav_round": rnd}


@dataclass(frozen=True)
class Live:
    """The change feed's value a live part was drawn with (read before drawing it), and the
    time step where time alone changes the part; ``query`` is what its poll sends back."""

    since: int
    step: int | None = None

    @property
    def query(self) -> str:
        return f"since={self.since}" + ("" if self.step is None else f"&step={self.step}")

    @property
    def sent(self) -> tuple[str, str | None]:
        """``since`` and ``step`` as a poll of this part sends them."""
        return str(self.since), None if self.step is None else str(self.step)


def live_now(key: str, event_id: int, stepped: bool = False) -> Live:
    """The value of the feed's scope ``key`` now (``feed.latest``), with the time step if
    ``stepped``."""
    return Live(feed.latest(key, event_id), time_step() if stepped else None)
