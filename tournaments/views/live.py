"""The live parts' polls (docs/design.md, "The change feed"): ``polled``, 204 from the cache alone
(the pass a view left for path and session) before any log-in check; ``shared``, drawn once."""

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
    if cache.get(passed := _pass(request)) != (scope := (key, event_id, stepped)):
        cache.set(passed, scope, PASS_SECONDS)
    return live_now(*scope)


def polled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        polling = request.method == "GET" and "since" in request.GET
        scope = cache.get(_pass(request)) if polling else None
        if scope is not None and unchanged(request, live_now(*scope)):
            return HttpResponse(status=204)
        return view(request, *args, **kwargs)

    return wrapper


def shared(name: str, shown: Live, draw: Callable[[], str], seconds: int = DRAWN_SECONDS) -> str:
    """The part ``name`` (a page and its object) drawn once for ``shown`` and the language."""
    key = f"meld:drawn:{name}:{get_language()}:{shown.query}"
    if (html := cache.get(key)) is None:
        cache.set(key, html := draw(), seconds)
    return str(html)
