"""Standings and series on a phone (390×844), in German and English: every row's total is
on the screen (a card per row: rank, name and total first, the rounds or evenings below),
nothing scrolls sideways; before the first score the standings say there is none."""

import datetime
import os

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, sign_in
from tests.browser.test_accessibility import serious_findings
from tests.conftest import PHONE
from tests.factories import make_event
from tests.web.series_helpers import club_of, total_series
from tournaments.kernel.public_ids import public_id
from tournaments.models import Event, Member, Result, Round
from tournaments.services.club.public_page import set_public_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Anna-Maria Hohenberg-Wiesenthaler",
    "Bernd Huber",
    "Clara Roth",
    "Dietlinde Großkopf-Edelmann",
    "Emil Stern",
    "Friederike Ötzlinger",
]
SAID = {"en": "No scores yet.", "de": "Noch keine Ergebnisse."}


def season(director):
    """Six evenings of six members (Clara hidden), a series over them, eight rounds in the
    last evening."""
    club = set_public_page(club_of(director, "Canasta-Club Wien-Margareten"), True)
    members = [Member.objects.create(club=club, name=name) for name in NAMES]
    Member.objects.filter(name="Clara Roth").update(public_name=Member.PublicName.HIDDEN)
    events = []
    for day in range(1, 7):
        event = make_event(
            director,
            players=0,
            club=club,
            public=True,
            name=f"Clubabend {day}",
            date=datetime.date(2026, 10, day),
            status=Event.Status.FINISHED,
        )
        players = [
            event.players.create(name=m.name, number=n, member=m)
            for n, m in enumerate(members, start=1)
        ]
        for number in range(1, 9 if day == 6 else 2):
            rnd = Round.objects.create(event=event, number=number, status=Round.Status.CLOSED)
            for player in players:
                points = 1000 * player.number + 137 * day + 11 * number
                Result.objects.create(round=rnd, player=player, points=points)
        events.append(event)
    return club, total_series(club, events, "Clubmeisterschaft Herbst 2026"), events[-1]


def totals_on_screen(page: Page, selector: str) -> None:
    """Every row's total lies within the phone's width."""
    totals = page.locator(selector)
    assert totals.count() == len(NAMES)
    for box in (totals.nth(i).bounding_box() for i in range(totals.count())):
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    no_horizontal_scroll(page)


def test_the_totals_of_standings_and_series_stay_on_a_phones_screen(
    browser, live_server, director, language, artifacts_dir
):
    club, series, evening = season(director)
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(context, live_server, director, language)
    page = context.new_page()
    pages = {
        "public-series": f"/c/{club.public_token}/series/{public_id(series)}/",
        "director-series": f"/series/{series.pk}/",
        "director-standings": f"/events/{evening.pk}/standings/",
    }
    for name, path in pages.items():
        page.goto(live_server.url + path)
        totals_on_screen(page, "table.standings tbody td.total")
        assert not serious_findings(page), name
        page.screenshot(path=os.path.join(artifacts_dir, f"phone-{name}-{language}.png"))
    # The card keeps every evening, each under its date.
    page.goto(live_server.url + pages["public-series"])
    first = page.locator("table.series tbody tr").first
    expect(first.locator("td[data-label]")).to_have_count(8)  # evenings played, 6 evenings, total
    expect(first.locator("td[data-label='01.10.']")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("Clara")
    # The public standings of the evening: rank, name and points on the screen.
    page.goto(f"{live_server.url}/c/{club.public_token}/evenings/{public_id(evening)}/")
    totals_on_screen(page, "table.standings tbody td:last-child")
    context.close()


def test_before_the_first_score_the_standings_say_so_on_a_phone(
    browser, live_server, director, language, artifacts_dir
):
    event = make_event(director, players=12, public=True, language=language)
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(context, live_server, director, language)
    page = context.new_page()
    for name, path in {
        "director": f"/events/{event.pk}/standings/",
        "public": f"/p/{event.public_token}/",
    }.items():
        page.goto(live_server.url + path)
        said = page.locator(".no-scores")
        expect(said).to_have_text(SAID[language])
        expect(said).to_be_in_viewport()
        expect(page.locator("table.standings")).to_have_count(0)
        page.screenshot(path=os.path.join(artifacts_dir, f"phone-no-scores-{name}-{language}.png"))
    context.close()
