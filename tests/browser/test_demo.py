"""A director trying Meld on a phone: the demo's season, one of its members, and the demo
club's public page, which is on."""

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tournaments.models import Club, Member

pytestmark = pytest.mark.browser


def test_the_demo_season_its_member_and_the_clubs_public_page_on_a_phone(
    page, live_server, director, artifacts_dir
):
    call_command("load_demo", stdout=io.StringIO())
    club = Club.objects.get(name="Canasta-Club Donaustadt")
    series = club.series.get()
    # fixtures/demo.json: Otto Wallner chose "hidden", Paula Schober "initials".
    otto = Member.objects.get(club=club, name="Otto Wallner")

    log_in(page, live_server, "director")
    page.goto(f"{live_server.url}/series/{series.pk}/")
    expect(page.get_by_role("heading", name="Clubmeisterschaft Herbst")).to_be_visible()
    expect(
        page.get_by_text("The PDF shows names as the members chose for public pages.")
    ).to_be_visible()
    names = page.locator("table.series tbody td.name")
    expect(names).to_have_count(16)
    # Each name keeps whole words: no cell narrower than 9rem (144 px), the table scrolls.
    assert min(box["width"] for box in (n.bounding_box() for n in names.all())) >= 144
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "demo-1-series")

    page.goto(f"{live_server.url}/members/{otto.pk}/")
    expect(page.get_by_role("heading", name="Otto Wallner")).to_be_visible()
    expect(page.get_by_text("Name on public pages: hidden")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "demo-2-member")

    # A visitor: no director's session.
    anonymous = page.context.browser.new_context(viewport=page.viewport_size, locale="en-GB")
    visitor = anonymous.new_page()
    visitor.goto(f"{live_server.url}/c/{club.public_token}/")
    expect(visitor.get_by_role("heading", name="Canasta-Club Donaustadt")).to_be_visible()
    no_horizontal_scroll(visitor)
    shoot(visitor, artifacts_dir, "demo-3-club-page")
    visitor.get_by_role("link", name="Clubmeisterschaft Herbst").click()
    public_names = visitor.locator("table.series tbody td.name")
    expect(public_names).to_have_count(16)
    expect(public_names.filter(has_text="(name withheld)")).to_have_count(1)
    expect(public_names.filter(has_text="P. S.")).to_have_count(1)
    expect(visitor.locator("body")).not_to_contain_text("Wallner")
    expect(visitor.locator("body")).not_to_contain_text("Schober")
    no_horizontal_scroll(visitor)
    shoot(visitor, artifacts_dir, "demo-4-club-series")
    anonymous.close()
