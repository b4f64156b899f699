"""Public (no login): an event's standings and current seating, and the projector mode.

Only events the director made public, found by their public token. Nothing here
shows a table's token or code, or the audit trail.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments.access import public_event
from tournaments.kernel import feed
from tournaments.kernel.numbers import MAX_ID, MAX_SMALL, NumberError, parse_int
from tournaments.models import Event, Round
from tournaments.services.club.public_names import Namer, name_rows, public_names
from tournaments.services.pages.live import Live, live_now
from tournaments.services.pages.seating_view import SeatedTable, Shown, public_seating, seating_of
from tournaments.services.scores.standings import (
    Entrants,
    StandingRow,
    entrants,
    notes,
    precedence,
    standings,
)
from tournaments.views.doors import query_int
from tournaments.views.live import follow, polled, shared, unchanged
from tournaments.views.requests import HtmxRequest

PROJECTOR_SECONDS = 12
PROJECTOR_STANDINGS = 10  # rows per standings panel
PROJECTOR_TABLES = 6  # tables of up to four seats per seating panel; half as many larger ones
PROJECTOR_NAMES = 20  # names per "find your table" panel
RANKING_SECONDS = 3600  # how long the projector remembers the standings each drawing showed


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


@dataclass(frozen=True)
class InFrame:
    """What the event's public screens show alike while its frame value stays (its rounds,
    seating and names): who the standings rank, every player's public name, and the shown
    round with its seating under those names."""

    entrants: Entrants
    name_of: Namer
    seating: dict[str, Any]


# The frames a process keeps: a federation server's few open events, a frame value and a
# language each.
FRAMES_KEPT = 64


@lru_cache(maxsize=FRAMES_KEPT)
def _kept(public_token: str, frame: int, language: str, event: Event) -> InFrame:
    """``event`` (whose token is ``public_token``: ids repeat across test databases, tokens
    do not) at the frame value ``frame``, a withheld name said in ``language``. The names
    are read first: a player seated or ranked after them is withheld until the next frame
    value, which seating or adding them makes."""
    name_of = public_names(event)
    rnd = shown_round(event)
    tables, names, byes = public_seating(seating_of(rnd) if rnd else ([], [], []), name_of)
    seating = {"round": rnd, "tables": tables, "names": names, "byes": byes}
    return InFrame(entrants(event), name_of, seating)


def _in_frame(event: Event) -> tuple[Live, InFrame]:
    """The event's frame value now and what the public screens show alike in it, read once in
    each process for each frame value and language."""
    frame = live_now(feed.public_frame_key(event.pk), event.pk)
    return frame, _kept(event.public_token, frame.since, get_language(), event)


def _standings_context(event: Event, kept: InFrame) -> dict[str, Any]:
    """The standings now, every player under their public name."""
    rows = standings(event, read=kept.entrants)
    rounds = sorted({n for row in rows for n in row.per_round})
    for row in name_rows(rows, kept.name_of):
        row.cells = [row.per_round.get(number) for number in rounds]
    return {
        "event": event,
        "rows": rows,
        "metrics": precedence(event),
        "rounds": rounds,
        "notes": notes(event, rows),
    }


def _context(event: Event) -> dict[str, Any]:
    """Seating and standings, every player under the name their member chose for public pages."""
    _frame, kept = _in_frame(event)
    return {**kept.seating, **_standings_context(event, kept)}


def _live(request: HttpRequest, event: Event) -> Live:
    """What the public page's and the projector's polls compare: every change of what the
    event's standings count and name, its seating included (a deal still waiting for its
    confirmation, a call and the clock are not), an opaque id (``tournaments.kernel.feed``).
    Read before anything is drawn."""
    return follow(request, feed.standings_key(event.pk), event.pk)


@never_cache
@polled
@in_page_language
@require_GET
def event(request: HtmxRequest, found: Event) -> HttpResponse:
    shown = _live(request, found)
    if not request.htmx:
        context = _live_context(request, found, shown)
        return render(request, "tournaments/public/event.html", context)
    if unchanged(request, shown):
        return HttpResponse(status=204)
    # Every spectator sees the same part: drawn once per change and language.
    html = shared(
        f"public:{found.pk}",
        shown,
        lambda: render_to_string(
            "tournaments/public/event.html#live", _live_context(request, found, shown), request
        ),
    )
    return HttpResponse(html)


def _live_context(request: HttpRequest, event: Event, shown: Live) -> dict[str, Any]:
    """The standings as they are now, and the seating as drawn for the event's frame (its
    rounds, seating and names): a deal entered or the clock does not draw it again."""
    frame, kept = _in_frame(event)
    seating = shared(
        f"public-seating:{event.pk}",
        frame,
        lambda: render_to_string(
            "tournaments/public/event.html#seating", {"event": event, **kept.seating}, request
        ),
    )
    drawn = mark_safe(seating)  # Meld's own drawing, escaped when it was drawn
    return {**_standings_context(event, kept), "seating": drawn, "live": shown}


@dataclass
class Panel:
    kind: str  # "names", "tables" or "standings"
    items: list[Any]  # names, tables or standings rows, by ``kind``
    page: int
    pages: int


def _pages(kind: str, items: list[Any], size: int) -> list[Panel]:
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    return [Panel(kind, chunk, page, len(chunks)) for page, chunk in enumerate(chunks, start=1)]


def _tables_per_panel(tables: list[SeatedTable[Shown]]) -> int:
    """Six tables of four fit the screen in two rows of three; larger ones in one row."""
    seats = max((sum(len(side) for side in table.sides) for table in tables), default=0)
    return PROJECTOR_TABLES if seats <= 4 else PROJECTOR_TABLES // 2


def _panels(context: dict[str, Any]) -> list[Panel]:
    panels: list[Panel] = []
    if context["round"] is not None and context["round"].status == Round.Status.OPEN:
        panels += _pages("names", context["names"], PROJECTOR_NAMES)
        panels += _pages("tables", context["tables"], _tables_per_panel(context["tables"]))
    # Before the first score the standings would rank everyone on nothing: the seating
    # says more. With nothing else to show, the panel says there are no scores yet.
    if context["notes"]["scored"]:
        panels += _pages("standings", context["rows"], PROJECTOR_STANDINGS)
    return panels or [Panel("standings", [], 1, 1)]


def _standings_moved(
    event: Event, request: HttpRequest, shown: Live, rows: list[StandingRow]
) -> bool:
    """Whether the standings differ from those of the drawing the poll came from (or those
    are no longer known); the standings now are kept for the drawing with ``shown``."""
    ranking = [(row.rank, row.shared, row.number, row.total, row.tiebreak) for row in rows]
    cache.set(f"meld:projector:{event.pk}:{shown.since}", ranking, RANKING_SECONDS)
    try:
        since = parse_int(request.GET.get("since", ""), minimum=0, maximum=MAX_ID)
    except NumberError:
        return True  # a value Meld never gave: nothing is known of what it showed
    before: list[tuple[object, ...]] | None = cache.get(f"meld:projector:{event.pk}:{since}")
    return before != ranking


def _moment_ms(at: float) -> str:
    """A moment as the projector's poll carries it back (``?turn=``): wall-clock milliseconds
    (several servers may answer one projector)."""
    return str(int(at * 1000))


@never_cache
@polled
@in_page_language
@require_GET
def projector(request: HtmxRequest, found: Event) -> HttpResponse:
    """Readable from the back of the room: cycles through seating and standings every
    ``PROJECTOR_SECONDS``. Between two turns the shown panel polls every
    ``LIVE_POLL_SECONDS``: a change is drawn into it at once, the next turn still coming
    when it was due; and when the standings changed while a seating panel is shown, the
    projector turns to the standings at once, for a whole turn."""
    shown = _live(request, found)
    polling = bool(request.htmx) and "since" in request.GET
    if polling and unchanged(request, shown):
        return HttpResponse(status=204)
    now = time.time()
    context = _context(found)
    panels = _panels(context)
    try:
        index = parse_int(request.GET.get("panel", "0"), minimum=0, maximum=MAX_SMALL)
    except NumberError:
        index = 0  # the projector starts again from its first panel
    index %= len(panels)
    turn = now + PROJECTOR_SECONDS
    moved = _standings_moved(found, request, shown, context["rows"])
    standings = next((i for i, p in enumerate(panels) if p.kind == "standings"), None)
    if polling and moved and panels[index].kind != "standings" and standings is not None:
        index = standings
    elif polling:
        sent = (query_int(request, "turn", minimum=0, maximum=MAX_ID) or 0) / 1000
        turn = min(max(sent, now), now + PROJECTOR_SECONDS)
    context.update(
        panel=panels[index],
        index=index,
        next_panel=(index + 1) % len(panels),
        seconds=PROJECTOR_SECONDS,
        live=shown,
        turn=_moment_ms(turn),
        turn_in=_moment_ms(turn - now),
    )
    template = "tournaments/public/projector.html"
    if request.htmx:
        template += "#panel"
    return render(request, template, context)
