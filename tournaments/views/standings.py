"""Director: the standings (sortable, paginated, CSV/XLSX), a player's tally, the audit trail."""

from dataclasses import dataclass

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from tournaments.access import director_required
from tournaments.models import AuditEntry, Bye, Event, Game, Player, Result, Seat
from tournaments.numbers import MAX_ID, query_int
from tournaments.services.standings import precedence, standings
from tournaments.tables import EXPORT_TYPES, export_dataset, standings_table
from tournaments.views.director_rounds import nav

AUDIT_PER_PAGE = 50


@director_required
def standings_page(request: HttpRequest, event: Event) -> HttpResponse:
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
        "drawn": any(row.tied and not row.shared for row in rows),
        "shared": any(row.shared for row in rows),
    }
    return render(request, "tournaments/standings/standings.html", context)


@dataclass
class TallyLine:
    """One round on a player's tally: where they sat, with whom, against whom, what they scored."""

    round: int
    game: Game | None = None
    partners: tuple[Player, ...] = ()
    opponents: tuple[Player, ...] = ()
    points: int | None = None
    net: int | None = None
    match_points: int | None = None
    won: bool = False
    bye: bool = False
    running: int = 0


def tally(event: Event, player: Player) -> list[TallyLine]:
    """The player's rounds in order (4 queries whatever the event's size)."""
    seats = list(Seat.objects.filter(player=player).select_related("game__table", "game__round"))
    games = [seat.game_id for seat in seats]
    others: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(game_id__in=games).select_related("player").order_by("position")
    ):
        others.setdefault(seat.game_id, []).append(seat)
    results = {r.round_id: r for r in Result.objects.filter(player=player)}
    lines: dict[int, TallyLine] = {}
    for seat in seats:
        at_table = others.get(seat.game_id, [])
        line = TallyLine(
            round=seat.game.round.number,
            game=seat.game,
            partners=tuple(
                s.player for s in at_table if s.side == seat.side and s.player_id != player.pk
            ),
            opponents=tuple(s.player for s in at_table if s.side != seat.side),
        )
        result = results.get(seat.round_id)
        if result is not None:
            line.points, line.net = result.points, result.net
            line.match_points, line.won = result.match_points, result.won
        lines[line.round] = line
    for bye in Bye.objects.filter(player=player).select_related("round"):
        lines[bye.round.number] = TallyLine(
            round=bye.round.number, points=bye.points, net=bye.points, bye=True
        )
    ordered = [lines[number] for number in sorted(lines)]
    key = precedence(event)[0].key
    running = 0
    for line in ordered:
        if key == "match_points":
            running += line.match_points or 0
        elif key == "net":
            running += line.net or 0
        else:
            running += line.points or 0
        line.running = running
    return ordered


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
        "user", "game__table", "game__round", "entry"
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
        item.old_text, item.new_text = describe(item.old), describe(item.new)
    context = {**nav(event, "audit"), "page": page, "game": game}
    return render(request, "tournaments/rounds/audit.html", context)


def describe(value) -> str:
    """An audit row's old or new value, readable: scores as "120 : -35", the rest as "key: value"."""
    if value in (None, "", [], {}):
        return ""
    if isinstance(value, list):
        return "; ".join(filter(None, (describe(item) for item in value)))
    if isinstance(value, dict):
        if "points" in value and isinstance(value["points"], list):
            points = " : ".join(str(p) for p in value["points"])
            version = value.get("version")
            return f"{points} (v{version})" if version else points
        return ", ".join(
            f"{key}: {describe(item) if isinstance(item, dict | list) else item}"
            for key, item in value.items()
        )
    return str(value)
