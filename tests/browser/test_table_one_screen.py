"""One screen for each moment at the table (issue 26), at 390×844 in German and English: what
the phone asks now and its button are in the first screen, two phones that entered the same
deal compare and answer, nothing moves under a finger, the table's entry mode stays, the
phone hears that the director is coming, and 200 % text keeps every side and Send.
Positions are asserted, never timings. Screenshots: test-artifacts/one-screen-*-<language>.png
(the first screen, as the player sees it).
"""

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from meld_testkit.language import foreign_phrases
from tests.browser.helpers import LOCALES, no_horizontal_scroll, take_seat
from tests.conftest import PHONE
from tests.web.table_helpers import canasta_game, seat_of, totals
from tournaments.card_games import card_game_of
from tournaments.models import Entry, TableCall
from tournaments.services.scores.calls import acknowledge_call
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)
POLLED = 20_000  # a poll comes every 5 s


@pytest.fixture
def phones(browser, language):
    contexts = [browser.new_context(viewport=PHONE, locale=LOCALES[language]) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(20_000)
    yield pages
    for context in contexts:
        context.close()


def words(language: str, text: str, **params) -> str:
    with translation.override(language):
        return translation.gettext(text) % params


def says(language: str, game, key: str, number: int) -> str:
    with translation.override(language):
        return card_game_of(game.round.event).words.says(key, number=number)


def deal(language: str, game, number: int) -> str:
    with translation.override(language):
        return card_game_of(game.round.event).words.deal_name(number)


def sit(page: Page, live_server, game, number: int) -> None:
    take_seat(page, f"{live_server.url}/t/{game.table.token}/", seat_of(game, number).pk, number)


def at_top(page: Page) -> None:
    page.evaluate("window.scrollTo(0, 0)")


def in_first_screen(page: Page, *locators) -> None:
    """Each is wholly inside the first screen (the page scrolled to its top)."""
    at_top(page)
    for locator in locators:
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def first_screen(page: Page, artifacts_dir: str, name: str) -> None:
    at_top(page)
    page.screenshot(path=f"{artifacts_dir}/one-screen-{name}.png")


def type_deal(page: Page, melded_a: str = "120", melded_b: str = "60") -> None:
    form = page.locator("form.entry-form")
    form.locator('[data-step-for="id_s0_natural_canastas"][data-delta="1"]').click()
    form.locator("#id_s0_melded_points").fill(melded_a)
    form.locator("#id_s1_melded_points").fill(melded_b)
    expect(page.locator("#total-s0")).to_have_text(str(500 + int(melded_a)))


def test_each_moment_asks_at_the_top_with_its_button(
    phones, live_server, director, language, artifacts_dir
):
    game = canasta_game(director)
    side_a, side_b = phones
    now_a, now_b = side_a.locator("#now"), side_b.locator("#now")

    # A phone that has not said who it is: every name to tap in the first screen.
    side_a.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(now_a.locator("h2")).to_have_text(words(language, "Who are you?"))
    in_first_screen(side_a, *now_a.locator("button[name=seat]").all())
    first_screen(side_a, artifacts_dir, f"0-who-{language}")
    sit(side_a, live_server, game, 1)

    # Enter deal 1: the line, Send and the call for the director in the first screen.
    expect(now_a.locator("h2")).to_have_text(
        words(language, "Next: enter %(deal)s.", deal=deal(language, game, 1))
    )
    send = side_a.locator("form.entry-form button.send")
    call = side_a.locator("#call-director summary")
    in_first_screen(side_a, now_a.locator("h2"), send, call)
    first_screen(side_a, artifacts_dir, f"1-enter-{language}")

    # Sent from the end of the form: the message is where the player then looks.
    type_deal(side_a)
    side_a.locator("#preview").evaluate("p => p.scrollIntoView({block: 'end'})")
    send.click()
    stored = now_a.locator(".messages")
    expect(stored).to_have_text(
        words(language, "%(deal)s is stored.", deal=deal(language, game, 1).capitalize())
    )
    expect(stored).to_be_in_viewport(ratio=1)
    in_first_screen(side_a, now_a.locator("h2"), send)
    first_screen(side_a, artifacts_dir, f"2-sent-{language}")

    # The other side: confirm deal 1 at the top; deal 2's form waits folded below.
    sit(side_b, live_server, game, 2)
    confirm = now_b.locator("button.confirm")
    expect(confirm).to_have_text(says(language, game, "confirm", 1))
    in_first_screen(side_b, now_b.locator("h2"), confirm, side_b.locator("#call-director summary"))
    expect(side_b.locator("form.entry-form")).to_be_hidden()
    first_screen(side_b, artifacts_dir, f"3-confirm-{language}")

    # Disputed: the director is called, and both phones say so at the top.
    now_b.locator("details.dispute summary").click()
    now_b.locator("input[name=reason]").fill("2 red threes")
    now_b.locator("details.dispute button").click()
    disputed = words(
        language,
        "%(deal)s is disputed: the director is called.",
        deal=deal(language, game, 1).capitalize(),
    )
    expect(now_b.locator("h2")).to_have_text(disputed)
    called = side_b.locator("#call-director .called")
    expect(called).to_contain_text(words(language, "The director is called."))
    in_first_screen(side_b, now_b.locator("h2"), now_b.locator("a.again"), called)
    first_screen(side_b, artifacts_dir, f"4-disputed-{language}")
    expect(now_a.locator("h2")).to_have_text(disputed, timeout=POLLED)
    in_first_screen(side_a, now_a.locator("h2"), side_a.locator("#call-director .called"))
    no_horizontal_scroll(side_a)


def test_two_phones_entering_the_same_deal_compare_and_answer(
    phones, live_server, director, language, artifacts_dir
):
    game = canasta_game(director)
    side_a, side_b = phones
    sit(side_a, live_server, game, 1)
    sit(side_b, live_server, game, 2)
    now_b = side_b.locator("#now")

    # Deal 1: both typed the same; side A's phone sent first, before side B's phone had
    # heard of it (its polls held back: once it has, its Send for that deal goes).
    side_b.route("**/sheet/**", lambda route: route.abort())
    type_deal(side_a)
    side_a.locator("button.send").click()
    expect(side_a.locator("#now .messages")).to_be_visible()
    type_deal(side_b)
    side_b.locator("button.send").click()
    compare = now_b.locator(".compare")
    expect(compare.locator("caption")).to_have_text(
        words(
            language,
            "Another phone entered %(deal)s first. Is it what you typed?",
            deal=deal(language, game, 1),
        )
    )
    expect(compare.locator("tbody tr")).to_have_count(2)
    expect(compare.locator("tbody tr").first.locator("td")).to_have_text(["620", "620"])
    same = compare.get_by_role("button", name=words(language, "These are the same"))
    different = compare.get_by_role("button", name=words(language, "Mine is different: dispute"))
    in_first_screen(side_b, compare.locator("caption"), same, different)
    first_screen(side_b, artifacts_dir, f"5-compare-same-{language}")
    same.click()
    expect(side_b.locator("#pad-rows tr.row-confirmed")).to_have_count(1)
    assert Entry.objects.get(number=1).status == Entry.Status.CONFIRMED

    # Deal 2: side B typed other numbers than side A's phone stored.
    expect(side_b.locator("form.entry-form .deal-title")).to_have_text(
        says(language, game, "title", 2)
    )
    expect(side_a.locator("#pad-rows tr.row-confirmed")).to_have_count(1, timeout=POLLED)
    type_deal(side_a)
    side_a.locator("button.send").click()
    expect(side_a.locator("#now .messages")).to_be_visible()
    type_deal(side_b, melded_b="90")
    side_b.locator("button.send").click()
    rows = compare.locator("tbody tr")
    expect(rows.nth(1).locator("td")).to_have_text(["60", "90"])
    expect(rows.nth(1)).to_have_class("side-1 differs")
    in_first_screen(side_b, different)
    first_screen(side_b, artifacts_dir, f"6-compare-different-{language}")
    different.click()
    expect(now_b.locator("h2")).to_contain_text(
        words(
            language,
            "%(deal)s is disputed: the director is called.",
            deal=deal(language, game, 2).capitalize(),
        )
    )
    disputed = Entry.objects.get(number=2, status=Entry.Status.DISPUTED)
    assert disputed.points == [620, 60]
    assert disputed.reason == words(
        language, "Side %(side)s entered: %(points)s", side="B", points="A 620 · B 90"
    )
    no_horizontal_scroll(side_b)


SHIFTS = """
window.meldShifts = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (shift) {
    var inForm = shift.sources.some(function (source) {
      var node = source.node && (source.node.nodeType === 1 ? source.node : source.node.parentElement);
      return node && node.closest && node.closest('.entry-form');
    });
    window.meldShifts.push({value: shift.value, inForm: inForm, sources: shift.sources.map(function (source) {
      var node = source.node && (source.node.nodeType === 1 ? source.node : source.node.parentElement);
      return node ? node.tagName + '.' + node.className : '?';
    })});
  });
}).observe({type: 'layout-shift', buffered: true});
"""


def test_a_poll_in_flight_when_send_is_tapped_never_lands_over_the_answer(
    phones, live_server, director, language
):
    """The pad's poll was sent before Send, and its answer (the deal already stored) comes
    before Send's: the step's answer still lands, its "stored" line in #now included, and
    is not left to a pad the poll has replaced."""
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 1)
    polls, sends = [], []
    page.route("**/sheet/**", lambda route: polls.append(route))
    page.route("**/entry/", lambda route: sends.append(route))
    type_deal(page)
    page.wait_for_event("request", lambda request: "/sheet/" in request.url)
    with page.expect_request("**/entry/"):
        page.locator("button.send").click()
    answer = sends[0].fetch()  # the deal is stored; Send's answer is held back
    polls[0].continue_()
    # A page may give the poll up when Send goes (its failure is heard before Send's request
    # is); one that keeps it has its answer land first, the deal on the pad.
    if polls[0].request.failure is None:
        expect(page.locator("#pad-rows tr.deal")).to_have_count(1)
    sends[0].fulfill(response=answer)
    stored = words(language, "%(deal)s is stored.", deal=deal(language, game, 1).capitalize())
    expect(page.locator("#now .messages")).to_have_text(stored)
    expect(page.locator("#pad-rows tr.deal")).to_have_count(1)


def test_nothing_moves_under_a_finger_as_the_preview_fills(
    phones, live_server, director, language, artifacts_dir
):
    """The preview's answers are held back while the player has typed the deal and looks at
    Send; let through, they fill in the totals and the preview, and nothing in the form moves."""
    game = canasta_game(director)
    page = phones[0]
    page.add_init_script(SHIFTS)
    held, holding = [], [True]
    page.route("**/preview/", lambda route: held.append(route) if holding[0] else route.continue_())
    sit(page, live_server, game, 1)
    form = page.locator("form.entry-form")
    send = form.locator("button.send")
    preview = page.locator("#preview")
    with page.expect_request("**/preview/"):
        form.locator('[data-step-for="id_s0_natural_canastas"][data-delta="1"]').click()
        form.locator("#id_s0_melded_points").fill("120")
        form.locator("#id_s1_melded_points").fill("60")
    expect(page.locator("#total-s0")).to_be_empty()

    # Scrolled to the end of the form (Send in its place) and at the top (Send at the bottom).
    preview.evaluate("p => p.scrollIntoView({block: 'end'})")
    scrolled = page.evaluate("window.scrollY")
    before_end = send.bounding_box()
    at_top(page)
    before_top = send.bounding_box()
    preview.evaluate("p => p.scrollIntoView({block: 'end'})")

    # Only what moves once the preview's answers come counts (not the page settling at load).
    page.evaluate("window.meldShifts = []")
    holding[0] = False
    for route in held:
        route.continue_()
    expect(page.locator("#total-s0")).to_have_text("620")
    expect(page.locator("#total-s1")).to_have_text("60")
    expect(preview.locator(".deal-totals")).to_be_visible()
    assert page.evaluate("window.scrollY") == scrolled
    assert send.bounding_box() == before_end
    at_top(page)
    assert send.bounding_box() == before_top
    page.screenshot(path=f"{artifacts_dir}/one-screen-7-typed-{language}.png")
    shifts = page.evaluate("window.meldShifts")
    assert not [shift for shift in shifts if shift["inForm"]], shifts


def test_the_tables_entry_mode_stays_for_the_next_deal(
    phones, live_server, director, language, artifacts_dir
):
    game = canasta_game(director, entry_modes=["deal", "counts", "totals"])
    side_a, side_b = phones
    sit(side_b, live_server, game, 2)
    expect(side_b.locator("#id_s0_melded_points")).to_be_visible()
    sit(side_a, live_server, game, 1)
    side_a.locator(".entry-modes").get_by_role("link", name=words(language, "Score only")).click()
    form = side_a.locator("form.entry-form")
    form.locator("#id_s0_total").fill("300")
    form.locator("#id_s1_total").fill("100")
    form.locator("button.send").click()
    expect(form.locator(".deal-title")).to_have_text(says(language, game, "title", 2))
    expect(form.locator("#id_s0_total")).to_be_visible()
    side_a.goto(f"{live_server.url}/t/{game.table.token}/")  # the page drawn anew
    expect(side_a.locator("form.entry-form #id_s0_total")).to_be_visible()
    current = side_a.locator(".entry-modes .pill.current")
    expect(current).to_have_text(words(language, "Score only"))

    # The other phone confirms: its next deal's form stays in the mode that phone uses (a
    # phone's mode does not change by itself when it confirms a deal entered in another).
    confirm = side_b.locator("#now button.confirm")
    expect(confirm).to_be_visible(timeout=POLLED)
    confirm.click()
    expect(side_b.locator("form.entry-form .deal-title")).to_have_text(
        says(language, game, "title", 2)
    )
    expect(side_b.locator("form.entry-form #id_s0_melded_points")).to_be_visible()
    expect(side_b.locator("#id_s0_total")).to_have_count(0)
    first_screen(side_b, artifacts_dir, f"8-mode-kept-{language}")


def test_the_phone_says_that_the_director_is_coming(
    phones, live_server, director, language, artifacts_dir
):
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 1)
    page.locator("#call-director summary").click()
    page.locator("#call-reason").fill("A card on the floor")
    page.get_by_role("button", name=words(language, "Call the director now")).click()
    called = page.locator("#call-director .called")
    expect(called).to_contain_text(words(language, "The director is called."))
    acknowledge_call(TableCall.objects.get(), user=director)
    coming = words(language, "The director has seen your call and is coming to your table.")
    seen = page.locator("#call-director [data-notice=coming]")
    expect(seen).to_have_text(coming, timeout=POLLED)
    expect(called).to_have_count(0)
    in_first_screen(page, seen)
    first_screen(page, artifacts_dir, f"9-coming-{language}")


def test_at_200_percent_text_the_pad_shows_every_side_and_send_stays_reachable(
    phones, live_server, director, language, artifacts_dir
):
    game = canasta_game(director)
    for number, points in enumerate(((1200, 350), (2450, -120)), start=1):
        entry = submit_entry(game, number, totals(*points), seat=seat_of(game, 1))
        confirm_entry(entry, seat=seat_of(game, 2))
    page = phones[0]
    sit(page, live_server, game, 1)
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    pad = page.locator("#sheet .pad")
    pad.scroll_into_view_if_needed()
    heads = page.locator("#sheet .side-head")
    expect(heads).to_have_count(2)
    grand = page.locator("#sheet tfoot tr.grand td")
    expect(grand).to_have_text(["3,650" if language == "en" else "3.650", "230"])
    for cell in (*heads.all(), *grand.all(), *page.locator("#pad-rows tr.deal td").all()):
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert cell.evaluate("c => c.scrollWidth <= c.clientWidth + 1"), cell.inner_text()
    assert page.locator("#sheet .scroll-x").evaluate("s => s.scrollWidth <= s.clientWidth + 1")
    no_horizontal_scroll(page)
    pad.screenshot(path=f"{artifacts_dir}/one-screen-10-pad-200-percent-{language}.png")

    # Scrolled to the form, Send is whole in sight while the player types, and sends.
    form = page.locator("form.entry-form")
    form.evaluate("form => form.scrollIntoView({block: 'start'})")
    form.locator("#id_s0_melded_points").fill("90")
    form.locator("#id_s1_melded_points").fill("60")
    send = form.locator("button.send")
    expect(send).to_be_in_viewport(ratio=1)
    page.screenshot(path=f"{artifacts_dir}/one-screen-11-send-200-percent-{language}.png")
    send.click()
    expect(page.locator("#now .messages")).to_be_in_viewport()
    assert Entry.objects.filter(number=3).exists()


def test_an_untouched_form_asks_before_storing_and_send_stays_under_the_thumb(
    phones, live_server, director, language, artifacts_dir
):
    """Issue 32.3: Send on a form nobody typed in stores nothing and asks; the question
    appears over the form, so Send moves by no more than 4 px (with the bar at the bottom
    of the screen, and scrolled to the end of the form); its button stores 0 : 0. The page
    keeps to one language (issue 32.4)."""
    game = canasta_game(director)
    page = phones[0]
    sit(page, live_server, game, 1)
    form = page.locator("form.entry-form")
    send = form.locator("button.send")
    question = page.locator(".send-question")

    def moved(before) -> float:
        after = send.bounding_box()
        return max(abs(after["x"] - before["x"]), abs(after["y"] - before["y"]))

    page.locator("#preview").evaluate("p => p.scrollIntoView({block: 'end'})")
    scrolled = page.evaluate("window.scrollY")
    before_end = send.bounding_box()
    at_top(page)
    before_top = send.bounding_box()
    send.click()
    expect(question).to_be_visible()
    expect(question).to_contain_text(
        words(
            language,
            "Nothing was typed for %(deal)s. Store it as %(points)s?",
            deal=deal(language, game, 1),
            points="0 : 0",
        )
    )
    assert not Entry.objects.filter(game=game).exists()
    assert moved(before_top) <= 4
    page.evaluate(f"window.scrollTo(0, {scrolled})")
    assert moved(before_end) <= 4
    at_top(page)
    page.screenshot(path=f"{artifacts_dir}/one-screen-untouched-{language}.png")
    assert foreign_phrases(page.content(), language) == []

    question.locator("button.store-as-typed").click()
    expect(question).to_have_count(0)
    expect(page.locator("#now")).to_contain_text(deal(language, game, 1))
    entry = Entry.objects.get(game=game)
    assert entry.number == 1 and list(entry.points) == [0, 0]
