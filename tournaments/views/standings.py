"""Director: the standings (sortable, paginated, CSV/XLSX), a player's tally, the audit trail."""

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from tournaments.access import director_required
from tournaments.kernel.numbers import MAX_ID, query_int
from tournaments.models import AuditEntry, Event, Game, Player
from tournaments.services.pages.live import nav, standings_mark
from tournaments.services.pages.tallies import tally
from tournaments.services.scores import audit as trail
from tournaments.services.scores.standings import notes, precedence, standings
from tournaments.tables import EXPORT_TYPES, export_dataset, standings_table

AUDIT_PER_PAGE = 50


@director_required
def standings_page(request: HttpRequest, event: Event) -> HttpResponse:
    """The standings; the page polls (204 while no score, no round and no name changed)."""
    mark = standings_mark(event)
    if request.htmx and request.GET.get("mark") == mark:
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
        "poll_url": _poll_url(request, mark),
    }
    template = "tournaments/standings/standings.html"
    if request.htmx:
        template += "#standings"
    return render(request, template, context)


def _poll_url(request: HttpRequest, mark: str) -> str:
    """This page as it is sorted and paged, with the mark of what it shows."""
    query = request.GET.copy()
    query["mark"] = mark
    return f"{request.path}?{query.urlencode()}"


@director_required
def player(request: HttpRequest, event: Event, player_id: int) -> HttpResponse:
    person = get_object_or_404(Player, pk=player_id, event=event)
    rows = standings(event)
    row = next((r for r in rows if not r.is_team and r.player.pk == person.pk), None)
    context = {
        **nav(event, "standings"),
        "player": person,
        "lines": tally(event, person),
        "row": row,
        "metric": precedence(event)[0],
    }
    return render(request, "tournaments/standings/player.html", context)


@director_required
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
    for item in page:
        item.sentence, item.who, item.given_reason = (
            trail.describe(item),
            trail.actor(item),
            trail.reason(item),
        )
    context = {**nav(event, "audit"), "page": page, "game": game}
    return render(request, "tournaments/rounds/audit.html", context)
