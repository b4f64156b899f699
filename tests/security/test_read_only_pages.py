"""Pages that only show answer GET alone: a POST to them is refused with 405, not served as a
GET (an attack probe found the public page, the projector and /healthz answering POST 200).

Each such view names ``require_GET`` beneath its access check, so a director asking for
another's event still gets 404 whatever the method (``test_url_access``); the pages of the
club's public site get it from ``club_page``.
"""

import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.series_helpers import club_of, evening, total_series
from tournaments.kernel.public_ids import public_id
from tournaments.models import Event
from tournaments.services.club.public_page import set_public_page

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(director):
    """A running public event with a seated round, and a club page with an evening and a series."""
    event = make_event(director, public=True)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    club = set_public_page(club_of(director), True)
    night = evening(director, club, 5, {"Anna": 300, "Bernd": 200}, status=Event.Status.FINISHED)
    return {
        "event": event,
        "game": rnd.games.get(table__number=1),
        "player": event.players.first(),
        "club": club,
        "evening": night,
        "series": total_series(club, [night]),
    }


def read_only_urls(world) -> list[str]:
    event, club = world["event"], world["club"]
    on_event = [
        ("tournaments-director-event", []),
        ("tournaments-director-rounds", []),
        ("tournaments-director-alerts", []),
        ("tournaments-director-clock", []),
        ("tournaments-director-seating", [1]),
        ("tournaments-director-board", [1]),
        ("tournaments-director-game", [world["game"].pk]),
        ("tournaments-director-standings", []),
        ("tournaments-director-player", [world["player"].pk]),
        ("tournaments-director-audit", []),
        ("tournaments-director-print", []),
        ("tournaments-director-table-links", []),
        ("tournaments-director-print-pdf", ["seating"]),
    ]
    return [
        reverse("healthz"),
        reverse("home"),
        reverse("tournaments-public-help"),
        reverse("tournaments-public-help-language", args=["en"]),
        reverse("tournaments-table-code"),
        reverse("tournaments-director-events"),
        reverse("tournaments-director-ratings"),
        reverse("tournaments-director-series"),
        *(reverse(name, args=[event.pk, *args]) for name, args in on_event),
        reverse("tournaments-public", args=[event.public_token]),
        reverse("tournaments-public-projector", args=[event.public_token]),
        reverse("tournaments-public-clock", args=[event.public_token]),
        reverse("tournaments-public-club", args=[club.public_token]),
        reverse(
            "tournaments-public-club-evening", args=[club.public_token, public_id(world["evening"])]
        ),
        reverse(
            "tournaments-public-club-series", args=[club.public_token, public_id(world["series"])]
        ),
        reverse("tournaments-public-club-ratings", args=[club.public_token, "canasta"]),
    ]


def test_a_post_to_a_page_that_only_shows_is_refused(director_client, world):
    for url in read_only_urls(world):
        shown = director_client.get(url)
        assert shown.status_code in (200, 302), (url, shown.status_code)
        posted = director_client.post(url, {"name": "Mallory"})
        assert posted.status_code == 405, (url, posted.status_code)
        assert "GET" in posted["Allow"], url


def test_a_post_to_the_polled_part_is_refused_before_the_cache_is_read(director_client, world):
    """A poll's 204 comes from the cache alone: a POST with the poll's query gets 405 all
    the same, never that 204."""
    url = reverse("tournaments-public", args=[world["event"].public_token])
    director_client.get(url)
    headers = {"HX-Request": "true"}
    assert director_client.post(url + "?since=0&step=0", headers=headers).status_code == 405


def test_health_answers_a_monitors_head(client):
    assert client.head(reverse("healthz")).status_code == 200
