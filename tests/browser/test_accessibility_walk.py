"""Issue 34: axe-core finds nothing serious or critical on any kind of page, in German and
English, on a phone (390×844), with the page's text as it is and at twice its size.

The walk uses the demo club (a Canasta evening being played with its clock running, a Swiss Gin
evening, a season of finished evenings, members, a series, the ratings, the public pages on) and
opens every kind of page: the director's (events, an event, every step of the set-up, players
with the member picker of a late entry and a substitute, rounds, board, a table's page,
standings, a tally, the audit trail, the printouts, the register, a member, the series, the
ratings), the phone's moments (the code, who are you, a deal to enter, a deal refused, a deal to
confirm, the note after confirming, a call for the director), the public pages (the event's, the
projector, the club's) and the handbook. Among them are a page with a message, forms with
errors, and a phone's form with errors.

axe-core is put into every page before its scripts (``add_init_script``, which the
Content-Security-Policy does not govern) and asked with every rule at the page's own text
size, then, with the text twice as large, with the rules the text's size can change.
"""

import io

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.core.management import call_command
from django.utils import translation
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import LOCALES, sign_in
from tests.conftest import PHONE, tool_missing
from tournaments import handbook
from tournaments.kernel.public_ids import public_id
from tournaments.models import Club, Event, Game, Member, Round, Series
from tournaments.services.rounds.clock import start_clock

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)
# Twice the text: the root's own size doubled (Meld's 17 px, the handbook's 20 px).
DOUBLE_TEXT = """() => {
  const root = document.documentElement;
  root.style.fontSize = (2 * parseFloat(getComputedStyle(root).fontSize)) + 'px';
}"""
# What text twice the size can change: colours against what now lies behind a text, a table
# that now scrolls, sizes of targets. Every other rule reads the page's structure, which the
# text's size leaves as it is: the first scan asks them all.
LAYOUT_RULES = [
    "color-contrast",
    "link-in-text-block",
    "scrollable-region-focusable",
    "target-size",
]
RUN_AXE = """async (rules) => {
  const options = {resultTypes: ['violations']};
  if (rules) options.runOnly = {type: 'rule', values: rules};
  const found = await axe.run(document, options);
  return found.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ' (' + v.impact + '): '
      + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join('; '));
}"""


def words(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


class Walk:
    """A phone's browser window in one language, and what axe found on each page it scanned."""

    def __init__(self, browser, live_server, language: str, user=None):
        self.browser, self.live_server, self.user = browser, live_server, user
        self.url = live_server.url
        self.language = language
        self.found: dict[str, list[str]] = {}
        self.scanned: list[str] = []
        self.open()

    def open(self) -> None:
        """A new window (for the phones: another phone)."""
        self.context: BrowserContext = self.browser.new_context(
            viewport=PHONE, locale=LOCALES[self.language]
        )
        self.context.add_init_script(script=Axe().axe_script)
        if self.user is not None:
            sign_in(self.context, self.live_server, self.user, self.language)
        else:
            self.context.add_cookies(
                [{"name": "django_language", "value": self.language, "url": self.url}]
            )
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(15_000)

    def go(self, path: str, name: str) -> Page:
        self.page.goto(self.url + path)
        expect(self.page.locator("main, article").first).to_be_visible()
        self.scan(name)
        return self.page

    def scan(self, name: str) -> None:
        """axe on the page as it is (every rule), then with its text twice the size (the
        rules the size can change)."""
        page = self.page
        for size, rules in (("100%", None), ("200%", LAYOUT_RULES)):
            if size == "200%":
                page.evaluate(DOUBLE_TEXT)
            if findings := page.evaluate(RUN_AXE, rules):
                self.found[f"{name} at {size}"] = findings
        page.evaluate("document.documentElement.style.fontSize = ''")
        self.scanned.append(name)

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def demo(director) -> dict:
    call_command("load_demo", stdout=io.StringIO())
    canasta = Event.objects.get(card_game=Event.CardGame.CANASTA, status=Event.Status.RUNNING)
    rnd = Round.objects.get(event=canasta, status=Round.Status.OPEN)
    start_clock(rnd, user=director, minutes=40)
    club = Club.objects.get()
    return {
        "canasta": canasta,
        "gin": Event.objects.get(card_game=Event.CardGame.GIN, status=Event.Status.RUNNING),
        "round": rnd,
        "club": club,
        "series": Series.objects.get(club=club),
        "member": Member.objects.filter(club=club).order_by("name").first(),
        "finished": Event.objects.filter(status=Event.Status.FINISHED).latest("date"),
    }


def tap(page: Page, label: str) -> None:
    page.get_by_role("button", name=label, exact=True).first.click()


def errors_shown(page: Page) -> None:
    expect(page.locator(".field-error, .errorlist").first).to_be_visible()


def the_set_up(walk: Walk) -> None:
    """A new event: the message it is created with, every step of the set-up, two forms with
    errors (the event without a name, a player without a name) and the draw's notice."""
    language, page = walk.language, walk.page
    walk.go("/events/new/", "new event")
    page.locator("#id_name").fill("A11y")
    tap(page, words(language, "Create the event"))
    expect(page.locator("ul.messages")).to_be_visible()
    walk.scan("set-up: event, with a message")
    fresh = Event.objects.filter(status=Event.Status.SETUP).latest("pk")
    page.locator("#id_name").fill("")
    tap(page, words(language, "Save and continue"))
    errors_shown(page)
    walk.scan("set-up: event, a form with errors")
    for step in ("rules", "round", "format", "scoring"):
        walk.go(f"/events/{fresh.pk}/setup/{step}/", f"set-up: {step}")
    walk.go(f"/events/{fresh.pk}/setup/players/", "set-up: players")
    page.locator("form.add-player #id_name").fill("")
    tap(page, words(language, "Add"))
    errors_shown(page)
    walk.scan("set-up: players, a form with errors")
    walk.go(f"/events/{fresh.pk}/setup/draw/", "set-up: draw, with what is missing")
    walk.go(f"/events/{fresh.pk}/setup/numbers/", "set-up: numbers")


def the_evening(walk: Walk, demo: dict) -> None:
    """The Canasta evening being played, from the event's page to the printouts, and a
    correction refused (no reason)."""
    event, rnd = demo["canasta"], demo["round"]
    base = f"/events/{event.pk}"
    game = Game.objects.get(round=rnd, table__number=1)
    player = event.players.order_by("number").first()
    for path, name in (
        ("/", "event"),
        ("/rounds/", "rounds, the clock running"),
        (f"/rounds/{rnd.number}/board/", "table board"),
        (f"/rounds/{rnd.number}/seating/", "seating"),
        (f"/games/{game.pk}/", "a table's page"),
        ("/standings/", "standings"),
        (f"/players/{player.pk}/", "a player's tally"),
        ("/audit/", "audit trail"),
        ("/print/", "printing"),
        ("/print/table-links/", "table links"),
    ):
        walk.go(base + path, name)
    page = walk.go(f"{base}/games/{game.pk}/?fix=1", "a table's page, a deal to correct")
    tap(page, words(walk.language, "Save the correction"))
    errors_shown(page)
    walk.scan("a table's page, a correction without a reason")


def the_players_once_started(walk: Walk, demo: dict) -> None:
    """The Swiss Gin evening: a late entry and a substitute, each with the member picker."""
    gin, member = demo["gin"], demo["member"]
    page = walk.go(f"/events/{gin.pk}/setup/players/", "players once started")
    page.locator("#id_name").press_sequentially(member.name[:4])
    expect(page.locator("#member-matches fieldset")).to_be_visible()
    walk.scan("players: a late entry, members found")
    player = gin.players.order_by("number").first()
    page = walk.go(f"/events/{gin.pk}/setup/players/{player.pk}/substitute/", "a substitute")
    page.locator("#id_name").press_sequentially(member.name[:4])
    expect(page.locator("#member-matches fieldset")).to_be_visible()
    walk.scan("a substitute, members found")


def the_club(walk: Walk, demo: dict) -> None:
    series = demo["series"]
    for path, name in (
        ("/events/", "your events"),
        ("/members/", "members"),
        (f"/members/{demo['member'].pk}/", "a member"),
        (f"/members/{demo['member'].pk}/edit/", "a member's details"),
        ("/series/", "series"),
        (f"/series/{series.pk}/", "a series"),
        (f"/series/{series.pk}/edit/", "a series' details"),
        ("/members/ratings/", "ratings"),
    ):
        walk.go(path, name)


def test_the_directors_pages(browser, live_server, demo, director, language):
    walk = Walk(browser, live_server, language, director)
    the_club(walk, demo)
    the_set_up(walk)
    the_evening(walk, demo)
    the_players_once_started(walk, demo)
    walk.close()
    assert len(walk.scanned) >= 34
    assert not walk.found, walk.found


def the_phones(walk: Walk, demo: dict) -> None:
    """Table 2 enters a deal (refused once) and calls the director; table 1's side B confirms
    the deal its side A entered and reads the note it gets."""
    language, page = walk.language, walk.page
    rnd = demo["round"]
    fresh = Game.objects.get(round=rnd, table__number=2)
    waiting = Game.objects.get(round=rnd, table__number=1)
    walk.go("/", "the table's code")
    walk.go(f"/t/{fresh.table.token}/", "who are you")
    page.locator(".seat-choice button").first.click()
    form = page.locator("form.entry-form")
    expect(form).to_be_visible()
    walk.scan("a deal to enter, the clock running")
    form.locator("#id_s0_melded_points").fill("123")
    form.locator("button.send").click()
    expect(page.locator("#id_s0_melded_points_error p")).to_be_visible()
    walk.scan("a deal refused, a form with errors")
    page.locator("#call-director summary").click()
    page.locator("#call-reason").fill("?")
    tap(page, words(language, "Call the director now"))
    expect(page.locator("#call-director .called")).to_be_visible()
    walk.scan("the director called")
    walk.go(f"/t/{waiting.table.token}/", "another table: where to go")
    walk.close()
    walk.open()
    page = walk.page
    walk.go(f"/t/{waiting.table.token}/", "another phone: who are you")
    page.locator(".seat-choice button").nth(2).click()
    confirm = page.locator("form button.confirm")
    expect(confirm).to_be_visible()
    walk.scan("a deal to confirm")
    confirm.click()
    expect(page.locator("#now .messages")).to_be_visible()
    walk.scan("confirmed, with a note")


def the_public_pages(walk: Walk, demo: dict) -> None:
    event, club = demo["canasta"], demo["club"]
    for path, name in (
        (f"/p/{event.public_token}/", "the event's public page"),
        (f"/p/{event.public_token}/projector/", "the projector"),
        (f"/p/{event.public_token}/projector/?panel=1", "the projector's second panel"),
        (f"/c/{club.public_token}/", "the club's page"),
        (f"/c/{club.public_token}/evenings/{public_id(demo['finished'])}/", "a finished evening"),
        (f"/c/{club.public_token}/series/{public_id(demo['series'])}/", "the club's series"),
    ):
        walk.go(path, name)


def test_the_phones_and_the_public_pages(browser, live_server, demo, language):
    walk = Walk(browser, live_server, language)
    the_phones(walk, demo)
    the_public_pages(walk, demo)
    walk.close()
    assert len(walk.scanned) == 15
    assert not walk.found, walk.found


def test_the_handbook(browser, live_server, language):
    if not handbook.is_built():
        tool_missing("the built handbook", "`make docs` builds it")
    walk = Walk(browser, live_server, language)
    walk.go(f"/help/{language}/", "the handbook's first page")
    walk.go(f"/help/{language}/phones/", "a task: what the players do")
    walk.close()
    assert not walk.found, walk.found
