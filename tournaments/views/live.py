"""What every page's template knows of the live screens (how often they poll), and the live
parts every viewer sees alike, drawn once for all of them (``shared_fragment``)."""

import hashlib
import hmac
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.middleware.csrf import get_token

from tournaments.kernel.numbers import MAX_ID, query_int
from tournaments.services.pages.live import LIVE_POLL_SECONDS

# How long a drawn fragment is kept at most; it is only served while its mark is the
# current one or within MELD_LIVE_REFRESH_SECONDS of its drawing.
SHARED_FRAGMENT_SECONDS = 600


def live(request: HttpRequest) -> dict:
    """The context processor (settings ``TEMPLATES``): ``live_poll``, the seconds between
    two polls of any live part of a page (``services.pages.live.LIVE_POLL_SECONDS``)."""
    return {"live_poll": LIVE_POLL_SECONDS}


def csrf_slot() -> str:
    """What a shared fragment carries where each viewer's own CSRF token goes: the drawing
    is shared by every viewer (and server), the token is not. Derived from the secret key,
    so every server knows it and no one can type it into a call's reason."""
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, b"meld shared fragment csrf slot", hashlib.sha256).hexdigest()


def moment_ms(at: float) -> str:
    """A moment as a poll carries it back (``?drawn=``, ``?turn=``): wall-clock milliseconds."""
    return str(int(at * 1000))


def sent_moment(request: HttpRequest, name: str) -> float:
    """The moment the poll carries as ``name`` (``moment_ms``); 0 for a page drawn before
    its polls carried it."""
    sent = query_int(request, name, minimum=0, maximum=MAX_ID)
    return (sent or 0) / 1000


def shared_fragment(
    request: HttpRequest,
    key: str,
    mark: str,
    draw: Callable[[float], str],
    *,
    shown_at: float = 0.0,
) -> str | None:
    """A poll's live part that every viewer sees alike: drawn once per change, and on a busy
    evening at most once every ``MELD_LIVE_REFRESH_SECONDS`` for all viewers (and servers,
    through the cache), so ten screens polling cost one drawing. None when the poll's page
    shows the fragment already (answer 204).

    ``mark``: what is there now; ``key``: the cache key (one per page, its object and the
    language); ``draw(at)``: the fragment drawn now, carrying ``at`` (``moment_ms``) in its
    poll and ``csrf_slot()`` for the CSRF token; ``shown_at``: when the viewer's page was
    drawn (``sent_moment(request, "drawn")``), so a screen never goes back to a drawing older
    than what it shows, as a director's page drawn after a click would."""
    shown = request.GET.get("mark")
    now = time.time()  # wall clock: the cache may be shared by several servers
    found = cache.get(key)
    fresh = found is not None and (
        found["mark"] == mark or now - found["at"] < settings.MELD_LIVE_REFRESH_SECONDS
    )
    if found is not None and fresh and found["at"] >= shown_at:
        if shown == found["mark"]:
            return None
        html = found["html"]
    else:
        html = draw(now)
        cache.set(key, {"mark": mark, "html": html, "at": now}, SHARED_FRAGMENT_SECONDS)
    slot = csrf_slot()
    return html.replace(slot, get_token(request)) if slot in html else html
