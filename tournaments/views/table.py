"""The table's page on the players' phones: who sits here, the score pad, entry and confirmation.

Opened by the table's token (QR code on the table card), no login. The token
opens whatever the table plays in the event's current round. A phone says which
seat it is ("I am ...", kept in a signed cookie per table); one side enters a
deal, a phone of the other side confirms or disputes it. Each phone also gets a
device id of its own (a long-lived signed cookie): the phone that entered a deal
cannot confirm it by saying it is somebody else. Every page answers a normal
POST too (redirect back), and htmx requests get the partials.
"""

import functools
import hashlib
import secrets
from dataclasses import dataclass
from functools import cached_property

from django.contrib import messages
from django.db.models import F, OuterRef, Subquery
from django.db.models.query import prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_GET, require_POST

from scoring import canasta
from tournaments.access import table_for_token
from tournaments.forms import show_service_error
from tournaments.forms.entry import EntryForm
from tournaments.games import deal_name, entry_form_for, game_of, sides_of
from tournaments.models import Entry, Event, Game, Round, Seat, Table
from tournaments.numbers import MAX_ID, NumberError, parse_int
from tournaments.services.deal_data import seats_of, seats_prefetch
from tournaments.services.entries import (
    EntryConflict,
    auto_confirm_cutoff,
    auto_confirm_due,
    confirm_entry,
    device_hash,
    dispute_entry,
    submit_entry,
)
from tournaments.services.entry_rows import current_round
from tournaments.services.errors import ServiceError
from tournaments.services.profiles import event_profile
from tournaments.services.results import (
    Sheet,
    entries_mark,
    entries_mark_subquery,
    game_sheet,
    sheet_entries,
)
from tournaments.views.table_guide import (
    forget_player,
    guide_context,
    remember_player,
    remembered_player,
)

# The keys show the rank as the players' cards print it (German packs: D for Dame, B for Bube).
CALCULATOR_RANKS = [
    ("2", "2"),
    ("A", pgettext_lazy("card rank on a calculator key: ace", "A")),
    ("K", pgettext_lazy("card rank on a calculator key: king", "K")),
    ("Q", pgettext_lazy("card rank on a calculator key: queen", "Q")),
    ("J", pgettext_lazy("card rank on a calculator key: jack", "J")),
    ("T", "10"),
    ("9", "9"),
    ("8", "8"),
    ("7", "7"),
    ("6", "6"),
    ("5", "5"),
    ("4", "4"),
    ("3", "3♣"),
]
SEAT_SALT = "meld.table.seat"
SEAT_MAX_AGE = 24 * 3600
DEVICE_COOKIE = "meld_device"
DEVICE_SALT = "meld.table.device"
DEVICE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
# The game's own columns a confirmation can change; read again after one (its
# seats, round and event stay loaded).
GAME_ROW = ["finished", "score_0", "score_1", "score_2", "winner_side"]


@dataclass
class At:
    """Where a request stands: the table, its game in the current round (or None), the seat.

    Loaded once per request (``_at``): the game with its round, event and table
    in one query, its seats with their players in a second; everything below
    reads them from here.
    """

    table: Table
    event: Event
    game: Game | None
    seat: Seat | None
    seat_cookie: str = ""  # the seat id the phone's cookie names (part of the change stamp)
    device: str | None = None  # the hash of the phone's device id, as entries keep it
    player_id: int | None = None  # the player this phone remembers for the event

    @property
    def token(self) -> str:
        return self.table.token

    @cached_property
    def profile(self):
        return event_profile(self.event)

    @property
    def deals_limit(self) -> int | None:
        """How many deals (hands) the round has, when the event plays a number of them."""
        if self.event.round_kind == Event.RoundKind.DEALS:
            return self.event.round_deals
        return None


def _cookie(table: Table) -> str:
    return f"meld_seat_{table.pk}"


def _device_id(request: HttpRequest) -> str:
    """The phone's device id: given by ``with_device``, else from its cookie ("" if none)."""
    if hasattr(request, "meld_device"):
        return request.meld_device
    return request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_SALT)


def with_device(view):
    """Give a phone without one a new device id, and its long-lived cookie with the answer."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        known = _device_id(request)
        request.meld_device = known or secrets.token_urlsafe(24)
        response = view(request, *args, **kwargs)
        if not known:
            response.set_signed_cookie(
                DEVICE_COOKIE,
                request.meld_device,
                salt=DEVICE_SALT,
                max_age=DEVICE_MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=request.is_secure(),
            )
        return response

    return wrapper


def _open_game(token: str, *, seats: bool, mark: bool) -> Game | None:
    """The game the token's table plays in its event's open round, in one query.

    ``seats``: with its seats and their players (one more query). ``mark``: with
    the entries' change mark (``results.entries_mark``) and the oldest entry
    waiting for confirmation, so an unchanged poll needs nothing else.
    """
    games = Game.objects.filter(
        table__token=token,
        round__status=Round.Status.OPEN,
        round__event_id=F("table__event_id"),
    ).select_related("round__event", "table")
    if mark:
        oldest_entered = (
            Entry.objects.filter(game=OuterRef("pk"), status=Entry.Status.ENTERED)
            .order_by("created_at")
            .values("created_at")[:1]
        )
        games = games.annotate(
            mark=entries_mark_subquery(), oldest_entered=Subquery(oldest_entered)
        )
    if seats:
        games = games.prefetch_related(seats_prefetch())
    return games.first()


def _seat_cookie(value) -> str:
    """The seat id a phone's signed cookie names, as text ("" when it names none)."""
    try:
        return str(parse_int(str(value), minimum=1, maximum=MAX_ID)) if value else ""
    except NumberError:
        return ""


def _at(request: HttpRequest, token: str, *, seats: bool = True, mark: bool = False) -> At:
    game = _open_game(token, seats=seats, mark=mark)
    if game is None:
        table = table_for_token(token)  # an unknown token is a 404 (the guess limiter counts it)
        return At(
            table, table.event, None, None, player_id=remembered_player(request, table.event_id)
        )
    table, event = game.table, game.round.event
    table.event = event  # the same event: no look-up for it
    seat_id = request.get_signed_cookie(_cookie(table), default=None, salt=SEAT_SALT)
    at = At(
        table,
        event,
        game,
        None,
        _seat_cookie(seat_id),
        device_hash(_device_id(request)),
        remembered_player(request, event.pk),
    )
    if seats:
        _find_seat(at)
    return at


def _find_seat(at: At) -> None:
    """Load the game's seats if not yet loaded, and find the one the phone's cookie names
    (none if it is not at this game: the cookie may be from an earlier round), else the
    seat of the player the phone remembers for the event."""
    if "seats" not in getattr(at.game, "_prefetched_objects_cache", {}):
        prefetch_related_objects([at.game], seats_prefetch())
    if at.seat_cookie:
        at.seat = next((s for s in seats_of(at.game) if s.pk == int(at.seat_cookie)), None)
    if at.seat is None and at.player_id:  # the player the phone follows sits here: their seat
        at.seat = next((s for s in seats_of(at.game) if s.player_id == at.player_id), None)


class NoGame(Http404):
    """The table plays no game now (its round was closed, or none is open yet)."""

    def __init__(self, at: At) -> None:
        super().__init__("This table plays no game now.")
        self.at = at


def _playing(request: HttpRequest, token: str) -> At:
    at = _at(request, token)
    if at.game is None:
        raise NoGame(at)
    return at


def round_over_answered(view):
    """A score sent after its round was closed gets a clear answer, not "not sent": the
    phone goes back to the table's page, which shows what the table plays now."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, token: str, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, token, *args, **kwargs)
        except NoGame as missing:
            rnd = current_round(missing.at.event)
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


def _entry(at: At, entry_id: int) -> Entry:
    try:
        entry = Entry.objects.select_related("entered_by_seat").get(pk=entry_id, game=at.game)
    except Entry.DoesNotExist:
        raise Http404("No such entry at this table.") from None
    entry.game = at.game  # with its seats loaded: the service need not read them again
    return entry


def _take_game_row(at: At, game: Game) -> None:
    """The game's scores as the service left them (no need to read them again)."""
    for name in GAME_ROW:
        setattr(at.game, name, getattr(game, name))


def _confirm_due(at: At) -> bool:
    """Auto-confirm what is due (True if anything was); a poll's game row tells whether
    anything can be, other requests let the service look."""
    cutoff = auto_confirm_cutoff(at.event)
    if cutoff is None:
        return False
    if hasattr(at.game, "oldest_entered") and (
        at.game.oldest_entered is None or at.game.oldest_entered > cutoff
    ):
        return False
    if not auto_confirm_due(at.game, cutoff):
        return False
    at.game.refresh_from_db(fields=GAME_ROW)
    return True


def _stamp(game: Game, mark: int, seat_cookie: str) -> str:
    """Changes whenever what the score pad shows changes (entries, their states, the seat).

    Computed from the entries a page was drawn from, and from one query's
    change mark when the pad polls, so an unchanged pad costs no rendering.
    """
    text = f"{mark}|{game.finished}|{game.scores}|{seat_cookie}"
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def _seating(game: Game) -> list[dict]:
    return [
        {"index": side.index, "label": side.label, "seats": list(side.seats)}
        for side in sides_of(game)
    ]


def _heads(game: Game, sheet: Sheet) -> list[dict]:
    """Each side's column head on the score pad: its letter, the players' numbers, its minimum."""
    return [
        {
            "label": side.label,
            "numbers": side.numbers,
            "minimum": sheet.minimums[side.index] if sheet.minimums else None,
        }
        for side in sides_of(game)[: sheet.sides]
    ]


def _sheet_context(at: At) -> dict:
    entries = sheet_entries(at.game)
    sheet: Sheet = game_sheet(at.game, profile=at.profile, entries=entries)
    labels = [canasta.side_label(i) for i in range(sheet.sides)]
    return {
        "at": at,
        "sheet": sheet,
        "heads": _heads(at.game, sheet),
        "labels": labels,
        "span": 1 + 2 * sheet.sides,
        "winner_head": labels[sheet.winner] if sheet.winner is not None else "",
        "stamp": _stamp(at.game, entries_mark(entries), at.seat_cookie),
        "my_label": canasta.side_label(at.seat.side) if at.seat else "",
        "calculator_ranks": CALCULATOR_RANKS if game_of(at.event).calculator else (),
    }


def _form_context(at: At, form: EntryForm | None = None, **extra) -> dict:
    if at.seat is None or at.game.finished:
        return {"at": at, "form": None, **extra}
    if form is None:
        sheet = extra.get("sheet") or game_sheet(at.game, profile=at.profile)
        form = entry_form_for(at.game, number=sheet.next_number, profile=at.profile)
    return {
        "at": at,
        "form": form,
        "submit_url": reverse("tournaments-table-submit", args=[at.token]),
        "preview_url": reverse("tournaments-table-preview", args=[at.token]),
        **extra,
    }


@require_GET
@with_device
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    at = _at(request, token)
    if at.game is None:
        context = {"at": at, **guide_context(at, left_behind=True)}
        return render(request, "tournaments/table/waiting.html", context)
    _confirm_due(at)
    context = _sheet_context(at)
    context.update(_form_context(at, sheet=context["sheet"]))
    context["seating"] = _seating(at.game)
    # A phone that held a seat here in an earlier round, or follows a player seated
    # elsewhere, shows where the players go instead of asking who it is.
    context.update(
        guide_context(at, left_behind=at.seat is None and bool(at.seat_cookie or at.player_id))
    )
    return render(request, "tournaments/table/page.html", context)


@require_POST
@with_device
def choose_seat(request: HttpRequest, token: str) -> HttpResponse:
    at = _playing(request, token)
    response = redirect("tournaments-table", token=token)
    seat_id = request.POST.get("seat", "")
    if not seat_id:
        response.delete_cookie(_cookie(at.table))
        forget_player(response, at.event.pk)
        return response
    try:
        seat_pk = parse_int(seat_id, minimum=1, maximum=MAX_ID)
    except NumberError:
        raise Http404("No such seat at this table.") from None
    chosen = next((seat for seat in seats_of(at.game) if seat.pk == seat_pk), None)
    if chosen is None:
        raise Http404("No such seat at this table.")
    remember_player(request, response, at.event.pk, chosen.player_id)
    response.set_signed_cookie(
        _cookie(at.table),
        str(seat_pk),
        salt=SEAT_SALT,
        max_age=SEAT_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


@require_GET
def sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The polled score pad: 204 while nothing changed, so nothing typed is swapped away.

    Two hundred phones poll every few seconds: an unchanged pad is answered from
    one query (the game with its entries' change mark) without rendering.
    """
    at = _at(request, token, seats=False, mark=True)
    if at.game is None or request.GET.get("game") != str(at.game.pk):
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"  # the round changed: load the table's page anew
        return response
    stamp = request.GET.get("stamp")
    if not _confirm_due(at) and stamp == _stamp(at.game, int(at.game.mark), at.seat_cookie):
        return HttpResponse(status=204)
    _find_seat(at)
    context = _sheet_context(at)
    if stamp == context["stamp"]:
        return HttpResponse(status=204)
    return render(request, "tournaments/table/partials/sheet.html", context)


@require_POST
def preview(request: HttpRequest, token: str) -> HttpResponse:
    """The deal's total per side as the fields change, or what is wrong, next to the fields."""
    at = _playing(request, token)
    form = entry_form_for(at.game, request.POST, profile=at.profile)
    form.is_valid()
    return render(request, "tournaments/table/partials/preview.html", {"at": at, "form": form})


def _answer(request: HttpRequest, at: At, form: EntryForm | None = None, **extra) -> HttpResponse:
    """htmx: the entry panel and (out of band) the score pad; otherwise back to the page."""
    if not request.htmx:
        for text in extra.get("notes", ()):
            messages.info(request, text)
        if extra.get("problem"):
            messages.error(request, extra["problem"])
        return redirect("tournaments-table", token=at.token)
    context = _sheet_context(at)
    context.update(_form_context(at, form, sheet=context["sheet"], **extra))
    context["oob"] = True
    return render(request, "tournaments/table/partials/entry_answer.html", context)


@require_POST
@round_over_answered
@with_device
def submit(request: HttpRequest, token: str) -> HttpResponse:
    at = _playing(request, token)
    if at.seat is None:
        return _answer(request, at, problem=_("Say who you are first: tap your name."))
    form = entry_form_for(at.game, request.POST, profile=at.profile)
    if form.is_valid():
        data = form.cleaned_data
        try:
            entry = submit_entry(
                at.game,
                data["number"],
                form.entry_data(),
                seat=at.seat,
                idempotency_key=data.get("idempotency_key") or None,
                expected_version=data.get("expected_version"),
                device=request.meld_device,
            )
        except EntryConflict as error:
            show_service_error(form, error)
            return _answer(request, at, form, conflict=error.entry)
        except ServiceError as error:
            show_service_error(form, error)
            if at.game.finished:  # no form any more: say why
                return _answer(request, at, problem=error.message)
        else:
            note = _("%(deal)s is stored: a player of the other side confirms it.") % {
                "deal": deal_name(at.game, entry.number, start=True)
            }
            at.game.refresh_from_db(fields=GAME_ROW)
            return _answer(request, at, notes=[note])
    if not request.htmx:
        context = _sheet_context(at)
        context.update(_form_context(at, form, sheet=context["sheet"]))
        context["seating"] = _seating(at.game)
        return render(request, "tournaments/table/page.html", context, status=422)
    return _answer(request, at, form)


@require_GET
def edit(request: HttpRequest, token: str, entry_id: int) -> HttpResponse:
    """The form filled with a pending entry, to change it before it is confirmed."""
    at = _playing(request, token)
    entry = _entry(at, entry_id)
    if entry.status not in (Entry.Status.ENTERED, Entry.Status.DISPUTED):
        return _answer(request, at, problem=_("This entry can no longer be changed here."))
    form = entry_form_for(at.game, entry=entry, profile=at.profile)
    if not request.htmx:
        context = _sheet_context(at)
        context.update(_form_context(at, form, sheet=context["sheet"]))
        context["seating"] = _seating(at.game)
        return render(request, "tournaments/table/page.html", context)
    return render(
        request,
        "tournaments/table/partials/entry_panel.html",
        _form_context(at, form, editing=entry),
    )


@require_POST
@round_over_answered
@with_device
def confirm(request: HttpRequest, token: str, entry_id: int) -> HttpResponse:
    at = _playing(request, token)
    entry = _entry(at, entry_id)
    try:
        confirmed = confirm_entry(entry, seat=at.seat, device=request.meld_device)
    except ServiceError as error:
        return _answer(request, at, problem=error.message)
    _take_game_row(at, confirmed.game)
    note = _("%(deal)s is confirmed.") % {"deal": deal_name(at.game, entry.number, start=True)}
    return _answer(request, at, notes=[note])


@require_POST
@round_over_answered
@with_device
def dispute(request: HttpRequest, token: str, entry_id: int) -> HttpResponse:
    at = _playing(request, token)
    entry = _entry(at, entry_id)
    if at.seat is None:
        return _answer(request, at, problem=_("Say who you are first: tap your name."))
    try:
        dispute_entry(
            entry, seat=at.seat, reason=request.POST.get("reason", ""), device=request.meld_device
        )
    except ServiceError as error:
        return _answer(request, at, problem=error.message)
    note = _("%(deal)s is disputed: enter it again together, or call the director.") % {
        "deal": deal_name(at.game, entry.number, start=True)
    }
    return _answer(request, at, notes=[note])


@require_POST
def calculator(request: HttpRequest, token: str) -> HttpResponse:
    """The Canasta card calculator: tapped cards → card points and whether they make a meld."""
    at = _playing(request, token)
    # maxsplit: the cards past the 40th stay one unread piece, however long the text is.
    cards = request.POST.get("cards", "").split(maxsplit=40)[:40]
    context: dict = {
        "at": at,
        "cards": cards,
        "points": None,
        "meld": None,
        "problems": [],
        "labels": [side.label for side in sides_of(at.game)],
    }
    if cards:
        try:
            context["points"] = canasta.meld_points(cards)
            context["meld"] = canasta.check_meld(cards, at.profile, going_out=True)
        except canasta.InvalidMeld as error:
            context["problems"] = [problem.translated(_) for problem in error.problems]
    return render(request, "tournaments/table/partials/calculator_result.html", context)
