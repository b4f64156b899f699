"""Every URL of the project, walked from the URL configuration: who may open what.

Only the allow-listed pages are open to anonymous visitors; everything else
sends them to a log-in page (or refuses outright). A director who does not run
an event gets 404 on every URL of that event, whatever else the URL names.
"""

import pytest
from django.conf import settings
from django.shortcuts import resolve_url
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.security.urlwalk import Route, routes
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

PUBLIC_NAMES = {"home", "login", "logout", "set_language", "healthz", "admin:login", "admin:logout"}
# A player's own pages open by the private link of their evening (or a mail's link), no log-in.
PUBLIC_PREFIXES = ("tournaments-table", "tournaments-public", "tournaments-player")


def is_public(route: Route) -> bool:
    return route.full_name in PUBLIC_NAMES or route.name.startswith(PUBLIC_PREFIXES)


ALL = list(routes())
GUARDED = [route for route in ALL if not is_public(route)]
EVENT_SCOPED = [route for route in ALL if "event_id" in route.parameters]


def sends_to_login(response, login_url: str) -> bool:
    return response.status_code == 302 and response["Location"].split("?")[0] == login_url


def test_the_walk_finds_every_audience():
    names = {route.full_name for route in ALL}
    assert {
        "tournaments-director-board",
        "tournaments-table-submit",
        "tournaments-public",
        "admin:index",
    } <= names
    assert len(EVENT_SCOPED) >= 30


@pytest.mark.parametrize(
    "route", [r for r in GUARDED if r.namespace != "admin"], ids=lambda r: r.full_name
)
def test_an_anonymous_visitor_is_sent_to_log_in(client, director, route):
    event = make_event(director)
    url = route.url({"event_id": str(event.pk)})
    login = resolve_url(settings.LOGIN_URL)
    answers = {method: getattr(client, method)(url) for method in ("get", "post")}
    for method, response in answers.items():
        assert sends_to_login(response, login) or response.status_code == 405, (
            method,
            url,
            response.status_code,
        )
    assert any(sends_to_login(response, login) for response in answers.values()), url


@pytest.mark.parametrize(
    "route", [r for r in GUARDED if r.namespace == "admin"], ids=lambda r: r.full_name
)
def test_an_anonymous_visitor_cannot_use_the_admin(client, route):
    url = route.url({})
    admin_login = reverse("admin:login")
    for method in ("get", "post"):
        response = getattr(client, method)(url)
        assert sends_to_login(response, admin_login) or response.status_code in (403, 404, 405), (
            method,
            url,
            response.status_code,
        )


def test_a_director_cannot_use_the_admin(director_client):
    assert sends_to_login(director_client.get(reverse("admin:index")), reverse("admin:login"))


@pytest.fixture
def foreign(director):
    """Someone else's running event, with a table, a game, an entry: real ids for every URL."""
    event = make_event(director, public=True)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    game = rnd.games.get(table__number=1)
    entry = Entry.objects.create(game=game, number=1, points_0=100, points_1=50)
    return {
        "event_id": str(event.pk),
        "number": "1",
        "game_id": str(game.pk),
        "entry_id": str(entry.pk),
        "player_id": str(event.players.first().pk),
        "user_id": str(director.pk),
        "step": "event",
        "kind": "seating",
    }


@pytest.mark.parametrize("route", EVENT_SCOPED, ids=lambda r: r.full_name)
def test_a_director_gets_404_on_every_url_of_an_event_not_theirs(
    client, other_director, foreign, route
):
    client.force_login(other_director)
    url = route.url(foreign)
    get, post = client.get(url), client.post(url, {"reason": "x", "name": "Mallory"})
    assert post.status_code == 404, (url, post.status_code)
    assert get.status_code in (404, 405), (url, get.status_code)


@pytest.mark.parametrize("route", EVENT_SCOPED, ids=lambda r: r.full_name)
def test_the_same_urls_open_for_the_events_own_director(client, director, foreign, route):
    """The ids above are real: the 404s come from the scope, not from a made-up id."""
    client.force_login(director)
    response = client.get(route.url(foreign))
    assert response.status_code in (200, 302, 405), (route.url(foreign), response.status_code)


HUGE_ID = "9" * 25  # more than any id column holds (a BigAutoField ends at 19 digits)


@pytest.mark.parametrize("route", EVENT_SCOPED, ids=lambda r: r.full_name)
def test_ids_beyond_any_column_are_not_found(client, director, foreign, route):
    """Only the event's own id is real; every other number in the address is too large."""
    client.force_login(director)
    numbers = {name: HUGE_ID for name in ("number", "game_id", "entry_id", "player_id", "user_id")}
    url = route.url({**foreign, **numbers})
    get, post = client.get(url), client.post(url, {"reason": "x", "name": "Mallory"})
    for response in (get, post):
        assert response.status_code in (200, 302, 404, 405), (url, response.status_code)
    assert client.get(route.url({**foreign, "event_id": HUGE_ID})).status_code in (404, 405)
