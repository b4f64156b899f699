"""A director runs rounds in a real browser: start, seating, board, scores, close, standings."""

import os

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import LAPTOP, PHONE
from tests.factories import make_event
from tournaments.models import Round, Table
from tournaments.services.rounds import start_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "s3cret-Pass!"


def log_in(page: Page, live_server, user) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", user.get_username())
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page.get_by_role("heading", name="Your events")).to_be_visible()


def shoot(page: Page, artifacts_dir: str, name: str, *, laptop: bool = False) -> None:
    page.set_viewport_size(LAPTOP if laptop else PHONE)
    page.screenshot(
        path=os.path.join(artifacts_dir, f"rounds-{name}{'-laptop' if laptop else ''}.png"),
        full_page=True,
    )
    page.set_viewport_size(PHONE)


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1


def make_tables(event, count):
    for number in range(1, count + 1):
        Table.objects.create(event=event, number=number)


def test_a_progressive_canasta_evening_round_1(page: Page, live_server, director, artifacts_dir):
    pytest.importorskip("pairings.schedules")
    event = make_event(director, players=12, name="Canasta-Abend", public=True)
    make_tables(event, 3)
    log_in(page, live_server, director)
    base = f"{live_server.url}/events/{event.pk}"

    page.goto(f"{base}/rounds/")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("Round 1 is being played")).to_be_visible()
    expect(page.get_by_text("How round 1 was seated")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "1-started")

    page.get_by_role("link", name="Seating").first.click()
    expect(page.get_by_role("heading", name="Table 3")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "2-seating")
    shoot(page, artifacts_dir, "2-seating", laptop=True)

    page.get_by_role("link", name="Table board").click()
    expect(page.get_by_text("0 of 3 tables finished")).to_be_visible()
    shoot(page, artifacts_dir, "3-board")

    for table, (a, b) in enumerate([(5100, 300), (2200, 5050), (5200, 4100)], start=1):
        page.goto(f"{base}/rounds/1/board/")
        page.locator(".tile").nth(table - 1).click()
        expect(page.get_by_role("heading", name="Correct or add a deal")).to_be_visible()
        page.fill("#id_fix-s0_total", str(a))
        page.fill("#id_fix-s1_total", str(b))
        page.fill("#id_fix-reason", "Score sheet of the table")
        if table == 1:
            shoot(page, artifacts_dir, "4-game-form")
        page.get_by_role("button", name="Save the correction").click()
        expect(page.get_by_text("Deal 1 is corrected and counts now.")).to_be_visible()
    shoot(page, artifacts_dir, "5-game-after")

    page.goto(f"{base}/rounds/1/board/")
    expect(page.get_by_text("3 of 3 tables finished")).to_be_visible()
    shoot(page, artifacts_dir, "6-board-done")
    shoot(page, artifacts_dir, "6-board-done", laptop=True)
    page.get_by_role("button", name="Every table is done: close round 1").click()
    expect(page.get_by_text("Round 1 is closed.")).to_be_visible()
    assert Round.objects.get(event=event).status == Round.Status.CLOSED

    page.get_by_role("link", name="Standings").click()
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(12)
    expect(rows.first).to_contain_text("5,200")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "7-standings")
    shoot(page, artifacts_dir, "7-standings", laptop=True)

    page.goto(f"{live_server.url}/p/{event.public_token}/")
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    shoot(page, artifacts_dir, "8-public")
    page.goto(f"{live_server.url}/p/{event.public_token}/projector/")
    page.set_viewport_size(LAPTOP)
    expect(page.locator(".projector-panel")).to_be_visible()
    page.screenshot(path=os.path.join(artifacts_dir, "rounds-9-projector-laptop.png"))


def test_a_swiss_gin_event_gives_the_odd_player_a_bye(
    page: Page, live_server, director, artifacts_dir
):
    event = make_event(director, game="gin", players=9, fmt="swiss", name="Gin Swiss", bye_score=50)
    make_tables(event, 4)
    log_in(page, live_server, director)
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("has the bye")).to_be_visible()
    shoot(page, artifacts_dir, "swiss-1-started")
    page.get_by_role("link", name="Seating").first.click()
    expect(page.get_by_text("Sitting out:")).to_be_visible()
    expect(page.locator(".by-name li")).to_have_count(9)
    shoot(page, artifacts_dir, "swiss-2-seating")
    page.get_by_role("link", name="Table board").click()
    expect(page.locator(".tile")).to_have_count(4)
    shoot(page, artifacts_dir, "swiss-3-board")


def test_winner_moves_up_round_2(page: Page, live_server, director, artifacts_dir):
    event = make_event(director, players=16, fmt="moveup", name="Move-up", draw_seed="evening")
    make_tables(event, 4)
    first = start_round(event, user=director)
    for game in first.games.all():
        game.finished, game.score_0, game.score_1, game.winner_side = True, 5100, 2000, 0
        game.save()
    first.status = Round.Status.CLOSED
    first.save()
    log_in(page, live_server, director)
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    page.get_by_role("button", name="Start round 2").click()
    expect(page.get_by_text("How round 2 was seated")).to_be_visible()
    expect(page.get_by_text("come from table 2")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "moveup-1-round2")
    page.get_by_role("link", name="Seating").first.click()
    expect(page.locator(".seating-table")).to_have_count(4)
    shoot(page, artifacts_dir, "moveup-2-seating", laptop=True)
