"""House rules entered as each side's score on a phone (390×844): the quick form asks who went
out, because over 5000 together the side that went out wins (RULES.md 1.6), and the last deal
decides the game for the side that went out with the lower total."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import no_horizontal_scroll, shoot
from tests.browser.test_accessibility import serious_findings
from tests.browser.test_table_phone import open_table, phones  # noqa: F401 - the two phones
from tests.web.table_helpers import canasta_game, seat_of
from tournaments.models import Entry
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


def test_the_side_that_went_out_wins_the_house_game_entered_as_scores(
    phones,  # noqa: F811
    live_server,
    director,
    artifacts_dir,
):
    game = canasta_game(director, profile_slug="house", entry_modes=["totals"])
    first = submit_entry(game, 1, {"totals": [5000, 4500]}, seat=seat_of(game, 1))
    confirm_entry(first, seat=seat_of(game, 2))
    entering, confirming = phones
    open_table(confirming, live_server, game, "2 Player 2")
    open_table(entering, live_server, game, "1 Player 1")

    form = entering.locator("form.entry-form")
    expect(form.locator(".deal-title")).to_contain_text("Deal 2")
    form.locator("#id_s0_total").fill("700")
    form.locator("#id_s1_total").fill("800")
    form.locator('label[for="id_s1_going_out_1"]').click()
    expect(form.locator("#id_s1_going_out_1")).to_be_checked()
    shoot(entering, artifacts_dir, "table-house-totals-1-went-out")
    no_horizontal_scroll(entering)
    assert serious_findings(entering) == []
    form.get_by_role("button", name="Send deal 2").click()
    expect(entering.locator("#sheet")).to_contain_text("waiting for confirmation")

    confirm = confirming.get_by_role("button", name="Confirm deal 2")
    expect(confirm).to_be_visible(timeout=15_000)
    entered = confirming.get_by_role("list", name="What was entered")
    expect(entered).to_contain_text("Side B: went out")
    confirm.click()
    result = confirming.locator("#sheet .result")
    expect(result).to_contain_text("Game over: side B wins by 400.")
    shoot(confirming, artifacts_dir, "table-house-totals-2-won-by-going-out")
    assert Entry.objects.get(number=2).details["went_out"] == 1
    game.refresh_from_db()
    assert game.finished and game.winner_side == 1
