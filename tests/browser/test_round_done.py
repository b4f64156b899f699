"""A timed round from its first second to its close, as the director sees it at 1366×768, in
German and English (issue 24, item 4): the board, the rounds page and the close dialog say
what ``services.rounds.done`` decides, and a round whose tables entered nothing is named, never
closed as "done".

Screenshots: test-artifacts/done-*.png.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, sign_in
from tests.conftest import LAPTOP
from tests.factories import make_event, seat_round
from tests.web.table_helpers import DEAL, seat_of
from tournaments.models import Entry, Game, Round
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=12_000)

TABLES = [((1, 6), (2, 5)), ((3, 8), (4, 7)), ((9, 11), (10, 12))]
PHONES = {1: (1, 2), 2: (3, 4), 3: (9, 10)}
WORDS = {
    "en": {
        "none": "0 of 3 tables finished",
        "two": "2 of 3 tables finished",
        "done": "Every table is done: close round 1",
        "not_started": "The round's time is not up: the clock has not been started.",
        "not_up": "The round's time is not up yet.",
        "empty": "Tables 1, 2, 3 have entered nothing: their players have no score for this round.",
        "empty_3": "Table 3 has entered nothing: its players have no score for this round.",
        "start": "Start the clock: 30 minutes",
        "time_up": "Time is up now",
        "finishing": "time is up: finishing the deal it plays",
        "confirm": "Confirm deal 2",
        "all": "Every table is finished and confirmed.",
        "close": "Close round 1",
        "closed": "Round 1 is closed.",
        "early": "Close the round early…",
        "early_button": "Close the round early",
    },
    "de": {
        "none": "0 von 3 Tischen fertig",
        "two": "2 von 3 Tischen fertig",
        "done": "Alle Tische sind fertig: Runde 1 abschließen",
        "not_started": "Die Zeit der Runde ist nicht um: Die Uhr wurde noch nicht gestartet.",
        "not_up": "Die Zeit der Runde ist noch nicht um.",
        "empty": (
            "Die Tische 1, 2, 3 haben nichts eingetragen: "
            "Ihre Spieler haben in dieser Runde kein Ergebnis."
        ),
        "empty_3": (
            "Tisch 3 hat nichts eingetragen: Seine Spieler haben in dieser Runde kein Ergebnis."
        ),
        "start": "Uhr starten: 30 Minuten",
        "time_up": "Die Zeit ist jetzt um",
        "finishing": "Zeit um: spielt das laufende Spiel fertig",
        "confirm": "Spiel 2 bestätigen",
        "all": "Alle Tische sind fertig und bestätigt.",
        "close": "Runde 1 abschließen",
        "closed": "Runde 1 ist abgeschlossen.",
        "early": "Runde vorzeitig abschließen …",
        "early_button": "Runde vorzeitig abschließen",
    },
}


@pytest.fixture
def desk(browser, live_server, director, language):
    """The director's laptop, in ``language``."""
    context = browser.new_context(viewport=LAPTOP, locale=LOCALES[language])
    sign_in(context, live_server, director, language)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def rnd(director, language) -> Round:
    event = make_event(
        director, players=12, round_kind="time", round_minutes=30, name=f"Timed {language}"
    )
    return seat_round(event, 1, TABLES)


def play(rnd: Round, table: int, number: int, *, confirm: bool = True) -> Entry:
    game = Game.objects.select_related("round__event", "table").get(round=rnd, table__number=table)
    enters, confirms = PHONES[table]
    entry = submit_entry(game, number, DEAL, seat=seat_of(game, enters))
    if confirm:
        confirm_entry(entry, seat=seat_of(game, confirms))
    return entry


def shoot(page: Page, artifacts_dir: str, name: str, language: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=f"{artifacts_dir}/done-{name}-{language}.png", full_page=True)


def test_a_timed_round_from_its_first_second_to_its_close(
    desk: Page, live_server, rnd, language, artifacts_dir
):
    words = WORDS[language]
    event = rnd.event_id
    board = live_server.url + reverse("tournaments-director-board", args=[event, 1])
    rounds = live_server.url + reverse("tournaments-director-rounds", args=[event])

    desk.goto(board)
    expect(desk.locator(".progress-count")).to_have_text(words["none"])
    expect(desk.get_by_role("button", name=words["done"])).to_have_count(0)
    shoot(desk, artifacts_dir, "1-board-first-second", language)

    desk.goto(rounds)
    close = desk.get_by_role("button", name=words["close"], exact=True)
    expect(close).to_be_disabled()
    dialog = desk.locator("#close")
    expect(dialog).to_contain_text(words["not_started"])
    expect(dialog.locator(".empty-warning")).to_have_text(words["empty"])
    expect(desk.get_by_text(words["all"])).to_have_count(0)
    no_horizontal_scroll(desk)
    shoot(desk, artifacts_dir, "2-rounds-first-second", language)

    desk.get_by_role("button", name=words["start"]).click()
    expect(desk.locator(".round-clock .clock-time")).to_be_visible()
    for table in (1, 2, 3):
        play(rnd, table, 1)
    expect(dialog).to_contain_text(words["not_up"])
    expect(dialog.locator(".empty-warning")).to_have_count(0)
    expect(close).to_be_disabled()

    desk.get_by_role("button", name=words["time_up"]).click()
    expect(dialog.locator(".pending-table")).to_have_count(3)
    expect(dialog).to_contain_text(words["finishing"])
    for table in (1, 2):
        play(rnd, table, 2)
    late = play(rnd, 3, 2, confirm=False)
    table_3 = dialog.locator('[data-table="3"]')
    expect(dialog.locator(".pending-table")).to_have_count(1)
    expect(table_3.get_by_role("button", name=words["confirm"])).to_be_visible()
    expect(close).to_be_disabled()
    shoot(desk, artifacts_dir, "3-rounds-time-up", language)

    desk.goto(board)
    expect(desk.locator(".progress-count")).to_have_text(words["two"])
    expect(desk.get_by_role("button", name=words["done"])).to_have_count(0)
    confirm_entry(late, seat=seat_of(late.game, 10))
    expect(desk.locator(".progress-count")).to_have_text(words["none"].replace("0", "3", 1))
    expect(desk.get_by_role("button", name=words["done"])).to_be_visible()
    shoot(desk, artifacts_dir, "4-board-done", language)

    desk.goto(rounds)
    expect(desk.get_by_text(words["all"])).to_be_visible()
    expect(close).to_be_enabled()
    close.click()
    expect(desk.get_by_text(words["closed"])).to_be_visible()
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED
    assert all(game.finished for game in rnd.games.all())


def test_closing_early_names_the_table_that_entered_nothing(
    desk: Page, live_server, rnd, language, artifacts_dir
):
    words = WORDS[language]
    for table in (1, 2):
        play(rnd, table, 1)
    desk.goto(live_server.url + reverse("tournaments-director-rounds", args=[rnd.event_id]))
    expect(desk.locator("#close .empty-warning")).to_have_text(words["empty_3"])
    desk.get_by_text(words["early"]).click()
    expect(desk.locator(".force-close .empty-warning")).to_have_text(words["empty_3"])
    desk.fill("#id_reason", "The club closes")
    desk.get_by_role("button", name=words["early_button"], exact=True).click()
    expect(desk.get_by_text(words["closed"])).to_be_visible()
    expect(desk.get_by_text(words["empty_3"])).to_be_visible()
    shoot(desk, artifacts_dir, "5-closed-early", language)
