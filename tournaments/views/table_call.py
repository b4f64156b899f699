"""The players call the director from the table's phone; the director acknowledges on the board.

The table's page draws the call's part (``partials/call_director.html``) and every answer
to the page draws it again, so each phone of the table hears of a call, and the calling
phone that the director is coming. Calling posts here; without htmx the POST redirects
back to the table's page.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import table_for_token
from tournaments.kernel.errors import ServiceError
from tournaments.models import Event, Game, Round, Table, TableCall
from tournaments.services.pages.table_game import call_notice
from tournaments.services.scores.calls import REASON_LENGTH, acknowledge_call, call_director
from tournaments.services.scores.entry_rows import device_hash
from tournaments.views.doors import director_required
from tournaments.views.requests import PhoneRequest
from tournaments.views.shared_forms import opens_whole_page
from tournaments.views.table_at import with_device

PARTIAL = "tournaments/table/partials/call_director.html"


def _open_game(table: Table) -> Game | None:
    """The table's game in the open round, if it plays one."""
    return (
        Game.objects.select_related("round")
        .filter(table=table, round__event=table.event_id, round__status=Round.Status.OPEN)
        .first()
    )


@require_POST
@with_device
def call(request: PhoneRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    game = _open_game(table)
    device = device_hash(request.meld_device)
    error = ""
    try:
        if game is None:
            raise ServiceError(_("This table plays in no round now."))
        call_director(table, game.round, reason=request.POST.get("reason", ""), device=device)
    except ServiceError as refused:
        error = refused.message
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, _("The director is called and will come to your table."))
        return redirect("tournaments-table", token=table.token)
    context = {"table": table, "error": error, "reason_length": REASON_LENGTH}
    if game is not None:
        game.table = table
        waiting, coming = call_notice(game, device)
        context.update(call=waiting, coming=coming, playing=True)
    return render(request, PARTIAL, context)


@director_required
@require_POST
@opens_whole_page
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
