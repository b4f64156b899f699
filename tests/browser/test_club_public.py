"""A visitor reads the club's public page and an evening's live page on a phone; a member
who asked to be hidden is."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot
from tests.browser.test_accessibility import serious_findings
from tests.conftest import PHONE
from tests.factories import make_event, seat_round
from tests.web.series_helpers import club_of, evening, members_of, total_series
from tournaments.models import Event, Member, Result
from tournaments.services.club.public_page import set_public_page

pytestmark = pytest.mark.browser


def club_with_a_hidden_member(director):
    """Clara hidden, Bernd by initials; two finished evenings in a series."""
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
    return club


def test_a_phone_reads_the_club_page_without_the_hidden_members_name(
    page, live_server, director, artifacts_dir
):
    club = club_with_a_hidden_member(director)
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


def test_in_german_the_club_page_withholds_the_hidden_members_name(
    browser, live_server, director, artifacts_dir
):
    club = club_with_a_hidden_member(director)
    visitor = browser.new_context(viewport=PHONE, locale=LOCALES["de"])
    page = visitor.new_page()
    page.goto(f"{live_server.url}/c/{club.public_token}/")
    expect(page.get_by_role("heading", name="Ergebnisse")).to_be_visible()
    expect(page.get_by_role("heading", name="2026")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "club-public-de-1-page")

    page.get_by_role("link", name="Evening 5").click()
    expect(page.get_by_role("heading", name="Endstand")).to_be_visible()
    names = page.locator("table.standings td.name")
    expect(names).to_have_text(["(Name nicht veröffentlicht)", "Anna Berger"])
    # Clara 3.000, Anna 2.000: the German thousands separator.
    expect(page.locator("table.standings")).to_contain_text("3.000")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "club-public-de-2-evening")

    page.get_by_role("link", name="Canasta-Club Wien-Margareten").click()
    page.get_by_role("link", name="Winter cup 2026").click()
    expect(page.locator("table.series td.name")).to_have_text(
        ["(Name nicht veröffentlicht)", "Anna Berger", "B. H."]
    )
    for word in ("Clara", "Bernd", "name withheld"):
        expect(page.locator("body")).not_to_contain_text(word)
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "club-public-de-3-series")
    visitor.close()


def test_in_german_the_events_live_page_and_projector_withhold_the_hidden_member(
    browser, live_server, director, artifacts_dir
):
    club = club_of(director, "CC Wien")
    m = members_of(club, "Anna Berger", "Bernd Huber", "Clara Roth")
    Member.objects.filter(pk=m["Clara Roth"].pk).update(public_name=Member.PublicName.HIDDEN)
    Member.objects.filter(pk=m["Bernd Huber"].pk).update(public_name=Member.PublicName.INITIALS)
    event = make_event(
        director, card_game="gin", players=0, fmt="swiss", club=club, public=True, language="de"
    )
    for number, name in enumerate(["Clara Roth", "Bernd Huber", "Anna Berger", "Gustav Gast"], 1):
        event.players.create(name=name, number=number, member=m.get(name))
    rnd = seat_round(event, 1, [(1, 3), (2, 4)])
    Result.objects.create(round=rnd, player=event.players.get(number=1), points=120)
    visitor = browser.new_context(viewport=PHONE, locale=LOCALES["de"])
    page = visitor.new_page()

    page.goto(f"{live_server.url}/p/{event.public_token}/")
    expect(page.get_by_role("link", name="Finden Sie Ihren Tisch")).to_be_visible()
    finder = page.locator(".by-name li")
    expect(finder).to_have_count(4)
    expect(finder.first).to_contain_text("(Name nicht veröffentlicht)")
    expect(page.locator(".seating-tables")).to_contain_text("B. H.")
    expect(page.locator("table.standings td.name")).to_have_count(4)
    expect(page.locator("table.standings")).to_contain_text("(Name nicht veröffentlicht)")
    for word in ("Clara", "Roth", "Bernd", "Huber"):
        expect(page.locator("body")).not_to_contain_text(word)
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "event-public-de-hidden-member")

    page.goto(f"{live_server.url}/p/{event.public_token}/projector/")
    expect(page.locator("#panel")).to_contain_text("(Name nicht veröffentlicht)")
    expect(page.locator("body")).not_to_contain_text("Clara")
    visitor.close()
