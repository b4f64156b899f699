"""Two phones at one table: one side enters (with a mistake first), the other confirms.

Each phone is its own browser context at 390×844; screenshots go to test-artifacts/.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import no_horizontal_scroll, shoot
from tests.conftest import PHONE
from tests.web.table_helpers import canasta_game, gin_game, seat_of
from tournaments.models import Entry, Result
from tournaments.services.scores.entries import submit_entry
from tournaments.services.setup.players import update_player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


@pytest.fixture
def phones(browser):
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(15_000)
    yield pages
    for context in contexts:
        context.close()


def open_table(page, live_server, game, player: str):
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator(".seating")).to_contain_text(player)
    page.get_by_role("button", name=f"I am {player}").click()
    expect(page.locator(".iam")).to_contain_text(player)


def test_a_canasta_deal_entered_on_one_phone_and_confirmed_on_the_other(
    phones, live_server, director, artifacts_dir
):
    game = canasta_game(director)
    entering, confirming = phones
    open_table(confirming, live_server, game, "2 Player 2")
    open_table(entering, live_server, game, "1 Player 1")
    shoot(entering, artifacts_dir, "table-canasta-1-seated")
    no_horizontal_scroll(entering)

    form = entering.locator("form.entry-form")
    form.locator('[data-step-for="id_s0_natural_canastas"][data-delta="1"]').click()
    form.locator('[data-step-for="id_s0_red_threes"][data-delta="1"]').click()
    form.locator('label[for="id_s0_going_out_1"]').click()
    form.locator("#id_s0_melded_points").fill("123")
    form.locator("#id_s1_melded_points").fill("60")
    form.locator("#id_s1_hand_points").fill("35")
    mistake = entering.locator("#id_s0_melded_points_error")
    expect(mistake).to_contain_text("multiple of 5")
    shoot(entering, artifacts_dir, "table-canasta-2-mistake")

    form.locator("#id_s0_melded_points").fill("120")
    expect(mistake).to_be_empty()
    expect(entering.locator("#total-s0")).to_have_text("820")
    expect(entering.locator("#total-s1")).to_have_text("25")
    shoot(entering, artifacts_dir, "table-canasta-3-fixed")
    form.get_by_role("button", name="Send deal 1").click()
    expect(entering.locator(".deal-title")).to_contain_text("Deal 2")
    expect(entering.locator("#sheet")).to_contain_text("waiting for confirmation")
    shoot(entering, artifacts_dir, "table-canasta-4-sent")
    assert Entry.objects.get().points == [820, 25]

    # The other phone sees the deal within a poll and confirms it.
    confirm = confirming.get_by_role("button", name="Confirm deal 1")
    expect(confirm).to_be_visible(timeout=15_000)
    shoot(confirming, artifacts_dir, "table-canasta-5-to-confirm")
    confirm.click()
    expect(confirming.locator("main")).to_contain_text("Deal 1 is confirmed.")
    shoot(confirming, artifacts_dir, "table-canasta-6-confirmed")
    no_horizontal_scroll(confirming)

    game.refresh_from_db()
    assert game.scores == [820, 25]
    points = {
        r.player.number: r.points for r in Result.objects.filter(game=game).select_related("player")
    }
    assert points == {1: 820, 6: 820, 2: 25, 5: 25}
    expect(entering.locator("tr.row-confirmed")).to_have_count(1, timeout=15_000)
    expect(entering.locator("tfoot tr.grand")).to_contain_text("820")


def tap(page, cards: str):
    for card in cards.split():
        page.locator(f'[data-card="{card}"]').click()


def test_a_gin_hand_tapped_in_card_mode_and_confirmed(phones, live_server, director, artifacts_dir):
    game = gin_game(director)
    entering, confirming = phones
    open_table(confirming, live_server, game, "2 Player 2")
    open_table(entering, live_server, game, "1 Player 1")

    form = entering.locator("form.entry-form")
    form.locator('label[for="id_knocker_0"]').click()
    form.locator('label[for="id_mode_1"]').click()
    expect(form.locator(".deck")).to_be_visible()
    tap(entering, "5H 6H 7H KS KH KD AS 2S 3S")  # one card short: a mistake
    form.locator("label.pill.defender").click()
    tap(entering, "8H KC 9D 9C 9S 2D 3C 4D 6C JH")
    expect(entering.locator("#id_knocker_cards_error")).to_contain_text("Tap 10 or 11 cards, not 9")
    shoot(entering, artifacts_dir, "table-gin-1-mistake")

    form.locator("label.pill.knocker").click()
    tap(entering, "4C")
    expect(entering.locator("#id_knocker_cards_error")).to_be_empty()
    preview = entering.locator("#preview")
    expect(preview).to_contain_text("1 Player 1 scores 21")
    expect(preview).to_contain_text("25 after laying off")
    expect(form.locator("[data-count=knocker]")).to_have_text("10")
    shoot(entering, artifacts_dir, "table-gin-2-cards")
    no_horizontal_scroll(entering)
    form.get_by_role("button", name="Send hand 1").click()
    expect(entering.locator(".deal-title")).to_contain_text("Hand 2")

    confirm = confirming.get_by_role("button", name="Confirm hand 1")
    expect(confirm).to_be_visible(timeout=15_000)
    # The defender checks the cards the knocker tapped, not only the deadwood they give.
    entered = confirming.locator("#now .entered")
    expect(entered).to_contain_text(
        "Knocker's melds: A♠\u00a02♠\u00a03♠ · 5♥\u00a06♥\u00a07♥ · K♠\u00a0K♥\u00a0K♦"
    )
    expect(entered).to_contain_text("Defender's deadwood: 2♦ 3♣ 4♦ 6♣ 8♥ J♥ K♣")
    no_horizontal_scroll(confirming)
    shoot(confirming, artifacts_dir, "table-gin-3-to-confirm")
    confirm.click()
    expect(confirming.locator("main")).to_contain_text("Hand 1 is confirmed.")
    shoot(confirming, artifacts_dir, "table-gin-4-confirmed")

    game.refresh_from_db()
    assert game.scores == [21 + 20, 0]  # hand points and one box
    entry = Entry.objects.get(status=Entry.Status.CONFIRMED)
    assert entry.details["discard"] is None and entry.details["defender_deadwood"] == 25
    results = {
        r.player.number: (r.points, r.net)
        for r in Result.objects.filter(game=game).select_related("player")
    }
    assert results == {1: (41, 41), 2: (0, -41)}


def test_a_lost_connection_keeps_the_values_and_the_deal_is_sent_once_by_itself(
    phones, live_server, director, artifacts_dir
):
    game = canasta_game(director, entry_modes=["totals"])
    page = phones[0]
    open_table(page, live_server, game, "1 Player 1")
    form = page.locator("form.entry-form")
    form.locator("#id_s0_total").fill("450")
    form.locator("#id_s1_total").fill("150")
    form.locator('[data-sign-for="id_s1_total"]').click()
    expect(form.locator("#id_s1_total")).to_have_value("-150")

    page.route("**/entry/", lambda route: route.abort())
    form.get_by_role("button", name="Send deal 1").click()
    expect(form.locator(".send-waiting")).to_be_visible()
    expect(form.locator(".send-error")).to_be_hidden()
    expect(form.locator("#id_s0_total")).to_have_value("450")
    shoot(page, artifacts_dir, "table-quick-not-sent")
    assert not Entry.objects.exists()

    # The kept deal goes by itself once requests get through again, once.
    page.unroute("**/entry/")
    expect(page.locator(".deal-title")).to_contain_text("Deal 2", timeout=15_000)
    assert Entry.objects.get().points == [450, -150]


def test_a_send_without_answer_ends_and_the_deal_goes_again_by_itself(
    phones, live_server, director
):
    """A Send whose answer never comes (a phone roaming between access points) ends at the
    page's time-out (shortened here): the deal is kept and said to be, the pad's polls, which
    give way while a step is in flight, go on, and the deal goes again by itself, once."""
    game = canasta_game(director, entry_modes=["totals"])
    page = phones[0]
    open_table(page, live_server, game, "1 Player 1")
    page.locator("main").evaluate("main => main.setAttribute('hx-request', '{\"timeout\": 1500}')")
    form = page.locator("form.entry-form")
    form.locator("#id_s0_total").fill("450")
    form.locator("#id_s1_total").fill("150")

    held = []
    page.route("**/entry/", lambda route: held.append(route))
    form.get_by_role("button", name="Send deal 1").click()
    expect(form.locator(".send-waiting")).to_be_visible()
    page.wait_for_event("request", lambda request: "/sheet/" in request.url)
    assert held and not Entry.objects.exists()

    page.unroute("**/entry/")
    expect(page.locator(".deal-title")).to_contain_text("Deal 2", timeout=15_000)
    assert Entry.objects.get().points == [450, 150]


def send_deal(page, number: int):
    form = page.locator("form.entry-form")
    form.locator('[data-step-for="id_s0_natural_canastas"][data-delta="1"]').click()
    form.locator("#id_s0_melded_points").fill("120")
    form.locator("#id_s1_melded_points").fill("60")
    expect(page.locator("#total-s0")).to_have_text("620")
    with page.expect_response(lambda answer: answer.url.endswith("/entry/")) as sent:
        form.get_by_role("button", name=f"Send deal {number}").click()
    expect(page.locator(".deal-title")).to_contain_text(f"Deal {number + 1}")
    return sent.value.text()


def test_each_deal_sent_and_a_change_from_another_phone_are_on_the_pad_once(
    phones, live_server, director
):
    game = canasta_game(director)
    entering = phones[0]
    open_table(entering, live_server, game, "1 Player 1")
    # Each answer is the pad as it is now, with the next deal's form.
    assert 'id="sheet"' in send_deal(entering, 1)
    assert 'id="sheet"' in send_deal(entering, 2)
    rows = entering.locator("#sheet tr.deal")
    expect(rows).to_have_count(2)
    expect(rows.nth(1).locator("th")).to_have_text("2")
    expect(entering.locator("#sheet .pending")).to_have_count(2)
    expect(entering.locator("#sheet .deal-of")).to_have_count(0)
    # The partner's phone edits deal 1: the next poll draws the whole pad, each deal once.
    deal = Entry.objects.get(number=1)
    submit_entry(
        game,
        1,
        {"sides": [{"melded_points": 50}, {"melded_points": 60}]},
        seat=seat_of(game, 6),
        expected_version=deal.version,
    )
    expect(rows.first.locator("td").first).to_have_text("50", timeout=15_000)
    expect(rows).to_have_count(2)
    expect(entering.locator("#sheet .pending")).to_have_count(2)
    no_horizontal_scroll(entering)


def send_canasta_deal(page, number: int, melded: str):
    """Side A has a natural canasta and goes out with ``melded`` points, side B melds 60."""
    form = page.locator("form.entry-form")
    form.locator('[data-step-for="id_s0_natural_canastas"][data-delta="1"]').click()
    form.locator('label[for="id_s0_going_out_1"]').click()
    form.locator("#id_s0_melded_points").fill(melded)
    form.locator("#id_s1_melded_points").fill("60")
    with page.expect_response(
        lambda r: r.url.endswith("/entry/") and r.request.method == "POST"
    ) as sent:
        form.get_by_role("button", name=f"Send deal {number}").click()
    return sent.value


def test_each_stored_deal_brings_the_next_deals_form_empty_with_a_new_key(
    phones, live_server, director, artifacts_dir
):
    """A stored deal's answer brings the next deal's form, empty, with a new idempotency
    key, and that form previews and sends like the first. The first row takes the place of
    "no deals yet"."""
    game = canasta_game(director)
    entering, confirming = phones
    open_table(entering, live_server, game, "1 Player 1")
    form = entering.locator("form.entry-form")
    expect(entering.locator("#pad-rows")).to_contain_text("No deal entered yet.")
    answer = send_canasta_deal(entering, 1, "120")
    assert not [name for name in answer.headers if name.startswith("x-meld")]
    expect(entering.locator(".deal-title")).to_have_text("Deal 2")
    expect(entering.locator("#pad-rows tr.deal")).to_have_count(1)
    expect(entering.locator("#pad-rows")).not_to_contain_text("No deal entered yet.")
    second_key = form.locator("input[name=idempotency_key]").input_value()
    form.locator('[data-step-for="id_s0_red_threes"][data-delta="1"]').click()

    send_canasta_deal(entering, 2, "120")
    expect(entering.locator("#now .messages")).to_contain_text("Deal 2 is stored")
    expect(entering.locator(".deal-title")).to_have_text("Deal 3")
    expect(form.get_by_role("button", name="Send deal 3")).to_be_visible()
    expect(form.locator("input[name=number]")).to_have_value("3")
    for name in ("natural_canastas", "red_threes"):
        expect(form.locator(f"#id_s0_{name}")).to_have_value("0")
    expect(form.locator("#id_s0_melded_points")).to_have_value("")
    expect(form.locator("#id_s0_going_out_0")).to_be_checked()
    third_key = form.locator("input[name=idempotency_key]").input_value()
    assert third_key and third_key != second_key
    assert form.get_attribute("data-keep").endswith(":3")
    expect(entering.locator("#pad-rows tr.deal")).to_have_count(2)
    shoot(entering, artifacts_dir, "table-canasta-next")

    # The next form previews and sends like the first.
    form.locator("#id_s1_melded_points").fill("60")
    expect(entering.locator("#total-s1")).to_have_text("60")
    send_canasta_deal(entering, 3, "90")
    expect(entering.locator(".deal-title")).to_have_text("Deal 4")
    expect(entering.locator("#pad-rows tr.deal")).to_have_count(3)
    entries = list(Entry.objects.order_by("number"))
    assert [(e.number, e.points) for e in entries] == [
        (1, [720, 60]),
        (2, [820, 60]),
        (3, [690, 60]),
    ]
    assert entries[1].idempotency_key == second_key and entries[2].idempotency_key == third_key

    # A phone that opens the page afterwards is given the same form for deal 4.
    open_table(confirming, live_server, game, "2 Player 2")
    expect(confirming.locator(".deal-title")).to_have_text("Deal 4")


def confirm_deal(page, number: int):
    with page.expect_response(lambda r: r.url.endswith("/confirm/")) as answered:
        page.get_by_role("button", name=f"Confirm deal {number}").click()
    return answered.value


def test_a_confirmation_keeps_what_was_typed_in_the_next_deals_form(
    phones, live_server, director, artifacts_dir
):
    """The next deal's form, folded away while deal 1 waits for this phone, opens once it is
    confirmed, with what was typed in it; a form behind the game is the next deal's again."""
    game = canasta_game(director)
    entering, confirming = phones
    open_table(entering, live_server, game, "1 Player 1")
    send_canasta_deal(entering, 1, "120")
    open_table(confirming, live_server, game, "2 Player 2")  # deal 1 waits: its form is deal 2's
    # Deal 1 is asked for first; deal 2's form waits folded until the player opens it.
    expect(confirming.locator(".deal-title")).to_be_hidden()
    confirming.locator("#entry details.later > summary").click()
    expect(confirming.locator(".deal-title")).to_have_text("Deal 2")
    confirming.locator("#id_s1_melded_points").fill("75")
    confirm_deal(confirming, 1)
    expect(confirming.locator("#now .messages")).to_contain_text("Deal 1 is confirmed.")
    expect(confirming.locator("#pad-rows tr.row-confirmed")).to_have_count(1)
    expect(confirming.locator("tfoot tr.grand")).to_contain_text("720")
    expect(confirming.locator(".deal-title")).to_be_visible()
    expect(confirming.locator(".deal-title")).to_have_text("Deal 2")
    expect(confirming.locator("#id_s1_melded_points")).to_have_value("75")
    shoot(confirming, artifacts_dir, "table-canasta-confirm-kept")

    # Deal 2 comes from the other phone, whose pad may have missed the confirmation.
    send_canasta_deal(entering, 2, "120")
    expect(entering.locator("#pad-rows tr.deal")).to_have_count(2)
    expect(entering.locator("#pad-rows tr.row-confirmed")).to_have_count(1)
    # This form (deal 2's) is behind: the poll that brings deal 2 to confirm brings deal
    # 3's form, folded away behind it, and no "Send deal 2" beside "Confirm deal 2".
    expect(confirming.get_by_role("button", name="Confirm deal 2")).to_be_visible(timeout=15_000)
    expect(confirming.get_by_role("button", name="Send deal 2")).to_have_count(0)
    confirm_deal(confirming, 2)
    expect(confirming.locator("#now .messages")).to_contain_text("Deal 2 is confirmed.")
    expect(confirming.locator(".deal-title")).to_have_text("Deal 3")
    expect(confirming.locator("#id_s1_melded_points")).to_have_value("")
    expect(confirming.locator("tfoot tr.grand")).to_contain_text("1,440")
    game.refresh_from_db()
    assert game.scores == [1440, 120]

    # The form sends deal 3 as the first did.
    send_canasta_deal(confirming, 3, "90")
    expect(confirming.locator(".deal-title")).to_have_text("Deal 4")
    assert Entry.objects.get(number=3).points == [690, 60]


def test_a_deal_sent_leaves_the_head_and_seating_and_a_corrected_name_comes_with_the_next(
    phones, live_server, director
):
    """The page sends back what its head, seating and call's notice were drawn from, so a
    deal's answer leaves them in place; a name corrected in between comes with the next."""
    game = canasta_game(director)
    entering = phones[0]
    open_table(entering, live_server, game, "1 Player 1")
    answer = send_deal(entering, 1)
    assert 'id="sheet"' in answer and 'id="who"' not in answer and 'id="table-head"' not in answer
    me = seat_of(game, 1).player
    update_player(game.round.event, me, name="Zoë Typofixed", gender=me.gender, club="")
    answer = send_deal(entering, 2)
    assert 'id="who"' in answer and 'id="table-head"' in answer
    expect(entering.locator(".iam")).to_contain_text("Zoë Typofixed")
    expect(entering.locator(".seating")).to_contain_text("Zoë Typofixed")
    expect(entering.locator("#who .seat-choice")).to_contain_text("I am 1 Zoë Typofixed")
