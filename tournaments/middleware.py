"""Slows down guessing of table, public and private links.

Every link a player holds is a long random token (``/t/<token>/``, ``/p/<token>/``, a
player's own evening ``/me/<token>/``, a mail's ``/mail/<token>/…``) or a table's short
code (``/t/code/?code=…``). Guessing them means many misses
in a row, so each miss is counted per client address (an IPv6 address by its /64, the
block one home or phone is given, so a guesser cannot spread its misses over the block)
in the shared cache (Redis
across servers, else a directory all workers of the machine share); past
``MELD_TOKEN_MISS_LIMIT`` misses within ``MELD_TOKEN_MISS_WINDOW`` seconds that
address gets a friendly 429 for every guess and every code look-up until the
window has passed.

A whole club's phones may share one address (the club's router), so one guesser
must not lock the others out: a link whose long token exists is proof enough
and always opens (the count is only looked at when a link was not found). Short codes are few enough to be guessed, so a blocked
address looks up none of them, right or wrong.

``NotFoundMiddleware`` answers a lookup's ``NotFound`` (``tournaments/access.py``) as the 404
it is, below the limiter.
"""

import hashlib
import ipaddress
import logging
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from tournaments.access import link_expired
from tournaments.kernel.errors import NotFound
from tournaments.models import Club, Event, MemberMail, Player, Table

logger = logging.getLogger("tournaments.security")


def client_ip(request: HttpRequest) -> str | None:
    """The caller's IP address, None when there is no valid one (django-axes stores it as such).

    The proxy's X-Forwarded-For counts only when the proxy is trusted.
    """
    candidates = [request.META.get("REMOTE_ADDR", "")]
    if getattr(settings, "MELD_TRUST_X_FORWARDED_FOR", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        # The proxy appends the address it saw: the last entry is the one it vouches for.
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        candidates[:0] = hops[-1:]
    for candidate in candidates:
        try:
            return str(ipaddress.ip_address(candidate))
        except ValueError:
            continue
    return None


def client_address(request: HttpRequest) -> str:
    """The caller's address for counting, "unknown" for all callers without one."""
    return client_ip(request) or "unknown"


# The prefix an IPv6 network gives one subscriber: every address in it is one guesser.
IPV6_BLOCK = 64


def counted_ip(request: HttpRequest) -> str | None:
    """The address a guesser is counted by, here and in django-axes's log-in lock-outs: the
    client's IPv4 address, or the first address of its IPv6 address's /64 (an IPv4 address
    carried in IPv6 counts as itself). A subscriber's /64 holds more addresses than any
    limit, so each one of them is the same guesser."""
    ip = client_ip(request)
    if ip is None:
        return None
    address = ipaddress.ip_address(ip)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        block = ipaddress.ip_network(f"{address}/{IPV6_BLOCK}", strict=False)
        return str(block.network_address)
    return ip


def counted_address(request: HttpRequest) -> str:
    """What the guess limiter counts misses by (``counted_ip``), "unknown" without one."""
    return counted_ip(request) or "unknown"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class TokenGuessLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.limit = int(getattr(settings, "MELD_TOKEN_MISS_LIMIT", 20))
        self.window = int(getattr(settings, "MELD_TOKEN_MISS_WINDOW", 600))
        self.code_path = reverse("tournaments-table-code")
        self.table_prefix = reverse("tournaments-table", args=["x"])[: -len("x/")]
        self.public_prefix = reverse("tournaments-public", args=["x"])[: -len("x/")]
        self.club_prefix = reverse("tournaments-public-club", args=["x"])[: -len("x/")]
        self.player_prefix = reverse("tournaments-player-evening", args=["x"])[: -len("x/")]
        self.mail_prefix = reverse("tournaments-player-mail-stop", args=["x"])[: -len("x/stop/")]

    def __call__(self, request: HttpRequest) -> HttpResponse:
        link = self._link(request.path_info)
        if link is None:
            return self.get_response(request)
        prefix, token = link
        key = f"meld:token-miss:{_digest(counted_address(request))}"
        if not token:  # a code look-up: a blocked address looks up none, right or wrong
            if self._blocked(key):
                return self._too_many(request)
            response = self.get_response(request)
            if self._missed(request, response):
                self._count_miss(request, key)
            return response
        # A link opens its page first: the shared cache is asked about the address only
        # when the page was not found (a phone's every request would otherwise wait for it).
        response = self.get_response(request)
        if not self._missed(request, response) or self._exists(prefix, token):
            return response  # found, or a 404 below a real token: no guess of the token
        if self._blocked(key):
            return self._too_many(request)
        self._count_miss(request, key)
        return response

    def _blocked(self, key: str) -> bool:
        return bool(self.limit) and (cache.get(key) or 0) >= self.limit

    def _count_miss(self, request: HttpRequest, key: str) -> None:
        misses = self._count(key)
        logger.warning(
            "Token miss %d/%d from %s: %s",
            misses,
            self.limit,
            client_address(request),
            request.path_info[:80],
        )

    def _link(self, path: str) -> tuple[str, str] | None:
        """(prefix, token) of a table's, an event's, a club's, a player's or a mail's link
        ("" for the code look-up), None elsewhere."""
        if path == self.code_path:
            return self.code_path, ""
        prefixes = (
            self.table_prefix,
            self.public_prefix,
            self.club_prefix,
            self.player_prefix,
            self.mail_prefix,
        )
        for prefix in prefixes:
            if path.startswith(prefix):
                return prefix, path[len(prefix) :].split("/", 1)[0]
        return None

    def _exists(self, prefix: str, token: str) -> bool:
        if prefix == self.table_prefix:
            return Table.objects.filter(token=token).exists()
        if prefix == self.player_prefix:  # an expired link counts as a miss too
            player = Player.objects.filter(evening_token=token).select_related("event").first()
            return player is not None and not link_expired(player.event)
        if prefix == self.mail_prefix:
            return MemberMail.objects.filter(
                Q(confirm_token=token) | Q(unsubscribe_token=token)
            ).exists()
        if prefix == self.club_prefix:  # a page turned off counts as a miss, as it answers
            return Club.objects.filter(public_token=token, public_page=True).exists()
        return Event.objects.filter(public_token=token, public=True).exists()

    def _missed(self, request: HttpRequest, response: HttpResponse) -> bool:
        if response.status_code == 404:
            return True
        if request.path_info == self.code_path:
            # A known code leads on to the table's page; an unknown one back home.
            location = response.get("Location", "")
            return not location.startswith(self.table_prefix) or location.startswith(self.code_path)
        return False

    def _count(self, key: str) -> int:
        # add() starts the window; incr() keeps it (Redis and locmem keep the expiry;
        # the file cache's time-out is the window itself, see settings.CACHES).
        if cache.add(key, 1, timeout=self.window):
            return 1
        try:
            return cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.set(key, 1, timeout=self.window)
            return 1

    def _too_many(self, request: HttpRequest) -> HttpResponse:
        response = render(request, "429.html", {"minutes": max(1, self.window // 60)}, status=429)
        response["Retry-After"] = str(self.window)
        return response


class NotFoundMiddleware:
    """A lookup below the views that opens nothing for who asks (``kernel.errors.NotFound``,
    from ``tournaments/access.py``: a table's, an event's or a club's token, a player's or a
    mail's link) is answered as a view's ``Http404`` is, with its message: the services and
    the lookups know nothing of HTTP. The 404 is drawn inside the middleware above, so the
    guess limiter counts it like any other."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> None:
        if isinstance(exception, NotFound):
            # Django's handler answers the 404 raised here as the view's own.
            raise Http404(str(exception)) from exception
