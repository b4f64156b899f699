"""The table's page on the players' phones: who sits here, the score pad, entry and confirmation.

Opened by the table's token (QR code on the table card), no login. The token
opens whatever the table plays in the event's current round. A phone says which
seat it is ("I am ...", kept in a signed cookie per table); one side enters a
deal, a phone of the other side confirms or disputes it. Each phone also gets a
device id of its own (a long-lived signed cookie): the phone that entered a deal
cannot confirm it by saying it is somebody else. Every page answers a normal
POST too (redirect back), and htmx requests get the partials.
"""

import hashlib
import uuid
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring import canasta
from tournaments.card_games import card_game_of, deal_name, entry_form_for, sides_of
from tournaments.forms.entry import EntryForm
from tournaments.kernel.deal import seats_of
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import show_service_error
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.models import Entry, Game, Round
from tournaments.services.rounds.clock import clock_mark, clock_of
from tournaments.services.scores.entries import (
    EntryConflict,
    confirm_entry,
    dispute_entry,
    submit_entry,
)
from tournaments.services.scores.results import Sheet, entries_mark, game_sheet, sheet_entries
from tournaments.views.table_at import (
    SEAT_MAX_AGE,
    SEAT_SALT,
    At,
    find_seat,
    locate,
    playing,
    round_over_answered,
    seat_cookie_name,
    table_entry,
    with_device,
)
from tournaments.views.table_calculator import CALCULATOR_RANKS
from tournaments.views.table_guide import forget_player, remember_player
from tournaments.views.table_moment import FORM_LATER, FORM_NONE, Moment, table_moment

# The game's own columns a confirmation can change; read again after one (its
# seats, round and event stay loaded).
GAME_ROW = ["finished", "score_0", "score_1", "score_2", "winner_side"]
# The mark of the fresh entry form a phone keeps to draw the next deals' forms from (table.js).
FRESH_FORM = "X-Meld-Fresh"
# The deal number of the entry form a phone shows (table.js): kept when it is still the next.
NEXT_DEAL = "X-Meld-Next"
# The pad's mark as a phone sends it back, on the pad's poll and with the entry form (which
# includes the poll's hidden field). A page drawn before it was named "mark" sends "stamp":
# read for one release, while phones may still have such a page open.
PAD_MARK, OLD_PAD_MARK = "mark", "stamp"


def _take_game_row(at: At, game: Game) -> None:
    """The game's scores as the service left them (no need to read them again)."""
    for name in GAME_ROW:
        setattr(at.game, name, getattr(game, name))


def _pad_mark(game: Game, mark: int, seat_cookie: str) -> str:
    """The pad's mark: changes whenever what the score pad shows changes (entries, their
    states, the seat).

    Computed from the entries a page was drawn from, and from one query's
    change mark when the pad polls, so an unchanged pad costs no rendering.
    """
    text = f"{mark}|{game.finished}|{game.scores}|{seat_cookie}"
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def _sent_pad_mark(values) -> str | None:
    """The pad's mark a phone sent (``request.GET`` or ``request.POST``), if any."""
    return values.get(PAD_MARK, values.get(OLD_PAD_MARK))


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
    """The score pad, who sits here, and what the phone asks now (drawn from the same state)."""
    entries = sheet_entries(at.game)
    sheet: Sheet = game_sheet(at.game, profile=at.profile, entries=entries)
    labels = [canasta.side_label(i) for i in range(sheet.sides)]
    return {
        "at": at,
        "sheet": sheet,
        "moment": table_moment(at, sheet),
        "seating": _seating(at.game),
        "heads": _heads(at.game, sheet),
        "labels": labels,
        "span": 1 + 2 * sheet.sides,
        "winner_head": labels[sheet.winner] if sheet.winner is not None else "",
        "pad_mark": _pad_mark(at.game, entries_mark(entries), at.seat_cookie),
        "pad_entries": entries,
        "my_label": canasta.side_label(at.seat.side) if at.seat else "",
        "calculator_ranks": CALCULATOR_RANKS if card_game_of(at.event).calculator else (),
    }


def _table_mode(sheet: Sheet) -> str | None:
    """The entry mode the table chose: the one its last deal was entered in."""
    return sheet.rows[-1].entry.details.get("mode") if sheet.rows else None


def _fresh_form(at: At, sheet: Sheet, mode: str | None = None) -> EntryForm:
    """The next deal's form, in entry ``mode`` if the event offers it, else in the table's."""
    return entry_form_for(
        at.game, number=sheet.next_number, profile=at.profile, mode=mode or _table_mode(sheet)
    )


def _form_context(
    at: At,
    form: EntryForm | None = None,
    *,
    sheet: Sheet | None = None,
    moment: Moment | None = None,
    mode: str | None = None,
    **extra,
) -> dict:
    """The entry form with its addresses: ``form``, or a fresh one for the next deal when the
    phone's ``moment`` has one (folded away while it asks for another answer first)."""
    if at.seat is None or at.game.finished:
        return {"at": at, "form": None, **extra}
    if form is None:
        sheet = sheet or game_sheet(at.game, profile=at.profile)
        if moment is not None and moment.form == FORM_NONE:
            return {"at": at, "form": None, **extra}
        form = _fresh_form(at, sheet, mode)
    return {
        "at": at,
        "form": form,
        "later": moment is not None and moment.form == FORM_LATER and form.is_fresh(),
        "submit_url": reverse("tournaments-table-submit", args=[at.token]),
        "preview_url": reverse("tournaments-table-preview", args=[at.token]),
        **extra,
    }


@require_GET
@with_device
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    at = locate(request, token)
    if at.game is None:
        context = {"at": at, "moment": table_moment(at)}
        return render(request, "tournaments/table/waiting.html", context)
    context = _sheet_context(at)
    context.update(_page_form(at, context, mode=request.GET.get("mode")))
    # The round (read with the game) tells its clock: drawn now, not loaded after.
    context.update(clock=clock_of(at.game.round), mark=clock_mark(at.game.round))
    return render(request, "tournaments/table/page.html", context)


def _page_form(at: At, context: dict, form: EntryForm | None = None, **extra) -> dict:
    return _form_context(at, form, sheet=context["sheet"], moment=context["moment"], **extra)


@require_POST
@with_device
def choose_seat(request: HttpRequest, token: str) -> HttpResponse:
    at = playing(request, token)
    response = redirect("tournaments-table", token=token)
    seat_id = request.POST.get("seat", "")
    if not seat_id:
        response.delete_cookie(seat_cookie_name(at.table))
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
        seat_cookie_name(at.table),
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
    one query (the game with its entries' change mark, its round and so its clock)
    without rendering. The poll brings the round clock too, when it is not as shown.
    """
    at = locate(request, token, seats=False, mark=True)
    if at.game is None and request.GET.get("wait") == table_moment(at, guide=False).mark:
        return HttpResponse(status=204)  # between rounds, and still the same moment
    if at.game is None or request.GET.get("game") != str(at.game.pk):
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"  # the round changed: load the table's page anew
        return response
    sent = _sent_pad_mark(request.GET)
    moved = _clock_moved(request, at.game.round)
    if sent == _pad_mark(at.game, int(at.game.mark), at.seat_cookie):
        return _clock_answer(request, at, moved)
    find_seat(at)
    context = _sheet_context(at)
    if sent == context["pad_mark"]:
        return _clock_answer(request, at, moved)
    context.update(moved or {})
    return render(request, "tournaments/table/partials/sheet_answer.html", context)


def _clock_moved(request: HttpRequest, rnd: Round) -> dict | None:
    """The round clock to draw, when it is not the one the phone shows (the clock's mark
    its poll sent); None when it is, or when the page has no such clock."""
    shown = request.GET.get("clock")
    mark = clock_mark(rnd)
    if shown is None or shown == mark:
        return None
    return {"clock_moved": True, "clock": clock_of(rnd), "mark": mark}


def _clock_answer(request: HttpRequest, at: At, moved: dict | None) -> HttpResponse:
    """The pad as shown: 204, or only the changed clock, out of band."""
    if moved is None:
        return HttpResponse(status=204)
    response = render(request, "tournaments/table/partials/clock_answer.html", {"at": at, **moved})
    response["HX-Reswap"] = "none"
    return response


@require_POST
def preview(request: HttpRequest, token: str) -> HttpResponse:
    """The deal's total per side as the fields change, or what is wrong, next to the fields."""
    at = playing(request, token)
    form = entry_form_for(at.game, request.POST, profile=at.profile)
    form.is_valid()
    return render(request, "tournaments/table/partials/preview.html", {"at": at, "form": form})


def _answer(
    request: HttpRequest,
    at: At,
    form: EntryForm | None = None,
    *,
    context: dict | None = None,
    **extra,
) -> HttpResponse:
    """htmx: the entry panel and (out of band) the score pad; otherwise back to the page.
    ``context``: the pad's, when the caller has made it already."""
    if not request.htmx:
        for text in extra.get("notes", ()):
            messages.info(request, text)
        if extra.get("problem"):
            messages.error(request, extra["problem"])
        response = redirect("tournaments-table", token=at.token)
        if extra.get("mode"):
            response["Location"] += "?" + urlencode({"mode": extra["mode"]})
        return response
    context = context or _sheet_context(at)
    context.update(_page_form(at, context, form, **extra))
    return render(request, "tournaments/table/partials/entry_answer.html", context)


def _stored_answer(
    request: HttpRequest, at: At, entry: Entry, form: EntryForm, **extra
) -> HttpResponse:
    """htmx, when the phone's pad showed the game just before ``entry`` (the pad's mark its
    form sent) and ``entry`` is a new last deal: the entry panel and, out of band, only the
    pad's new row, which deal is next and the poll's new mark. Otherwise the whole pad.

    A phone that keeps the fresh form it was given (its mark in the ``X-Meld-Fresh``
    header, sent by table.js) draws the next deal's form from it: then either answer
    brings, instead of the entry panel, only the next number, a new idempotency key and
    the words that name the deal, and no form is built or drawn here (most of a
    submission's cost)."""
    if not request.htmx or entry.version != 1:
        return _answer(request, at, **extra)
    context = _sheet_context(at)
    sheet: Sheet = context["sheet"]
    rows = sheet.rows
    before = [other for other in context["pad_entries"] if other.pk != entry.pk]
    fresh = _keeps_fresh_form(request, form) and context["moment"].form != FORM_NONE
    if fresh:
        context.update(extra, number=sheet.next_number, key=uuid.uuid4().hex)
    if (
        not rows
        or rows[-1].entry.pk != entry.pk
        or (len(rows) > 1 and rows[-2].number >= entry.number)
        or _sent_pad_mark(request.POST) != _pad_mark(at.game, entries_mark(before), at.seat_cookie)
    ):
        if fresh:  # the pad missed a change: all of it, and still no form
            return _swapping_nothing(request, "entry_pad_next.html", context)
        return _answer(request, at, context=context, **extra)
    context["row"] = rows[-1]
    context["first_row"] = len(rows) == 1  # it takes the place of "no deals yet"
    if fresh:
        return _swapping_nothing(request, "entry_next.html", context)
    context.update(_page_form(at, context, **extra))
    return render(request, "tournaments/table/partials/entry_stored.html", context)


@require_POST
@round_over_answered
@with_device
def submit(request: HttpRequest, token: str) -> HttpResponse:
    at = playing(request, token)
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
        except EntryConflict as error:  # answered by the comparison at the top
            return _answer(request, at, form, **_compared(at, error.entry, form))
        except ServiceError as error:
            show_service_error(form, error)
            if at.game.finished:  # no form any more: say why
                return _answer(request, at, problem=error.message)
        else:
            note = _("%(deal)s is stored.") % {"deal": deal_name(at.game, entry.number, start=True)}
            _take_game_row(at, entry.game)
            # The next deal is drawn in the mode this one was entered in.
            return _stored_answer(request, at, entry, form, notes=[note], mode=form.entry_mode)
    if not request.htmx:
        context = _sheet_context(at)
        context.update(_page_form(at, context, form))
        return render(request, "tournaments/table/page.html", context, status=422)
    return _answer(request, at, form)


def _compared(at: At, stored: Entry, form: EntryForm) -> dict:
    """Another phone stored the deal first: its points beside what this phone typed, and
    the reason a dispute from here gives."""
    mine = list(form.scored.points) if form.scored else []
    labels = [canasta.side_label(index) for index in range(len(stored.points))]
    typed = [
        (label, points, mine[index] if index < len(mine) else None)
        for index, (label, points) in enumerate(zip(labels, stored.points, strict=True))
    ]
    side = canasta.side_label(at.seat.side)
    shown = " · ".join(f"{label} {points}" for label, _stored, points in typed)
    return {
        "conflict": stored,
        "typed": typed,
        "compare_title": _("Another phone entered %(deal)s first. Is it what you typed?")
        % {"deal": deal_name(at.game, stored.number)},
        "dispute_reason": _("Side %(side)s entered: %(points)s") % {"side": side, "points": shown},
    }


@require_GET
def edit(request: HttpRequest, token: str, entry_id: int) -> HttpResponse:
    """The form filled with a pending entry, to change it before it is confirmed."""
    at = playing(request, token)
    entry = table_entry(at, entry_id)
    if entry.status not in (Entry.Status.ENTERED, Entry.Status.DISPUTED):
        return _answer(request, at, problem=_("This entry can no longer be changed here."))
    form = entry_form_for(at.game, entry=entry, profile=at.profile)
    if not request.htmx:
        context = _sheet_context(at)
        context.update(_page_form(at, context, form))
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
    at = playing(request, token)
    entry = table_entry(at, entry_id)
    try:
        confirmed = confirm_entry(entry, seat=at.seat, device=request.meld_device)
    except ServiceError as error:
        return _answer(request, at, problem=error.message)
    _take_game_row(at, confirmed.game)
    note = _("%(deal)s is confirmed.") % {"deal": deal_name(at.game, entry.number, start=True)}
    return _confirmed_answer(request, at, notes=[note])


def _confirmed_answer(request: HttpRequest, at: At, **extra) -> HttpResponse:
    """htmx, while the game goes on, answers as lightly as the phone allows. Its entry form
    already the next deal's (its number in the ``X-Meld-Next`` header, from table.js): the
    form stays as it is, with whatever is typed in it, and the notes and the pad come out of
    band. Else, a phone that keeps the fresh form (``X-Meld-Fresh``) draws the next deal's
    form from it. Otherwise the whole answer."""
    if not request.htmx or at.game.finished or at.seat is None:
        return _answer(request, at, **extra)
    context = _sheet_context(at)
    number = context["sheet"].next_number
    if context["moment"].form == FORM_NONE:
        return _answer(request, at, context=context, **extra)
    if request.headers.get(NEXT_DEAL) == str(number):
        context.update(extra)
        return _swapping_nothing(request, "entry_kept.html", context)
    form = _fresh_form(at, context["sheet"])
    if _keeps_fresh_form(request, form):
        context.update(extra, number=number, key=form.initial["idempotency_key"])
        return _swapping_nothing(request, "entry_pad_next.html", context)
    return _answer(request, at, form, context=context, **extra)


def _keeps_fresh_form(request: HttpRequest, form: EntryForm) -> bool:
    """The phone keeps a fresh form of ``form``'s kind (table.js sends its mark): it draws
    the next deal's form from it."""
    mark = form.fresh_mark()
    return bool(mark) and request.headers.get(FRESH_FORM) == mark


def _swapping_nothing(request: HttpRequest, partial: str, context: dict) -> HttpResponse:
    """An answer whose parts all go out of band: htmx swaps nothing in the request's target."""
    response = render(request, f"tournaments/table/partials/{partial}", context)
    response["HX-Reswap"] = "none"
    return response


@require_POST
@round_over_answered
@with_device
def dispute(request: HttpRequest, token: str, entry_id: int) -> HttpResponse:
    at = playing(request, token)
    entry = table_entry(at, entry_id)
    if at.seat is None:
        return _answer(request, at, problem=_("Say who you are first: tap your name."))
    try:
        dispute_entry(
            entry, seat=at.seat, reason=request.POST.get("reason", ""), device=request.meld_device
        )
    except ServiceError as error:
        return _answer(request, at, problem=error.message)
    return _answer(request, at)  # the phone's moment says the deal is disputed
