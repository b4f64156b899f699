"""The round clock: start (or resume), pause, extend and end it, each with an audit row.

Any round may have one. In a round with a time limit it decides when time is up
(``services.rounds.done``); in a round of so many deals, or to the target, it only
tells the tables how long they have (club rules often time a round of four
deals), with the minutes the director gives (or those of the Round step).

The clock is stored as the moment it ends while it runs, and as the seconds
left while it is paused; pages get the seconds left from the server and count
down themselves, so a phone with a wrong clock still shows the right time.
"""

from dataclasses import dataclass
from datetime import timedelta
from typing import TypedDict

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.kernel.errors import ServiceError
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Event, Round
from tournaments.services.scores import audit
from tournaments.services.store.locks import lock_round, serialised

MAX_EXTEND_MINUTES = 60
MAX_CLOCK_MINUTES = 600  # as the Round step's minutes per round


@dataclass(frozen=True)
class Clock:
    """What a page shows: the seconds left (never below 0) and whether it runs."""

    remaining: int
    running: bool

    @property
    def run_out(self) -> bool:
        """It ran and shows 0:00: nothing is left to pause."""
        return self.running and self.remaining == 0

    @property
    def text(self) -> str:
        """ "12:05": minutes and seconds, as the page's script counts on."""
        return f"{self.remaining // 60}:{self.remaining % 60:02d}"


def clock_of(rnd: Round | None) -> Clock | None:
    """The round's clock, or None when the round has none (not timed, not started, closed)."""
    if rnd is None or rnd.status != Round.Status.OPEN:
        return None
    if rnd.clock_ends_at is not None:
        left = (rnd.clock_ends_at - timezone.now()).total_seconds()
        return Clock(max(0, round(left)), running=True)
    if rnd.clock_paused_remaining is not None:
        return Clock(rnd.clock_paused_remaining, running=False)
    return None


def _lock_open(rnd: Round) -> Round:
    rnd = lock_round(rnd.pk, change=True)
    if rnd.status != Round.Status.OPEN:
        raise ServiceError(_("Round %(number)d is already closed.") % {"number": rnd.number})
    return rnd


class ClockState(TypedDict):
    """A clock as its audit rows keep it."""

    ends_at: str | None
    paused_remaining: int | None


def _state(rnd: Round) -> ClockState:
    return {
        "ends_at": rnd.clock_ends_at.isoformat() if rnd.clock_ends_at else None,
        "paused_remaining": rnd.clock_paused_remaining,
    }


def _save(
    rnd: Round, *, user: Asker, old: ClockState, step: str, minutes: int | None = None
) -> Round:
    """Store the clock and what the director did (``step``: started, runs_on, paused,
    extended); the audit page says it in the reader's language."""
    rnd.save(update_fields=["clock_ends_at", "clock_paused_remaining"])
    new = {**_state(rnd), "round": rnd.number, "step": step, "minutes": minutes}
    audit.record(rnd.event, AuditEntry.Action.CLOCK, round=rnd, user=user, old=old, new=new)
    return rnd


def _clock_minutes(event: Event, minutes: int | None) -> int:
    """The minutes a new clock runs: those given, else the event's minutes per round."""
    minutes = minutes or event.round_minutes
    if not minutes:
        raise ServiceError(
            _("Say how many minutes the round clock runs."),
            {"minutes": [_("Enter the minutes.")]},
        )
    if not 1 <= minutes <= MAX_CLOCK_MINUTES:
        raise ServiceError(
            _("A round clock runs 1 to %(most)d minutes.") % {"most": MAX_CLOCK_MINUTES},
            {"minutes": [_("1 to %(most)d minutes.") % {"most": MAX_CLOCK_MINUTES}]},
        )
    return minutes


@serialised
def start_clock(rnd: Round, *, user: Asker, minutes: int | None = None) -> Round:
    """Start the clock with ``minutes`` (else the event's minutes per round), or let a paused
    clock run on."""
    with transaction.atomic():
        rnd = _lock_open(rnd)
        if rnd.clock_ends_at is not None:
            raise ServiceError(_("The clock is already running."))
        old = _state(rnd)
        if rnd.clock_paused_remaining is not None:
            seconds, step, minutes = rnd.clock_paused_remaining, "runs_on", None
        else:
            minutes = _clock_minutes(rnd.event, minutes)
            seconds, step = minutes * 60, "started"
        rnd.clock_ends_at = timezone.now() + timedelta(seconds=seconds)
        rnd.clock_paused_remaining = None
        return _save(rnd, user=user, old=old, step=step, minutes=minutes)


@serialised
def pause_clock(rnd: Round, *, user: Asker) -> Round:
    """Stop the clock with the seconds left; a clock whose time is up stays up (its end is
    when the tables' last deals began: ``services.rounds.done``)."""
    with transaction.atomic():
        rnd = _lock_open(rnd)
        if rnd.clock_ends_at is None:
            raise ServiceError(_("The clock is not running."))
        left = round((rnd.clock_ends_at - timezone.now()).total_seconds())
        if left <= 0:
            raise ServiceError(_("Time is up already. Extend the clock to give the round more."))
        old = _state(rnd)
        rnd.clock_paused_remaining = left
        rnd.clock_ends_at = None
        return _save(rnd, user=user, old=old, step="paused")


@serialised
def end_time(rnd: Round, *, user: Asker) -> Round:
    """Time is up now, whether the clock runs, is paused or was never started: the
    tables finish the deal they play."""
    with transaction.atomic():
        rnd = _lock_open(rnd)
        now = timezone.now()
        if rnd.clock_ends_at is not None and rnd.clock_ends_at <= now:
            raise ServiceError(_("Time is up already."))
        old = _state(rnd)
        rnd.clock_ends_at = now
        rnd.clock_paused_remaining = None
        return _save(rnd, user=user, old=old, step="ended")


@serialised
def extend_clock(rnd: Round, *, user: Asker, minutes: int) -> Round:
    """Give the round ``minutes`` more, running or paused; a clock at 0 runs again."""
    if not 1 <= minutes <= MAX_EXTEND_MINUTES:
        raise ServiceError(
            _("Extend the clock by 1 to %(most)d minutes.") % {"most": MAX_EXTEND_MINUTES}
        )
    with transaction.atomic():
        rnd = _lock_open(rnd)
        old = _state(rnd)
        if rnd.clock_ends_at is not None:
            rnd.clock_ends_at = max(rnd.clock_ends_at, timezone.now()) + timedelta(minutes=minutes)
        elif rnd.clock_paused_remaining is not None:
            rnd.clock_paused_remaining += minutes * 60
        else:
            raise ServiceError(_("Start the clock first."))
        return _save(rnd, user=user, old=old, step="extended", minutes=minutes)
