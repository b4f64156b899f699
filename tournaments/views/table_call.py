"""The players call the director from the table's phone; the director acknowledges on the board.

The phone's button is a small partial that loads itself (GET) and posts the
call (POST); without htmx the POST redirects back to the table's page. While the
call waits it asks again every few seconds, and once the director has seen it the
phone says that someone is coming.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.access import director_required, table_for_token
from tournaments.kernel.errors import ServiceError
from tournaments.models import Event, Round, Table, TableCall
from tournaments.services.scores.calls import (
    REASON_LENGTH,
    acknowledge_call,
    answered_call,
    call_director,
    open_call,
)

PARTIAL = "tournaments/table/partials/call_director.html"
# The table's page draws the button of a table without a call; its first load asks with
# this mark and is answered 204 while that is still so.
QUIET = "quiet"


def _game_round(table: Table) -> Round | None:
    """The open round in which this table plays, if any."""
    return Round.objects.filter(
        event=table.event_id, status=Round.Status.OPEN, games__table=table
    ).first()


@never_cache
@require_http_methods(["GET", "POST"])
def call(request: HttpRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    rnd = _game_round(table)
    error = ""
    if request.method == "POST":
        try:
            if rnd is None:
                raise ServiceError(_("This table plays in no round now."))
            call_director(table, rnd, reason=request.POST.get("reason", ""))
        except ServiceError as refused:
            error = refused.message
        if not request.htmx:
            if error:
                messages.error(request, error)
            else:
                messages.success(request, _("The director is called and will come to your table."))
            return redirect("tournaments-table", token=table.token)
    waiting = open_call(table) if rnd else None
    coming = answered_call(table, rnd) if rnd and waiting is None else None
    if request.method == "GET" and request.GET.get("drawn") == QUIET and not (waiting or coming):
        return HttpResponse(status=204)  # as the page drew it: what the player opened stays
    context = {
        "table": table,
        "round": rnd,
        "call": waiting,
        "coming": coming,
        "error": error,
        "reason_length": REASON_LENGTH,
        "loaded": True,
    }
    return render(request, PARTIAL, context)


@director_required
@require_POST
def acknowledge(request: HttpRequest, event: Event, call_id: int) -> HttpResponse:
    found = get_object_or_404(
        TableCall.objects.select_related("round", "table"), pk=call_id, round__event=event
    )
    acknowledge_call(found, user=request.user)
    messages.success(request, _("%(table)s: you have seen the call.") % {"table": found.table})
    return redirect(
        reverse("tournaments-director-board", args=[event.pk, found.round.number])
        + f"#table-{found.table.number}"
    )
