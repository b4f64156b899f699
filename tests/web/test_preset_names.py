"""Rule presets are named in the reader's language; a director's own name stays as written."""

import pytest
from django.urls import reverse

from scoring.profiles import CANASTA_PROFILES, GIN_PROFILES
from tournaments.kernel import profiles

pytestmark = [pytest.mark.django_db]

GERMAN = {
    "Wiener Canasta, short game to 2500": "Wiener Canasta, kurzes Spiel bis 2500",
    "Gin Rummy (Wiener club rules)": "Gin Rommé (Wiener Clubregeln)",
}


@pytest.fixture
def german_names(monkeypatch):
    """The catalogue's German names (the lead translates the new msgids after merging)."""
    monkeypatch.setattr(profiles, "gettext", lambda text: GERMAN.get(text, text))


def test_the_new_event_page_offers_the_presets_by_their_translated_names(
    director_client, german_names
):
    html = director_client.get(reverse("tournaments-director-event-new")).content.decode()
    assert "Wiener Canasta, kurzes Spiel bis 2500" in html
    assert "Gin Rommé (Wiener Clubregeln)" in html
    assert "short game to 2500" not in html


def test_the_event_page_names_the_preset_in_the_readers_language(
    director_client, event, german_names
):
    event.profile = {**event.profile, "name": "Wiener Canasta, short game to 2500"}
    event.save(update_fields=["profile"])
    html = director_client.get(reverse("tournaments-director-event", args=[event.pk])).content
    assert "Wiener Canasta, kurzes Spiel bis 2500" in html.decode()


def test_a_profile_the_director_named_keeps_its_name(event, german_names):
    event.profile = {**event.profile, "name": "Unser Clubabend"}
    assert profiles.event_profile_label(event) == "Unser Clubabend"


def test_every_preset_name_is_a_plain_english_msgid():
    names = [p.name for p in (*CANASTA_PROFILES.values(), *GIN_PROFILES.values())]
    assert "Wiener Canasta, short game to 3000" in names
    assert all(name.isascii() for name in names)
