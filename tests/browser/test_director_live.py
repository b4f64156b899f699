"""The evening as the director lives it, in a real browser, in English and German: the
board follows the tables (deal of the round, last entry, late tables, calls), the close
button and the standings follow without a reload, the round clock counts down on every
page, the phone calls the director, printing and the tables' links, the set-up in short,
and the public standings on a phone.

Screenshots go to test-artifacts/ (phone 390×844 and laptop 1366×768).
"""

import io
import re
from datetime import timedelta

import pytest
from django.utils import timezone
from PIL import Image
from playwright.sync_api import Page, expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tests.conftest import LAPTOP, PHONE, module
from tests.factories import make_event, seat_round
from tests.web.rounds_helpers import finish
from tests.web.table_helpers import DEAL, seat_of
from tournaments.models import Entry, Round, TableCall
from tournaments.printing.loaders import table_link
from tournaments.services.scores.calls import call_director
from tournaments.services.scores.entries import confirm_entry, correct_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=12_000)

TABLES = [((1, 6), (2, 5)), ((3, 8), (4, 7)), ((9, 12), (10, 11))]


def speak(page: Page, live_server, language: str) -> None:
    """The pages in ``language`` from now on (Django's language cookie)."""
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )


def director_in(page: Page, live_server, director, language: str) -> None:
    log_in(page, live_server, director.get_username())
    speak(page, live_server, language)


def both(page: Page, artifacts_dir: str, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, artifacts_dir, name)
    shoot(page, artifacts_dir, name, laptop=True)


def confirmed(game, number, minutes_ago=0):
    entry = Entry.objects.create(
        game=game, number=number, points_0=120, points_1=30, status="confirmed"
    )
    Entry.objects.filter(pk=entry.pk).update(
        created_at=timezone.now() - timedelta(minutes=minutes_ago)
    )


def test_the_board_shows_the_deal_the_last_entry_late_tables_and_calls(
    page: Page, live_server, director, artifacts_dir, language
):
    event = make_event(
        director, players=12, round_kind="deals", round_deals=4, name=f"Board {language}"
    )
    rnd = seat_round(event, 1, TABLES)
    Round.objects.filter(pk=rnd.pk).update(started_at=timezone.now() - timedelta(minutes=25))
    games = {g.table.number: g for g in rnd.games.select_related("table")}
    confirmed(games[1], 1, minutes_ago=3)
    confirmed(games[3], 1, minutes_ago=5)
    call_director(games[3].table, rnd, reason="Misdeal: 16 cards")
    director_in(page, live_server, director, language)

    page.goto(f"{live_server.url}/events/{event.pk}/rounds/1/board/")
    one, two, three = (page.locator(f'.tile[data-table="{n}"]') for n in (1, 2, 3))
    expect(page.locator(".progress-count")).to_contain_text("0")
    expect(two).to_have_class(re.compile(r"\blate\b"))
    expect(three).to_have_class(re.compile(r"\bcalling\b"))
    expect(three.locator(".call")).to_contain_text("Misdeal: 16 cards")
    expect(one).not_to_have_class(re.compile(r"\blate\b"))
    if language == "en":
        expect(one).to_contain_text("deal 2 of 4")
        expect(one).to_contain_text("last entry 3 min ago")
        expect(two).to_contain_text("nothing entered in 25 min")
        expect(page.locator(".board-summary")).to_contain_text("0 of 3 tables finished")
        expect(page.locator(".board-summary")).to_contain_text("1 table late")
    no_horizontal_scroll(page)
    both(page, artifacts_dir, f"live-board-1-late-and-call-{language}")

    three.locator(".call button").click()
    expect(three).not_to_have_class(re.compile(r"\bcalling\b"))
    assert TableCall.objects.get().acknowledged_by == director

    # The tables go on while the board stays open: the poll brings each change.
    call_director(games[1].table, rnd, reason="")
    expect(one).to_have_class(re.compile(r"\bcalling\b"))
    for number in (2, 3, 4):
        confirmed(games[1], number)
    finish(rnd)
    expect(page.locator("#board form button.primary.big")).to_be_visible()
    both(page, artifacts_dir, f"live-board-2-all-done-{language}")


def test_the_close_button_and_the_standings_follow_the_tables_without_a_reload(
    page: Page, live_server, director, artifacts_dir, language
):
    event = make_event(
        director, players=8, round_kind="time", round_minutes=30, name=f"Close {language}"
    )
    rnd = seat_round(event, 1, TABLES[:2])
    # The time ran out a minute ago; each table then played the deal it had.
    Round.objects.filter(pk=rnd.pk).update(clock_ends_at=timezone.now() - timedelta(minutes=1))
    other = rnd.games.get(table__number=2)
    done = submit_entry(other, 1, DEAL, seat=seat_of(other, 3), device="phone-of-player-3")
    confirm_entry(done, seat=seat_of(other, 4), device="phone-of-player-4")
    game = rnd.games.get(table__number=1)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), device="phone-of-player-1")
    director_in(page, live_server, director, language)

    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    close = page.locator("#closing > form button")
    expect(close).to_be_disabled()
    shoot(page, artifacts_dir, f"live-close-1-waiting-{language}")
    confirm_entry(entry, seat=seat_of(game, 2), device="phone-of-player-2")
    expect(close).to_be_enabled()
    expect(page.locator("#close")).to_have_count(0)
    both(page, artifacts_dir, f"live-close-2-enabled-{language}")

    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    expect(page.locator("table tbody")).to_contain_text("820")
    # Time is up: no deal after the one in play; the director corrects table 2's instead.
    counted = {"sides": [{**DEAL["sides"][0], "natural_canastas": 2}, DEAL["sides"][1]]}
    correct_entry(other, 1, counted, user=director, reason="Two natural canastas")
    expect(page.locator("table tbody tr").filter(has_text="Player 3")).to_contain_text(
        "1,320" if language == "en" else "1.320", timeout=20_000
    )
    both(page, artifacts_dir, f"live-standings-{language}")


def test_the_round_clock_runs_on_every_page_and_says_when_time_is_up(
    page: Page, browser, live_server, director, artifacts_dir, language
):
    event = make_event(
        director,
        players=8,
        round_kind="time",
        round_minutes=30,
        public=True,
        name=f"Clock {language}",
    )
    rnd = seat_round(event, 1, TABLES[:2])
    director_in(page, live_server, director, language)

    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    page.locator('form[action$="/clock/start/"] button').click()
    clock = page.locator(".round-clock .clock-time").first
    expect(clock).to_have_text(re.compile(r"^(30:00|29:5\d)$"))
    expect(clock).to_have_text(re.compile(r"^29:[0-4]\d$"), timeout=15_000)  # it counts down
    both(page, artifacts_dir, f"live-clock-1-running-{language}")
    page.locator('form[action$="/clock/pause/"] button').click()
    expect(page.locator(".round-clock.paused")).to_be_visible()
    page.fill("#id_minutes", "10")
    page.locator('form[action$="/clock/extend/"] button').click()
    expect(page.locator(".round-clock .clock-time").first).to_have_text(re.compile(r"^39:"))
    shoot(page, artifacts_dir, f"live-clock-2-paused-extended-{language}")
    page.locator('form[action$="/clock/start/"] button').click()
    expect(page.locator(".round-clock.running")).to_be_visible()

    # Three seconds left: the phone at table 1 counts them down and says time is up.
    Round.objects.filter(pk=rnd.pk).update(clock_ends_at=timezone.now() + timedelta(seconds=4))
    table = rnd.games.get(table__number=1).table
    phone = browser.new_context(viewport=PHONE, locale="de-DE" if language == "de" else "en-GB")
    player = phone.new_page()
    player.goto(f"{live_server.url}/t/{table.token}/")
    expect(player.locator(".round-clock .clock-time")).to_be_visible()
    up = player.locator(".round-clock .clock-up")
    expect(up).to_be_visible(timeout=10_000)
    expect(player.locator(".round-clock .clock-time")).to_have_text("0:00")
    if language == "en":
        expect(up).to_have_text("No time left")
    no_horizontal_scroll(player)
    player.evaluate("window.scrollTo(0, 0)")
    shoot(player, artifacts_dir, f"live-clock-3-phone-time-up-{language}")

    # The phone calls the director; the board lights the table up.
    player.locator(".call-director summary").click()
    player.fill("#call-reason", "Wer gibt?" if language == "de" else "Who deals?")
    player.locator(".call-director button").click()
    expect(player.locator(".call-director .called")).to_be_visible()
    player.evaluate("window.scrollTo(0, 0)")
    shoot(player, artifacts_dir, f"live-call-1-phone-{language}")
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/1/board/")
    expect(page.locator('.tile[data-table="1"].calling')).to_contain_text(
        "Wer gibt?" if language == "de" else "Who deals?"
    )
    both(page, artifacts_dir, f"live-call-2-board-{language}")

    projector = phone.new_page()
    projector.set_viewport_size(LAPTOP)
    Round.objects.filter(pk=rnd.pk).update(clock_ends_at=timezone.now() + timedelta(minutes=7))
    projector.goto(f"{live_server.url}/p/{event.public_token}/projector/")
    expect(projector.locator(".round-clock .clock-time")).to_have_text(
        re.compile(r"^(7:00|6:5\d)$")
    )
    projector.screenshot(path=f"{artifacts_dir}/live-clock-4-projector-{language}-laptop.png")
    phone.close()


def test_printing_has_its_tab_pdfs_open_in_a_new_tab_and_tables_links_show_on_screen(
    page: Page, live_server, director, artifacts_dir, language
):
    zxingcpp = module("zxingcpp", "pip install zxing-cpp (`make install` does)")
    event = make_event(director, players=8, name=f"Print {language}")
    seat_round(event, 1, TABLES[:2])
    director_in(page, live_server, director, language)

    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    page.locator(f'.subnav a[href="/events/{event.pk}/print/"]').click()
    expect(page.locator('.subnav a[aria-current="page"]')).to_have_attribute(
        "href", f"/events/{event.pk}/print/"
    )
    both(page, artifacts_dir, f"live-print-1-page-{language}")
    with page.context.expect_page() as opened:
        page.locator(".print-form button").first.click()
    pdf_tab = opened.value
    assert pdf_tab != page
    expect(page.locator("h1")).to_be_visible()  # the print page stays where it was
    pdf_tab.close()

    page.locator(f'a[href="/events/{event.pk}/print/table-links/"]').click()
    cards = page.locator(".table-link")
    expect(cards).to_have_count(2)
    for table in event.tables.order_by("number"):
        card = page.locator(f"#table-{table.number}")
        expect(card).to_contain_text(table.code)
        expect(card.locator(".link a")).to_have_text(table_link(table.token))
    no_horizontal_scroll(page)
    both(page, artifacts_dir, f"live-print-2-table-links-{language}")

    page.set_viewport_size(LAPTOP)
    first = event.tables.get(number=1)
    shot = page.locator("#table-1 .qr").screenshot()
    read = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
    assert [code.text for code in read] == [table_link(first.token)]
    page.set_viewport_size(PHONE)


def test_the_rules_in_short_and_the_format_for_the_players_expected(
    page: Page, live_server, director, artifacts_dir, language
):
    event = make_event(director, players=0, name=f"Setup {language}")
    director_in(page, live_server, director, language)

    page.goto(f"{live_server.url}/events/{event.pk}/setup/rules/")
    expect(page.locator(".rules-short")).to_contain_text("5")
    editor = page.locator("details.rule-editor")
    expect(editor).not_to_have_attribute("open", "")
    assert page.evaluate("document.documentElement.scrollHeight") < 2200
    no_horizontal_scroll(page)
    both(page, artifacts_dir, f"live-setup-1-rules-{language}")
    editor.locator("summary").click()
    expect(page.locator("#id_target")).to_be_visible()
    page.fill("#id_target", "3000")
    page.locator(".rule-editor ~ .form-actions button").click()
    page.goto(f"{live_server.url}/events/{event.pk}/setup/rules/")
    expect(page.locator(".rules-short")).to_contain_text("3" if language == "en" else "3.000")

    page.goto(f"{live_server.url}/events/{event.pk}/setup/format/")
    expect(page.locator(".verdict")).to_have_count(0)
    page.fill("#preview-players", "16")
    page.locator(".preview-form button").click()
    expect(page.locator(".verdict").first).to_be_visible()
    if language == "en":
        expect(page.locator("#check-title")).to_have_text(
            "What Meld can play with the 16 players you expect"
        )
    page.goto(f"{live_server.url}/events/{event.pk}/setup/format/")
    expect(page.locator("#preview-players")).to_have_value("16")
    both(page, artifacts_dir, f"live-setup-2-format-expected-{language}")


def test_the_public_standings_fit_a_phone(
    page: Page, live_server, director, artifacts_dir, language
):
    event = make_event(
        director, players=12, public=True, name=f"Public {language}", scoring_mode="match"
    )
    for number in (1, 2):
        rnd = seat_round(event, number, TABLES)
        finish(rnd, lambda game: (5120 + game.table.number, 3105))
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED)
    speak(page, live_server, language)
    page.goto(f"{live_server.url}/p/{event.public_token}/")
    table = page.locator("#standings-h ~ * table.standings, table.standings").first
    expect(table).to_be_visible()
    no_horizontal_scroll(page)
    first = table.locator("tbody tr").first
    for cell in ("td.rank", "td.name", "td strong"):
        box = first.locator(cell).first.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], cell
    expect(table.locator("th.secondary").first).to_be_hidden()
    shoot(page, artifacts_dir, f"live-public-standings-{language}")
    page.set_viewport_size(LAPTOP)
    expect(table.locator("th.secondary").first).to_be_visible()
    page.screenshot(
        path=f"{artifacts_dir}/live-public-standings-{language}-laptop.png", full_page=True
    )
