"""What the phones at a table say, at 390×844 in German and English, while a round is played
and as the evening ends with the phones open: each phone's status line (#now) follows the
table's state without a reload, and the end of a round and of the evening have their own
words. Screenshots: test-artifacts/moments-*-<language>.png.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot, take_seat
from tests.conftest import PHONE
from tests.web.table_helpers import canasta_game, seat_of, totals
from tournaments.card_games import card_game_of
from tournaments.models import Entry
from tournaments.services.rounds.steps import force_close_round
from tournaments.services.scores.entries import confirm_entry, correct_entry, submit_entry
from tournaments.services.setup.events import finish_event, reopen_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)
POLLED = 20_000  # a poll comes every 5 s


@pytest.fixture
def phones(browser, language):
    contexts = [browser.new_context(viewport=PHONE, locale=LOCALES[language]) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(20_000)
    yield pages
    for context in contexts:
        context.close()


def words(language: str, text: str, **params) -> str:
    with translation.override(language):
        return translation.gettext(text) % params


def deal(language: str, game, number: int, *, start: bool = False) -> str:
    with translation.override(language):
        return card_game_of(game.round.event).words.deal_name(number, start=start)


def sit(page, live_server, game, number: int) -> None:
    take_seat(page, f"{live_server.url}/t/{game.table.token}/", seat_of(game, number).pk, number)


def test_an_evening_that_ends_while_the_phones_are_open(
    phones, live_server, director, language, artifacts_dir
):
    game = canasta_game(director, planned_rounds=1, public=True, entry_modes=["totals"])
    side_a, side_b = phones
    sit(side_a, live_server, game, 1)
    sit(side_b, live_server, game, 2)
    now_a, now_b = side_a.locator("#now"), side_b.locator("#now")
    expect(now_b.locator("h2")).to_have_text(
        words(language, "Next: enter %(deal)s.", deal=deal(language, game, 1))
    )

    # Side B sends deal 1: its phone says so once, and that it waits for side A.
    form = side_b.locator("form.entry-form")
    form.locator("#id_s0_total").fill("100")
    form.locator("#id_s1_total").fill("50")
    form.locator("button.send").click()
    stored = words(language, "%(deal)s is stored.", deal=deal(language, game, 1, start=True))
    expect(now_b.locator(".messages")).to_have_text(stored)
    shoot(side_b, artifacts_dir, f"moments-1-stored-{language}")

    # Side A confirms it and enters deal 2: B's phone, polled, asks B to confirm deal 2.
    confirm_entry(Entry.objects.get(number=1), seat=seat_of(game, 1))
    submit_entry(game, 2, totals(200, 0), seat=seat_of(game, 1))
    asked = words(
        language,
        "Side %(side)s entered %(deal)s: check it, then confirm it.",
        side="A",
        deal=deal(language, game, 2),
    )
    expect(now_b.locator("h2")).to_have_text(asked, timeout=POLLED)
    expect(now_b).not_to_contain_text(stored)
    expect(now_b.locator("button.confirm")).to_be_in_viewport()
    shoot(side_b, artifacts_dir, f"moments-2-asked-to-confirm-{language}")

    # The director corrects deal 2: the line that asked for it goes.
    correct_entry(game, 2, totals(300, 0), user=director, reason="Counted again")
    expect(now_b.locator("h2")).to_have_text(
        words(language, "Next: enter %(deal)s.", deal=deal(language, game, 3)), timeout=POLLED
    )
    expect(now_b.locator("button.confirm")).to_have_count(0)

    # Deal 3 is entered, and the director closes the round early: it did not count.
    submit_entry(game, 3, totals(150, 0), seat=seat_of(game, 1))
    force_close_round(game.round, user=director, reason="Midnight")
    with translation.override(language):
        closed = translation.ngettext(
            "%(round)s was closed by the director; %(deals)s did not count.",
            "%(round)s was closed by the director; %(deals)s did not count.",
            1,
        ) % {
            "round": translation.gettext("Round %(number)s") % {"number": 1},
            "deals": deal(language, game, 3),
        }
        last = translation.gettext("%(round)s was the last round.") % {
            "round": translation.gettext("Round %(number)s") % {"number": 1}
        }
    for page in phones:
        now = page.locator("#now")
        expect(now.locator("h2")).to_have_text(last, timeout=POLLED)
        expect(now).to_contain_text(closed)
        expect(now).not_to_contain_text(words(language, "Waiting for the next round."))
    shoot(side_a, artifacts_dir, f"moments-3-closed-early-{language}")
    no_horizontal_scroll(side_a)

    # The director finishes the event: every phone says the evening is over.
    finish_event(game.round.event, director)
    over = words(language, "The event is over. Thank you for playing!")
    for page in phones:
        expect(page.locator("#now h2")).to_have_text(over, timeout=POLLED)
        standings = page.locator("#now a.standings")
        expect(standings).to_be_in_viewport()
        assert standings.get_attribute("href").endswith(f"/p/{game.round.event.public_token}/")
    shoot(side_b, artifacts_dir, f"moments-4-finished-{language}")
    expect(now_a.locator("h2")).to_have_text(over)

    # The director reopens it for corrections: the finished page's poll hears of it, and no
    # phone promises a next round or keeps the final standings' button.
    reopen_event(game.round.event, director, "Table 1 counted deal 2 wrong")
    reopened = words(language, "The event was reopened for corrections.")
    for page in phones:
        expect(page.locator("#now h2")).to_have_text(reopened, timeout=POLLED)
        expect(page.locator("#now a.standings")).to_have_count(0)
        expect(page.locator("#now")).not_to_contain_text(
            words(language, "Waiting for the next round.")
        )
        expect(page.locator("form.entry-form")).to_have_count(0)
    shoot(side_a, artifacts_dir, f"moments-5-reopened-{language}")
    no_horizontal_scroll(side_a)


def test_a_deal_is_sent_and_confirmed_without_a_console_error(browser, live_server, director):
    """Typing (with its live preview), Send and Confirm log nothing on the console."""
    game = canasta_game(director)
    problems: list[str] = []
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in range(2)]
    entering, confirming = (context.new_page() for context in contexts)
    for page in (entering, confirming):
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
    sit(entering, live_server, game, 1)
    sit(confirming, live_server, game, 2)
    form = entering.locator("form.entry-form")
    form.locator('[data-step-for="id_s0_natural_canastas"][data-delta="1"]').click()
    form.locator("#id_s0_melded_points").fill("120")
    form.locator("#id_s1_melded_points").fill("60")
    expect(entering.locator("#total-s0")).to_have_text("620")
    form.get_by_role("button", name="Send deal 1").click()
    expect(entering.locator(".deal-title")).to_have_text("Deal 2")
    confirm = confirming.get_by_role("button", name="Confirm deal 1")
    expect(confirm).to_be_visible(timeout=POLLED)
    confirm.click()
    expect(confirming.locator("main")).to_contain_text("Deal 1 is confirmed.")
    expect(entering.locator("#pad-rows tr.row-confirmed")).to_have_count(1, timeout=POLLED)
    for context in contexts:
        context.close()
    assert not problems, problems


def test_the_page_between_rounds_keeps_itself_current_without_a_refresh(
    browser, live_server, director, language, artifacts_dir
):
    game = canasta_game(director)
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    page = context.new_page()
    sit(page, live_server, game, 1)
    force_close_round(game.round, user=director, reason="Midnight")
    now = page.locator("#now h2")
    closed = words(
        language, "%(round)s is closed.", round=words(language, "Round %(number)s", number=1)
    )
    expect(now).to_have_text(closed, timeout=POLLED)
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    results = Axe().run(page)
    serious = [
        v["id"] for v in results.response["violations"] if v["impact"] in ("serious", "critical")
    ]
    assert not serious, serious
    shoot(page, artifacts_dir, f"moments-between-rounds-{language}")
    # The page notices the end of the evening by its poll.
    finish_event(game.round.event, director)
    expect(now).to_have_text(
        words(language, "The event is over. Thank you for playing!"), timeout=POLLED
    )
    context.close()
