"""Issue 32.4: one language on each page. The pages issue 32 touched, drawn in German and in
English, hold no phrase of the other language (``meld_testkit.language.foreign_phrases``):
the director's event page, player list and draw after a substitute took over, the phone of
the player replaced, and a phone's untouched form with its question."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from meld_testkit.language import foreign_phrases
from tests.web.substitute_helpers import substituted_evening
from tests.web.test_untouched_entry import KINDS, as_drawn, phone, started

pytestmark = [pytest.mark.django_db]


@pytest.fixture(params=["de", "en"])
def language(request, settings):
    settings.LANGUAGE_CODE = request.param
    with translation.override(request.param):
        yield request.param


def in_language(client: Client, language: str) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def test_the_directors_pages_after_a_substitute_keep_to_one_language(
    director, director_client, language
):
    evening = substituted_evening(director, Client())
    event = evening["event"]
    client = in_language(director_client, language)
    for name in (
        "tournaments-director-event",
        "tournaments-director-players",
        "tournaments-director-draw",
    ):
        html = client.get(reverse(name, args=[event.pk])).content.decode()
        assert f'<html lang="{language}"' in html, name
        assert foreign_phrases(html, language) == [], name
    anna = event.players.get(name="Anna Bauer")
    url = reverse("tournaments-director-player", args=[event.pk, anna.pk])
    assert foreign_phrases(client.get(url).content.decode(), language) == []


def test_the_replaced_players_phone_keeps_to_one_language(director, language):
    anna = Client()
    evening = substituted_evening(director, anna)
    html = (
        in_language(anna, language)
        .get(reverse("tournaments-table", args=[evening["old_table"].token]))
        .content.decode()
    )
    assert evening["eva"].name in html and f'<html lang="{language}"' in html
    assert foreign_phrases(html, language) == []


@pytest.mark.parametrize("kind", ["canasta, points", "gin, two"])
def test_a_phones_question_about_an_untouched_form_keeps_to_one_language(director, language, kind):
    game = started(director, **KINDS[kind])
    client, _page = phone(game)
    in_language(client, language)
    page = client.get(reverse("tournaments-table", args=[game.table.token])).content.decode()
    assert f'<html lang="{language}"' in page and foreign_phrases(page, language) == []
    action, data = as_drawn(page)
    for htmx in ({"HTTP_HX_REQUEST": "true"}, {}):
        html = client.post(action, data, **htmx).content.decode()
        assert foreign_phrases(html, language) == []
