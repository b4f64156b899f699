"""A director runs rounds in a real browser: start, seating, board, scores, close, standings."""

import os

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tests.conftest import LAPTOP
from tests.factories import make_event, make_tables
from tournaments.models import Round
from tournaments.services.rounds.steps import start_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_progressive_canasta_evening_round_1(page: Page, live_server, director, artifacts_dir):
    event = make_event(
        director,
        players=12,
        name="Canasta-Abend",
        public=True,
        language="en",
        entry_modes=["totals"],
    )
    make_tables(event, 3)
    log_in(page, live_server, director.get_username())
    base = f"{live_server.url}/events/{event.pk}"

    page.goto(f"{base}/rounds/")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("Round 1 is being played")).to_be_visible()
    expect(page.get_by_text("How round 1 was seated")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "rounds-1-started")

    page.get_by_role("link", name="Seating").first.click()
    expect(page.get_by_role("heading", name="Table 3")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "rounds-2-seating")
    shoot(page, artifacts_dir, "rounds-2-seating", laptop=True)

    page.get_by_role("link", name="Table board").click()
    expect(page.get_by_text("0 of 3 tables finished")).to_be_visible()
    shoot(page, artifacts_dir, "rounds-3-board")

    for table, (a, b) in enumerate([(5100, 300), (2200, 5050), (5200, 4100)], start=1):
        page.goto(f"{base}/rounds/1/board/")
        page.locator(".tile").nth(table - 1).click()
        expect(page.get_by_role("heading", name="Correct or add a deal")).to_be_visible()
        page.fill("#id_fix-s0_total", str(a))
        page.fill("#id_fix-s1_total", str(b))
        page.fill("#id_fix-reason", "Score sheet of the table")
        if table == 1:
            shoot(page, artifacts_dir, "rounds-4-game-form")
        page.get_by_role("button", name="Save the correction").click()
        expect(page.get_by_text("Deal 1 is corrected and counts now.")).to_be_visible()
    shoot(page, artifacts_dir, "rounds-5-game-after")

    page.goto(f"{base}/rounds/1/board/")
    expect(page.get_by_text("3 of 3 tables finished")).to_be_visible()
    shoot(page, artifacts_dir, "rounds-6-board-done")
    shoot(page, artifacts_dir, "rounds-6-board-done", laptop=True)
    page.get_by_role("button", name="Every table is done: close round 1").click()
    expect(page.get_by_text("Round 1 is closed.")).to_be_visible()
    assert Round.objects.get(event=event).status == Round.Status.CLOSED

    page.get_by_role("link", name="Standings").click()
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(12)
    expect(rows.first).to_contain_text("5,200")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "rounds-7-standings")
    shoot(page, artifacts_dir, "rounds-7-standings", laptop=True)

    page.goto(f"{live_server.url}/p/{event.public_token}/")
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    shoot(page, artifacts_dir, "rounds-8-public")
    page.goto(f"{live_server.url}/p/{event.public_token}/projector/")
    page.set_viewport_size(LAPTOP)
    expect(page.locator(".projector-panel")).to_be_visible()
    page.screenshot(path=os.path.join(artifacts_dir, "rounds-9-projector-laptop.png"))


def test_a_swiss_gin_event_gives_the_odd_player_a_bye(
    page: Page, live_server, director, artifacts_dir
):
    event = make_event(
        director, card_game="gin", players=9, fmt="swiss", name="Gin Swiss", bye_score=50
    )
    make_tables(event, 4)
    log_in(page, live_server, director.get_username())
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("has the bye")).to_be_visible()
    shoot(page, artifacts_dir, "rounds-swiss-1-started")
    page.get_by_role("link", name="Seating").first.click()
    expect(page.get_by_text("Sitting out:")).to_be_visible()
    expect(page.locator(".by-name li")).to_have_count(9)
    shoot(page, artifacts_dir, "rounds-swiss-2-seating")
    page.get_by_role("link", name="Table board").click()
    expect(page.locator(".tile")).to_have_count(4)
    shoot(page, artifacts_dir, "rounds-swiss-3-board")


def test_winner_moves_up_round_2(page: Page, live_server, director, artifacts_dir):
    event = make_event(director, players=16, fmt="moveup", name="Move-up", draw_seed="evening")
    make_tables(event, 4)
    first = start_round(event, user=director)
    for game in first.games.all():
        game.finished, game.score_0, game.score_1, game.winner_side = True, 5100, 2000, 0
        game.save()
    first.status = Round.Status.CLOSED
    first.save()
    log_in(page, live_server, director.get_username())
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    page.get_by_role("button", name="Start round 2").click()
    expect(page.get_by_text("How round 2 was seated")).to_be_visible()
    expect(page.get_by_text("come from table 2")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "rounds-moveup-1-round2")
    page.get_by_role("link", name="Seating").first.click()
    expect(page.locator(".seating-table")).to_have_count(4)
    shoot(page, artifacts_dir, "rounds-moveup-2-seating", laptop=True)
