"""Issue 32.2: every part of a public page and its projector speaks the event's language.

The page, the live part it polls, the projector's panels (seating by name, by table, the
standings) and the round clock they load are each read for a German and an English
event by a visitor whose browser asks for the other language: none of them holds a
phrase of that other language (``meld_testkit.language.foreign_phrases``).
"""

import pytest
from django.conf import settings
from django.urls import reverse

from meld_testkit.language import foreign_phrases
from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import close, finish
from tournaments.services.rounds.clock import start_clock
from tournaments.services.rounds.steps import start_round

pytestmark = [pytest.mark.django_db]

OTHER = {"de": "en", "en": "de"}
TIME_LEFT = {"de": "Verbleibende Zeit", "en": "Time left"}


def running(director, language: str):
    """Round 2 of a public progressive evening in ``language``: scores of round 1, the clock
    running."""
    event = make_event(director, players=8, public=True, language=language, draw_seed="lang")
    make_tables(event, 2)
    first = start_round(event, user=director)
    finish(first)
    close(first)
    second = start_round(event, user=director)
    start_clock(second, user=director, minutes=40)
    return event


def parts(client, event, browser: str) -> dict[str, str]:
    """Every part of the public page and the projector as this visitor gets it."""
    token = event.public_token
    get = lambda name, query="", **headers: client.get(  # noqa: E731
        reverse(name, args=[token]) + query, HTTP_ACCEPT_LANGUAGE=browser, **headers
    )
    htmx = {"HTTP_HX_REQUEST": "true"}
    found = {
        "page": get("tournaments-public"),
        "live": get("tournaments-public", "?since=-1", **htmx),
        "projector": get("tournaments-public-projector"),
        "clock": get("tournaments-public-clock"),
    }
    for panel in range(3):  # by name, by table, the standings
        found[f"panel {panel}"] = get("tournaments-public-projector", f"?panel={panel}", **htmx)
    for name, response in found.items():
        assert response.status_code == 200, name
    return {name: response.content.decode() for name, response in found.items()}


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_part_of_the_public_page_speaks_the_events_language(client, director, language):
    event = running(director, language)
    shown = parts(client, event, OTHER[language])
    assert {name: foreign_phrases(html, language) for name, html in shown.items()} == {
        name: [] for name in shown
    }
    assert TIME_LEFT[language] in shown["clock"]
    assert TIME_LEFT[OTHER[language]] not in shown["clock"]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_clock_says_the_language_of_the_page_it_is_on(client, director, language):
    event = running(director, language)
    url = reverse("tournaments-public-clock", args=[event.public_token])
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE=OTHER[language])
    assert answer.headers["Content-Language"] == language
    assert TIME_LEFT[language] in answer.content.decode()


def test_the_visitors_own_choice_holds_for_the_clock_too(client, director):
    event = running(director, "de")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    url = reverse("tournaments-public-clock", args=[event.public_token])
    assert "Time left" in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
