"""Nothing moves under the director's finger either (issue 33): the bar of what needs the
director (a call, a dispute) comes and goes at the bottom of the screen, after the page,
so the board's tiles and their buttons stay where they are. Measured as the phones' pad
is (``test_phone_steady``): the layout's shifts without recent input, at 390×844."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import shoot, sign_in
from tests.browser.test_phone_steady import MOST_MOVE, MOST_SHIFT, SHIFTS
from tests.conftest import PHONE
from tests.web.table_helpers import canasta_game, seat_of
from tournaments.models import TableCall
from tournaments.services.scores.calls import acknowledge_call, call_director
from tournaments.services.scores.entries import dispute_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


def test_the_bar_that_needs_the_director_moves_nothing_on_the_board(
    browser, live_server, director, artifacts_dir
):
    game = canasta_game(director)
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    sign_in(context, live_server, director, "en")
    page = context.new_page()
    page.add_init_script(SHIFTS)
    page.goto(
        live_server.url + reverse("tournaments-director-board", args=[game.round.event_id, 1])
    )
    board = page.locator("#board")  # its top: what the board draws inside it is its own
    expect(page.locator('.tile[data-table="1"]')).to_be_visible()

    def board_top() -> float:
        # A swap of the board's inside may be under way as it is measured: the box is
        # then not there for a moment (None) on a slow machine, and is read again.
        for _try in range(30):
            if (box := board.bounding_box()) is not None:
                return box["y"]
            page.wait_for_timeout(100)
        raise AssertionError("the board is not shown")

    top = board_top()
    bar = page.locator(".alert-bar")

    def steady(what: str) -> None:
        page.wait_for_timeout(300)
        shifted = sum(shift["value"] for shift in page.evaluate("window.meldShifts"))
        moved = abs(board_top() - top)
        print(f"{what}: CLS {shifted:.4f}, board moved {moved:.0f} px")
        assert shifted <= MOST_SHIFT and moved <= MOST_MOVE, (what, shifted, moved)
        page.evaluate("window.meldShifts = []")

    page.evaluate("window.meldShifts = []")
    entry = submit_entry(game, 1, {"totals": [100, 50]}, seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="We counted 150")
    expect(bar.locator(".alert-disputed")).to_be_visible()
    expect(bar).to_be_in_viewport()
    steady("a dispute arrives")
    call_director(game.table, game.round, reason="A question")
    expect(bar.locator(".alert-call")).to_be_visible()
    steady("a call arrives")
    shoot(page, artifacts_dir, "board-bar-at-the-bottom")
    acknowledge_call(TableCall.objects.get(), user=director)
    expect(bar.locator(".alert-call")).to_have_count(0)
    steady("the call goes")
    context.close()
