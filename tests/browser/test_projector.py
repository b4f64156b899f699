"""The projector at 1366×768 (and at 1280×720 and 1024×768): every panel's every row is on
the screen, every rank of the standings is shown on one of its pages, and axe-core finds
nothing serious; in German and English, with a long event name, long player names and the
round clock running or up; and a confirmed deal on the projector within two polls, whatever
panel it shows."""

import datetime
import os
import re
import time

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.helpers import LOCALES
from tests.browser.test_accessibility import serious_findings
from tests.conftest import LAPTOP
from tests.factories import make_event, seat_round
from tests.web.table_helpers import DEAL, DEAL_POINTS, seat_of
from tournaments.models import Event, Result, Round
from tournaments.services.pages.live import LIVE_POLL_SECONDS
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Anna-Maria Hohenberg-Wiesenthaler von Schönau"
SIZES = [LAPTOP, {"width": 1280, "height": 720}, {"width": 1024, "height": 768}]
ITEMS = "table.standings tbody tr, .by-name li, .seating-table, .no-scores, .provisional"
TWO_POLLS = 2 * LIVE_POLL_SECONDS * 1000 + 1000  # ms: two polls and an answer


def evening(director, players: int, tables: list, language: str) -> Event:
    """Round 1 played and closed, round 2 being played on its clock."""
    event = make_event(
        director,
        players=players,
        fmt="progressive" if len(tables[0][0]) == 2 else "swiss",
        card_game="canasta" if len(tables[0][0]) == 2 else "gin",
        public=True,
        language=language,
        status=Event.Status.RUNNING,
        round_kind=Event.RoundKind.TIME,
        round_minutes=30,
        name="Progressives Canasta, Herbstabend im Vereinslokal Zum Goldenen Hirschen",
    )
    event.players.filter(number__in=(1, 7)).update(name=LONG)
    first = seat_round(event, 1, tables)
    for seat in first.seats.all():
        Result.objects.create(round=first, player=seat.player, points=100 * seat.player.number)
    Round.objects.filter(pk=first.pk).update(status=Round.Status.CLOSED)
    second = seat_round(event, 2, tables)
    Round.objects.filter(pk=second.pk).update(
        clock_ends_at=timezone.now() + datetime.timedelta(minutes=25)
    )
    return event


def fours(players: int) -> list:
    return [((n, n + 1), (n + 2, n + 3)) for n in range(1, players + 1, 4)]


def outside(page: Page, size: dict) -> list[str]:
    """What of the panel is not wholly on the screen, overflows its box, or lies under
    the clock."""
    return page.evaluate(
        """([selector, width, height]) => {
          const clock = document.querySelector(".round-clock:not(.idle)");
          const under = clock ? clock.getBoundingClientRect() : null;
          const overlaps = (r) => under && r.left < under.right && r.right > under.left
            && r.top < under.bottom && r.bottom > under.top;
          return [...document.querySelectorAll(selector)].filter(e => {
            const r = e.getBoundingClientRect();
            return r.top < 0 || r.left < 0 || r.bottom > height + 0.5 || r.right > width + 0.5
              || e.scrollWidth > e.clientWidth + 1 || (e !== clock && overlaps(r));
          }).map(e => e.innerText.replace(/\\s+/g, " ").slice(0, 40));
        }""",
        [ITEMS + ", #panel h1, .round-clock", size["width"], size["height"]],
    )


def walk_panels(page: Page, url: str, size: dict, shots: str | None = None) -> dict[str, list]:
    """Every panel in turn (as the projector cycles): what it shows, checked on the screen."""
    seen: dict[str, list] = {"ranks": [], "names": [], "tables": [], "findings": []}
    index = 0
    while True:
        page.goto(f"{url}?panel={index}")
        expect(page.locator("#panel h1")).to_be_visible()
        assert not (off := outside(page, size)), (index, off)
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        seen["ranks"] += page.locator("table.standings td.rank").all_inner_texts()
        seen["names"] += page.locator(".by-name li").all_inner_texts()
        seen["tables"] += page.locator(".seating-table h3").all_inner_texts()
        seen["findings"] += serious_findings(page)
        if shots:
            page.screenshot(path=f"{shots}-panel-{index}.png")
        following = page.locator("#panel").get_attribute("hx-get")
        index = int(re.search(r"panel=(\d+)", following)[1])
        if index == 0:
            return seen


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
def test_every_row_of_every_panel_is_on_the_screen(
    browser, live_server, director, language, size, artifacts_dir
):
    event = evening(director, 24, fours(24), language)
    context = browser.new_context(viewport=size, locale=LOCALES[language])
    page = context.new_page()
    shots = os.path.join(artifacts_dir, f"projector-{size['width']}x{size['height']}-{language}")
    seen = walk_panels(page, f"{live_server.url}/p/{event.public_token}/projector/", size, shots)
    assert sorted(int(rank) for rank in seen["ranks"]) == list(range(1, 25))
    assert len(seen["names"]) == 24 and len(seen["tables"]) == 6
    assert not seen["findings"], seen["findings"]
    context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
def test_six_seat_tables_and_a_clock_that_is_up_stay_on_the_screen(
    browser, live_server, director, size, artifacts_dir
):
    sixes = [((n, n + 1, n + 2), (n + 3, n + 4, n + 5)) for n in range(1, 25, 6)]
    event = evening(director, 24, sixes, "de")
    Round.objects.filter(event=event, number=2).update(
        clock_ends_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    context = browser.new_context(viewport=size, locale=LOCALES["de"])
    page = context.new_page()
    shots = os.path.join(artifacts_dir, f"projector-six-seats-time-up-{size['width']}")
    seen = walk_panels(page, f"{live_server.url}/p/{event.public_token}/projector/", size, shots)
    expect(page.locator(".round-clock .clock-up")).to_be_visible()
    assert sorted(int(rank) for rank in seen["ranks"]) == list(range(1, 25))
    assert len(seen["tables"]) == 4
    assert not seen["findings"], seen["findings"]
    context.close()


def test_before_the_first_score_the_projector_says_so(browser, live_server, director, language):
    event = make_event(director, players=12, public=True, language=language)
    context = browser.new_context(viewport=LAPTOP, locale=LOCALES[language])
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{event.public_token}/projector/")
    said = {"en": "No scores yet.", "de": "Noch keine Ergebnisse."}[language]
    expect(page.locator("#panel .no-scores")).to_have_text(said)
    assert not serious_findings(page)
    context.close()


@pytest.mark.parametrize("shown", [0, 1, 2], ids=["find your table", "by table", "standings"])
def test_a_confirmed_deal_shows_on_the_projector_within_two_polls_whatever_its_panel(
    browser, live_server, director, shown
):
    """On a seating panel the projector turns to the standings; on the standings it draws the
    new figures into the same page (the handbook, "An event's public page")."""
    event = make_event(
        director, players=8, public=True, language="en", round_kind="time", round_minutes=30
    )
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    games = {game.table.number: game for game in rnd.games.all()}
    first = submit_entry(games[2], 1, DEAL, seat=seat_of(games[2], 3))
    confirm_entry(first, seat=seat_of(games[2], 4))  # a score: the standings are a panel
    context = browser.new_context(viewport=LAPTOP, locale=LOCALES["en"])
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{event.public_token}/projector/?panel={shown}")
    title = page.locator("#panel .panel-title")
    expect(title).to_contain_text(["find your table", "by table", "Standings"][shown])
    player = page.locator("table.standings tr").filter(
        has=page.locator("td.secondary", has_text=re.compile(r"^1$"))
    )

    started = time.monotonic()
    entry = submit_entry(games[1], 1, DEAL, seat=seat_of(games[1], 2))
    confirm_entry(entry, seat=seat_of(games[1], 1))
    expect(player.locator("td.num strong")).to_have_text(str(DEAL_POINTS[0]), timeout=TWO_POLLS)
    assert time.monotonic() - started < TWO_POLLS / 1000
    expect(title).to_contain_text("Standings")
    context.close()
