"""Director: a club's rating list in each card game, with CSV/XLSX export; the club's
public page shows the same list with each member's name as they chose."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from ratings import PROVISIONAL_GAMES, Rating
from tournaments.access import clubs_for
from tournaments.charts import LineChart, line_chart
from tournaments.models import Club, Member
from tournaments.services.ratings import lists as rating_lists
from tournaments.services.ratings.lists import ListRow, RatedEvening
from tournaments.tables import EXPORT_TYPES, RatingTable, export_dataset
from tournaments.views.doors import director_club


def card_game_of_request(request: HttpRequest, card_game: str | None = None) -> str:
    """The card game whose list is asked for (``?game=`` or the URL's), else the first."""
    keys = [key for key, _label in rating_lists.rated_card_games()]
    wanted = card_game if card_game is not None else request.GET.get("game", keys[0])
    if wanted not in keys:
        raise Http404("No rating list of that game.")
    return wanted


def rating_records(rows: list[ListRow], *, links: bool) -> list[dict[str, Any]]:
    """The rating table's rows; ``links`` to each member's page (the director's list)."""
    return [
        {
            "rank": row.rank,
            "shared": row.shared,
            "name": row.name,
            "url": reverse("tournaments-director-member", args=[row.member.pk]) if links else "",
            "rating": row.value,
            "games": row.rating.games,
            "note": rating_lists.provisional(row.rating),
        }
        for row in rows
    ]


def card_game_tabs(card_game: str, url: Callable[[str], str]) -> list[dict[str, Any]]:
    """A tab per card game (``url`` of its list), the one of ``card_game`` current."""
    return [
        {"url": url(key), "label": label, "current": key == card_game}
        for key, label in rating_lists.rated_card_games()
    ]


def _export(table: RatingTable, club: Club, card_game: str, kind: str) -> HttpResponse:
    label = dict(rating_lists.rated_card_games())[card_game]
    title = _("Rating list %(game)s") % {"game": label}
    response = HttpResponse(
        export_dataset(table, title).export(kind), content_type=EXPORT_TYPES[kind]
    )
    filename = f"{slugify(club.name) or 'club'}-{card_game}-ratings.{kind}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def rating_list(request: HttpRequest) -> HttpResponse:
    """The list of one card game, best first; ``?export=csv`` or ``xlsx`` downloads it."""
    club = director_club(request)
    card_game = card_game_of_request(request)
    context: dict[str, object] = {
        "clubs": list(clubs_for(request.user)),
        "club": club,
        "tabs": card_game_tabs(
            card_game, lambda key: f"?club={club.pk}&game={key}" if club else ""
        ),
        "provisional_games": PROVISIONAL_GAMES,
    }
    if club is not None:
        table = RatingTable(rating_records(rating_lists.rating_list(club, card_game), links=True))
        RequestConfig(request, paginate=False).configure(table)
        export = request.GET.get("export")
        if export in EXPORT_TYPES:
            return _export(table, club, card_game, export)
        context.update(
            table=table,
            card_game=card_game,
            card_game_label=dict(rating_lists.rated_card_games())[card_game],
        )
    return render(request, "tournaments/members/ratings.html", context)


@dataclass(frozen=True)
class SeasonRating:
    """A member's rating in one card game, and what the season's evenings did to it."""

    label: str
    rating: Rating
    note: str
    evenings: list[RatedEvening]
    chart: LineChart | None

    @property
    def value(self) -> float:
        return rating_lists.shown(self.rating)


def member_season_ratings(member: Member, season: int | None) -> list[SeasonRating]:
    """The member page's ratings: each card game's, with the season's evenings and a chart of
    the rating after each of them."""
    found = []
    for item in rating_lists.member_ratings(member):
        evenings = [e for e in item.evenings if e.event.date.year == season]
        chart = line_chart(
            [(f"{e.event.date:%d.%m.}", rating_lists.shown(e.after)) for e in evenings]
        )
        found.append(
            SeasonRating(
                item.label, item.rating, rating_lists.provisional(item.rating), evenings, chart
            )
        )
    return found
