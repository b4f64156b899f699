"""Director: round control, the seating of a round and the live table board.

The round control page is also the close dialog: it lists each table that keeps
the round open with what it waits for, and lets the director confirm or settle
each entry there. A closed round's board lists what a forced close left
unconfirmed, each still to be confirmed, settled or corrected.
"""

from typing import Any

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh

from tournaments.card_games import deal_name
from tournaments.formats import format_of
from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.numbers import MAX_SMALL, NumberError, parse_int
from tournaments.models import Entry, Event, Round
from tournaments.services.pages.board import desk_alerts, round_board, tile_values
from tournaments.services.pages.live import Live, nav
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
from tournaments.views.doors import director_required
from tournaments.views.live import follow, polled, shared, unchanged
from tournaments.views.requests import htmx
from tournaments.views.shared_forms import opens_whole_page


def _live(request: HttpRequest, event: Event) -> Live:
    """What the director's live parts compare: every change of the event, and the time step
    (a table turning late, the round's time running out). Read before anything is drawn."""
    return follow(request, feed.event_key(event.pk), event.pk, stepped=True)


@polled
@director_required
@require_GET
def rounds(request: HttpRequest, event: Event) -> HttpResponse:
    """The round control page; its close dialog polls (204 while nothing changed)."""
    shown = _live(request, event)
    if htmx(request):
        return _closing(request, event, shown)
    all_rounds = list(event.rounds.annotate(tables=Count("games")).order_by("number"))
    left = still_left(event)
    for rnd in all_rounds:
        rnd.left_unconfirmed = left.get(rnd.number, 0)  # type: ignore[attr-defined]  # for the template only
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
        "left": left_unconfirmed(latest) if closed and latest is not None else [],
        "next_number": next_number,
        "planned": planned,
        "all_played": planned is not None and next_number > planned,
        "finished": event.status == Event.Status.FINISHED,
        "extra_allowed": event.planned_rounds is None and format_of(event).round_by_round,
        "timed": event.timed,
        "live": shown,
    }
    if current is not None:
        context.update(_closing_context(current, shown))
    return render(request, "tournaments/rounds/rounds.html", context)


def _closing_context(current: Round, shown: Live) -> dict[str, Any]:
    """What the close dialog shows: the round judged (``services.rounds.done``), each table not
    done with what it waits for, the tables that entered nothing, and what its poll sends."""
    state = round_state(current)
    return {
        "state": state,
        "waiting": waiting_tables(state),
        "empty_warning": empty_tables_message(state.empty) if state.empty else "",
        "live": shown,
    }


def _closing(request: HttpRequest, event: Event, shown: Live) -> HttpResponse:
    """The close dialog, the clock's buttons and the close button as the tables stand now;
    the whole page once the round closed. Between rounds (``whole``) the page is loaded
    anew at any change of the event: time alone changes nothing there."""
    if request.GET.get("whole"):
        if request.GET.get("since") == str(shown.since):
            return HttpResponse(status=204)
        return HttpResponseClientRefresh()
    if unchanged(request, shown):
        return HttpResponse(status=204)
    current = open_round(event)
    if current is None:
        return HttpResponseClientRefresh()
    context = {"event": event, "current": current, "timed": event.timed}
    context.update(_closing_context(current, shown))
    return render(request, "tournaments/rounds/rounds.html#closing", context)


@director_required
@require_POST
def start(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        # The round the page offered: a page left open while another screen started it
        # (and perhaps closed it) must not start the one after.
        number = parse_int(request.POST.get("number"), minimum=1, maximum=MAX_SMALL)
    except NumberError:
        number = None
    try:
        rnd = start_round(event, user=request.user, number=number)
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
@opens_whole_page
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
@polled
@director_required
@require_GET
def alerts(request: HttpRequest, event: Event) -> HttpResponse:
    """The bar at the top of every director page of the event: the tables calling, the
    disputed entries and the late tables of the open round (204 while nothing changed).
    Every director's screen sees the same bar: it is drawn once per change."""
    shown = _live(request, event)
    if unchanged(request, shown):
        return HttpResponse(status=204)
    html = shared(
        f"bar:{event.pk}",
        shown,
        lambda: render_to_string(
            "tournaments/rounds/partials/alerts.html",
            {"event": event, "alerts": desk_alerts(open_round(event)), "live": shown},
            request,
        ),
    )
    return HttpResponse(html)


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
@require_GET
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


@polled
@director_required
@require_GET
def board(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    shown = _live(request, event)
    if htmx(request) and unchanged(request, shown):
        return HttpResponse(status=204)
    rnd = get_object_or_404(event.rounds.select_related("event"), number=number)
    if rnd.status == Round.Status.CLOSED:
        # A closed round's board follows its own round (a correction, a deal left
        # unconfirmed settled), not the evening played on; it never opens again.
        shown = follow(request, feed.round_key(rnd.pk), event.pk)
        if htmx(request):
            if unchanged(request, shown):
                return HttpResponse(status=204)
            return HttpResponseClientRefresh()  # drawn whole: its deals left unconfirmed too
    if not htmx(request):  # this page's own: its forms hold its CSRF token, no tile is kept
        context = _board_context(rnd, shown, {})
        return render(request, "tournaments/rounds/board.html", context)
    drawn_with = tile_values(rnd)
    # Every director's screen of the round sees the same board (its forms send the CSRF
    # token in the htmx header): drawn once per change for all of them.
    html = shared(
        f"board:{rnd.pk}",
        shown,
        lambda: render_to_string(
            "tournaments/rounds/board.html#board",
            _board_context(rnd, shown, drawn_with),
            request,
        ),
    )
    return HttpResponse(html)


def _board_context(rnd: Round, shown: Live, drawn_with: dict[int, str]) -> dict[str, Any]:
    """``drawn_with``: each table's values its tile is drawn and kept under (``tile_values``),
    read before the board is judged; empty for a page of one director's own."""
    found = round_board(rnd)
    is_open = rnd.status == Round.Status.OPEN
    return {
        **nav(rnd.event, "board", rnd),
        "round": rnd,
        "state": found.state,
        "tiles": [(tile, drawn_with.get(tile.game.table_id, "")) for tile in found.tiles],
        "counts": found.counts,
        "late": found.late,
        "calls": found.calls,
        "closable": is_open and found.state.done,
        "live": shown,
        "left": left_unconfirmed(rnd) if rnd.status == Round.Status.CLOSED else [],
    }
