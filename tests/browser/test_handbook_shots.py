"""The handbook's pictures, taken from a running Meld with the demo club, in German and English.

`make docs` runs this file first when a picture is missing or a template, style or the
catalogue changed, so the handbook shows the pages as they are. Laptop pictures at
1366×768, phone pictures at 390×844, into docs/pages/<language>/shots/ (not in git); the
pages of docs/pages/ name them. Each step also checks that the page shows what its picture
is meant to show.
"""

import io
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, sign_in
from tests.conftest import LAPTOP, PHONE
from tournaments.models import Club, Event, Game, Round, Series

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)

SHOTS = Path(settings.BASE_DIR) / "docs" / "pages"
# Every picture the pages use: the test fails when one of them was not taken.
LAPTOP_SHOTS = {
    "events",
    "new-event",
    "setup-format",
    "players-members",
    "draw",
    "event-page",
    "rounds",
    "board",
    "game",
    "standings",
    "print",
    "table-links",
    "members",
    "series",
}
NEW_EVENT = {"de": "Klubabend 3. Dezember", "en": "Club evening, 3 December"}
PHONE_SHOTS = {"phone-code", "phone-seat", "phone-entry", "phone-confirm", "phone-board"}


def words(language: str, text: str, **params) -> str:
    with translation.override(language):
        return translation.gettext(text) % params if params else translation.gettext(text)


class Camera:
    def __init__(self, browser, live_server, language: str):
        self.url = live_server.url
        self.language = language
        self.folder = SHOTS / language / "shots"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.taken: set[str] = set()
        self.browser = browser
        self.live_server = live_server

    def context(self, viewport: dict, user=None):
        """A browser window; with ``user`` signed in as that director."""
        context = self.browser.new_context(viewport=viewport, locale=LOCALES[self.language])
        if user is not None:
            sign_in(context, self.live_server, user, self.language)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return context, page

    def go(self, page: Page, path: str) -> None:
        page.goto(f"{self.url}{path}")
        expect(page.locator("main")).to_be_visible()

    def snap(self, page: Page, name: str, *, at=None) -> None:
        """The window as the person sees it; ``at``: scroll that element to the top first."""
        no_horizontal_scroll(page)
        if at is not None:
            at.evaluate("element => element.scrollIntoView({block: 'start'})")
            page.evaluate("window.scrollBy(0, -70)")  # below the sticky top bar
        else:
            page.evaluate("window.scrollTo(0, 0)")
        page.mouse.move(0, 0)
        page.screenshot(path=str(self.folder / f"{name}.png"), animations="disabled", caret="hide")
        self.taken.add(name)


@pytest.fixture
def demo(director):
    call_command("load_demo", stdout=io.StringIO())
    canasta = Event.objects.get(card_game=Event.CardGame.CANASTA, status=Event.Status.RUNNING)
    gin = Event.objects.get(card_game=Event.CardGame.GIN, status=Event.Status.RUNNING)
    club = Club.objects.get()
    director_user = club.directors.get()
    return {
        "user": director_user,
        "canasta": canasta,
        "gin": gin,
        "club": club,
        "series": Series.objects.get(club=club),
        "round": Round.objects.get(event=canasta, status=Round.Status.OPEN),
    }


def test_the_handbooks_pictures_of_the_demo_club(browser, live_server, demo, language):
    camera = Camera(browser, live_server, language)
    laptop_pictures(camera, demo)
    phone_pictures(camera, demo)
    assert camera.taken == LAPTOP_SHOTS | PHONE_SHOTS
    for name in camera.taken:
        assert (camera.folder / f"{name}.png").stat().st_size > 10_000, name


def laptop_pictures(camera: Camera, demo: dict) -> None:
    language = camera.language
    canasta, rnd = demo["canasta"], demo["round"]
    context, page = camera.context(LAPTOP, demo["user"])

    camera.go(page, "/events/")
    expect(page.get_by_role("heading", name=words(language, "Your events"))).to_be_visible()
    camera.snap(page, "events")

    page.get_by_role("link", name=words(language, "New event")).first.click()
    page.locator("#id_name").fill(NEW_EVENT[language])
    camera.snap(page, "new-event")
    page.get_by_role("button", name=words(language, "Create the event")).click()
    expect(page.locator(".steps")).to_be_visible()
    fresh = Event.objects.filter(status=Event.Status.SETUP).latest("pk")

    camera.go(page, f"/events/{fresh.pk}/setup/format/")
    expect(page.get_by_role("heading", name=words(language, "Format"), exact=True)).to_be_visible()
    camera.snap(page, "setup-format", at=page.locator("h1"))

    camera.go(page, f"/events/{fresh.pk}/setup/players/")
    expect(page.locator("details#members")).to_have_attribute("open", "")
    boxes = page.locator("#member-choices input[type=checkbox][name=member]")
    for index in range(12):
        boxes.nth(index).check()
    camera.snap(page, "players-members", at=page.locator("details#members"))
    page.get_by_role("button", name=words(language, "Add the ticked members")).click()
    expect(page.locator("h1")).to_contain_text("12")

    camera.go(page, f"/events/{fresh.pk}/setup/draw/")
    with translation.override(language):
        draw = translation.ngettext(
            "Draw the number for %(count)s player", "Draw the numbers for %(count)s players", 12
        ) % {"count": 12}
    page.get_by_role("button", name=draw).click()
    expect(page.locator("main")).to_contain_text(words(language, "By number"))
    camera.snap(page, "draw", at=page.locator("h1"))

    camera.go(page, f"/events/{canasta.pk}/")
    camera.snap(page, "event-page")

    camera.go(page, f"/events/{canasta.pk}/rounds/")
    expect(page.locator("#closing")).to_be_visible()
    camera.snap(page, "rounds")

    camera.go(page, f"/events/{canasta.pk}/rounds/{rnd.number}/board/")
    expect(page.locator(".tile")).to_have_count(rnd.games.count())
    camera.snap(page, "board")

    game = Game.objects.get(round=rnd, table__number=1)
    camera.go(page, f"/events/{canasta.pk}/games/{game.pk}/")
    camera.snap(page, "game")

    camera.go(page, f"/events/{canasta.pk}/standings/")
    camera.snap(page, "standings")

    camera.go(page, f"/events/{canasta.pk}/print/")
    camera.snap(page, "print")

    camera.go(page, f"/events/{canasta.pk}/print/table-links/")
    camera.snap(page, "table-links")

    camera.go(page, "/members/")
    camera.snap(page, "members")

    camera.go(page, f"/series/{demo['series'].pk}/")
    camera.snap(page, "series")
    context.close()


def phone_pictures(camera: Camera, demo: dict) -> None:
    rnd = demo["round"]
    # Table 1 of the demo's open round: side A has entered deal 2, side B confirms it.
    waiting = Game.objects.get(round=rnd, table__number=1)
    fresh = Game.objects.get(round=rnd, table__number=2)

    context, page = camera.context(PHONE)
    camera.go(page, "/")
    page.locator("#code").fill(fresh.table.code)
    camera.snap(page, "phone-code")
    page.locator("form.table-code button").click()
    expect(page.locator(".seat-choice")).to_be_visible()
    camera.snap(page, "phone-seat")

    page.locator(".seat-choice button").first.click()
    form = page.locator("form.entry-form")
    form.locator('[data-step-for="id_s0_natural_canastas"][data-delta="1"]').click()
    form.locator('label[for="id_s0_going_out_1"]').click()
    form.locator("#id_s0_melded_points").fill("285")
    form.locator("#id_s0_hand_points").fill("0")
    form.locator("#id_s1_melded_points").fill("140")
    form.locator("#id_s1_hand_points").fill("45")
    expect(page.locator("#total-s0")).to_have_text("885")
    camera.snap(page, "phone-entry", at=page.locator("#entry"))
    context.close()

    context, page = camera.context(PHONE)
    camera.go(page, f"/t/{waiting.table.token}/")
    side_b = page.locator(".seat-choice button").nth(2)
    side_b.click()
    confirm = page.locator("form button.confirm")
    expect(confirm).to_be_visible()
    camera.snap(page, "phone-confirm", at=page.locator("#sheet"))
    context.close()

    context, page = camera.context(PHONE, demo["user"])
    camera.go(page, f"/events/{demo['canasta'].pk}/rounds/{rnd.number}/board/")
    camera.snap(page, "phone-board")
    context.close()
