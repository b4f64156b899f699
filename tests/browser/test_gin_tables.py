"""Gin for three at a table, on phones at 390×844: the director sets up a rotation evening,
three phones enter and confirm the hands of RULES.md 2.1's worked example, the score
sheet says who sat out and who pays whom, and the standings rank the players.

Players 1, 2, 3 drew B, C, A of the example (the table seats them in draw order).
"""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tests.conftest import PHONE
from tests.factories import make_event, make_tables
from tournaments.models import Game, Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)

B, C, A = 1, 2, 3
NAME = {n: f"{n} Player {n}" for n in (A, B, C)}
# knocker, kind, knocker's deadwood, defender's deadwood, who leads, who deals, who sits out
HANDS = [
    (B, "knock", 3, 20, B, C, A),
    (A, "knock", 2, 27, B, A, C),
    (A, "gin", 0, 15, A, C, B),
    (A, "knock", 5, 47, A, B, C),
]


@pytest.fixture
def phones(browser):
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in range(3)]
    pages = {}
    for number, context in zip((B, C, A), contexts, strict=True):
        pages[number] = context.new_page()
        pages[number].set_default_timeout(15_000)
    yield pages
    for context in contexts:
        context.close()


def test_a_three_player_rotation_evening(page, phones, live_server, director, artifacts_dir):
    event = make_event(director, game="gin", players=3, fmt="swiss", language="en")
    make_tables(event, 1)
    log_in(page, live_server, director.get_username())
    base = f"{live_server.url}/events/{event.pk}"

    page.goto(f"{base}/setup/format/")
    page.get_by_text("Tables in draw order, rotating").click()
    page.get_by_text("Three players, rotating (the loser sits out)").click()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "gin-three-1-format")
    page.get_by_role("button", name="Save and continue").click()
    event.refresh_from_db()
    assert (event.format, event.table_kind) == ("tables", "rotation")

    page.goto(f"{base}/setup/scoring/")
    page.get_by_text("Plus/minus (winner's margin)").click()
    page.get_by_role("button", name="Save and continue").click()
    event.refresh_from_db()
    assert event.scoring_mode == "net"

    page.goto(f"{base}/rounds/")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("Round 1 is being played")).to_be_visible()
    game = Game.objects.get(round__event=event)

    for number, phone in phones.items():
        phone.goto(f"{live_server.url}/t/{game.table.token}/")
        phone.get_by_role("button", name=f"I am {NAME[number]}").click()
        expect(phone.locator(".iam")).to_contain_text(NAME[number])

    for hand, (knocker, kind, knocker_dw, defender_dw, leader, dealer, out) in enumerate(HANDS, 1):
        entering = phones[knocker]
        form = entering.locator("form.entry-form")
        expect(form.locator(".who-plays")).to_have_text(
            f"{NAME[leader]} plays against {NAME[dealer]}, who deals; {NAME[out]} sits out."
        )
        # The one sitting out is not offered as the knocker.
        knockers = form.get_by_role("radiogroup", name="Who knocked or went gin?")
        expect(knockers).to_contain_text(NAME[leader])
        expect(knockers).not_to_contain_text(NAME[out])
        form.locator("label", has_text="Gin" if kind == "gin" else "Knock").first.click()
        knockers.get_by_text(NAME[knocker]).click()
        if kind == "knock":
            form.locator("#id_knocker_deadwood").fill(str(knocker_dw))
        form.locator("#id_defender_deadwood").fill(str(defender_dw))
        if hand == 1:
            expect(entering.locator("#preview")).to_contain_text(f"{NAME[B]} scores 17")
            shoot(entering, artifacts_dir, "gin-three-2-hand-1")
            no_horizontal_scroll(entering)
        form.get_by_role("button", name=f"Send hand {hand}").click()
        expect(entering.locator("#sheet")).to_contain_text("waiting for confirmation")
        confirm = phones[out].get_by_role("button", name=f"Confirm hand {hand}")
        expect(confirm).to_be_visible(timeout=15_000)
        confirm.click()
        expect(phones[out].locator("main")).to_contain_text(f"Hand {hand} is confirmed.")

    sheet = phones[C].locator("#sheet")
    letter = {number: "ABC"[number - 1] for number in (A, B, C)}
    expect(sheet).to_contain_text(f"Game over: side {letter[A]} wins by 225.")
    expect(sheet).to_contain_text(f"{letter[A]} sits out")
    expect(sheet).to_contain_text(f"{letter[B]} pays {letter[A]} 225")
    expect(sheet).to_contain_text(f"{letter[C]} pays {letter[A]} 362")
    expect(sheet).to_contain_text(f"{letter[C]} pays {letter[B]} 37")
    expect(sheet.locator("tfoot tr.grand")).to_contain_text("262")
    no_horizontal_scroll(phones[C])
    shoot(phones[C], artifacts_dir, "gin-three-3-sheet")

    points = {r.player.number: (r.points, r.net) for r in Result.objects.select_related("player")}
    assert points == {A: (262, 587), B: (37, -188), C: (0, -399)}

    page.goto(f"{base}/rounds/1/board/")
    expect(page.get_by_text("1 of 1 tables finished")).to_be_visible()
    shoot(page, artifacts_dir, "gin-three-4-board")
    page.goto(f"{base}/standings/")
    rows = page.locator("#standings table tbody tr")
    expect(rows.first).to_contain_text(NAME[A])
    expect(rows.first).to_contain_text("587")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "gin-three-5-standings")
