"""Director: round control, the seating of a round and the live table board.

The round control page is also the close dialog: it lists each table that keeps
the round open with what it waits for, and lets the director confirm or settle
each entry there. A closed round's board lists what a forced close left
unconfirmed, each still to be confirmed, settled or corrected.
"""

import time

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh

from tournaments.access import director_required
from tournaments.card_games import deal_name
from tournaments.formats import format_of
from tournaments.kernel.errors import ServiceError
from tournaments.models import Entry, Event, Round
from tournaments.services.pages.board import alerts_mark, desk_alerts, round_board
from tournaments.services.pages.live import nav, round_mark
from tournaments.services.pages.seating_view import seating_of
from tournaments.services.rounds.done import round_state
from tournaments.services.rounds.steps import (
    close_round,
    empty_tables_message,
    force_close_round,
    left_unconfirmed,
    open_round,
    start_round,
    still_left,
    waiting_tables,
)
from tournaments.services.scores.auto_confirm import confirm_due_in_round
from tournaments.services.scores.entries import confirm_entry, settle_dispute
from tournaments.services.setup.events import rounds_to_play
from tournaments.views.live import csrf_slot, moment_ms, sent_moment, shared_fragment


@director_required
def rounds(request: HttpRequest, event: Event) -> HttpResponse:
    """The round control page; its close dialog polls (204 while the round's tables are as shown)."""
    if request.htmx:
        return _closing(request, event)
    all_rounds = list(event.rounds.annotate(tables=Count("games")).order_by("number"))
    left = still_left(event)
    for rnd in all_rounds:
        rnd.left_unconfirmed = left.get(rnd.number, 0)
    latest = all_rounds[-1] if all_rounds else None
    current = latest if latest is not None and latest.status == Round.Status.OPEN else None
    planned = rounds_to_play(event)
    next_number = (latest.number if latest else 0) + 1
    closed = latest is not None and latest.status == Round.Status.CLOSED
    context = {
        **nav(event, "rounds", latest),
        "rounds": all_rounds,
        "latest": latest,
        "current": current,
        "left": left_unconfirmed(latest) if closed else [],
        "next_number": next_number,
        "planned": planned,
        "all_played": planned is not None and next_number > planned,
        "finished": event.status == Event.Status.FINISHED,
        "extra_allowed": event.planned_rounds is None and format_of(event).round_by_round,
        "timed": event.round_kind == Event.RoundKind.TIME,
    }
    if current is not None:
        context.update(_closing_context(current, round_mark(current)))
    return render(request, "tournaments/rounds/rounds.html", context)


def _closing_context(current: Round, mark: str) -> dict:
    """What the close dialog shows: the round judged (``services.rounds.done``), each table not
    done with what it waits for, the tables that entered nothing, and its poll's ``mark``."""
    state = round_state(current)
    return {
        "state": state,
        "waiting": waiting_tables(state),
        "empty_warning": empty_tables_message(state.empty) if state.empty else "",
        "mark": mark,
    }


def _closing(request: HttpRequest, event: Event) -> HttpResponse:
    """The close dialog and button as the tables stand now; the whole page once the round closed."""
    current = open_round(event)
    if current is None:
        return HttpResponseClientRefresh()
    mark = round_mark(current)
    if request.GET.get("mark") == mark:
        return HttpResponse(status=204)
    context = {"event": event, "current": current}
    context.update(_closing_context(current, mark))
    return render(request, "tournaments/rounds/rounds.html#closing", context)


@director_required
@require_POST
def start(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        rnd = start_round(event, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("tournaments-director-rounds", event_id=event.pk)
    messages.success(
        request,
        _("Round %(number)d has started: the seating is ready.") % {"number": rnd.number},
    )
    return redirect("tournaments-director-rounds", event_id=event.pk)


@director_required
@require_POST
def close(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    rnd = get_object_or_404(event.rounds, number=number)
    force = request.POST.get("force") == "1"
    try:
        if force:
            force_close_round(rnd, user=request.user, reason=request.POST.get("reason", ""))
        else:
            close_round(rnd, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("tournaments-director-rounds", event_id=event.pk)
    messages.success(request, _("Round %(number)d is closed.") % {"number": rnd.number})
    empty = round_state(rnd).empty
    if empty:
        messages.warning(request, empty_tables_message(empty))
    return redirect("tournaments-director-rounds", event_id=event.pk)


@never_cache
@director_required
@require_GET
def alerts(request: HttpRequest, event: Event) -> HttpResponse:
    """The bar at the top of every director page of the event: the tables calling, the
    disputed entries and the late tables of the open round (204 while as shown)."""
    rnd = open_round(event)
    mark = alerts_mark(rnd)
    if request.GET.get("mark") == mark:
        return HttpResponse(status=204)
    context = {"event": event, "alerts": desk_alerts(rnd, mark)}
    return render(request, "tournaments/rounds/partials/alerts.html", context)


@director_required
@require_POST
def confirm_due(request: HttpRequest, event: Event) -> HttpResponse:
    """Store the automatic confirmation of what is due in the open round: asked for by the
    director's pages when their poll sees something due (a page read never writes)."""
    current = open_round(event)
    if current is not None:
        confirm_due_in_round(current)
    return HttpResponse()  # nothing to show: the page's next poll shows what changed


def _pending_entry(event: Event, number: int, entry_id: int) -> Entry:
    return get_object_or_404(
        Entry.objects.select_related("game__round__event", "game__table", "entered_by_seat"),
        pk=entry_id,
        game__round__event=event,
        game__round__number=number,
    )


def _back(request: HttpRequest, event: Event, entry: Entry) -> HttpResponse:
    """Back to the finish dialog when it asked, to the close dialog while the round is
    open, else to the round's board."""
    rnd = entry.game.round
    if request.POST.get("back") == "event":
        return redirect(event.get_absolute_url() + "#finish")
    if rnd.status == Round.Status.OPEN:
        return redirect(reverse("tournaments-director-rounds", args=[event.pk]) + "#close")
    return redirect("tournaments-director-board", event_id=event.pk, number=rnd.number)


@director_required
@require_POST
def confirm(request: HttpRequest, event: Event, number: int, entry_id: int) -> HttpResponse:
    """The director confirms a table's entry from the close dialog or the board."""
    entry = _pending_entry(event, number, entry_id)
    game = entry.game
    try:
        confirm_entry(entry, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(table)s: %(deal)s is confirmed.")
            % {"table": game.table, "deal": deal_name(game, entry.number)},
        )
    return _back(request, event, entry)


@director_required
@require_POST
def settle(request: HttpRequest, event: Event, number: int, entry_id: int) -> HttpResponse:
    """The director settles a disputed entry from the close dialog or the board: it counts
    as entered, or it is set aside (the right scores are entered on the game's page)."""
    entry = _pending_entry(event, number, entry_id)
    game = entry.game
    decision = request.POST.get("decision")
    if decision not in ("accept", "reject"):
        messages.error(request, _("Say whether the entry counts or is set aside."))
        return _back(request, event, entry)
    try:
        settle_dispute(
            entry,
            user=request.user,
            accept=decision == "accept",
            reason=request.POST.get("reason", ""),
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(table)s: the dispute about %(deal)s is settled.")
            % {"table": game.table, "deal": deal_name(game, entry.number)},
        )
    return _back(request, event, entry)


# ---------------------------------------------------------------- seating


@director_required
def seating(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    rnd = get_object_or_404(event.rounds, number=number)
    tables, names, byes = seating_of(rnd)
    context = {
        **nav(event, "seating", rnd),
        "round": rnd,
        "tables": tables,
        "names": names,
        "byes": byes,
    }
    return render(request, "tournaments/rounds/seating.html", context)


# ---------------------------------------------------------------- board


@director_required
def board(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    rnd = get_object_or_404(event.rounds.select_related("event"), number=number)
    mark = round_mark(rnd)
    if not request.htmx:
        return render(request, "tournaments/rounds/board.html", _board_context(rnd, mark))
    if request.GET.get("mark") == mark:
        return HttpResponse(status=204)
    # Every director's screen of the round sees the same board (each with its own CSRF
    # token): on a busy evening the board is drawn once for all of them, at most once a
    # second or so, never older than the screen's own.
    fragment = shared_fragment(
        request,
        f"meld:board:{rnd.pk}:{get_language()}",
        mark,
        lambda at: render_to_string(
            "tournaments/rounds/board.html#board",
            _board_context(rnd, mark, at, csrf_token=csrf_slot()),
            request,
        ),
        shown_at=sent_moment(request, "drawn"),
    )
    return HttpResponse(status=204) if fragment is None else HttpResponse(fragment)


def _board_context(rnd: Round, mark: str, at: float | None = None, **extra) -> dict:
    found = round_board(rnd)
    is_open = rnd.status == Round.Status.OPEN
    return {
        **nav(rnd.event, "board", rnd),
        "round": rnd,
        "state": found.state,
        "tiles": found.tiles,
        "counts": found.counts,
        "late": found.late,
        "calls": found.calls,
        "closable": is_open and found.state.done,
        "mark": mark,
        "drawn": moment_ms(time.time() if at is None else at),
        "left": left_unconfirmed(rnd) if rnd.status == Round.Status.CLOSED else [],
        **extra,
    }
