"""Every director page has a "?" that opens its own section of the handbook, in German and
English: the walk of every URL (tests/security/urlwalk.py) opens each director page with real
ids, and its "?" must land on a heading that exists in the built handbook."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

from tests.conftest import tool_missing
from tests.factories import make_event, seat_round
from tests.security.urlwalk import routes
from tournaments import handbook
from tournaments.models import Club, Entry, Event, Member, Series
from tournaments.views.director_setup import OWN_PAGES, STEPS

pytestmark = pytest.mark.django_db

DIRECTOR = [route for route in routes() if route.name.startswith("tournaments-director")]
HELP_LINK = re.compile(r'<a class="help-link" href="(?P<href>[^"]+)"')


@pytest.fixture(scope="module")
def built():
    if not handbook.is_built():
        tool_missing("the built handbook", "`make docs` builds it")


def landing(href: str) -> tuple[str, str, str]:
    """``/help/de/rounds/#start-round`` → ("de", "rounds/", "start-round")."""
    match = re.fullmatch(r"/help/(?P<language>de|en)/(?P<page>[\w-]+/)#(?P<anchor>[\w-]+)", href)
    assert match, href
    return match["language"], match["page"], match["anchor"]


def heading_exists(language: str, page: str, anchor: str) -> bool:
    found = handbook.page_file(language, page)
    return found is not None and f'id="{anchor}"' in found.read_text(encoding="utf-8")


@pytest.fixture
def ids(director):
    """Real ids for every parameter of a director URL: a running event with a seated round,
    an entry, a club with a member and a series; a team event for the teams page."""
    event = make_event(director, public=True, status="running")
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    game = rnd.games.get(table__number=1)
    entry = Entry.objects.create(game=game, number=1, points_0=100, points_1=50)
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    member = Member.objects.create(club=club, name="Anna Berger")
    series = Series.objects.create(club=club, name="Autumn")
    teams = make_event(director, fmt="swiss", fixed_partners=True, players=4)
    return {
        "values": {
            "event_id": str(event.pk),
            "number": "1",
            "game_id": str(game.pk),
            "entry_id": str(entry.pk),
            "player_id": str(event.players.first().pk),
            "user_id": str(director.pk),
            "member_id": str(member.pk),
            "series_id": str(series.pk),
            "call_id": "1",
            "kind": "seating",
        },
        "teams": str(teams.pk),
    }


def director_pages(ids) -> list[tuple[str, str]]:
    """(name, URL) of every director URL, the set-up wizard once per step (the steps with a
    page of their own, such as the players, are walked as that page)."""
    pages = []
    for route in DIRECTOR:
        values = dict(ids["values"])
        if route.name == "tournaments-director-teams":
            values["event_id"] = ids["teams"]
        if "step" in route.parameters:
            steps = [slug for slug, _label in STEPS if slug not in OWN_PAGES]
            pages += [
                (f"{route.name}/{step}", route.url({**values, "step": step})) for step in steps
            ]
        else:
            pages.append((route.name, route.url(values)))
    return pages


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_director_page_has_a_help_link_to_its_own_section(
    built, director_client, ids, language
):
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    checked, missing = set(), []
    for name, url in director_pages(ids):
        response = director_client.get(url)
        body = response.content.decode(errors="replace")
        if response.status_code != 200 or "<html" not in body:
            continue  # a POST-only step, a PDF, a redirect or a fragment: not a page
        link = HELP_LINK.search(body)
        if link is None:
            missing.append(url)
            continue
        target = landing(link["href"])
        assert target[0] == language, (url, link["href"])
        assert heading_exists(*target), (url, link["href"])
        checked.add(name)
    assert not missing, f"director pages without a help link: {missing}"
    assert checked == set(handbook.SECTIONS), set(handbook.SECTIONS) ^ checked


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_section_of_the_map_exists_in_the_built_handbook(built, language):
    for key, section in handbook.SECTIONS.items():
        assert heading_exists(language, f"{section.page}/", section.anchor), (language, key)


def test_the_map_names_only_real_pages():
    names = {route.name for route in DIRECTOR}
    steps = {slug for slug, _label in STEPS}
    for key in handbook.SECTIONS:
        name, _, step = key.partition("/")
        assert name in names, key
        assert not step or step in steps, key


def test_players_and_visitors_see_no_help_link(client, director, ids):
    event_id = ids["values"]["event_id"]
    table = reverse("tournaments-table-code") + "?code=nothing"
    for url in (reverse("home"), reverse("login"), table):
        assert HELP_LINK.search(client.get(url, follow=True).content.decode()) is None, url
    event = Event.objects.get(pk=event_id)
    public = client.get(reverse("tournaments-public", args=[event.public_token]))
    assert public.status_code == 200
    assert HELP_LINK.search(public.content.decode()) is None
