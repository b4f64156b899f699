"""A visitor reads the club's public page on a phone; a member who asked to be hidden is."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import no_horizontal_scroll, shoot
from tests.browser.test_accessibility import serious_findings
from tests.web.series_helpers import club_of, evening, members_of, total_series
from tournaments.models import Event, Member
from tournaments.services.club_pages import set_public_page

pytestmark = pytest.mark.browser


def test_a_phone_reads_the_club_page_without_the_hidden_members_name(
    page, live_server, director, artifacts_dir
):
    club = set_public_page(club_of(director, "Canasta-Club Wien-Margareten"), True)
    m = members_of(club, "Anna Berger", "Bernd Huber", "Clara Roth")
    Member.objects.filter(pk=m["Clara Roth"].pk).update(public_name=Member.PublicName.HIDDEN)
    Member.objects.filter(pk=m["Bernd Huber"].pk).update(public_name=Member.PublicName.INITIALS)
    finished = {"status": Event.Status.FINISHED}
    evenings = [
        evening(director, club, 5, {m["Clara Roth"]: 3000, m["Anna Berger"]: 2000}, **finished),
        evening(director, club, 12, {m["Bernd Huber"]: 500, "Gustav Gast": 400}, **finished),
    ]
    total_series(club, evenings, "Winter cup 2026")

    page.goto(f"{live_server.url}/c/{club.public_token}/")
    expect(page.get_by_role("heading", name="Canasta-Club Wien-Margareten")).to_be_visible()
    expect(page.get_by_role("heading", name="2026")).to_be_visible()
    no_horizontal_scroll(page)
    assert serious_findings(page) == []
    shoot(page, artifacts_dir, "club-public-1-page")

    page.get_by_role("link", name="Evening 5").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    names = page.locator("table.standings td.name")
    expect(names).to_have_text(["(name withheld)", "Anna Berger"])
    expect(page.locator("body")).not_to_contain_text("Clara")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "club-public-2-evening")

    page.get_by_role("link", name="Canasta-Club Wien-Margareten").click()
    page.get_by_role("link", name="Winter cup 2026").click()
    expect(page.locator("table.series td.name")).to_have_text(
        ["(name withheld)", "Anna Berger", "B. H."]
    )
    expect(page.locator("body")).not_to_contain_text("Clara")
    expect(page.locator("body")).not_to_contain_text("Bernd")
    no_horizontal_scroll(page)
    assert serious_findings(page) == []
    shoot(page, artifacts_dir, "club-public-3-series")
    assert "Clara" not in page.content()
