"""Nothing moves under a finger on the phone's pad (issue 33), at 390×844: while a deal is
typed and the live check answers, when the director starts the round clock, and when a
notice about the director's call arrives. Each is measured as the browser measures it:
the Cumulative Layout Shift of the shifts without recent input (PerformanceObserver,
``layout-shift``), and how far the Send button moved.
"""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import LOCALES, take_seat
from tests.conftest import PHONE
from tests.web.table_helpers import DEAL, canasta_game, gin_game, knock, seat_of
from tournaments.models import Entry, TableCall
from tournaments.services.rounds.clock import end_time, start_clock
from tournaments.services.scores.calls import acknowledge_call, call_director
from tournaments.services.scores.entries import submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)
POLLED = 10_000  # a poll every 2 s, with room for a loaded machine

# The most the layout may shift, and Send move, as a poll or the live check answers.
MOST_SHIFT = 0.01
MOST_MOVE = 4

SHIFTS = """
window.meldShifts = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (shift) {
    if (shift.hadRecentInput) return;
    window.meldShifts.push({value: shift.value, sources: shift.sources.map(function (source) {
      var node = source.node && (source.node.nodeType === 1 ? source.node : source.node.parentElement);
      var name = node ? node.tagName + '#' + node.id + '.' + node.className : '?';
      return name + ' ' + JSON.stringify([source.previousRect, source.currentRect]);
    })});
  });
}).observe({type: 'layout-shift', buffered: true});
"""


@pytest.fixture
def phones(browser, language):
    contexts = [browser.new_context(viewport=PHONE, locale=LOCALES[language]) for _ in range(2)]
    pages = []
    for context in contexts:
        page = context.new_page()
        page.add_init_script(SHIFTS)
        page.set_default_timeout(20_000)
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()


def sit(page: Page, live_server, game, number: int) -> None:
    take_seat(page, f"{live_server.url}/t/{game.table.token}/", seat_of(game, number).pk, number)


class Steadiness:
    """From now on: the layout's shifts without recent input, and where Send is."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.send = page.locator("form.entry-form button.send")
        page.evaluate("window.meldShifts = []")
        self.before = self.send.bounding_box()

    def shifts(self) -> list[dict]:
        return self.page.evaluate("window.meldShifts")

    def moved(self) -> float:
        after = self.send.bounding_box()
        return max(abs(after["x"] - self.before["x"]), abs(after["y"] - self.before["y"]))

    def check(self, what: str) -> None:
        shifts = self.shifts()
        shifted = sum(shift["value"] for shift in shifts)
        moved = self.moved()
        print(f"{what}: CLS {shifted:.4f}, Send moved {moved:.0f} px")
        assert shifted <= MOST_SHIFT and moved <= MOST_MOVE, (what, shifted, moved, shifts)


class HeldChecks:
    """The live check's answers held back until the player's last keystroke is long past
    (what a busy evening does to them), so what they move counts as the browser counts it."""

    def __init__(self, page: Page) -> None:
        self.page, self.held = page, []
        page.route("**/preview/", lambda route: self.held.append(route))

    def release(self) -> None:
        """Each answer 700 ms after its question, until none is asked any more."""
        asking = self.page.locator("#preview.htmx-request")
        for _round in range(10):
            self.page.wait_for_timeout(700)
            if not self.held and not asking.count():
                break
            while self.held:
                self.held.pop(0).continue_()
        self.page.wait_for_timeout(300)


def test_typing_a_deal_moves_nothing_as_the_live_check_answers(phones, live_server, director):
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 1)
    form = page.locator("form.entry-form")
    form.locator("#preview").evaluate("p => p.scrollIntoView({block: 'end'})")
    checks = HeldChecks(page)
    field = form.locator("#id_s1_hand_points")
    field.click()
    field.press_sequentially("123")
    steady = Steadiness(page)  # from the last keystroke on
    checks.release()
    expect(form.locator("#id_s1_hand_points_error")).to_contain_text("5")
    expect(form.locator("#err-all")).to_contain_text("5")
    steady.check("typing a mistake")
    field.fill("")
    form.locator("#id_s0_melded_points").fill("120")
    form.locator("#id_s1_melded_points").fill("60")
    form.locator("#preview").evaluate("p => p.scrollIntoView({block: 'end'})")
    steady = Steadiness(page)
    checks.release()
    expect(form.locator("#total-s0")).to_have_text("120")
    expect(form.locator("#err-all")).to_be_empty()
    steady.check("typing a deal")


def test_starting_the_clock_moves_nothing(phones, live_server, director):
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 1)
    steady = Steadiness(page)
    start_clock(game.round, user=director, minutes=30)
    expect(page.locator(".round-clock.running .clock-time")).to_be_visible(timeout=POLLED)
    page.wait_for_timeout(300)
    steady.check("clock")
    # The clock came alone, with the poll's new address: the pad goes on following the table.
    submit_entry(game, 1, DEAL, seat=seat_of(game, 2))
    expect(page.locator("#now button.confirm")).to_be_visible(timeout=POLLED)


def typed_at_the_top(page: Page, field, keys: str) -> float:
    """``keys`` typed into ``field`` with the page at its very top, where the browser's
    scroll anchoring holds nothing; where the field is once the keys are no recent input."""
    page.evaluate("window.scrollTo(0, 0)")
    field.evaluate("f => f.focus({preventScroll: true})")
    page.keyboard.type(keys)
    page.wait_for_timeout(800)  # the keystrokes are no recent input any more
    assert page.evaluate("window.scrollY") == 0
    return field.bounding_box()["y"]


def test_time_running_out_while_a_deal_is_typed_moves_nothing(phones, live_server, director):
    """A round with a time limit: "Time is up: finish the hand you are playing." comes by the
    poll while the player types at the top of the pad, in the space kept for it (a junction
    probe measured the fields moving 53 px down, CLS 0.045)."""
    game = gin_game(director, round_kind="time", round_minutes=30)
    start_clock(game.round, user=director, minutes=30)
    page = phones[0]
    sit(page, live_server, game, 1)
    field = page.locator("form.entry-form #id_defender_deadwood")
    top = typed_at_the_top(page, field, "12")
    steady = Steadiness(page)
    end_time(game.round, user=director)
    up = "Time is up: finish the hand you are playing."
    expect(page.locator("#now .now-hint")).to_have_text(up, timeout=POLLED)
    page.wait_for_timeout(300)
    steady.check("time up")
    assert abs(field.bounding_box()["y"] - top) <= MOST_MOVE
    expect(field).to_have_value("12")


def test_a_notice_about_the_call_moves_nothing(phones, live_server, director):
    game = canasta_game(director)
    page, other = phones
    sit(other, live_server, game, 2)
    sit(page, live_server, game, 1)
    steady = Steadiness(page)
    # The other phone calls the director: this phone hears it by its poll.
    call_director(game.table, game.round, reason="A card on the floor")
    expect(page.locator("[data-notice=called]")).to_be_visible(timeout=POLLED)
    acknowledge_call(TableCall.objects.get(), user=director)
    expect(page.locator("[data-notice=called]")).to_have_count(0, timeout=POLLED)
    page.wait_for_timeout(300)
    steady.check("call")


def test_the_phone_that_called_hears_the_director_is_coming_and_nothing_moves(
    phones, live_server, director
):
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 1)
    page.locator("#call-director summary").click()
    page.locator("#call-director button[type=submit]").click()
    expect(page.locator("[data-notice=called]")).to_be_visible()
    page.wait_for_timeout(600)  # the tap's own change is the player's
    steady = Steadiness(page)
    acknowledge_call(TableCall.objects.get(), user=director)
    expect(page.locator("[data-notice=coming]")).to_be_visible(timeout=POLLED)
    page.wait_for_timeout(300)
    steady.check("coming")


def test_no_send_for_the_deal_this_phone_must_confirm_and_nothing_typed_moves(
    phones, live_server, director
):
    """One primary action: while the other side's deal waits for this phone's confirmation,
    no "Send deal N" for that same deal; what the player typed stays where it was."""
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 2)
    form = page.locator("form.entry-form")
    form.locator("#id_s1_melded_points").fill("60")
    steady = Steadiness(page)
    submit_entry(game, 1, {"totals": [100, 50]}, seat=seat_of(game, 1), device="other")
    expect(page.locator("#now button.confirm")).to_be_visible(timeout=POLLED)
    assert Entry.objects.get().number == 1
    expect(page.get_by_role("button", name="Send deal 1")).to_have_count(0)
    expect(form.locator("button.send")).to_be_disabled()
    expect(form.locator("#id_s1_melded_points")).to_have_value("60")
    page.wait_for_timeout(300)
    steady.check("confirm due")


def test_the_other_sides_deal_arriving_at_the_top_of_the_page_moves_nothing_typed(
    phones, live_server, director
):
    """The page at its top, where the browser's scroll anchoring holds nothing: the other
    side's hand arrives for this phone to confirm while the player types, and the field
    typed in stays under the finger (a junction probe measured CLS 0.256)."""
    game = gin_game(director)
    page = phones[0]
    sit(page, live_server, game, 2)
    field = page.locator("form.entry-form #id_knocker_deadwood")
    top = typed_at_the_top(page, field, "7")
    steady = Steadiness(page)
    submit_entry(game, 1, knock(0, 5, 20), seat=seat_of(game, 1), device="other")
    expect(page.locator("#now button.confirm")).to_be_visible(timeout=POLLED)
    page.wait_for_timeout(300)
    steady.check("a hand to confirm")
    assert abs(field.bounding_box()["y"] - top) <= MOST_MOVE
    expect(field).to_have_value("7")
    expect(field).to_be_focused()


def test_the_other_sides_deal_arriving_moves_nothing_on_a_phone_nobody_types_on(
    phones, live_server, director
):
    """The phone lies on the table at the top of its page, nothing typed or focused, a
    finger about to tap the form: the other side's deal arrives to be confirmed above it.
    The form stays where it is (a junction probe measured CLS 0.177, and a new "Confirm"
    where the deal's title had been); the bar at the bottom says what to answer above."""
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 2)
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    title = page.locator("form.entry-form .deal-title")
    top = title.bounding_box()["y"]
    steady = Steadiness(page)
    submit_entry(game, 1, {"totals": [100, 50]}, seat=seat_of(game, 1), device="other")
    expect(page.locator("#now button.confirm")).to_have_count(1, timeout=POLLED)
    page.wait_for_timeout(300)
    steady.check("a deal to confirm, nothing typed")
    assert abs(title.bounding_box()["y"] - top) <= MOST_MOVE
    expect(page.locator("#send-bar button.send")).to_be_disabled()
    expect(page.locator("#send-bar button.send")).to_be_in_viewport()


def type_in(details, words: str):
    """Open ``details`` and type ``words`` into its reason field; the field."""
    details.locator("summary").click()
    reason = details.locator("input[name=reason]")
    reason.fill(words)
    return reason


def still_typed(details, reason, words: str) -> None:
    """After a poll drew the pad anew: ``details`` open, ``words`` in ``reason``, the focus there."""
    expect(reason).to_have_value(words)
    expect(reason).to_be_focused()
    expect(details).to_have_attribute("open", "")


def test_a_poll_leaves_a_half_typed_call_and_an_open_switch_as_they_are(
    phones, live_server, director
):
    """The other side's deal redraws this phone's pad while its player types why they call
    the director, with "Switch seat" open too: both stay open, the words and the focus stay,
    and the call then sends them."""
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 1)
    switch = page.locator("#who details.switch")
    switch.locator("summary").click()
    page.locator("#call-director summary").click()
    reason = page.locator("#call-reason")
    reason.fill("Who deals?")
    submit_entry(game, 1, DEAL, seat=seat_of(game, 2))
    expect(page.locator("#now button.confirm")).to_be_visible(timeout=POLLED)
    still_typed(page.locator("#call-director details"), reason, "Who deals?")
    expect(switch).to_have_attribute("open", "")
    page.locator("#call-director button[type=submit]").click()
    expect(page.locator("[data-notice=called]")).to_be_visible()
    assert TableCall.objects.get().reason == "Who deals?"


def test_a_poll_leaves_a_half_typed_dispute_as_it_is(phones, live_server, director):
    """Phone B types why deal 1 is wrong when the other side calls the director: B's pad
    is drawn anew with the call's notice, and the dispute stays open with its words."""
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 2)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1), device="other")
    expect(page.locator("#now button.confirm")).to_be_visible(timeout=POLLED)
    dispute = page.locator("#now details.dispute")
    reason = type_in(dispute, "Two red threes, not one")
    call_director(game.table, game.round, reason="A card on the floor")
    expect(page.locator("[data-notice=called]")).to_be_visible(timeout=POLLED)
    still_typed(dispute, reason, "Two red threes, not one")
    dispute.locator("button[type=submit]").click()
    expect(page.locator("#now[data-kind=disputed]")).to_be_visible()
    assert Entry.objects.get().reason == "Two red threes, not one"


def test_a_poll_leaves_a_half_typed_dispute_further_down_the_pad_as_it_is(
    phones, live_server, director
):
    """Deals 1 and 2 wait for phone B: "now" asks about deal 1, the pad offers deal 2's
    "Something wrong?" further down. The other side's call redraws the pad while B types
    there: it stays open with its words and the focus."""
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 2)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1), device="other")
    second = submit_entry(game, 2, DEAL, seat=seat_of(game, 1), device="other")
    dispute = page.locator(f"#sheet .pending[data-entry='{second.pk}'] details.dispute")
    expect(dispute).to_be_visible(timeout=POLLED)
    reason = type_in(dispute, "Deal 2 had no canasta")
    call_director(game.table, game.round, reason="A card on the floor")
    expect(page.locator("[data-notice=called]")).to_be_visible(timeout=POLLED)
    still_typed(dispute, reason, "Deal 2 had no canasta")
    dispute.locator("button[type=submit]").click()
    expect(page.locator(f"#sheet .pending-disputed[data-entry='{second.pk}']")).to_be_visible()
    second.refresh_from_db()
    assert second.reason == "Deal 2 had no canasta"
