"""A dropped Wi-Fi never loses a typed deal, at 390×844 in German and English: the phone
goes offline mid-entry, Send says plainly that the deal waits on the phone, and it is sent
by itself when the connection is back; a reload before sending fills the form in again.
Screenshots: test-artifacts/offline-*-<language>.png.
"""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot
from tests.conftest import PHONE
from tests.web.table_helpers import canasta_game, seat_of
from tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


@pytest.fixture
def context(browser, language):
    opened = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    yield opened
    opened.close()


@pytest.fixture
def phone(context):
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def words(language: str, text: str, **params) -> str:
    with translation.override(language):
        return translation.gettext(text) % params


def seated(page, live_server, game) -> None:
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    page.locator(f'button[name=seat][value="{seat_of(game, 1).pk}"]').click()
    expect(page.locator("form.entry-form")).to_be_visible()


def type_deal(page) -> None:
    form = page.locator("form.entry-form")
    form.locator('[data-step-for="id_s0_natural_canastas"][data-delta="1"]').click()
    form.locator('label[for="id_s0_going_out_1"]').click()
    form.locator("#id_s0_melded_points").fill("120")
    form.locator("#id_s1_melded_points").fill("60")
    form.locator("#id_s1_hand_points").fill("35")
    expect(page.locator("#total-s0")).to_have_text("720")


def test_a_deal_sent_offline_waits_on_the_phone_and_goes_when_the_connection_is_back(
    context, phone, live_server, director, artifacts_dir, language
):
    game = canasta_game(director)
    seated(phone, live_server, game)
    type_deal(phone)
    context.set_offline(True)
    phone.locator("button.send").click()
    waiting = phone.locator(".send-waiting")
    expect(waiting).to_be_visible()
    expect(waiting).to_have_text(
        words(
            language,
            "Deal %(number)s is saved on this phone and will be sent when the connection is back.",
            number=1,
        )
    )
    expect(phone.locator(".send-error")).to_be_hidden()
    phone.locator("button.send").scroll_into_view_if_needed()
    phone.screenshot(path=f"{artifacts_dir}/offline-1-waiting-{language}.png")
    assert not Entry.objects.exists()
    kept = phone.evaluate(f"localStorage.getItem('meld-deal:{game.table.token}:{game.pk}:1')")
    assert '"waiting":true' in kept

    context.set_offline(False)
    expect(phone.locator(".deal-title")).to_contain_text("2", timeout=15_000)
    expect(phone.locator("#sheet tr.deal")).to_have_count(1)
    expect(phone.locator("#sheet .pending")).to_be_visible()
    shoot(phone, artifacts_dir, f"offline-2-sent-{language}")
    no_horizontal_scroll(phone)
    assert Entry.objects.get().points == [720, 25]
    assert (
        phone.evaluate(f"localStorage.getItem('meld-deal:{game.table.token}:{game.pk}:1')") is None
    )


def test_a_reload_before_sending_fills_the_typed_deal_in_again(
    phone, live_server, director, artifacts_dir, language
):
    game = canasta_game(director)
    seated(phone, live_server, game)
    type_deal(phone)
    key = phone.locator("input[name=idempotency_key]").input_value()
    phone.reload()
    form = phone.locator("form.entry-form")
    expect(form.locator("#id_s0_melded_points")).to_have_value("120")
    expect(form.locator("#id_s1_hand_points")).to_have_value("35")
    expect(form.locator("#id_s0_natural_canastas")).to_have_value("1")
    expect(form.locator("#id_s0_going_out_1")).to_be_checked()
    expect(form.locator("input[name=idempotency_key]")).to_have_value(key)
    expect(phone.locator("#total-s0")).to_have_text("720")
    expect(phone.locator(".send-waiting")).to_be_hidden()
    shoot(phone, artifacts_dir, f"offline-3-restored-{language}")

    phone.locator("button.send").click()
    expect(phone.locator(".deal-title")).to_contain_text("2")
    assert Entry.objects.get().idempotency_key == key
    phone.reload()
    expect(phone.locator("#id_s0_melded_points")).to_have_value("")


def test_a_deal_answered_with_a_mistake_is_still_kept_after_a_reload(
    phone, live_server, director, language
):
    game = canasta_game(director)
    seated(phone, live_server, game)
    form = phone.locator("form.entry-form")
    form.locator("#id_s0_melded_points").fill("123")
    form.locator("button.send").click()
    expect(phone.locator("#id_s0_melded_points_error")).not_to_be_empty()
    expect(phone.locator("#id_s0_melded_points")).to_be_focused()
    phone.reload()
    expect(phone.locator("#id_s0_melded_points")).to_have_value("123")
    assert not Entry.objects.exists()


def test_round_1s_draft_never_comes_back_in_round_2(phone, live_server, director, language):
    """A pair stays at its table from round 1 to 2 (issue 32, item 1): the deal typed but not
    sent in round 1 is not filled into round 2's form, and round 2's deal is stored."""
    from tests.factories import seat_round
    from tournaments.models import Round

    game = canasta_game(director)
    seated(phone, live_server, game)
    type_deal(phone)  # typed in round 1, never sent
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    second = seat_round(game.round.event, 2, [((1, 6), (3, 8)), ((2, 5), (4, 7))]).games.get(
        table__number=1
    )
    phone.reload()
    expect(phone.locator("form.entry-form")).to_be_visible()
    form = phone.locator("form.entry-form")
    assert form.get_attribute("data-keep") == f"{game.table.token}:{second.pk}:1"
    expect(form.locator("#id_s0_melded_points")).to_have_value("")
    expect(form.locator("#id_s1_hand_points")).to_have_value("")
    type_deal(phone)
    phone.locator("button.send").click()
    expect(phone.locator("#sheet tr.deal")).to_have_count(1)
    assert Entry.objects.get().game_id == second.pk
