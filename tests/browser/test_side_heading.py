"""A side's heading on the phone's entry form names its players in full at 390 px (it cut them:
"4 Jürgen Größ & 11 Ger…"), in German and English, and keeps its height while the deal's total
fills in beside the side's label: nothing below it moves under a finger.
Screenshots: test-artifacts/side-heading-<language>.png."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll
from tests.browser.test_table_one_screen import type_deal
from tests.conftest import PHONE
from tests.web.table_helpers import canasta_game, seat_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAMES = {
    1: "Jürgen Größ",
    6: "Gertrude Steiner",
    2: "Christine Wagner-Leitner",
    5: "Ludwig Berger",
}


def test_each_sides_heading_shows_every_name_and_keeps_its_height(
    browser, live_server, director, language, artifacts_dir
):
    game = canasta_game(director)
    for number, name in LONG_NAMES.items():
        game.round.event.players.filter(number=number).update(name=name)
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    page.locator(f'button[name=seat][value="{seat_of(game, 1).pk}"]').click()
    expect(page.locator(".iam")).to_contain_text("Jürgen Größ")
    page.wait_for_function("document.fonts.ready.then(() => true)")
    legends = page.locator("form.entry-form fieldset.side > legend")
    expect(legends).to_have_count(2)
    expect(legends.nth(0).locator(".names")).to_have_text("1 Jürgen Größ & 6 Gertrude Steiner")
    expect(legends.nth(1).locator(".names")).to_have_text(
        "2 Christine Wagner-Leitner & 5 Ludwig Berger"
    )
    for index in range(2):
        names = legends.nth(index).locator(".names")
        # Nothing hidden: the names take no more room than they are given, and lie on the screen.
        assert names.evaluate(
            "n => n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1"
        )
        assert names.evaluate("n => getComputedStyle(n).textOverflow") != "ellipsis"
        box = names.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    heights = [legends.nth(i).bounding_box()["height"] for i in range(2)]
    first_field = page.locator("form.entry-form fieldset.side-1 .field").first
    where = "f => f.getBoundingClientRect().top + window.scrollY"
    before = first_field.evaluate(where)
    type_deal(page)
    expect(page.locator("#total-s1")).to_have_text("60")
    assert [legends.nth(i).bounding_box()["height"] for i in range(2)] == heights
    assert first_field.evaluate(where) == before
    no_horizontal_scroll(page)
    legends.nth(0).evaluate("l => l.scrollIntoView({block: 'center'})")
    page.screenshot(path=f"{artifacts_dir}/side-heading-{language}.png")
    context.close()
