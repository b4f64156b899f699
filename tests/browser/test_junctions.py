"""Where two features meet, on two phones at 390×844 in German and English, without a
reload (issue 32): a dispute settled the handbook's way ends "the director is called" on
both phones and they say what the director decided; once time is up and the deal in play
is in, the phones say the table is done and offer no next deal.
Screenshots: test-artifacts/junction-*-<language>.png.
"""

from datetime import timedelta

import pytest
from django.utils import timezone, translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, shoot, take_seat
from tests.conftest import PHONE
from tests.factories import make_event, seat_round
from tests.web.table_helpers import canasta_game, seat_of, totals
from tournaments.models import Entry, Round
from tournaments.services.scores.entries import (
    confirm_entry,
    dispute_entry,
    settle_dispute,
    submit_entry,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)
POLLED = 20_000


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


def sit(page, live_server, game, number: int) -> None:
    take_seat(page, f"{live_server.url}/t/{game.table.token}/", seat_of(game, number).pk, number)


def test_a_settled_dispute_ends_the_call_and_the_phones_say_the_decision(
    phones, live_server, director, language, artifacts_dir
):
    game = canasta_game(director, entry_modes=["totals"])
    side_a, side_b = phones
    sit(side_a, live_server, game, 1)
    sit(side_b, live_server, game, 2)
    entry = submit_entry(game, 1, totals(780, 390), seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="We had 470")
    called = words(language, "The director is called.")
    for page in phones:
        page.reload()
        notice = page.locator('[data-notice="called"]')
        expect(notice).to_contain_text(called, timeout=POLLED)
        disputed = words(language, "Deal %(number)s is disputed", number=1)
        expect(notice).to_contain_text(f"{disputed}: We had 470")
    settle_dispute(
        Entry.objects.get(pk=entry.pk),
        user=director,
        accept=False,
        reason="Sheet checked",
        data=totals(780, 470),
    )
    decided = words(
        language,
        "The director decided: %(points)s counts for %(deal)s.",
        points="780 : 470",
        deal=words(language, "deal %(number)s", number=1),
    )
    for page in phones:
        expect(page.locator('[data-notice="called"]')).to_have_count(0, timeout=POLLED)
        expect(page.locator('[data-notice="decision"]')).to_have_text(decided, timeout=POLLED)
        expect(page.locator("#now")).to_have_attribute("data-kind", "enter")
    shoot(side_b, artifacts_dir, f"junction-decided-{language}")


def test_once_time_is_up_and_the_deal_in_play_is_in_the_phones_say_the_table_is_done(
    phones, live_server, director, language, artifacts_dir
):
    event = make_event(
        director, players=8, round_kind="time", round_minutes=30, entry_modes=["totals"]
    )
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    game = rnd.games.select_related("round__event", "table").get(table__number=1)
    side_a, side_b = phones
    sit(side_a, live_server, game, 1)
    sit(side_b, live_server, game, 2)
    confirm_entry(
        submit_entry(game, 1, totals(820, 25), seat=seat_of(game, 1)), seat=seat_of(game, 2)
    )
    Entry.objects.update(created_at=timezone.now() - timedelta(minutes=5))
    Round.objects.filter(pk=rnd.pk).update(clock_ends_at=timezone.now() - timedelta(minutes=1))
    side_a.reload()
    form = side_a.locator("form.entry-form")
    form.locator("#id_s0_total").fill("600")
    form.locator("#id_s1_total").fill("100")
    form.locator("button.send").click()
    confirm = side_b.locator("#now button.confirm")
    expect(confirm).to_be_visible(timeout=POLLED)
    confirm.click()
    done = words(language, "Time is up and your last deal is in: this table is done.")
    for page in phones:
        expect(page.locator("#now h2")).to_have_text(done, timeout=POLLED)
        expect(page.locator("form.entry-form")).to_have_count(0)
    shoot(side_a, artifacts_dir, f"junction-time-up-{language}")
    assert not Entry.objects.filter(number=3).exists()
