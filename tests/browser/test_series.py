"""A director groups three club evenings into a series and reads its standings."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tests.conftest import LAPTOP
from tests.web.series_helpers import club_of, evening, members_of

pytestmark = pytest.mark.browser


def test_director_creates_a_series_over_three_evenings_and_reads_its_standings(
    page, live_server, django_user_model, artifacts_dir
):
    page.set_viewport_size(LAPTOP)
    erika = django_user_model.objects.create_user("erika", password="Karten-2026!")
    club = club_of(erika)
    m = members_of(club, "Anna Berger", "Bernd Huber", "Clara Roth")
    evening(erika, club, 5, {m["Anna Berger"]: 3000, m["Bernd Huber"]: 2000, "Guest": 5000})
    evening(erika, club, 12, {m["Anna Berger"]: 500, m["Clara Roth"]: 4000})
    evening(erika, club, 19, {m["Bernd Huber"]: 1500, m["Clara Roth"]: 100, m["Anna Berger"]: 50})

    log_in(page, live_server, "erika", "Karten-2026!")
    page.get_by_role("link", name="Series").click()
    page.get_by_role("link", name="New series").click()
    page.get_by_label("Name").fill("Winter cup")
    for name in ("Evening 5", "Evening 12", "Evening 19"):
        page.get_by_label(name).check()
    page.get_by_label("Rule").select_option(label="Points of the best evenings only (best k of n)")
    page.get_by_label("Best evenings counted (k)").fill("2")
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_role("heading", name="Winter cup")).to_be_visible()
    rows = page.locator("table.series tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.locator("td.name")).to_have_text(["Clara Roth", "Anna Berger", "Bernd Huber"])
    expect(rows.nth(1).locator("td.counts")).to_have_text(["3,000", "500"])
    expect(page.get_by_text("Ties broken by: the better single evening")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "series-01-standings")
