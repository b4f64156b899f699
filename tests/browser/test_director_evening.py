"""One director runs a whole 12-player progressive Canasta evening in the browser.

Set up through the wizard, draw the numbers, play two rounds with the scores
entered by the director, correct a score of the first round after the second,
close the rounds and read the standings: every step a director takes.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import no_horizontal_scroll, shoot
from tests.browser.test_director_setup import NAMES
from tournaments.models import Event, Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Per round, per table: the totals of side A and side B in a one-deal game.
SCORES = {
    1: [(5100, 300), (2200, 5050), (5200, 4100)],
    2: [(5050, 1200), (5300, 450), (900, 5150)],
}


def set_up_evening(page: Page, live_server) -> Event:
    page.goto(f"{live_server.url}/events/new/")
    page.fill("#id_name", "Herbstabend")
    page.fill("#id_date", "2026-11-22")
    page.select_option("#id_preset", "canasta:wiener")
    page.get_by_role("button", name="Create the event").click()
    for heading in ("The event", "Game and rules", "What a round is", "Format", "Scoring"):
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
        page.get_by_role("button", name="Save and continue").click()
    expect(page.get_by_role("heading", name=re.compile("Players"))).to_be_visible()
    page.get_by_text("Paste a whole list", exact=True).click()
    page.fill("#id_text", "\n".join(NAMES))
    page.get_by_role("button", name="Add these players").click()
    expect(page.get_by_text("12 players added.")).to_be_visible()
    page.get_by_role("link", name="Continue").click()
    page.get_by_role("button", name="Draw the numbers for 12 players").click()
    expect(page.get_by_text("The numbers are drawn.")).to_be_visible()
    # The director copies each table's totals off its score sheet: the phones enter totals.
    Event.objects.filter(name="Herbstabend").update(entry_modes=["totals"])
    return Event.objects.get(name="Herbstabend")


def enter_deal(
    page: Page, board_url: str, table: int, totals: tuple[int, int], reason: str
) -> None:
    page.goto(board_url)
    page.locator(".tile").nth(table - 1).click()
    expect(page.get_by_role("heading", name="Correct or add a deal")).to_be_visible()
    page.fill("#id_fix-s0_total", str(totals[0]))
    page.fill("#id_fix-s1_total", str(totals[1]))
    page.fill("#id_fix-reason", reason)
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Deal 1 is corrected and counts now.")).to_be_visible()


def play_round(page: Page, base: str, number: int) -> None:
    page.goto(f"{base}/rounds/")
    page.get_by_role("button", name=f"Start round {number}").click()
    expect(page.get_by_text(f"Round {number} is being played")).to_be_visible()
    for table, totals in enumerate(SCORES[number], start=1):
        enter_deal(
            page, f"{base}/rounds/{number}/board/", table, totals, "Score sheet of the table"
        )
    page.goto(f"{base}/rounds/{number}/board/")
    expect(page.get_by_text("3 of 3 tables finished")).to_be_visible()
    page.get_by_role("button", name=f"Every table is done: close round {number}").click()
    expect(page.get_by_text(f"Round {number} is closed.")).to_be_visible()


def round_points(event: Event, number: int) -> dict[int, int]:
    return {
        r.player.number: r.points
        for r in Result.objects.filter(round__event=event, round__number=number).select_related(
            "player"
        )
    }


def test_a_director_runs_a_whole_progressive_evening(
    page: Page, live_server, director, artifacts_dir
):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", director.get_username())
    page.fill("#id_password", "s3cret-Pass!")
    page.locator("main button[type=submit]").click()
    event = set_up_evening(page, live_server)
    base = f"{live_server.url}/events/{event.pk}"

    play_round(page, base, 1)
    play_round(page, base, 2)
    first_round = round_points(event, 1)
    # Round 1, table 1 is 1-2 vs 3-4 in the published 12-player schedule.
    assert first_round[1] == first_round[2] == 5100
    assert first_round[3] == first_round[4] == 300

    enter_deal(
        page, f"{base}/rounds/1/board/", 1, (5100, 500), "Side B had counted a red three twice"
    )
    assert round_points(event, 1)[3] == 500

    page.goto(f"{base}/standings/")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(12)
    totals = {
        number: round_points(event, 1)[number] + round_points(event, 2)[number]
        for number in range(1, 13)
    }
    best = max(totals, key=totals.get)
    expect(rows.first).to_contain_text(f"{totals[best]:,}")
    player_3 = page.locator("table.standings tbody tr", has_text=names_by_number(event)[3])
    expect(player_3).to_contain_text(f"{totals[3]:,}")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "rounds-evening-standings")
    shoot(page, artifacts_dir, "rounds-evening-standings", laptop=True)

    page.goto(f"{base}/audit/")
    expect(page.get_by_text("Side B had counted a red three twice").first).to_be_visible()


def names_by_number(event: Event) -> dict[int, str]:
    return dict(event.players.values_list("number", "name"))
