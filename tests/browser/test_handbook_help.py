"""The "?" of a director's page opens its section of the handbook in a new tab, in German and
English, at 390×844: the handbook runs under Meld's Content-Security-Policy (the package's
fixture fails the test on any violation) and its search works with nothing but the laptop.
Screenshots: test-artifacts/handbook-<language>.png, handbook-search-<language>.png.
"""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot, sign_in
from tests.conftest import PHONE, tool_missing
from tests.factories import make_event, seat_round
from tournaments import handbook

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)

HEADING = {"de": "Die Runden leiten", "en": "Running the rounds"}
SEARCH = {"de": "Tischübersicht", "en": "table board"}


@pytest.fixture
def phone(browser, live_server, director, language):
    if not handbook.is_built():
        tool_missing("the built handbook", "`make docs` builds it")
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(context, live_server, director, language)
    page = context.new_page()
    yield page
    context.close()


def test_the_question_mark_opens_the_pages_section_and_the_search_works_offline(
    phone, live_server, director, language, artifacts_dir
):
    event = make_event(director, status="running")
    seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    phone.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    with translation.override(language):
        label = translation.gettext("Help for this page")
    with phone.context.expect_page() as opened:
        phone.get_by_role("link", name=label).click()
    help_page = opened.value
    help_page.wait_for_load_state()
    assert help_page.url == f"{live_server.url}/help/{language}/rounds/#rounds-page"
    expect(help_page.get_by_role("heading", name=HEADING[language], level=1)).to_be_visible()
    expect(help_page.locator("#rounds-page")).to_be_in_viewport()
    no_horizontal_scroll(help_page)
    shoot(help_page, artifacts_dir, f"handbook-{language}")

    help_page.locator("label.md-search__icon, label[for='__search']").first.click()
    help_page.locator("input.md-search__input").press_sequentially(SEARCH[language], delay=30)
    results = help_page.locator(".md-search-result__item")
    expect(results.first).to_be_visible()
    assert results.count() >= 3
    shoot(help_page, artifacts_dir, f"handbook-search-{language}")
