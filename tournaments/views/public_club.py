"""Public (no login): a club's page, for clubs whose director turned it on.

The coming evenings, the final standings of finished ones by year, and the standings
of the club's series. Every member's name appears as they chose on the register
(``services.club.public_names``). An evening running now links to its own live
public page where the director made one (it names members the same way); a finished
one links to its final standings here.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from ratings import PROVISIONAL_GAMES
from tournaments.access import public_club
from tournaments.kernel.public_ids import named
from tournaments.kernel.public_name import member_name
from tournaments.models import Club, Event, Series
from tournaments.services.club import public_page as club_pages
from tournaments.services.club import series as series_service
from tournaments.services.ratings import lists as rating_lists
from tournaments.services.scores.standings import notes, precedence, rounds_in
from tournaments.tables import RatingTable, SeriesTable
from tournaments.views.director_ratings import (
    card_game_of_request,
    card_game_tabs,
    rating_records,
)
from tournaments.views.director_series import series_records

P = ParamSpec("P")


def club_page(
    view: Callable[Concatenate[HttpRequest, Club, P], HttpResponse],
) -> Callable[..., HttpResponse]:
    """The club is found by its page's token, and only while its page is on; it only shows
    (GET)."""

    @never_cache
    @require_GET
    @wraps(view)
    def wrapper(request: HttpRequest, club_token: str, *args: Any, **kwargs: Any) -> HttpResponse:
        return view(request, public_club(club_token), *args, **kwargs)

    return wrapper


@club_page
def club(request: HttpRequest, club: Club) -> HttpResponse:
    context = {
        "club": club,
        "coming_up": club_pages.coming_up(club),
        "series": list(club.series.order_by("-created_at", "pk")),
        "seasons": club_pages.archive(club),
        "rated_card_games": rating_lists.rated_card_games(),
    }
    return render(request, "tournaments/club/public.html", context)


@club_page
def evening(request: HttpRequest, club: Club, evening_id: str) -> HttpResponse:
    """A finished evening's final standings."""
    event = named(club.events.filter(status=Event.Status.FINISHED), evening_id)
    if event is None:
        raise Http404("No finished evening of this club.")
    rows = club_pages.final_standings(event)
    rounds = rounds_in(rows)
    for row in rows:
        row.cells = [row.per_round.get(number) for number in rounds]
    context = {
        "club": club,
        "event": event,
        "rows": rows,
        "rounds": rounds,
        "metrics": precedence(event),
        "notes": notes(event, rows),
    }
    return render(request, "tournaments/club/public_evening.html", context)


@club_page
def series(request: HttpRequest, club: Club, series_id: str) -> HttpResponse:
    found = named(club.series.all(), series_id)
    if found is None:
        raise Http404("No series of this club.")
    result = series_service.series_standings(found, public=True)
    labels = {event.pk: f"{event.date:%d.%m.}" for event in result.events}
    records = series_records(result.rows, found, labels)
    for record, row in zip(records, result.rows, strict=True):
        record["name"] = member_name(row.member)
    events = [(f"e{event_id}", label) for event_id, label in labels.items()]
    table = SeriesTable(
        records,
        events=events,
        average=found.rule == Series.Rule.AVERAGE,
        best=found.rule == Series.Rule.BEST,
    )
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "club": club,
        "series": found,
        "events": result.events,
        "table": table,
        "ties": series_service.tie_break_line(found.rule),
        "best_of": found.best_of if found.rule == Series.Rule.BEST else None,
    }
    return render(request, "tournaments/club/public_series.html", context)


@club_page
def ratings(request: HttpRequest, club: Club, card_game: str) -> HttpResponse:
    """The club's rating list in one card game, each member named as they chose; members
    whose values are equal stand in the order of those names, never of the real ones."""
    card_game = card_game_of_request(request, card_game)
    rows = rating_lists.rating_list(club, card_game, name=member_name)
    table = RatingTable(rating_records(rows, links=False))
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "club": club,
        "table": table,
        "tabs": card_game_tabs(
            card_game,
            lambda key: reverse("tournaments-public-club-ratings", args=[club.public_token, key]),
        ),
        "card_game_label": dict(rating_lists.rated_card_games())[card_game],
        "provisional_games": PROVISIONAL_GAMES,
    }
    return render(request, "tournaments/club/public_ratings.html", context)
