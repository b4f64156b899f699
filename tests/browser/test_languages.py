"""Every word in the reader's language: round notes, the audit trail, presets, the public
page and the standings, in German and in English, at phone and laptop width."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot, sign_in
from tests.conftest import PHONE
from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import finish
from tournaments.models import Result, Round
from tournaments.services.rounds.steps import force_close_round, start_round
from tournaments.services.setup.draw import draw_numbers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)
OTHER = {"de": "en", "en": "de"}
# The words each language shows (msgids the German catalogue already translates).
WORDS = {
    "de": {
        "note": "Runde 1 von 11 des Spielplans für 12 Spieler.",
        "standings": "Rangliste",
    },
    "en": {
        "note": "Round 1 of 11 of the schedule for 12 players.",
        "standings": "Standings",
    },
}


@pytest.fixture
def page(browser, live_server, director, language):
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(context, live_server, director, language)
    page = context.new_page()
    yield page
    context.close()


def evening(director, **fields):
    event = make_event(director, players=12, name="Herbstturnier", public=True, **fields)
    make_tables(event, 3)
    return event


def both_widths(page, artifacts_dir, name):
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, name)
    shoot(page, artifacts_dir, name, laptop=True)


def test_how_a_round_was_seated_reads_in_the_readers_language(
    page, live_server, director, language, artifacts_dir
):
    event = evening(director)
    with translation.override(OTHER[language]):
        start_round(event, user=director)
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    notes = page.locator(".explanation")
    expect(notes).to_contain_text(WORDS[language]["note"])
    expect(notes).not_to_contain_text(WORDS[OTHER[language]]["note"])
    both_widths(page, artifacts_dir, f"words-round-notes-{language}")


def test_the_audit_trail_reads_as_sentences(page, live_server, director, language, artifacts_dir):
    event = evening(director)
    with translation.override(OTHER[language]):
        draw_numbers(event, seed="herbst", user=director)
        rnd = start_round(event, user=director)
        force_close_round(rnd, user=director, reason="Sperrstunde")
    page.goto(f"{live_server.url}/events/{event.pk}/audit/")
    trail = page.locator(".audit-list")
    expect(trail).to_contain_text("Sperrstunde")
    for raw in ("unfinished_tables", "status: closed", "draw_seed", "sonstige Änderung"):
        expect(trail).not_to_contain_text(raw)
    if language == "en":
        expect(trail).to_contain_text("12 numbers drawn by lot (draw herbst).")
        expect(trail).to_contain_text("Round 1 closed early; tables 1, 2, 3 had not finished.")
    else:
        expect(trail).not_to_contain_text("Player numbers drawn")
    both_widths(page, artifacts_dir, f"words-audit-{language}")


def test_presets_and_quotes_follow_the_page_language(
    page, live_server, director, language, artifacts_dir
):
    page.goto(f"{live_server.url}/events/new/")
    options = page.locator("select#id_preset option")
    expect(options.first).to_be_attached()
    if language == "en":
        expect(page.locator("select#id_preset")).to_contain_text(
            "Wiener Canasta, short game to 2500"
        )
        assert "„" not in page.content()
    both_widths(page, artifacts_dir, f"words-new-event-{language}")


def test_the_public_page_speaks_the_events_language_until_the_visitor_picks_another(
    browser, live_server, director, language, artifacts_dir
):
    event = evening(director, language=language)
    start_round(event, user=director)
    # The visitor's browser asks for the other language: the event's wins.
    context = browser.new_context(viewport=PHONE, locale=LOCALES[OTHER[language]])
    visitor = context.new_page()
    visitor.goto(f"{live_server.url}/p/{event.public_token}/")
    expect(visitor.locator("html")).to_have_attribute("lang", language)
    expect(visitor.locator("#standings-h")).to_have_text(WORDS[language]["standings"])
    both_widths(visitor, artifacts_dir, f"words-public-{language}")
    visitor.goto(f"{live_server.url}/p/{event.public_token}/projector/")
    expect(visitor.locator("html")).to_have_attribute("lang", language)
    visitor.goto(f"{live_server.url}/p/{event.public_token}/")
    visitor.get_by_role("button", name=OTHER[language].upper()).click()
    expect(visitor.locator("html")).to_have_attribute("lang", OTHER[language])
    expect(visitor.locator("#standings-h")).to_have_text(WORDS[OTHER[language]]["standings"])
    context.close()


def test_level_entries_share_a_place_and_open_rounds_are_provisional(
    page, browser, live_server, director, language, artifacts_dir
):
    # Ranked by match points, then points: level entries share a place (RULES.md 3.6).
    event = evening(director, language=language, scoring_mode="match")
    first = start_round(event, user=director)
    finish(first, lambda game: (1000, 1000))
    first.status = Round.Status.CLOSED
    first.save(update_fields=["status"])
    start_round(event, user=director)
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    expect(page.locator(".provisional")).to_be_visible()
    expect(page.locator("table").first).to_contain_text("1=")
    expect(page.locator(".tie-breaks")).to_be_visible()
    if language == "en":
        expect(page.locator(".provisional")).to_have_text("Provisional: round 2 is being played.")
        expect(page.locator(".tie-breaks")).to_contain_text(
            "Ties broken by: points, then the draw."
        )
    assert Result.objects.filter(round=first).count() == 12
    both_widths(page, artifacts_dir, f"words-standings-{language}")
    page.goto(f"{live_server.url}/p/{event.public_token}/")
    expect(page.locator(".provisional")).to_be_visible()
    expect(page.locator("#standings")).to_contain_text("1=")
    both_widths(page, artifacts_dir, f"words-public-standings-{language}")
