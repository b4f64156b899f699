"""axe-core finds nothing serious or critical on the pages players and directors use,
in German and in English, and the table page keeps its Send button at 200 % text."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.helpers import LOCALES, shoot, sign_in
from tests.conftest import LAPTOP, PHONE
from tests.web.table_helpers import canasta_game
from tournaments.models import Event, Game
from tournaments.services.rounds.steps import force_close_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SERIOUS = {"serious", "critical"}


@pytest.fixture
def game(director) -> Game:
    return canasta_game(director, public=True)


@pytest.fixture
def director_page(browser, live_server, director, language):
    """The director signed in, browsing in ``language``."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(context, live_server, director, language)
    page = context.new_page()
    yield page
    context.close()


def serious_findings(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(node["target"][0] for node in v["nodes"][:5])
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


def director_pages(event: Event) -> dict[str, str]:
    pages = {
        "board": reverse("tournaments-director-board", args=[event.pk, 1]),
        "standings": reverse("tournaments-director-standings", args=[event.pk]),
        "audit": reverse("tournaments-director-audit", args=[event.pk]),
        "event": reverse("tournaments-director-event", args=[event.pk]),
        "players": reverse("tournaments-director-players", args=[event.pk]),
        "draw": reverse("tournaments-director-draw", args=[event.pk]),
        "numbers": reverse("tournaments-director-numbers", args=[event.pk]),
        "rounds": reverse("tournaments-director-rounds", args=[event.pk]),
        "seating": reverse("tournaments-director-seating", args=[event.pk, 1]),
        "new-event": reverse("tournaments-director-event-new"),
    }
    for step in ("event", "rules", "round", "format", "scoring"):
        pages[f"setup-{step}"] = reverse("tournaments-director-setup", args=[event.pk, step])
    return pages


def test_the_directors_pages_have_no_serious_accessibility_findings(
    director_page, live_server, game, language, artifacts_dir
):
    found = {}
    for name, path in director_pages(game.round.event).items():
        director_page.goto(live_server.url + path)
        expect(director_page.locator("main")).to_be_visible()
        if findings := serious_findings(director_page):
            found[name] = findings
        if name in ("board", "standings", "setup-rules"):
            shoot(director_page, artifacts_dir, f"a11y-{name}-{language}")
    assert not found, found


def test_the_table_and_public_pages_have_no_serious_accessibility_findings(
    browser, live_server, game, language, artifacts_dir
):
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator(".seating")).to_contain_text("1 Player 1")
    assert not serious_findings(page)
    page.locator("main button", has_text="1 Player 1").first.click()
    expect(page.locator("form.entry-form")).to_be_visible()
    assert not serious_findings(page)
    shoot(page, artifacts_dir, f"a11y-table-{language}")
    page.goto(f"{live_server.url}/p/{game.round.event.public_token}/")
    assert not serious_findings(page)
    context.close()


def test_at_200_percent_text_the_send_button_stays_reachable_and_whole(
    browser, live_server, game, language, artifacts_dir
):
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    page.locator("main button", has_text="1 Player 1").first.click()
    expect(page.locator("form.entry-form")).to_be_visible()
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    send = page.locator("form.entry-form button.send")
    # Scrolled to the form, Send stays in sight at the bottom while the player types.
    page.locator("form.entry-form").evaluate("form => form.scrollIntoView({block: 'start'})")
    expect(send).to_be_visible()
    expect(send).to_be_in_viewport(ratio=1)
    box = send.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    # Not clipped: its label is as wide as the button lets it be, and nothing overflows it.
    assert send.evaluate(
        "b => b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1"
    )
    shoot(page, artifacts_dir, f"a11y-table-200-percent-{language}")
    page.set_viewport_size(LAPTOP)
    expect(send).to_be_visible()
    context.close()


def test_the_rounds_page_has_no_empty_table_header(
    director_page, live_server, game, language, director
):
    """axe's rule is "minor", so the serious filter above does not see it; it is asked for alone."""
    force_close_round(game.round, user=director, reason="early")
    director_page.goto(
        live_server.url + reverse("tournaments-director-rounds", args=[game.round.event_id])
    )
    expect(director_page.locator("main table th").first).to_be_visible()
    results = Axe().run(director_page, options={"runOnly": ["empty-table-header"]})
    assert results.response["violations"] == []
