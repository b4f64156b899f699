"""The live parts' polls (docs/design.md, "The change feed"): 204 from the cache alone while
the scope's value is the poll's, before any login or token check, by the pass the view left
for the path and session (``polled``); parts all viewers see alike drawn once (``shared``)."""

from collections.abc import Callable
from functools import wraps
from hashlib import sha256
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from tournaments.services.pages.live import LIVE_POLL, Live, live_now

PASS_SECONDS = 60  # a page switched off or a director logged out: 204s, saying nothing
DRAWN_SECONDS = 60  # a shared drawing is asked for in the seconds after its change


def live(request: HttpRequest) -> dict[str, str]:
    """The context processor (settings ``TEMPLATES``): ``live_poll``, the seconds between polls."""
    return {"live_poll": LIVE_POLL}


def _pass(request: HttpRequest) -> str:
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return "meld:pass:" + sha256(f"{request.path}\n{session}".encode()).hexdigest()


def unchanged(request: HttpRequest, shown: Live) -> bool:
    sent = (request.GET.get("since"), request.GET.get("step"))
    return request.headers.get("HX-Request") == "true" and sent == shown.sent


def follow(request: HttpRequest, key: str, event_id: int, *, stepped: bool = False) -> Live:
    """The part's value now (read before it is drawn); leaves the pass for its next polls
    (written once a pass, not at every drawing: a write costs more than a read)."""
    scope = (key, event_id, stepped)
    if cache.get(_pass(request)) != scope:
        cache.set(_pass(request), scope, PASS_SECONDS)
    return live_now(key, event_id, stepped)


def polled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        polling = request.method == "GET" and "since" in request.GET
        scope = cache.get(_pass(request)) if polling else None
        if scope is not None and unchanged(request, live_now(*scope)):
            return HttpResponse(status=204)
        return view(request, *args, **kwargs)

    return wrapper


def shared(name: str, shown: Live, draw: Callable[[], str]) -> str:
    """The part ``name`` (a page and its object) drawn once for ``shown`` and the language."""
    key = f"meld:drawn:{name}:{get_language()}:{shown.query}"
    html: str | None = cache.get(key)
    if html is None:
        html = draw()
        cache.set(key, html, DRAWN_SECONDS)
    return html
