"""A director sets up a 12-player progressive Canasta evening in the browser, on a phone and a laptop."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tournaments.models import Event

pytestmark = pytest.mark.browser

NAMES = [
    "Anna Berger",
    "Bernd Huber",
    "Clara Roth",
    "Dieter Wolf",
    "Eva Lang",
    "Franz Maier",
    "Gerda Schmid",
    "Hans Bauer",
    "Ilse Winkler",
    "Jakob Fuchs",
    "Karin Moser",
    "Ludwig Hofer",
]


def test_director_creates_a_progressive_evening_and_draws_the_numbers(
    page, live_server, django_user_model, artifacts_dir
):
    django_user_model.objects.create_user("erika", password="Karten-2026!")
    log_in(page, live_server, "erika", "Karten-2026!")
    shoot(page, artifacts_dir, "setup-01-event-list-phone")

    page.get_by_role("link", name="Create your first event").click()
    page.fill("#id_name", "Club evening in November")
    page.fill("#id_date", "2026-11-22")
    page.select_option("#id_preset", "canasta:wiener")
    shoot(page, artifacts_dir, "setup-02-new-event-phone")
    page.get_by_role("button", name="Create the event").click()

    expect(page.get_by_role("heading", name="Game and rules")).to_be_visible()
    expect(page.get_by_label("Game target")).to_have_value("5000")
    shoot(page, artifacts_dir, "setup-03-rules-phone")
    no_horizontal_scroll(page)
    page.get_by_role("button", name="Save and continue").click()

    expect(page.get_by_role("heading", name="What a round is")).to_be_visible()
    page.get_by_role("button", name="Save and continue").click()

    expect(page.get_by_role("heading", name="Format", exact=True)).to_be_visible()
    expect(page.get_by_label("Progressive (changing partners)")).to_be_checked()
    page.get_by_role("button", name="Save and continue").click()

    expect(page.get_by_role("heading", name="Scoring")).to_be_visible()
    page.get_by_role("button", name="Save and continue").click()

    expect(page.get_by_role("heading", name=re.compile("Players"))).to_be_visible()
    page.get_by_text("Paste a whole list", exact=True).click()
    page.fill("#id_text", "\n".join(NAMES))
    page.get_by_role("button", name="Add these players").click()
    expect(page.get_by_text("12 players added.")).to_be_visible()
    shoot(page, artifacts_dir, "setup-04-players-phone")
    no_horizontal_scroll(page)

    page.get_by_role("link", name="Continue").click()
    expect(page.get_by_role("heading", name="The draw of numbers")).to_be_visible()
    page.get_by_role("button", name="Draw the numbers for 12 players").click()
    expect(page.get_by_text("The numbers are drawn.")).to_be_visible()

    by_number = page.get_by_test_id("by-number").locator("li")
    expect(by_number).to_have_count(12)
    expect(by_number.first).to_contain_text("1")
    by_name = page.get_by_test_id("by-name").locator("li")
    # By name means by family name, as clubs list their players: Bauer before Berger.
    expect(by_name.first).to_contain_text("Hans Bauer")
    event = Event.objects.get(name="Club evening in November")
    assert event.draw_seed and sorted(event.players.values_list("number", flat=True)) == list(
        range(1, 13)
    )
    assert event.tables.count() == 3
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "setup-05-draw-phone")

    page.set_viewport_size({"width": 1366, "height": 768})
    shoot(page, artifacts_dir, "setup-06-draw-laptop")
    no_horizontal_scroll(page)

    page.get_by_role("link", name="Done: back to the event").click()
    expect(page.get_by_role("heading", name="Club evening in November")).to_be_visible()
    expect(page.get_by_text("Ready for round 1")).to_be_visible()
    shoot(page, artifacts_dir, "setup-07-event-laptop")
    page.goto(f"{live_server.url}/events/{event.pk}/setup/rules/")
    shoot(page, artifacts_dir, "setup-08-rules-laptop")
    page.goto(f"{live_server.url}/events/{event.pk}/setup/format/")
    shoot(page, artifacts_dir, "setup-09-format-laptop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{event.pk}/")
    shoot(page, artifacts_dir, "setup-10-event-phone")
    no_horizontal_scroll(page)
    for name in ("numbers", "format"):
        page.goto(f"{live_server.url}/events/{event.pk}/setup/{name}/")
        no_horizontal_scroll(page)
        shoot(page, artifacts_dir, f"setup-11-{name}-phone")
