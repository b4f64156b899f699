"""The entry form on a phone at 390×844, in German and English: which deal of the round
comes, a whole-deal mistake by Send with its fields marked and the first one in view,
the "you" badge on its name's line, the calculator's keys.

Screenshots go to test-artifacts/ (deal-help-*-<language>.png).
"""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot
from tests.conftest import PHONE
from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.models import Event
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


@pytest.fixture
def phone(browser, language):
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def words(language: str, text: str, context: str = "") -> str:
    with translation.override(language):
        return translation.pgettext(context, text) if context else translation.gettext(text)


def last_deal_game(director):
    """Three of four deals played; Player 1 has a long name."""
    game = canasta_game(director, round_kind=Event.RoundKind.DEALS, round_deals=4)
    game.round.event.players.filter(number=1).update(name="Jürgen Größ-Oberhuber")
    for number in (1, 2, 3):
        entry = submit_entry(game, number, DEAL, seat=seat_of(game, 1), device="one")
        confirm_entry(entry, seat=seat_of(game, 2), device="two")
    return game


def test_the_last_deal_is_named_and_a_whole_deal_mistake_is_shown_by_send(
    phone, live_server, director, artifacts_dir, language
):
    game = last_deal_game(director)
    phone.goto(f"{live_server.url}/t/{game.table.token}/")
    phone.locator(f'button[name=seat][value="{seat_of(game, 1).pk}"]').click()
    badge = phone.locator(".seating .you")
    expect(badge).to_be_visible()
    # The badge sits on the line of the name's last word, not alone on a line of its own.
    lines = badge.evaluate(
        """badge => {
          const range = document.createRange();
          range.selectNodeContents(badge.parentNode);
          range.setEndBefore(badge);
          const rects = [...range.getClientRects()].filter(r => r.width > 1);
          return [rects[rects.length - 1].top, badge.getBoundingClientRect().top];
        }"""
    )
    assert abs(lines[0] - lines[1]) < 12

    last = words(language, "the last deal of this round")
    expect(phone.locator(".sheet .deal-of")).to_contain_text(last)
    expect(phone.locator(".entry-form .deal-of")).to_contain_text(last)
    shoot(phone, artifacts_dir, f"deal-help-1-last-deal-{language}")

    form = phone.locator("form.entry-form")
    for side in (0, 1):
        form.locator(f'[data-step-for="id_s{side}_natural_canastas"][data-delta="1"]').click()
        form.locator(f'label[for="id_s{side}_going_out_1"]').click()
        form.locator(f"#id_s{side}_melded_points").fill("60")
    expect(form.locator("#id_s1_going_out_1")).to_be_checked()
    form.locator("button.send").click()

    with translation.override(language):
        message = translation.gettext(
            "Only one side can go out in a deal, but both sides were entered as going out."
        )
        pointer = translation.gettext("See the note by the Send button.")
    note = phone.locator("#err-all")
    expect(note).to_contain_text(message[:30])
    for side in (0, 1):
        expect(phone.locator(f"#id_s{side}_going_out_error")).to_have_text(pointer)
    # The first marked field is in view and has the focus; the note is right above Send.
    expect(phone.locator("#id_s0_going_out_0")).to_be_focused()
    field = phone.locator("#id_s0_going_out_error").locator("xpath=..")
    box = field.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    send = phone.locator("button.send").bounding_box()
    note_box = note.bounding_box()
    assert 0 < send["y"] - (note_box["y"] + note_box["height"]) < 120
    shoot(phone, artifacts_dir, f"deal-help-2-whole-deal-mistake-{language}")
    phone.locator("button.send").scroll_into_view_if_needed()
    phone.screenshot(path=f"{artifacts_dir}/deal-help-3-by-send-{language}.png")
    assert not game.entries.filter(number=4).exists()
    no_horizontal_scroll(phone)


def test_the_calculator_keys_fit_and_speak_the_players_language(
    phone, live_server, director, artifacts_dir, language
):
    game = canasta_game(director)
    phone.goto(f"{live_server.url}/t/{game.table.token}/")
    phone.locator(f'button[name=seat][value="{seat_of(game, 1).pk}"]').click()
    phone.locator(".calculator summary").click()
    queen = words(language, "Q", "card rank on a calculator key: queen")
    jack = words(language, "J", "card rank on a calculator key: jack")
    expect(phone.locator('[data-calc-add="Q"]')).to_have_text(queen)
    expect(phone.locator('[data-calc-add="J"]')).to_have_text(jack)
    for key in phone.locator(".ranks button").all():
        assert key.evaluate("k => k.scrollWidth <= k.clientWidth"), key.inner_text()
    phone.locator(".calculator").scroll_into_view_if_needed()
    phone.locator(".calculator").screenshot(
        path=f"{artifacts_dir}/deal-help-4-calculator-{language}.png"
    )
    no_horizontal_scroll(phone)


def test_the_confirming_phone_sees_what_was_entered_not_only_the_totals(
    phone, live_server, director, artifacts_dir, language
):
    game = canasta_game(director)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1), device="one")
    phone.goto(f"{live_server.url}/t/{game.table.token}/")
    phone.locator(f'button[name=seat][value="{seat_of(game, 2).pk}"]').click()
    entered = phone.locator("#now ul.entered li")  # at the top, above Confirm
    expect(entered).to_have_count(2)
    expect(entered.nth(1)).to_be_in_viewport()
    expect(entered.nth(0)).to_contain_text(words(language, "Natural canastas"))
    expect(entered.nth(0)).to_contain_text(words(language, "went out"))
    expect(entered.nth(0)).to_contain_text(f"{words(language, 'Melded card points')} 120")
    expect(entered.nth(1)).to_contain_text(f"{words(language, 'Card points left in hand')} 35")
    no_horizontal_scroll(phone)
    shoot(phone, artifacts_dir, f"deal-help-5-what-was-entered-{language}")
