"""The round clock of any round: the director starts, pauses, extends and ends it; every page
shows it.

The clock partial loads itself from one of the three GET views here (director,
table token, public token), each answering 204 while the clock is as the page
has it, so phones and the projector ask often and cheaply.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.access import director_required, public_event, table_for_token
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.numbers import NumberError, parse_int
from tournaments.models import Event
from tournaments.services.rounds.clock import (
    MAX_CLOCK_MINUTES,
    MAX_EXTEND_MINUTES,
    clock_mark,
    clock_of,
    end_time,
    extend_clock,
    pause_clock,
    start_clock,
)
from tournaments.services.rounds.steps import open_round

PARTIAL = "tournaments/rounds/partials/clock.html"


def _clock(request: HttpRequest, event: Event) -> HttpResponse:
    rnd = open_round(event)
    mark = clock_mark(rnd)
    if request.GET.get("mark") == mark:
        return HttpResponse(status=204)
    context = {
        "event": event,
        "clock": clock_of(rnd),
        "clock_url": request.path,
        "loaded": True,
        "mark": mark,
    }
    return render(request, PARTIAL, context)


@never_cache
@director_required
@require_GET
def director_clock(request: HttpRequest, event: Event) -> HttpResponse:
    return _clock(request, event)


@never_cache
@require_GET
def table_clock(request: HttpRequest, token: str) -> HttpResponse:
    return _clock(request, table_for_token(token).event)


@never_cache
@require_GET
def public_clock(request: HttpRequest, public_token: str) -> HttpResponse:
    return _clock(request, public_event(public_token))


def _change(request: HttpRequest, event: Event, step) -> HttpResponse:
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
