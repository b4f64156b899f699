"""The director's desk at the busy minutes, in a real browser at 1366×768 (and 390×844 where
it matters), in German and English (issue 26, items 3, 9, 10, 11, 16): the bar of calls,
disputes and late tables on every director page, the set-up wizard from step 1 and Gin's
formats, the finish dialog's unconfirmed entries, a clock for a round of so many deals, and
a schedule said in plain words.

Screenshots: test-artifacts/desk-*.png.
"""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, sign_in
from tests.conftest import LAPTOP, PHONE
from tests.factories import make_event, seat_round
from tests.web.table_helpers import DEAL, seat_of
from tournaments.models import Entry, Event, TableCall
from tournaments.services.rounds.steps import force_close_round
from tournaments.services.scores.calls import call_director
from tournaments.services.scores.entries import dispute_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=12_000)

TABLES = [((1, 6), (2, 5)), ((3, 8), (4, 7)), ((9, 11), (10, 12))]
WORDS = {
    "en": {
        "calls": "Table 2 calls the director",
        "disputed": "Table 3: Deal 1 is disputed",
        "acknowledge": "Acknowledge table 2",
        "seen": "Table 2: you have seen the call.",
        "step_1": "The event",
        "save": "Save and continue",
        "rules": "Game and rules",
        "finish": "Finish the event…",
        "two_left": "2 entries are still unconfirmed: they do not count.",
        "one_left": "1 entry is still unconfirmed: it does not count.",
        "confirm": "Confirm deal 1",
        "finish_anyway": "Finish anyway: these entries do not count",
        "finished": "The event is finished. Standings and printouts stay available.",
        "start_clock": "Start the round clock",
        "plain": "Everyone meets everyone else twice as an opponent, except 42 pairs who meet "
        "never, once or three times.",
        "details": "Details: the figures",
        "figures": "The opponent meetings are 44 away from twice per pair in all",
    },
    "de": {
        "calls": "Tisch 2 ruft die Turnierleitung",
        "disputed": "Tisch 3: Spiel 1 ist beanstandet",
        "acknowledge": "Gesehen Tisch 2",
        "seen": "Tisch 2: Sie haben den Ruf gesehen.",
        "step_1": "Das Turnier",
        "save": "Speichern und weiter",
        "rules": "Kartenspiel und Regeln",
        "finish": "Turnier beenden …",
        "two_left": "2 Einträge sind noch unbestätigt: Sie zählen nicht.",
        "one_left": "1 Eintrag ist noch unbestätigt: Er zählt nicht.",
        "confirm": "Spiel 1 bestätigen",
        "finish_anyway": "Trotzdem beenden: Diese Einträge zählen nicht",
        "finished": "Das Turnier ist beendet. Rangliste und Ausdrucke bleiben verfügbar.",
        "start_clock": "Rundenuhr starten",
        "plain": "Jeder trifft jeden anderen zweimal als Gegner, außer 42 Paaren, die sich nie, "
        "einmal oder dreimal treffen.",
        "details": "Details: die Zahlen",
        "figures": "Die Begegnungen als Gegner weichen insgesamt um 44 von zweimal je Paar ab",
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


def shoot(page: Page, artifacts_dir: str, name: str, language: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    size = "phone" if page.viewport_size == PHONE else "laptop"
    page.screenshot(path=f"{artifacts_dir}/desk-{name}-{language}-{size}.png", full_page=True)


def in_first_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= page.viewport_size["height"]
    ), box


def game_at(event: Event, table: int):
    return (
        event.rounds.get(number=1)
        .games.select_related("round__event", "table")
        .get(table__number=table)
    )


def test_a_call_and_a_dispute_reach_every_director_page(
    desk: Page, live_server, director, language, artifacts_dir
):
    words = WORDS[language]
    event = make_event(director, players=12, name=f"Bar {language}")
    rnd = seat_round(event, 1, TABLES)
    desk.goto(live_server.url + reverse("tournaments-director-standings", args=[event.pk]))
    expect(desk.locator("main h1")).to_be_visible()
    expect(desk.locator(".alert-bar")).to_have_count(0)

    call_director(game_at(event, 2).table, rnd, reason="a revoke")
    third = game_at(event, 3)
    disputed = submit_entry(third, 1, DEAL, seat=seat_of(third, 9))
    dispute_entry(disputed, seat=seat_of(third, 10), reason="two red threes")
    bar = desk.locator(".alert-bar")
    expect(bar).to_contain_text(words["calls"])  # by the bar's own poll, without a reload
    expect(bar).to_contain_text(words["disputed"])
    in_first_screen(desk, ".alert-call")
    shoot(desk, artifacts_dir, "1-bar-standings", language)

    desk.goto(live_server.url + event.get_absolute_url())
    expect(bar).to_contain_text(words["calls"])
    in_first_screen(desk, ".alert-call")
    desk.set_viewport_size(PHONE)
    in_first_screen(desk, ".alert-call")
    no_horizontal_scroll(desk)
    shoot(desk, artifacts_dir, "2-bar-event-page", language)
    desk.set_viewport_size(LAPTOP)

    # The dispute called the director too: two calls, each acknowledged on its own.
    expect(desk.locator(".alert-call")).to_have_count(2)
    desk.locator(".alert-call").first.get_by_role("button", name=words["acknowledge"]).click()
    expect(desk.get_by_text(words["seen"])).to_be_visible()
    expect(desk.locator(".alert-call")).to_have_count(1)
    expect(bar).to_contain_text(words["disputed"])
    assert TableCall.objects.get(table=game_at(event, 2).table).acknowledged_by == director


def test_the_set_up_starts_at_step_1_and_gin_is_offered_only_its_formats(
    desk: Page, live_server, language, artifacts_dir
):
    words = WORDS[language]
    desk.goto(live_server.url + reverse("tournaments-director-event-new"))
    desk.fill("#id_name", f"Gin night {language}")
    desk.locator("#id_preset").select_option("gin:wiener")
    desk.locator("main form button[type=submit]").click()
    expect(desk.locator("main h1")).to_have_text(words["step_1"])
    expect(desk.locator('.steps [aria-current="step"]')).to_contain_text("1.")
    shoot(desk, artifacts_dir, "3-step-1", language)
    desk.get_by_role("button", name=words["save"]).click()
    expect(desk.locator("main h1")).to_have_text(words["rules"])

    event = Event.objects.get(name=f"Gin night {language}")
    desk.goto(live_server.url + reverse("tournaments-director-setup", args=[event.pk, "format"]))
    radios = desk.locator('input[name="format"]')
    expect(radios).to_have_count(3)
    values = [radios.nth(i).get_attribute("value") for i in range(3)]
    assert values == ["swiss", "roundrobin", "tables"]
    expect(desk.locator('input[name="format"][value="swiss"]')).to_be_checked()
    expect(desk.locator('input[name="odd_tables"]')).to_have_count(0)
    expect(desk.locator('input[name="balanced_schedule"]')).to_have_count(0)
    no_horizontal_scroll(desk)
    shoot(desk, artifacts_dir, "4-gin-formats", language)


def test_the_finish_dialog_lists_what_is_still_unconfirmed(
    desk: Page, live_server, director, language, artifacts_dir
):
    words = WORDS[language]
    event = make_event(director, players=12, name=f"Finish {language}")
    rnd = seat_round(event, 1, TABLES)
    first, second = game_at(event, 1), game_at(event, 2)
    waiting = submit_entry(first, 1, DEAL, seat=seat_of(first, 1))
    disputed = submit_entry(second, 1, DEAL, seat=seat_of(second, 3))
    dispute_entry(disputed, seat=seat_of(second, 4), reason="we melded 90")
    force_close_round(rnd, user=director, reason="closing time")
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)

    desk.goto(live_server.url + event.get_absolute_url())
    dialog = desk.locator("#finish")
    expect(dialog.locator(".unconfirmed h3")).to_have_text(words["two_left"])
    expect(dialog.locator(".pending-item")).to_have_count(2)
    expect(dialog).to_contain_text("we melded 90")
    dialog.locator(".unconfirmed").scroll_into_view_if_needed()
    shoot(desk, artifacts_dir, "5-finish-dialog", language)

    dialog.get_by_role("button", name=words["confirm"]).click()
    expect(desk.locator("#finish .unconfirmed h3")).to_have_text(words["one_left"])
    assert Entry.objects.get(pk=waiting.pk).status == Entry.Status.CONFIRMED
    desk.set_viewport_size(PHONE)
    no_horizontal_scroll(desk)
    shoot(desk, artifacts_dir, "6-finish-dialog", language)
    desk.set_viewport_size(LAPTOP)
    desk.get_by_role("button", name=words["finish_anyway"]).click()
    expect(desk.get_by_text(words["finished"])).to_be_visible()


def test_a_round_of_four_deals_gets_a_clock_the_phones_show(
    desk: Page, browser, live_server, director, language, artifacts_dir
):
    words = WORDS[language]
    event = make_event(
        director, players=12, round_kind="deals", round_deals=4, name=f"Clock {language}"
    )
    seat_round(event, 1, TABLES)
    desk.goto(live_server.url + reverse("tournaments-director-rounds", args=[event.pk]))
    desk.fill("#id_clock_minutes", "25")
    desk.get_by_role("button", name=words["start_clock"]).click()
    expect(desk.locator(".round-clock .clock-time")).to_have_text(re.compile(r"^2[45]:\d\d$"))
    shoot(desk, artifacts_dir, "7-deals-clock", language)

    phone = browser.new_context(viewport=PHONE, locale=LOCALES[language]).new_page()
    phone.goto(live_server.url + reverse("tournaments-table", args=[game_at(event, 1).table.token]))
    clock = phone.locator(".round-clock .clock-time")
    expect(clock).to_be_visible()
    assert clock.inner_text().startswith(("24:", "25:"))
    in_first_screen(phone, ".round-clock")
    shoot(phone, artifacts_dir, "8-deals-clock-phone", language)
    phone.context.close()


def test_the_schedule_is_said_in_plain_words_with_the_figures_behind_details(
    desk: Page, live_server, director, language, artifacts_dir
):
    words = WORDS[language]
    event = make_event(director, players=14, name=f"Plain {language}")
    desk.goto(live_server.url + reverse("tournaments-director-setup", args=[event.pk, "format"]))
    verdict = desk.locator(".verdict").first
    expect(verdict).to_contain_text(words["plain"])
    details = verdict.locator("details.notes-detail")
    expect(details.locator("summary")).to_have_text(words["details"])
    expect(details.get_by_text(words["figures"])).to_be_hidden()
    shoot(desk, artifacts_dir, "9-plain-schedule", language)
    details.locator("summary").click()
    expect(details.get_by_text(words["figures"])).to_be_visible()
    desk.set_viewport_size(PHONE)
    no_horizontal_scroll(desk)
    shoot(desk, artifacts_dir, "10-plain-schedule", language)


def test_an_entry_due_for_automatic_confirmation_is_stored_while_a_director_page_is_open(
    desk: Page, live_server, director, language
):
    event = make_event(director, players=12, auto_confirm_minutes=5, name=f"Due {language}")
    seat_round(event, 1, TABLES)
    first = game_at(event, 1)
    entry = submit_entry(first, 1, DEAL, seat=seat_of(first, 1))
    desk.goto(live_server.url + reverse("tournaments-director-print", args=[event.pk]))
    expect(desk.locator("#director-alerts")).to_have_attribute("hx-get", re.compile(r"\?since="))
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.ENTERED  # not due yet
    Entry.objects.filter(pk=entry.pk).update(created_at=entry.created_at - timedelta(minutes=6))
    # Time alone made it due: the bar's poll sees it within a time step (15 s) and a poll.
    with desk.expect_response(lambda r: r.url.endswith("/rounds/confirm-due/"), timeout=20_000):
        pass
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.CONFIRMED
