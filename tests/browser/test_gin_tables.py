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
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import correct_entry

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
    event = make_event(director, card_game="gin", players=3, fmt="swiss", language="en")
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


# Partnership Gin: players 1 & 2 against 3 & 4; each hand both partners' games, in the
# order side A's first player, then his partner (kind, who knocked, deadwoods).
PARTNER_HANDS = [
    (("Knock", 1, 2, 20), ("Knock", 0, 5, 30)),  # A −18 + 25 = +7
    (("Gin", 1, 0, 15), ("Knock", 0, 4, 14)),  # B +25
    (("Gin", 0, 0, 30), ("No game", None, None, None)),  # A +50
    (("Knock", 0, 2, 42), ("Knock", 0, 1, 31)),  # A +70: 127 of 125
]


def test_a_four_player_partnership_evening(page, phones, live_server, director, artifacts_dir):
    event = make_event(
        director, card_game="gin", players=4, fmt="swiss", language="en", scoring_mode="net"
    )
    make_tables(event, 1)
    log_in(page, live_server, director.get_username())
    base = f"{live_server.url}/events/{event.pk}"
    page.goto(f"{base}/setup/format/")
    page.get_by_text("Tables in draw order, rotating").click()
    page.get_by_text("Four players: two partnerships of two").click()
    page.get_by_role("button", name="Save and continue").click()
    page.goto(f"{base}/rounds/")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("Round 1 is being played")).to_be_visible()
    game = Game.objects.get(round__event=event)

    entering, confirming = phones[1], phones[2]
    for phone, name in ((entering, "1 Player 1"), (confirming, "3 Player 3")):
        phone.goto(f"{live_server.url}/t/{game.table.token}/")
        phone.get_by_role("button", name=f"I am {name}").click()
        expect(phone.locator(".iam")).to_contain_text(name)

    for hand, games in enumerate(PARTNER_HANDS, 1):
        form = entering.locator("form.entry-form")
        boxes = form.locator("fieldset.partner-game")
        first_opponent = "3 Player 3" if hand % 2 else "4 Player 4"
        expect(boxes.nth(0).locator("legend")).to_have_text(f"1 Player 1 against {first_opponent}")
        for index, (kind, knocker, knocker_dw, defender_dw) in enumerate(games):
            box = boxes.nth(index)
            box.get_by_role("radiogroup", name="How did the hand end?").get_by_text(kind).click()
            knocker_field = box.get_by_label("Knocker's deadwood")
            defender_field = box.get_by_label("Defender's deadwood (after laying off)")
            if kind == "No game":
                # Nobody knocked: neither the knocker nor a deadwood is asked.
                expect(
                    box.get_by_role("radiogroup", name="Who knocked or went gin?")
                ).to_be_hidden()
                expect(knocker_field).to_be_hidden()
                expect(defender_field).to_be_hidden()
                continue
            # A gin has no knocker's deadwood to enter; a knock has.
            if kind == "Gin":
                expect(knocker_field).to_be_hidden()
            else:
                expect(knocker_field).to_be_visible()
            expect(defender_field).to_be_visible()
            box.get_by_role("radiogroup", name="Who knocked or went gin?").locator("label").nth(
                knocker
            ).click()
            if kind == "Knock":
                knocker_field.fill(str(knocker_dw))
            defender_field.fill(str(defender_dw))
        if hand == 1:
            expect(entering.locator("#preview")).to_contain_text("1 Player 1 & 2 Player 2 scores 7")
            no_horizontal_scroll(entering)
            shoot(entering, artifacts_dir, "gin-four-1-hand-1")
        form.get_by_role("button", name=f"Send hand {hand}").click()
        expect(entering.locator("#sheet")).to_contain_text("waiting for confirmation")
        confirm = confirming.get_by_role("button", name=f"Confirm hand {hand}")
        expect(confirm).to_be_visible(timeout=15_000)
        confirm.click()
        expect(confirming.locator("main")).to_contain_text(f"Hand {hand} is confirmed.")

    sheet = confirming.locator("#sheet")
    expect(sheet).to_contain_text("Game over: side A wins by 242.")
    expect(sheet.locator("tfoot tr.grand")).to_contain_text("287")
    expect(sheet).to_contain_text("Game to 125")
    no_horizontal_scroll(confirming)
    shoot(confirming, artifacts_dir, "gin-four-2-sheet")

    page.goto(f"{base}/standings/")
    rows = page.locator("#standings table tbody tr")
    expect(rows.nth(0)).to_contain_text("242")
    expect(rows.nth(1)).to_contain_text("242")
    expect(rows.nth(3)).to_contain_text("-242")
    shoot(page, artifacts_dir, "gin-four-3-standings")


# Chouette: player 1 alone against 2 and 3. Who knocked (0 the lone player, 1 the partner
# playing), kind, deadwoods, who plays first, who deals, who advises the partner playing.
CHOUETTE_HANDS = [
    (0, "Knock", 2, 32, 1, 2, 3),
    (1, "Knock", 3, 28, 1, 3, 2),
    (0, "Gin", 0, 20, 3, 1, 2),
    (0, "Knock", 1, 36, 1, 2, 3),
]


def test_a_chouette(page, phones, live_server, director, artifacts_dir):
    event = make_event(
        director, card_game="gin", players=3, fmt="swiss", language="en", scoring_mode="net"
    )
    make_tables(event, 1)
    log_in(page, live_server, director.get_username())
    base = f"{live_server.url}/events/{event.pk}"
    page.goto(f"{base}/setup/format/")
    page.get_by_text("Tables in draw order, rotating").click()
    page.get_by_text("Three players, chouette (one alone against two)").click()
    page.get_by_role("button", name="Save and continue").click()
    page.goto(f"{base}/rounds/")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("Round 1 is being played")).to_be_visible()
    game = Game.objects.get(round__event=event)
    for number, phone in phones.items():
        phone.goto(f"{live_server.url}/t/{game.table.token}/")
        phone.get_by_role("button", name=f"I am {number} Player {number}").click()

    lone = phones[1]
    for hand, (knocker, kind, knocker_dw, defender_dw, leader, dealer, out) in enumerate(
        CHOUETTE_HANDS, 1
    ):
        form = lone.locator("form.entry-form")
        partner = dealer if leader == 1 else leader
        expect(form.locator(".who-plays")).to_have_text(
            f"1 Player 1 plays alone against {partner} Player {partner} and {out} Player {out}: "
            f"{partner} Player {partner} plays this hand, {out} Player {out} advises; "
            f"{dealer} Player {dealer} deals."
        )
        knockers = form.get_by_role("radiogroup", name="Who knocked or went gin?")
        expect(knockers).not_to_contain_text(f"{out} Player {out}")
        form.get_by_role("radiogroup", name="How did the hand end?").get_by_text(kind).click()
        knockers.locator("label").nth(knocker).click()
        if kind == "Knock":
            form.locator("#id_knocker_deadwood").fill(str(knocker_dw))
        form.locator("#id_defender_deadwood").fill(str(defender_dw))
        if hand == 2:
            expect(lone.locator("#preview")).to_contain_text("2 Player 2 & 3 Player 3 scores 25")
            no_horizontal_scroll(lone)
            shoot(lone, artifacts_dir, "gin-chouette-1-hand-2")
        form.get_by_role("button", name=f"Send hand {hand}").click()
        expect(lone.locator("#sheet")).to_contain_text("waiting for confirmation")
        confirm = phones[out].get_by_role("button", name=f"Confirm hand {hand}")
        expect(confirm).to_be_visible(timeout=15_000)
        confirm.click()
        expect(phones[out].locator("main")).to_contain_text(f"Hand {hand} is confirmed.")

    sheet = phones[3].locator("#sheet")
    expect(sheet).to_contain_text("Game over: side A wins by 220.")
    expect(sheet).to_contain_text("B: 3 Player 3")
    expect(sheet.locator("tfoot tr.grand")).to_contain_text("265")
    no_horizontal_scroll(phones[3])
    shoot(phones[3], artifacts_dir, "gin-chouette-2-sheet")
    page.goto(f"{base}/standings/")
    rows = page.locator("#standings table tbody tr")
    expect(rows.first).to_contain_text("1 Player 1")
    expect(rows.first).to_contain_text("440")
    shoot(page, artifacts_dir, "gin-chouette-3-standings")


def test_the_director_corrects_hand_1_and_re_seats_the_later_hands(
    page, live_server, director, artifacts_dir
):
    event = make_event(
        director, card_game="gin", players=3, fmt="tables", table_kind="rotation", language="en"
    )
    make_tables(event, 1)
    start_round(event, user=director)
    game = Game.objects.get(round__event=event)
    side = {seat.player.number: seat.side for seat in game.seats.select_related("player")}
    for number, (knocker, kind, knocker_dw, defender_dw, *_seats) in enumerate(HANDS, 1):
        data = {"number": number, "mode": "hand", "kind": kind, "knocker": side[knocker]}
        data.update(knocker_deadwood=knocker_dw, defender_deadwood=defender_dw)
        correct_entry(game, number, data, user=director, reason="Score sheet")
    log_in(page, live_server, director.get_username())
    page.goto(f"{live_server.url}/events/{event.pk}/games/{game.pk}/")
    page.locator("a.fix-link").first.click()  # hand 1's "Correct"
    form = page.locator("form", has=page.get_by_role("button", name="Save the correction"))
    expect(page.get_by_label("Hand", exact=True)).to_have_value("1")
    form.get_by_role("group", name="How did the hand end?").get_by_text("Knock", exact=True).click()
    form.get_by_role("group", name="Who knocked or went gin?").get_by_text(NAME[C]).click()
    form.get_by_label("Knocker's deadwood").fill("3")
    form.get_by_label("Defender's deadwood (after laying off)").fill("20")
    form.get_by_label("Reason").fill("C knocked, not B")
    form.get_by_role("button", name="Save the correction").click()
    # Nothing stored yet: Meld says which hands change hands and how.
    errors = page.locator(".errors")
    expect(errors).to_contain_text(
        f"Hand 1 changes who plays hands 2–4: Hand 2: {NAME[C]} against {NAME[A]}, "
        f"{NAME[B]} sits out"
    )
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "gin-three-6-correction-asks")
    assert game.entries.get(number=1, status="confirmed").points[side[B]] == 17
    page.get_by_label("Re-seat the later hands").check()
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Hand 1 is corrected and counts now.")).to_be_visible()
    game.refresh_from_db()
    assert game.scores[side[A]] == 262 and game.scores[side[C]] == 37
    shoot(page, artifacts_dir, "gin-three-7-correction-stored")


def test_picking_another_hand_names_its_players_in_the_correction_form(
    page, live_server, director, artifacts_dir
):
    event = make_event(
        director, card_game="gin", players=3, fmt="tables", table_kind="rotation", language="en"
    )
    make_tables(event, 1)
    start_round(event, user=director)
    game = Game.objects.get(round__event=event)
    side = {seat.player.number: seat.side for seat in game.seats.select_related("player")}
    for number, (knocker, kind, knocker_dw, defender_dw, *_seats) in enumerate(HANDS[:3], 1):
        data = {"number": number, "mode": "hand", "kind": kind, "knocker": side[knocker]}
        data.update(knocker_deadwood=knocker_dw, defender_deadwood=defender_dw)
        correct_entry(game, number, data, user=director, reason="Score sheet")
    log_in(page, live_server, director.get_username())
    page.goto(f"{live_server.url}/events/{event.pk}/games/{game.pk}/")
    knocker = page.get_by_role("group", name="Who knocked or went gin?")
    pick = page.get_by_label("Hand", exact=True)
    # The new hand 4 is A against B (C lost hand 3); hand 2 was B against A, hand 3 A against C.
    expect(pick).to_have_value("4")
    expect(knocker.locator("label")).to_have_text([NAME[A], NAME[B]])
    expect(page.get_by_role("button", name="Show", exact=True)).to_be_hidden()
    for number, playing in ((2, [NAME[B], NAME[A]]), (3, [NAME[A], NAME[C]])):
        pick.select_option(str(number))
        expect(page).to_have_url(
            f"{live_server.url}/events/{event.pk}/games/{game.pk}/?fix={number}#correct-h"
        )
        expect(page.get_by_label("Hand", exact=True)).to_have_value(str(number))
        expect(knocker.locator("label")).to_have_text(playing)
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "gin-three-8-correction-picks-hand-3")
