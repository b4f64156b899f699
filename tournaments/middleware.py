"""Slows down guessing of table and public links.

Every link a player holds is a long random token (``/t/<token>/``, ``/p/<token>/``)
or a table's short code (``/t/code/?code=…``). Guessing them means many misses
in a row, so each miss is counted per client address in the cache (Redis on a
shared server, else the process's memory); past ``MELD_TOKEN_MISS_LIMIT`` misses
within ``MELD_TOKEN_MISS_WINDOW`` seconds that address gets a friendly 429 on
every token path until the window has passed.

A whole club's phones may share one address (a federation server behind the
club's router), so a phone keeps reaching the tables it has already opened: a
signed cookie lists them, and requests for those tokens are never blocked.
"""

import hashlib
import logging
from collections.abc import Callable

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

logger = logging.getLogger("tournaments.security")

PASS_COOKIE = "meld_tables"
PASS_SALT = "meld.token-pass"
PASS_KEEP = 8  # tables a phone is remembered for (an evening has a handful of rounds)
PASS_MAX_AGE = 2 * 24 * 3600


def client_address(request: HttpRequest) -> str:
    """The caller's address; the proxy's X-Forwarded-For only when the proxy is trusted."""
    if getattr(settings, "MELD_TRUST_X_FORWARDED_FOR", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        # The proxy appends the address it saw: the last entry is the one it vouches for.
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1][:64]
    return request.META.get("REMOTE_ADDR", "")[:64] or "unknown"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:16]


class TokenGuessLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.limit = int(getattr(settings, "MELD_TOKEN_MISS_LIMIT", 20))
        self.window = int(getattr(settings, "MELD_TOKEN_MISS_WINDOW", 600))
        self.code_path = reverse("tournaments-table-code")
        self.table_prefix = reverse("tournaments-table", args=["x"])[: -len("x/")]
        self.public_prefix = reverse("tournaments-public", args=["x"])[: -len("x/")]

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = self._token(request.path_info)
        if token is None:
            return self.get_response(request)
        address = client_address(request)
        key = f"meld:token-miss:{_digest(address)}"
        passes = self._passes(request)
        known = token and _digest(token) in passes
        if not known and self.limit and (cache.get(key) or 0) >= self.limit:
            return self._too_many(request)
        response = self.get_response(request)
        if not known and self._missed(request, response):
            misses = self._count(key)
            logger.warning(
                "Token miss %d/%d from %s: %s", misses, self.limit, address, request.path_info[:80]
            )
        elif token and 200 <= response.status_code < 400 and not known:
            self._remember(response, passes, _digest(token))
        return response

    def _token(self, path: str) -> str | None:
        """The token the path names ("" for the code look-up), None for other paths."""
        if path == self.code_path:
            return ""
        for prefix in (self.table_prefix, self.public_prefix):
            if path.startswith(prefix):
                return path[len(prefix) :].split("/", 1)[0]
        return None

    def _missed(self, request: HttpRequest, response: HttpResponse) -> bool:
        if response.status_code == 404:
            return True
        if request.path_info == self.code_path:
            # A known code leads on to the table's page; an unknown one back home.
            location = response.get("Location", "")
            return not location.startswith(self.table_prefix) or location.startswith(self.code_path)
        return False

    def _count(self, key: str) -> int:
        # add() starts the window; incr() keeps its expiry (locmem and Redis alike).
        if cache.add(key, 1, timeout=self.window):
            return 1
        try:
            return cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.set(key, 1, timeout=self.window)
            return 1

    def _passes(self, request: HttpRequest) -> list[str]:
        raw = request.COOKIES.get(PASS_COOKIE)
        if not raw:
            return []
        try:
            value = signing.loads(raw, salt=PASS_SALT, max_age=PASS_MAX_AGE)
        except signing.BadSignature:
            return []
        return (
            [item for item in value if isinstance(item, str)][:PASS_KEEP]
            if isinstance(value, list)
            else []
        )

    def _remember(self, response: HttpResponse, passes: list[str], digest: str) -> None:
        kept = [digest, *passes][:PASS_KEEP]
        response.set_cookie(
            PASS_COOKIE,
            signing.dumps(kept, salt=PASS_SALT, compress=True),
            max_age=PASS_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=getattr(settings, "SESSION_COOKIE_SECURE", False),
        )

    def _too_many(self, request: HttpRequest) -> HttpResponse:
        response = render(request, "429.html", {"minutes": max(1, self.window // 60)}, status=429)
        response["Retry-After"] = str(self.window)
        return response
