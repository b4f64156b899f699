"""Director: the standings (sortable, paginated, CSV/XLSX), a player's tally, the audit trail."""

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from tournaments.kernel import feed
from tournaments.kernel.numbers import MAX_ID
from tournaments.models import AuditEntry, Event, Game, Player
from tournaments.services.pages.live import Live, nav
from tournaments.services.pages.tallies import tally
from tournaments.services.scores import audit as trail
from tournaments.services.scores.standings import notes, precedence, standings
from tournaments.tables import EXPORT_TYPES, export_dataset, standings_table
from tournaments.views.doors import director_required, query_int
from tournaments.views.live import follow, polled, unchanged
from tournaments.views.requests import htmx

AUDIT_PER_PAGE = 50


@polled
@director_required
@require_GET
def standings_page(request: HttpRequest, event: Event) -> HttpResponse:
    """The standings; the page polls (204 while nothing of the event changed)."""
    shown = follow(request, feed.event_key(event.pk), event.pk)
    if unchanged(request, shown):
        return HttpResponse(status=204)
    rows = standings(event)
    table = standings_table(event, rows)
    export = request.GET.get("export")
    if export in EXPORT_TYPES:
        RequestConfig(request, paginate=False).configure(table)
        dataset = export_dataset(table, _("Standings"))
        response = HttpResponse(dataset.export(export), content_type=EXPORT_TYPES[export])
        filename = f"{slugify(event.name) or 'event'}-{event.date:%Y-%m-%d}-standings.{export}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    context = {
        **nav(event, "standings"),
        "table": table,
        "metrics": precedence(event),
        "notes": notes(event, rows),
        "poll_url": _poll_url(request, shown),
    }
    template = "tournaments/standings/standings.html"
    if htmx(request):
        template += "#standings"
    return render(request, template, context)


def _poll_url(request: HttpRequest, shown: Live) -> str:
    """This page as it is sorted and paged, with the feed's value it was drawn with."""
    query = request.GET.copy()
    query["since"] = str(shown.since)
    return f"{request.path}?{query.urlencode()}"


@director_required
@require_GET
def player(request: HttpRequest, event: Event, player_id: int) -> HttpResponse:
    person = get_object_or_404(Player, pk=player_id, event=event)
    rows = standings(event)
    # Not a team's row: a player's (an event's standings rows all have their entrant).
    row = next((r for r in rows if isinstance(r.player, Player) and r.player.pk == person.pk), None)
    context = {
        **nav(event, "standings"),
        "player": person,
        "replaced_by": person.substitutes.order_by("joined_round", "pk").first(),
        "lines": tally(event, person),
        "row": row,
        "metric": precedence(event)[0],
    }
    return render(request, "tournaments/standings/player.html", context)


@director_required
@require_GET
def audit(request: HttpRequest, event: Event) -> HttpResponse:
    entries = AuditEntry.objects.filter(event=event).select_related(
        "event", "user", "game__table", "game__round", "entry"
    )
    game_id = query_int(request, "game", minimum=1, maximum=MAX_ID)
    game = None
    if game_id is not None:
        game = get_object_or_404(
            Game.objects.select_related("table", "round"), pk=game_id, round__event=event
        )
        entries = entries.filter(game=game)
    page = Paginator(entries, AUDIT_PER_PAGE).get_page(request.GET.get("page"))
    for item in page:  # what the trail's page shows of each row, beside the model's fields
        item.sentence, item.who, item.given_reason = (  # type: ignore[attr-defined]  # for the template only
            trail.describe(item),
            trail.actor(item),
            trail.reason(item),
        )
    context = {**nav(event, "audit"), "page": page, "game": game}
    return render(request, "tournaments/rounds/audit.html", context)
