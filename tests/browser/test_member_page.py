"""A director opens a member from the register, reads their season, and opens the club's page."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, log_in, no_horizontal_scroll, shoot, sign_in
from tests.browser.test_accessibility import serious_findings
from tests.conftest import PHONE
from tests.web.series_helpers import club_of, evening, members_of
from tournaments.models import Event, Result

pytestmark = pytest.mark.browser


def test_a_director_reads_a_members_season_and_turns_on_the_club_page(
    page, live_server, django_user_model, artifacts_dir, settings
):
    # The club's link is handed on with the address phones use (tournaments.kernel.network.link).
    settings.MELD_BASE_URL = live_server.url
    erika = django_user_model.objects.create_user("erika", password="Karten-2026!")
    club = club_of(erika)
    m = members_of(club, "Anna Berger", "Bernd Huber")
    anna, bernd = m["Anna Berger"], m["Bernd Huber"]
    evening(erika, club, 5, {anna: 3000, bernd: 2000})
    evening(erika, club, 12, {bernd: 900, anna: 500, "Guest": 700})
    evening(erika, club, 19, {"Guest": 100, anna: -150, bernd: 40})
    evening(erika, club, 26, {anna: 2200, bernd: 2200})

    log_in(page, live_server, "erika", "Karten-2026!")
    page.goto(f"{live_server.url}/members/?club={club.pk}")
    page.get_by_role("link", name="Anna Berger", exact=True).click()
    expect(page.get_by_role("heading", name="Anna Berger")).to_be_visible()
    chart = page.get_by_role("img", name="Points per evening, 2026")
    expect(chart).to_be_visible()
    expect(chart.locator("circle.point")).to_have_count(4)
    # 1st of two; 3rd behind 900 and 700; 3rd behind 100 and 40; level with Bernd on
    # 2,200 with no tie-break chosen, the recorded draw orders them (1 or 2).
    rows = page.locator("table.member-evenings tbody tr")
    expect(rows.locator("td:nth-child(4)")).to_have_text(["3,000", "500", "-150", "2,200"])
    expect(rows.locator("td:nth-child(3)").nth(0)).to_have_text("1")
    expect(rows.locator("td:nth-child(3)").nth(1)).to_have_text("3")
    expect(rows.locator("td:nth-child(3)").nth(2)).to_have_text("3")
    expect(rows.locator("td:nth-child(3)").nth(3)).to_have_text(re.compile(r"^[12]$"))
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390
    no_horizontal_scroll(page)
    assert serious_findings(page) == []
    shoot(page, artifacts_dir, "member-page-1-season")

    page.get_by_role("link", name="Back to the members").click()
    page.get_by_label("Show the club's public page").check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("The club's public page is on.")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "member-page-2-public-link")
    page.locator(".public-link a").click()
    expect(page.get_by_role("heading", name="CC Wien")).to_be_visible()
    no_horizontal_scroll(page)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_season_of_points_and_plus_minus_has_a_chart_for_each_on_a_phone(
    browser, live_server, django_user_model, artifacts_dir, language
):
    """A Gin evening ranked by plus/minus beside Canasta evenings ranked by points: two
    charts, each total named, nothing wider than the phone, in either language."""
    erika = django_user_model.objects.create_user("erika", password="Karten-2026!")
    club = club_of(erika)
    m = members_of(club, "Anna Berger", "Bernd Huber")
    anna, bernd = m["Anna Berger"], m["Bernd Huber"]
    evening(erika, club, 5, {anna: 3000, bernd: 2000})
    evening(erika, club, 12, {bernd: 900, anna: 500})
    gin = evening(erika, club, 19, {anna: 0, bernd: 0}, scoring_mode=Event.ScoringMode.NET)
    Result.objects.filter(round__event=gin, player__member=anna).update(net=85)
    Result.objects.filter(round__event=gin, player__member=bernd).update(net=-85)
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(context, live_server, erika, language)
    page = context.new_page()
    page.goto(f"{live_server.url}/members/{anna.pk}/")
    charts = page.locator("figure.season-chart svg[role=img]")
    expect(charts).to_have_count(2)
    totals = page.locator("table.member-evenings tbody tr td:nth-child(4)")
    if language == "en":
        expect(page.get_by_role("img", name="Plus/minus per evening, 2026")).to_be_visible()
        expect(totals).to_have_text(["3,000 points", "500 points", "85 plus/minus"])
    else:
        expect(page.get_by_role("img", name="Plus/Minus je Abend, 2026")).to_be_visible()
        expect(totals).to_have_text(["3.000 Punkte", "500 Punkte", "85 Plus/Minus"])
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, f"member-season-two-metrics-{language}")
    context.close()
