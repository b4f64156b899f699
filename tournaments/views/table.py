"""The table's page on the players' phones: who sits here, the score pad, entry and confirmation.

Opened by the table's token (QR code on the table card), no login. The token
opens whatever the table plays in the event's current round. A phone says which
seat it is ("I am ...", kept in a signed cookie per table); one side enters a
deal, a phone of the other side confirms or disputes it. Each phone also gets a
device id of its own (a long-lived signed cookie): the phone that entered a deal
cannot confirm it by saying it is somebody else. Every page answers a normal
POST too (redirect back).

Every htmx answer has one shape (``partials/answer.html``): the score pad, and out of
band what the phone asks now, the call's notice, the round clock and who sits here, with
the entry panel when it is not the one the phone shows (``shown``, which the page sends
back). The pad's poll carries the table's feed value the page was drawn with
(``kernel.feed``) and is answered 204 from the cache while it is still the value.
"""

import time
from dataclasses import replace
from functools import partial
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring import canasta
from tournaments.card_games import card_game_of, deal_name, entry_form_for, sides_of
from tournaments.card_games.entry import EntryForm
from tournaments.kernel.deal import seats_of
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import show_service_error
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.models import Entry, Game
from tournaments.services.pages.live import Live
from tournaments.services.pages.table_drawn import (
    drawn_keys,
    edited_version,
    editing_value,
    kept,
    panel_drawn,
    shown_value,
)
from tournaments.services.pages.table_game import (
    Since,
    call_notice,
    game_again,
    redraw_at,
    since_of,
    table_latest,
)
from tournaments.services.pages.table_moment import (
    FORM_LATER,
    FORM_NONE,
    SEAT,
    Moment,
    table_moment,
)
from tournaments.services.rounds.clock import clock_of
from tournaments.services.scores.calls import REASON_LENGTH
from tournaments.services.scores.entries import (
    EntryConflict,
    confirm_entry,
    dispute_entry,
    submit_entry,
)
from tournaments.services.scores.entry_rows import FormOfAnotherGame, decided_since, entered_here
from tournaments.services.scores.results import Sheet, game_sheet, sheet_entries
from tournaments.views.live import shared
from tournaments.views.requests import HtmxRequest, PhoneRequest
from tournaments.views.table_at import (
    SEAT_MAX_AGE,
    SEAT_SALT,
    At,
    keep_mode,
    locate,
    playing,
    plays,
    round_over_answered,
    seat_cookie_name,
    table_entry,
    with_device,
)
from tournaments.views.table_calculator import calculator_drawn
from tournaments.views.table_guide import forget_player, remember_player

ANSWER = "tournaments/table/partials/answer.html"
CLOCK_ANSWER = "tournaments/table/partials/clock_answer.html"
# A fresh form's fields stay drawn while its game is played: the key holds the event's frame.
FIELDS_SECONDS = 60 * 60


def _after_step(request: HttpRequest, at: At[Game], before: Since) -> tuple[At[Game], Since]:
    """The table once a step has committed, and the feed values it is drawn with, read after
    the step: the phone's next poll has nothing new (the step's message stays until
    something else changes), and everything drawn is read after those values. ``at`` was
    read after ``before``: while the event's frame value is the same, its event, table and
    seats still hold, and only the game, its round and its entries are read again."""
    since = since_of(at.table.pk, at.event.pk)
    again = game_again(at.game) if since.frame == before.frame else None
    if again is None:
        return playing(request, at.token, since.frame), since
    return replace(at, game=again), since


def _seating(game: Game) -> list[dict[str, Any]]:
    return [
        {"index": side.index, "label": side.label, "seats": list(side.seats)}
        for side in sides_of(game)
    ]


def _heads(game: Game, sheet: Sheet) -> list[dict[str, Any]]:
    """Each side's column head on the score pad: its letter, the players' numbers, its minimum."""
    return [
        {
            "label": side.label,
            "numbers": side.numbers,
            "minimum": sheet.minimums[side.index] if sheet.minimums else None,
        }
        for side in sides_of(game)[: sheet.sides]
    ]


def _sheet_context(at: At[Game], since: Since) -> dict[str, Any]:
    """The score pad, who sits here, the call's notice, the clock and what the phone asks now,
    all drawn from the same state; ``since``: the table's feed values, read before it."""
    sheet: Sheet = game_sheet(at.game, profile=at.profile, entries=sheet_entries(at.game))
    labels = [canasta.side_label(i) for i in range(sheet.sides)]
    call, coming = call_notice(at.game, at.device)
    moment = table_moment(at, sheet)
    choosing = moment.kind == SEAT  # who sits here leaves out its own seat switch then
    return {
        "at": at,
        "sheet": sheet,
        "moment": moment,
        "drawn": drawn_keys(
            at.game, at.seat, since.frame, choosing=choosing, call=call, coming=coming
        ),
        "seating": _seating(at.game),
        "heads": _heads(at.game, sheet),
        "labels": labels,
        "span": 1 + 2 * sheet.sides,
        "winner_head": labels[sheet.winner] if sheet.winner is not None else "",
        "my_label": canasta.side_label(at.seat.side) if at.seat else "",
        "calculator": calculator_drawn(at.token) if card_game_of(at.event).calculator else "",
        "since": since,
        "until": redraw_at(at.game, coming),
        "clock": clock_of(at.game.round),
        "call": call,
        "coming": coming,
        "reason_length": REASON_LENGTH,
        "playing": True,
    }


def _phone_mode(at: At[Game], sheet: Sheet) -> str | None:
    """The entry mode this phone chose: the one it last switched to, else the one its own
    last deal was entered in (never the other side's: a phone's mode does not change by
    itself when it confirms a deal entered in another)."""
    if at.mode:
        return at.mode
    mine = [row for row in sheet.rows if entered_here(row.entry, at.device)]
    return mine[-1].entry.details.get("mode") if mine else None


def _fields(at: At[Game], form: EntryForm, since: Since | None) -> str | None:
    """A fresh form's fields, when they are drawn alike for every deal of the game until its
    names, seating or rules change (the event's frame): drawn once for each game, kind of
    form and language; None: the form draws its own."""
    if since is None or not form.fields_by_game or not form.is_fresh():
        return None
    context = {"form": form, "at": at}
    draw = partial(render_to_string, form.fields_template, context)
    name = f"fields:{form.entry_kind}:{at.game.pk}"
    return shared(name, Live(since.frame), draw, FIELDS_SECONDS)


def _form_context(
    at: At[Game],
    form: EntryForm | None = None,
    *,
    sheet: Sheet | None = None,
    moment: Moment | None = None,
    mode: str | None = None,
    since: Since | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The entry panel: ``form``, or a fresh one for the next deal when the phone's ``moment``
    has one (folded away while it asks for another answer first), with its addresses and
    what the page sends back as ``shown``; ``since``: the feed values it is drawn with."""
    if at.seat is None or at.game.finished:
        return {"at": at, "form": None, "shown": "", **extra}
    if form is None:
        sheet = sheet or game_sheet(at.game, profile=at.profile)
        if moment is not None and moment.form == FORM_NONE:
            return {"at": at, "form": None, "shown": "", **extra}
        form = entry_form_for(
            at.game,
            number=sheet.next_number,
            profile=at.profile,
            mode=mode or _phone_mode(at, sheet),
        )
    later = moment is not None and moment.form == FORM_LATER and form.is_fresh()
    editing = edited_version(form)
    return {
        "at": at,
        "form": form,
        "later": later,
        "shown": editing_value(form.deal_number, editing)
        if editing is not None
        else shown_value(form.deal_number, later=later, frame=since.frame if since else None),
        "drawn_fields": _fields(at, form, since),
        "submit_url": reverse("tournaments-table-submit", args=[at.token]),
        "preview_url": reverse("tournaments-table-preview", args=[at.token]),
        **extra,
    }


@require_GET
@with_device
def table_page(request: PhoneRequest, token: str) -> HttpResponse:
    since = table_latest(token)
    at = locate(request, token, frame=since.frame, entries=True)
    if not plays(at):
        context = {"at": at, "moment": table_moment(at), "since": since}
        return render(request, "tournaments/table/waiting.html", context)
    context = _sheet_context(at, since)
    mode = request.GET.get("mode", "")
    context.update(_page_form(at, context, mode=mode))
    response = render(request, "tournaments/table/page.html", context)
    keep_mode(response, request, at.table, mode)
    return response


def _page_form(
    at: At[Game], context: dict[str, Any], form: EntryForm | None = None, **extra: Any
) -> dict[str, Any]:
    drawn = {"sheet": context["sheet"], "moment": context["moment"], "since": context["since"]}
    return _form_context(at, form, **drawn, **extra)


@require_POST
@with_device
def choose_seat(request: PhoneRequest, token: str) -> HttpResponse:
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


def _time_passed(request: HttpRequest) -> bool:
    """The moment the page named (``until``: time alone changes what it says then) has come."""
    try:
        until = parse_int(request.GET.get("until"), minimum=0, maximum=MAX_ID)
    except NumberError:
        return False
    return time.time() >= until


@require_GET
def sheet(request: HtmxRequest, token: str) -> HttpResponse:
    """The phone's poll: 204 while the table's and the clock's feed values are the ones its
    page was drawn with and the moment it named has not come, read from the cache alone, so
    nothing typed is swapped away. Otherwise the one answer, drawn from the state now, or,
    when only the clock changed in a round whose time does not end its deals, the clock
    alone; another round (or none) loads the table's page anew."""
    since = table_latest(token)
    table_same = request.GET.get("since") == str(since.table) and not _time_passed(request)
    if table_same and request.GET.get("clock") == str(since.clock):
        return HttpResponse(status=204)
    at = locate(request, token, frame=since.frame, entries=True)
    if not plays(at) or request.GET.get("game") != str(at.game.pk):
        return HttpResponse(status=204, headers={"HX-Refresh": "true"})
    if table_same and not at.event.timed:
        return _clock_answer(request, at, since)
    return _answer(request, at, since, shown=request.GET.get("shown", ""), poll=True)


def _clock_answer(request: HtmxRequest, at: At[Game], since: Since) -> HttpResponse:
    """The clock and the poll's new address, out of band; the pad stays as it is (its moment
    does not hang on the clock: a clock of a round without a time limit only informs)."""
    try:
        until = parse_int(request.GET.get("until"), minimum=0, maximum=MAX_ID)
    except NumberError:
        until = None
    context = {"at": at, "since": since, "until": until, "clock": clock_of(at.game.round)}
    response = render(request, CLOCK_ANSWER, context)
    response["HX-Reswap"] = "none"  # htmx's own header: the out-of-band parts are the answer
    return response


@require_POST
def preview(request: HttpRequest, token: str) -> HttpResponse:
    """The deal's total per side as the fields change, or what is wrong, next to the fields."""
    at = playing(request, token)
    form = entry_form_for(at.game, request.POST, profile=at.profile)
    form.is_valid()
    return render(request, "tournaments/table/partials/preview.html", {"at": at, "form": form})


def _answer(
    request: HtmxRequest,
    at: At[Game],
    since: Since,
    form: EntryForm | None = None,
    *,
    shown: str | None = None,
    poll: bool = False,
    **extra: Any,
) -> HttpResponse:
    """htmx: the one answer, with the entry panel when it is due (``form``, or ``shown`` is not
    what is drawn now; None: always); otherwise back to the page."""
    if not request.htmx:
        for text in extra.get("notes", ()):
            messages.info(request, text)
        if extra.get("problem"):
            messages.error(request, extra["problem"])
        response = redirect("tournaments-table", token=at.token)
        if extra.get("mode"):
            response["Location"] += "?" + urlencode({"mode": extra["mode"]})
        return response
    context = _sheet_context(at, since)
    context.update(extra)
    sent = request.POST if request.method == "POST" else request.GET
    context["kept"] = kept(sent, context["drawn"])
    sent_shown = None if form is not None else shown
    context.update(
        panel_drawn(
            at.seat,
            at.game,
            context["moment"],
            context["sheet"],
            sent_shown,
            poll=poll,
            frame=since.frame,
        )
    )
    if context.get("panel"):
        context.update(_page_form(at, context, form, **extra))
    return render(request, ANSWER, context)


@require_POST
@round_over_answered
@with_device
def submit(request: PhoneRequest, token: str) -> HttpResponse:
    since = table_latest(token)
    at = playing(request, token, since.frame)
    if at.seat is None:
        return _answer(request, at, since, problem=_("Say who you are first: tap your name."))
    form = entry_form_for(at.game, request.POST, profile=at.profile)
    # An untouched form is not a deal: it is answered with its question (form.question).
    if form.is_valid() and not form.question:
        data = form.cleaned_data
        began = timezone.now()
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
            return _answer(request, at, since, form, **_compared(at, error.entry, form))
        except FormOfAnotherGame as error:  # this game's fresh form, and why
            return _answer(request, at, since, problem=error.message)
        except ServiceError as error:
            show_service_error(form, error)
            # No form any more, or a change of a deal decided meanwhile: say why, with the
            # form that is wanted now.
            if at.game.finished or decided_since(
                at.game, data["number"], data.get("expected_version")
            ):
                return _answer(request, at, since, problem=error.message)
        else:
            note = _("%(deal)s is stored.") % {"deal": deal_name(at.game, entry.number, start=True)}
            at, since = _after_step(request, at, since)
            # The next deal is drawn in the mode this one was entered in.
            response = _answer(request, at, since, notes=[note], mode=form.entry_mode)
            if entry.created_at >= began:  # a form sent again keeps the mode chosen since
                keep_mode(response, request, at.table, form.entry_mode or "")
            return response
    if not request.htmx:
        context = _sheet_context(at, since)
        context.update(_page_form(at, context, form))
        status = 422 if form.errors else 200
        return render(request, "tournaments/table/page.html", context, status=status)
    return _answer(request, at, since, form)


def _compared(at: At[Game], stored: Entry, form: EntryForm) -> dict[str, Any]:
    """Another phone stored the deal first: its points beside what this phone typed, and
    the reason a dispute from here gives."""
    mine = list(form.scored.points) if form.scored else []
    labels = [canasta.side_label(index) for index in range(len(stored.points))]
    typed = [
        (label, points, mine[index] if index < len(mine) else None)
        for index, (label, points) in enumerate(zip(labels, stored.points, strict=True))
    ]
    assert at.seat is not None  # ``submit`` answers a phone without a seat before
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
@round_over_answered
def edit(request: HtmxRequest, token: str, entry_id: int) -> HttpResponse:
    """The form filled with a pending entry, to change it before it is confirmed."""
    since = table_latest(token)
    at = playing(request, token, since.frame)
    entry = table_entry(at, entry_id)
    if entry.status not in (Entry.Status.ENTERED, Entry.Status.DISPUTED):
        return _answer(request, at, since, problem=_("This entry can no longer be changed here."))
    form = entry_form_for(at.game, entry=entry, profile=at.profile)
    if not request.htmx:
        context = _sheet_context(at, since)
        context.update(_page_form(at, context, form))
        return render(request, "tournaments/table/page.html", context)
    return _answer(request, at, since, form)


@require_POST
@round_over_answered
@with_device
def confirm(request: PhoneRequest, token: str, entry_id: int) -> HttpResponse:
    since = table_latest(token)
    at = playing(request, token, since.frame)
    entry = table_entry(at, entry_id)
    shown = request.POST.get("shown")
    try:
        confirm_entry(entry, seat=at.seat, device=request.meld_device)
    except ServiceError as error:
        return _answer(request, at, since, shown=shown, problem=error.message)
    note = _("%(deal)s is confirmed.") % {"deal": deal_name(at.game, entry.number, start=True)}
    at, since = _after_step(request, at, since)
    return _answer(request, at, since, shown=shown, notes=[note])


@require_POST
@round_over_answered
@with_device
def dispute(request: PhoneRequest, token: str, entry_id: int) -> HttpResponse:
    since = table_latest(token)
    at = playing(request, token, since.frame)
    entry = table_entry(at, entry_id)
    shown = request.POST.get("shown")
    if at.seat is None:
        problem = _("Say who you are first: tap your name.")
        return _answer(request, at, since, shown=shown, problem=problem)
    try:
        dispute_entry(
            entry, seat=at.seat, reason=request.POST.get("reason", ""), device=request.meld_device
        )
    except ServiceError as error:
        return _answer(request, at, since, shown=shown, problem=error.message)
    at, since = _after_step(request, at, since)
    return _answer(request, at, since, shown=shown)  # the phone's moment says it is disputed
