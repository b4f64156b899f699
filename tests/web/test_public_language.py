"""The public page and the projector speak the event's language unless the visitor chose another."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import make_event

pytestmark = [pytest.mark.django_db]


def public(event, view="tournaments-public"):
    return reverse(view, args=[event.public_token])


@pytest.mark.parametrize("view", ["tournaments-public", "tournaments-public-projector"])
@pytest.mark.parametrize(
    ("event_language", "browser", "heading"),
    [
        ("de", "en", "Rangliste"),
        ("en", "de", "Standings"),
    ],
)
def test_the_event_language_wins_over_the_browsers(
    client, director, view, event_language, browser, heading
):
    event = make_event(director, public=True, language=event_language)
    response = client.get(public(event, view), HTTP_ACCEPT_LANGUAGE=browser)
    page = response.content.decode()
    assert f'<html lang="{event_language}">' in page and heading in page
    assert response.headers["Content-Language"] == event_language


def test_the_visitors_own_choice_wins_over_the_event_language(client, director):
    event = make_event(director, public=True, language="de")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(public(event), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="en">' in page and "Standings" in page


def test_the_language_switch_on_the_public_page_sets_the_visitors_choice(client, director):
    event = make_event(director, public=True, language="de")
    page = client.get(public(event)).content.decode()
    assert 'value="en"' in page
    client.post(reverse("set_language"), {"language": "en", "next": public(event)})
    assert '<html lang="en">' in client.get(public(event)).content.decode()
