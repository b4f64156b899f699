"""Where a request to a table's pages stands: its table, the game it plays now, the phone's seat.

Every table view starts here. The token opens whatever the table plays in its
event's open round; the phone's seat (a signed cookie per table) and its device
id (a long-lived signed cookie: the phone that entered a deal cannot confirm it
by saying it is somebody else) are read once per request.
"""

import functools
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Concatenate, Generic, ParamSpec, Protocol, TypeGuard, TypeVar, cast

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.profiles import Profile
from tournaments.access import table_for_token
from tournaments.kernel.deal import seats_loaded, seats_of
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.kernel.profiles import event_profile
from tournaments.models import Entry, Event, Game, Round, Seat, Table
from tournaments.services.pages.table_game import earlier_round_of, open_game, table_entry_of
from tournaments.services.scores.entry_rows import current_round, device_hash
from tournaments.services.store.locks import load_seats
from tournaments.views.requests import HtmxRequest, PhoneRequest
from tournaments.views.table_guide import remembered_player

SEAT_SALT = "meld.table.seat"
SEAT_MAX_AGE = 24 * 3600
DEVICE_COOKIE = "meld_device"
DEVICE_SALT = "meld.table.device"
DEVICE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
MODE_LENGTH = 16

# The game a request stands at: ``Game`` where the table plays one (``playing``), else None.
G = TypeVar("G", bound=Game | None, covariant=True)
P = ParamSpec("P")


class PhoneView(Protocol[P]):
    """A table's view as the URLs call it (``with_device``'s): the request by name too."""

    def __call__(self, request: HtmxRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponse: ...


class TokenView(Protocol[P]):
    """A table's view as the URLs call it: the request, and the table's token (by name)."""

    def __call__(
        self, request: HtmxRequest, token: str, *args: P.args, **kwargs: P.kwargs
    ) -> HttpResponse: ...


@dataclass
class At(Generic[G]):
    """Where a request stands: the table, its game in the current round (or None), the seat.

    Loaded once per request (``locate``): the game with its round, event and table
    in one query, its seats with their players in a second; everything below
    reads them from here.
    """

    table: Table
    event: Event
    game: G
    seat: Seat | None
    seat_cookie: str = ""  # the seat id the phone's cookie names
    device: str | None = None  # the hash of the phone's device id, as entries keep it
    player_id: int | None = None  # the player this phone remembers for the event
    mode: str = ""  # the entry mode this phone chose last (its cookie)

    @property
    def token(self) -> str:
        return self.table.token

    @cached_property
    def profile(self) -> Profile:
        return event_profile(self.event)

    @property
    def deals_limit(self) -> int | None:
        """How many deals (hands) the round has, when the event plays a number of them."""
        if self.event.round_kind == Event.RoundKind.DEALS:
            return self.event.round_deals
        return None


def seat_cookie_name(table: Table) -> str:
    return f"meld_seat_{table.pk}"


def mode_cookie_name(table: Table) -> str:
    # One per event, not per table: the phone goes with its player from table to table.
    return f"meld_mode_{table.event_id}"


def chosen_mode(request: HttpRequest, table: Table) -> str:
    """The entry mode the phone chose last this evening (the card game's form ignores a
    mode it does not offer)."""
    mode = request.COOKIES.get(mode_cookie_name(table), "")
    return mode if mode.isalpha() and len(mode) <= MODE_LENGTH else ""


def keep_mode(response: HttpResponse, request: HttpRequest, table: Table, mode: str) -> None:
    """Remember the entry mode the phone chose, so every form it is drawn stays in it."""
    if mode and mode.isalpha() and len(mode) <= MODE_LENGTH:
        response.set_cookie(
            mode_cookie_name(table),
            mode,
            max_age=SEAT_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )


def device_id(request: HttpRequest) -> str:
    """The phone's device id: given by ``with_device``, else from its cookie ("" if none)."""
    if hasattr(request, "meld_device"):
        return cast(PhoneRequest, request).meld_device
    # The default ("") is what comes back without a cookie: never None.
    return request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_SALT) or ""


def with_device(
    view: Callable[Concatenate[PhoneRequest, P], HttpResponse],
) -> PhoneView[P]:
    """Give a phone without one a new device id, and its long-lived cookie with the answer."""

    @functools.wraps(view)
    def wrapper(request: HtmxRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        known = device_id(request)
        phone = cast(PhoneRequest, request)  # the same request, its device id set here
        phone.meld_device = known or secrets.token_urlsafe(24)
        response = view(phone, *args, **kwargs)
        if not known:
            response.set_signed_cookie(
                DEVICE_COOKIE,
                phone.meld_device,
                salt=DEVICE_SALT,
                max_age=DEVICE_MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=request.is_secure(),
            )
        return response

    return wrapper


def _seat_cookie(value: str | None) -> str:
    """The seat id a phone's signed cookie names, as text ("" when it names none)."""
    try:
        return str(parse_int(str(value), minimum=1, maximum=MAX_ID)) if value else ""
    except NumberError:
        return ""


def locate(
    request: HttpRequest,
    token: str,
    *,
    seats: bool = True,
    frame: int | None = None,
    entries: bool = False,
) -> At[Game | None]:
    """Where the request stands; ``frame``: the event's frame value the caller read first
    (the table's frame is then taken from the cache while it stays: ``open_game``);
    ``entries``: a view that draws without a step keeps the entries read with the game."""
    game = open_game(token, seats=seats, frame=frame, entries=entries)
    if game is None:
        table = table_for_token(token)  # an unknown token is a 404 (the guess limiter counts it)
        return At(
            table, table.event, None, None, player_id=remembered_player(request, table.event_id)
        )
    table, event = game.table, game.round.event
    table.event = event  # the same event: no look-up for it
    seat_id = request.get_signed_cookie(seat_cookie_name(table), default=None, salt=SEAT_SALT)
    at = At(
        table,
        event,
        game,
        None,
        _seat_cookie(seat_id),
        device_hash(device_id(request)),
        remembered_player(request, event.pk),
        chosen_mode(request, table),
    )
    if seats:
        find_seat(at)
    return at


def find_seat(at: At[Game]) -> None:
    """Load the game's seats if not yet loaded, and find the one the phone's cookie names
    (none if it is not at this game: the cookie may be from an earlier round), else the
    seat of the player the phone remembers for the event."""
    if not seats_loaded(at.game):
        load_seats(at.game)
    if at.seat_cookie:
        at.seat = next((s for s in seats_of(at.game) if s.pk == int(at.seat_cookie)), None)
    if at.seat is None and at.player_id:  # the player the phone follows sits here: their seat
        at.seat = next((s for s in seats_of(at.game) if s.player_id == at.player_id), None)


class NoGame(Http404):
    """The table plays no game now (its round was closed, or none is open yet), or not the
    game of the ``closed`` round the phone's step was about."""

    def __init__(self, at: At[Game | None], closed: Round | None = None) -> None:
        super().__init__("This table plays no game now.")
        self.at = at
        self.closed = closed


def plays(at: At[Game | None]) -> TypeGuard[At[Game]]:
    """Whether the table plays a game now."""
    return at.game is not None


def playing(request: HttpRequest, token: str, frame: int | None = None) -> At[Game]:
    at = locate(request, token, frame=frame)
    if not plays(at):
        raise NoGame(at)
    return at


def round_over_answered(
    view: TokenView[P],
) -> TokenView[P]:
    """A score sent after its round was closed gets a clear answer, not "not sent": the
    phone goes back to the table's page, which shows what the table plays now."""

    @functools.wraps(view)
    def wrapper(
        request: HtmxRequest, token: str, *args: P.args, **kwargs: P.kwargs
    ) -> HttpResponse:
        try:
            return view(request, token, *args, **kwargs)
        except NoGame as missing:
            rnd = missing.closed or current_round(missing.at.event)
            if rnd is not None:
                messages.error(
                    request,
                    _("%(round)s is closed: no more scores can be entered.") % {"round": rnd},
                )
            page = reverse("tournaments-table", args=[token])
            if request.htmx:
                return HttpResponse(status=204, headers={"HX-Redirect": page})
            return redirect(page)

    return wrapper


def table_entry(at: At[Game], entry_id: int) -> Entry:
    # The URL's digits can be any size; the look-up's statement takes a database integer.
    if not 1 <= entry_id <= MAX_ID:
        raise Http404("No such entry at this table.")
    # The game with its seats loaded goes with it: the service need not read them again.
    found = table_entry_of(at.game, entry_id)
    if found is None:
        if (closed := earlier_round_of(at.table, entry_id)) is not None:
            raise NoGame(at, closed)  # a button of the round before: it is closed
        raise Http404("No such entry at this table.")
    return found
