"""The round clock of any round: the director starts, pauses, extends and ends it; every page
shows it.

The clock partial loads itself from one of the two GET views here (director, public
token), each answering 204 from the cache alone while nothing changed in its scope
(``views.live``; the scope is the event's clock, which a deal entered does not change), so
the projector asks often and cheaply. The table's phones have the clock in their own
poll's answer (``views.table``).
"""

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.numbers import NumberError, parse_int
from tournaments.models import Event, Round
from tournaments.services.rounds.clock import (
    MAX_CLOCK_MINUTES,
    MAX_EXTEND_MINUTES,
    clock_of,
    end_time,
    extend_clock,
    pause_clock,
    start_clock,
)
from tournaments.services.rounds.steps import open_round
from tournaments.views.doors import director_required
from tournaments.views.live import follow, polled, unchanged
from tournaments.views.public import in_page_language

PARTIAL = "tournaments/rounds/partials/clock.html"


def _clock(request: HttpRequest, event: Event, key: str) -> HttpResponse:
    """The clock as it is now; ``key``: the feed's scope of the page that shows it. Never
    shared between viewers: it says the seconds left when it is drawn."""
    shown = follow(request, key, event.pk)
    if unchanged(request, shown):
        return HttpResponse(status=204)
    context = {
        "event": event,
        "clock": clock_of(open_round(event)),
        "clock_url": request.path,
        "loaded": True,
        "live": shown,
    }
    return render(request, PARTIAL, context)


@never_cache
@polled
@director_required
@require_GET
def director_clock(request: HttpRequest, event: Event) -> HttpResponse:
    return _clock(request, event, feed.clock_key(event.pk))


@never_cache
@polled
@require_GET
@in_page_language
def public_clock(request: HttpRequest, found: Event) -> HttpResponse:
    """The public page's and the projector's clock, in the page's language (``page_language``:
    the visitor's own choice, else the event's), like every part they poll."""
    return _clock(request, found, feed.clock_key(found.pk))


def _change(request: HttpRequest, event: Event, step: Callable[[Round], object]) -> HttpResponse:
    rnd = open_round(event)
    try:
        if rnd is None:
            raise ServiceError(_("No round is being played."))
        step(rnd)
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("tournaments-director-rounds", event_id=event.pk)


@director_required
@require_POST
def clock_start(request: HttpRequest, event: Event) -> HttpResponse:
    """Start (or run on) the clock; a round without a time limit says its minutes here."""
    text = request.POST.get("minutes", "").strip()
    try:
        minutes = parse_int(text, minimum=1, maximum=MAX_CLOCK_MINUTES) if text else None
    except NumberError:
        minutes = -1  # the service says what it takes
    return _change(request, event, lambda rnd: start_clock(rnd, user=request.user, minutes=minutes))


@director_required
@require_POST
def clock_pause(request: HttpRequest, event: Event) -> HttpResponse:
    return _change(request, event, lambda rnd: pause_clock(rnd, user=request.user))


@director_required
@require_POST
def clock_end(request: HttpRequest, event: Event) -> HttpResponse:
    return _change(request, event, lambda rnd: end_time(rnd, user=request.user))


@director_required
@require_POST
def clock_extend(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        minutes = parse_int(request.POST.get("minutes", ""), minimum=1, maximum=MAX_EXTEND_MINUTES)
    except NumberError:
        minutes = 0  # the service says what it takes
    return _change(
        request, event, lambda rnd: extend_clock(rnd, user=request.user, minutes=minutes)
    )
