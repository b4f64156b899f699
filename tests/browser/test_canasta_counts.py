"""A Canasta deal entered by card counts on one phone (390×844), refused once for a joker the
deck does not hold, then confirmed on the other side's phone."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tests.browser.test_accessibility import serious_findings
from tests.browser.test_table_phone import open_table, phones  # noqa: F401 - the two phones
from tests.web.table_helpers import canasta_game
from tournaments.models import Entry, Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


def more(form, field: str, times: int = 1) -> None:
    """Tap the field's "+" ``times``, each tap once the count shown has followed the last one."""
    count = form.locator(f"#id_{field}")
    for _ in range(times):
        before = int(count.input_value() or 0)
        form.locator(f'[data-step-for="id_{field}"][data-delta="1"]').click()
        expect(count).to_have_value(str(before + 1))


def test_a_deal_by_card_counts_is_refused_once_then_confirmed_on_the_other_phone(
    phones,  # noqa: F811
    live_server,
    director,
    artifacts_dir,
):
    game = canasta_game(director, entry_modes=["deal", "counts"])
    entering, confirming = phones
    open_table(confirming, live_server, game, "2 Player 2")
    open_table(entering, live_server, game, "1 Player 1")

    entering.get_by_role("link", name="Card counts").click()
    form = entering.locator("form.entry-form")
    expect(form.get_by_role("link", name="Card counts")).to_have_attribute("aria-current", "true")
    # The mode is a page of its own: its steppers are bound once it has loaded.
    entering.wait_for_load_state("load")
    # Side A: a natural canasta, a red three, went out; nine cards from eight to king and
    # three aces melded: 500 + 100 + 100 + 150 = 850.
    more(form, "s0_natural_canastas")
    more(form, "s0_red_threes")
    form.locator('label[for="id_s0_going_out_1"]').click()
    form.locator("#id_s0_melded_kings_to_eights").fill("9")
    more(form, "s0_melded_aces", 3)
    # Side B: six cards from four to seven and a two melded (50); a joker and two cards from
    # eight to king left in its hands (70): −20.
    form.locator("#id_s1_melded_sevens_to_fours").fill("6")
    more(form, "s1_melded_twos")
    more(form, "s1_hand_jokers")
    form.locator("#id_s1_hand_kings_to_eights").fill("2")
    expect(entering.locator("#total-s0")).to_have_text("850")
    expect(entering.locator("#total-s1")).to_have_text("-20")
    preview = entering.locator("#preview")
    expect(preview.locator(".side-0 .parts")).to_contain_text("Melded 150")
    expect(preview.locator(".side-1 .parts")).to_contain_text("In hand -70")
    shoot(entering, artifacts_dir, "table-counts-1-derived")
    no_horizontal_scroll(entering)
    assert serious_findings(entering) == []

    # Four jokers melded besides the one in B's hands: the deck holds four.
    form.locator("#id_s0_melded_jokers").fill("4")
    refusal = entering.locator("#id_s0_melded_jokers_error")
    expect(refusal).to_contain_text(
        "5 jokers melded and in hand on all sides together, but the deck holds 4: 1 too many."
    )
    form.get_by_role("button", name="Send deal 1").click()
    expect(entering.locator("#id_s0_melded_jokers_error")).to_contain_text("1 too many")
    shoot(entering, artifacts_dir, "table-counts-2-deck-limit")
    assert not Entry.objects.exists()

    form = entering.locator("form.entry-form")
    form.locator("#id_s0_melded_jokers").fill("0")
    expect(entering.locator("#id_s0_melded_jokers_error")).to_be_empty()
    expect(entering.locator("#total-s0")).to_have_text("850")
    form.get_by_role("button", name="Send deal 1").click()
    expect(entering.locator(".deal-title")).to_contain_text("Deal 2")
    # The next deal is entered by counts again.
    expect(entering.locator("#id_s0_melded_jokers")).to_be_visible()
    assert Entry.objects.get().points == [850, -20]

    confirm = confirming.get_by_role("button", name="Confirm deal 1")
    expect(confirm).to_be_visible(timeout=15_000)
    entered = confirming.get_by_role("list", name="What was entered")
    expect(entered).to_contain_text("Cards melded: Aces 3, Eights to kings 9")
    expect(entered).to_contain_text("Cards left in the side's hands: Jokers 1, Eights to kings 2")
    shoot(confirming, artifacts_dir, "table-counts-3-to-confirm")
    confirm.click()
    expect(confirming.locator("main")).to_contain_text("Deal 1 is confirmed.")
    no_horizontal_scroll(confirming)

    game.refresh_from_db()
    assert game.scores == [850, -20]
    points = {
        r.player.number: r.points for r in Result.objects.filter(game=game).select_related("player")
    }
    assert points == {1: 850, 6: 850, 2: -20, 5: -20}


def test_the_director_lets_the_phones_enter_by_counts_only(
    page, live_server, director, artifacts_dir
):
    game = canasta_game(director)
    log_in(page, live_server, "director")
    step = reverse("tournaments-director-setup", args=[game.round.event_id, "event"])
    page.goto(f"{live_server.url}{step}")
    modes = page.get_by_role("group", name="The phones enter a deal as")
    expect(modes.get_by_label("Canastas, red threes, going out and card points")).to_be_checked()
    modes.get_by_label("Canastas, red threes, going out and card points").uncheck()
    shoot(page, artifacts_dir, "setup-counts-1-none-ticked")
    page.get_by_role("button", name="Save and continue").click()
    expect(page.get_by_text("Tick at least one way to enter a deal.")).to_be_visible()

    modes = page.get_by_role("group", name="The phones enter a deal as")
    modes.get_by_label("Canastas, red threes, going out and how many cards of each kind").check()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "setup-counts-2-counts-ticked")
    page.get_by_role("button", name="Save and continue").click()
    expect(page.get_by_role("heading", name="Game and rules")).to_be_visible()

    open_table(page, live_server, game, "1 Player 1")
    expect(page.locator("#id_s0_melded_jokers")).to_be_visible()
    expect(page.locator("#id_s0_melded_points")).to_have_count(0)
    expect(page.locator(".entry-modes")).to_have_count(0)
