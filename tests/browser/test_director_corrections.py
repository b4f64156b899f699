"""A director corrects a deal with its full breakdown, and reads how a substitute counts."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tests.conftest import LAPTOP
from tests.factories import make_event, make_tables, substituted_event
from tournaments.models import Entry
from tournaments.services.rounds.steps import start_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_director_corrects_a_deal_with_its_full_breakdown(
    page: Page, live_server, director, artifacts_dir
):
    event = make_event(director, players=4, fmt="moveup", language="en")
    make_tables(event, 1)
    game = start_round(event, user=director).games.get()
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, director.get_username())
    page.goto(f"{live_server.url}/events/{event.pk}/games/{game.pk}/")
    expect(page.get_by_role("heading", name="Correct or add a deal")).to_be_visible()
    page.fill("#id_fix-s0_natural_canastas", "1")
    page.fill("#id_fix-s0_mixed_canastas", "1")
    page.fill("#id_fix-s0_red_threes", "1")
    page.check("#id_fix-s0_going_out_1")
    page.fill("#id_fix-s0_melded_points", "200")
    page.fill("#id_fix-s1_red_threes", "1")
    page.fill("#id_fix-s1_melded_points", "150")
    page.fill("#id_fix-s1_hand_points", "40")
    page.fill("#id_fix-reason", "Score sheet of the table")
    shoot(page, artifacts_dir, "corrections-1-breakdown")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Deal 1 is corrected and counts now.")).to_be_visible()
    expect(page.locator("table.sheet tbody tr").first).to_contain_text("1,200")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "corrections-2-saved")
    entry = Entry.objects.get(game=game, status="confirmed")
    assert entry.points == [1200, 10]
    assert entry.details["sides"][0]["natural_canastas"] == 1


def test_the_standings_count_a_substitutes_results_as_the_director_sets(
    page: Page, live_server, director, artifacts_dir
):
    # Round 1: Player 1 100, 2 50, 3 80, 4 20; round 2: Sam (for Player 1) 30, 2 60, 3 10, 4 40.
    event = substituted_event(director)
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, director.get_username())
    rows = page.locator("table.standings tbody tr")

    def standings_after(choice: str) -> None:
        page.goto(f"{live_server.url}/events/{event.pk}/setup/event/")
        page.get_by_label(choice).check()
        page.get_by_role("button", name="Save and continue").click()
        page.goto(f"{live_server.url}/events/{event.pk}/standings/")

    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    # By default the player replaced carries both rounds: 100 + 30.
    expect(rows.first).to_contain_text("Player 1")
    expect(rows.first).to_contain_text("130")
    expect(page.locator("table.standings")).not_to_contain_text("Sam")

    standings_after("For the substitute")
    expect(
        page.get_by_text("The results of a player who was replaced count for the substitute.")
    ).to_be_visible()
    expect(rows.first).to_contain_text("Sam")
    expect(rows.first).to_contain_text("130")
    expect(page.locator("table.standings")).not_to_contain_text("Player 1")
    shoot(page, artifacts_dir, "corrections-3-substitute-standings")

    standings_after("Each for the rounds they played")
    expect(rows).to_have_count(5)
    expect(rows.nth(1)).to_contain_text("Player 1")
    expect(rows.nth(1)).to_contain_text("100")
    expect(rows.nth(4)).to_contain_text("Sam")
    expect(rows.nth(4)).to_contain_text("30")
    no_horizontal_scroll(page)
