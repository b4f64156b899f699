"""Public (no login): an event's standings and current seating, and the projector mode.

Only events the director made public, found by their public token. Nothing here
shows a table's token or code, or the audit trail.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache

from tournaments.access import public_event
from tournaments.kernel.numbers import MAX_SMALL, NumberError, parse_int
from tournaments.models import Event, Round
from tournaments.services.club.public_names import name_rows, public_names
from tournaments.services.pages.live import standings_mark
from tournaments.services.pages.seating_view import public_seating, seating_of
from tournaments.services.scores.standings import notes, precedence, standings
from tournaments.views.live import moment_ms, sent_moment, shared_fragment

PROJECTOR_SECONDS = 12
PROJECTOR_STANDINGS = 10  # rows per standings panel
PROJECTOR_TABLES = 6  # tables of up to four seats per seating panel; half as many larger ones
PROJECTOR_NAMES = 20  # names per "find your table" panel


def page_language(request: HttpRequest, event: Event) -> str:
    """The visitor's own choice from the language switch wins; else the event's language
    (what the director chose for printouts and public pages), not the browser's."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen in dict(settings.LANGUAGES):
        return chosen
    return event.language if event.language in dict(settings.LANGUAGES) else get_language()


def in_page_language(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Render the public view in ``page_language`` (the event is found by its token)."""

    @wraps(view)
    def wrapper(request: HttpRequest, public_token: str) -> HttpResponse:
        found = public_event(public_token)
        language = page_language(request, found)
        with translation.override(language):
            request.LANGUAGE_CODE = language
            response = view(request, found)
        response.headers["Content-Language"] = language
        patch_vary_headers(response, ["Cookie"])
        return response

    return wrapper


def shown_round(event: Event) -> Round | None:
    """The round being played, else the last one played."""
    return (
        event.rounds.filter(status=Round.Status.OPEN).first()
        or event.rounds.order_by("-number").first()
    )


def _context(event: Event) -> dict:
    """Seating and standings, every player under the name their member chose for public pages."""
    rnd = shown_round(event)
    seating = seating_of(rnd) if rnd else ([], [], [])
    rows = standings(event)
    # Read after the seating and the standings, so it knows everyone they show.
    name_of = public_names(event)
    tables, names, byes = public_seating(seating, name_of)
    rounds = sorted({n for row in rows for n in row.per_round})
    for row in name_rows(rows, name_of):
        row.cells = [row.per_round.get(number) for number in rounds]
    return {
        "event": event,
        "round": rnd,
        "tables": tables,
        "names": names,
        "byes": byes,
        "rows": rows,
        "metrics": precedence(event),
        "rounds": rounds,
        "notes": notes(event, rows),
    }


@never_cache
@in_page_language
def event(request: HttpRequest, found: Event) -> HttpResponse:
    mark = standings_mark(found)
    if not request.htmx:
        return render(request, "tournaments/public/event.html", _live_context(found, mark))
    if request.GET.get("mark") == mark:
        return HttpResponse(status=204)
    # Every spectator sees the same fragment: drawn once per change and language, and at
    # most once a second or so. A spectator's page may go back by that much after a reload
    # (no visitor can ask for a drawing newer than the shared one: a spectator's poll never
    # makes the server draw more often).
    fragment = shared_fragment(
        request,
        f"meld:public:{found.pk}:{get_language()}",
        mark,
        lambda at: render_to_string(
            "tournaments/public/event.html#live", _live_context(found, mark), request
        ),
    )
    return HttpResponse(status=204) if fragment is None else HttpResponse(fragment)


def _live_context(event: Event, mark: str) -> dict:
    return {**_context(event), "mark": mark}


@dataclass
class Panel:
    kind: str  # "names", "tables" or "standings"
    items: list
    page: int
    pages: int


def _pages(kind: str, items: list, size: int) -> list[Panel]:
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    return [Panel(kind, chunk, page, len(chunks)) for page, chunk in enumerate(chunks, start=1)]


def _tables_per_panel(tables: list) -> int:
    """Six tables of four fit the screen in two rows of three; larger ones in one row."""
    seats = max((sum(len(side) for side in table.sides) for table in tables), default=0)
    return PROJECTOR_TABLES if seats <= 4 else PROJECTOR_TABLES // 2


@never_cache
@in_page_language
def projector(request: HttpRequest, found: Event) -> HttpResponse:
    """Readable from the back of the room: cycles through seating and standings every
    ``PROJECTOR_SECONDS``. Between two turns the shown panel polls every
    ``LIVE_POLL_SECONDS`` with the public page's mark, so a change shows within seconds and
    the next turn still comes when it was due."""
    mark = standings_mark(found)
    now = time.time()
    if request.htmx and "mark" in request.GET:
        if request.GET["mark"] == mark:
            return HttpResponse(status=204)
        turn = min(max(sent_moment(request, "turn"), now), now + PROJECTOR_SECONDS)
    else:
        turn = now + PROJECTOR_SECONDS
    context = _context(found)
    panels: list[Panel] = []
    if context["round"] is not None and context["round"].status == Round.Status.OPEN:
        panels += _pages("names", context["names"], PROJECTOR_NAMES)
        panels += _pages("tables", context["tables"], _tables_per_panel(context["tables"]))
    # Before the first score the standings would rank everyone on nothing: the seating
    # says more. With nothing else to show, the panel says there are no scores yet.
    if context["notes"]["scored"]:
        panels += _pages("standings", context["rows"], PROJECTOR_STANDINGS)
    if not panels:
        panels = [Panel("standings", [], 1, 1)]
    try:
        index = parse_int(request.GET.get("panel", "0"), minimum=0, maximum=MAX_SMALL)
    except NumberError:
        index = 0  # the projector starts again from its first panel
    index %= len(panels)
    context.update(
        panel=panels[index],
        index=index,
        next_panel=(index + 1) % len(panels),
        seconds=PROJECTOR_SECONDS,
        mark=mark,
        turn=moment_ms(turn),
        turn_in=moment_ms(turn - now),
    )
    template = "tournaments/public/projector.html"
    if request.htmx:
        template += "#panel"
    return render(request, template, context)
