"""The handbook's pages for what happens during the evening, walked in a real browser in German
and English as ``test_handbook_walk.py`` walks the evening itself: before each action the walk
asks the handbook's section (``Step``) whether it names that button, field or page as Meld
shows it, and what Meld says back is checked against the handbook's words.

- clock.md: a phone calls the director, the director sees the call on every page of the evening
  and on the table board and acknowledges it, the phone hears that the director is coming; the
  round clock of a round with a time limit started, paused, run on, extended and ended, a table
  ended when the time is up; the clock of a round of so many deals, which only informs;
- problems.md: a substitute and a late entry through the member picker;
- problems.md: the director corrects a confirmed deal with a reason.

The director works on a laptop (1366×768), the players on phones (390×844). What the handbook
leaves to the reader (names, figures) is the walk's own.
"""

import re

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.browser.helpers import sign_in
from tests.browser.test_handbook_walk import (
    Step,
    field,
    laptop,
    named_as,
    phone,
    tap,
    words,
)
from tests.docs.handbook_text import section, sentences_in
from tests.factories import make_event, make_tables, seat_round
from tests.web.table_helpers import DEAL, seat_of
from tournaments.models import Club, Entry, Event, Member, Round
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)

TABLES = [((1, 6), (2, 5)), ((3, 8), (4, 7))]
POLLED = 20_000  # the phones and the director's bar ask every two seconds


def quoted(language: str, page: str, anchor: str, text: str) -> str:
    """``text``, once the handbook's section quotes it as a sentence Meld shows."""
    sentences = sentences_in(section(language, page, anchor), language)
    assert any(named_as(sentence, text) for sentence in sentences), (
        f"{language}/{page}.md#{anchor} does not quote “{text}”; it quotes {sentences}"
    )
    return text


def counted(language: str, singular: str, plural: str, n: int, **params) -> str:
    with translation.override(language):
        return translation.ngettext(singular, plural, n) % params


def director_at(browser, live_server, director, language: str) -> Page:
    page = laptop(browser, language)
    sign_in(page.context, live_server, director, language)
    return page


def seated_phone(browser, live_server, language: str, game, number: int) -> Page:
    """phones.md: the table opened, the player's own name tapped (player ``number``)."""
    page = phone(browser, language)
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    page.locator(f'button[name=seat][value="{seat_of(game, number).pk}"]').click()
    expect(page.locator(".iam")).to_contain_text(f"Player {number}")
    return page


def above(page: Page, upper: str, lower: str) -> bool:
    """``upper`` comes before ``lower`` on the page, top to bottom: both measured in one step
    in the page, so a poll's swap cannot take one of them away between the two."""
    script = (
        "([a, b]) => document.querySelector(a).getBoundingClientRect().top"
        " < document.querySelector(b).getBoundingClientRect().top"
    )
    return bool(page.evaluate(script, [upper, lower]))


def an_evening(director, **fields) -> Event:
    event = make_event(director, players=8, status=Event.Status.RUNNING, **fields)
    seat_round(event, 1, TABLES)
    return event


# --- clock.md: calls ---------------------------------------------------------------------


def test_a_phone_calls_the_director_as_the_handbook_says(browser, live_server, director, language):
    event = an_evening(director)
    game = event.rounds.get().games.get(table__number=1)
    player = seated_phone(browser, live_server, language, game, 1)
    calls = Step(language, "clock", "calls")

    # At the top of the table's page, below the line that says what to do now.
    call = player.locator("#call-director")
    assert above(player, "#now", "#call-director") and above(player, "#call-director", "#entry")
    tap(call, calls("Call the director"))
    field(call, calls("What is it about? (you may leave it empty)")).fill("Kartenfrage")
    tap(call, calls("Call the director now"))
    for said in (
        "The director is called.",
        "Keep playing if you can; the director comes to your table.",
    ):
        expect(call).to_contain_text(quoted(language, "clock", "calls", words(language, said)))

    # Every page of the evening shows it in the bar at the top; the board on the tile too.
    desk = director_at(browser, live_server, director, language)
    desk.goto(f"{live_server.url}/events/{event.pk}/standings/")
    bar = desk.locator("#director-alerts")
    expect(bar).to_contain_text(
        words(language, "Table %(number)s calls the director") % {"number": 1}
    )
    expect(bar).to_contain_text("Kartenfrage")
    expect(bar.get_by_role("button", name=re.compile(calls("Acknowledge")))).to_be_visible()
    tap(desk.locator("nav"), calls("Table board"))
    tile = desk.locator(".tile[data-table='1']")
    expect(tile).to_contain_text(calls("Calls the director"))
    summary = counted(
        language,
        "%(counter)s table calls the director",
        "%(counter)s tables call the director",
        1,
        counter=1,
    )
    expect(desk.locator(".board-summary")).to_contain_text(
        quoted(language, "clock", "calls", summary)
    )
    tap(tile, calls("Acknowledge"))
    expect(desk.locator(".tile.calling")).to_have_count(0)
    expect(bar.locator(".alert-call")).to_have_count(0)

    # The phone hears that the director is coming, and may call again.
    coming = words(language, "The director has seen your call and is coming to your table.")
    quoted(language, "clock", "calls", coming)
    expect(call).to_contain_text(coming, timeout=POLLED)
    expect(call.locator("summary")).to_have_text(calls("Call the director again"))
    player.context.close()
    desk.context.close()


# --- clock.md: the round clock -----------------------------------------------------------


def test_the_round_clock_of_a_timed_round_as_the_handbook_says(
    browser, live_server, director, language
):
    event = an_evening(director, round_kind=Event.RoundKind.TIME, round_minutes=40)
    game = event.rounds.get().games.get(table__number=1)
    clock = Step(language, "clock", "round-clock")
    desk = director_at(browser, live_server, director, language)
    desk.goto(f"{live_server.url}/events/{event.pk}/")
    tap(desk, words(language, "Rounds and table board"))
    expect(desk.get_by_role("heading", name=clock("Rounds"), exact=True)).to_be_visible()
    player = seated_phone(browser, live_server, language, game, 1)
    expect(player.locator("#round-clock .clock-time")).to_have_count(0)

    start = counted(
        language,
        "Start the clock: %(counter)s minute",
        "Start the clock: %(counter)s minutes",
        40,
        counter=40,
    )
    tap(desk, clock.says(start))
    time_left = desk.locator(".clock-controls #round-clock")
    expect(time_left).to_contain_text(clock("Time left"))
    expect(time_left.locator(".clock-time")).to_have_text(re.compile(r"^(40:00|39:5\d)$"))
    # The phone shows it at the top of its page, above what it asks now.
    phone_clock = player.locator("#round-clock")
    expect(phone_clock).to_contain_text(clock("Time left"), timeout=POLLED)
    assert above(player, "#round-clock", "#now")

    tap(desk, clock("Pause the clock"))
    expect(time_left).to_contain_text(clock("paused"))
    expect(phone_clock).to_contain_text(clock("paused"), timeout=POLLED)
    tap(desk, clock("Let the clock run on"))
    expect(time_left.locator(".clock-paused")).to_have_count(0)
    field(desk, clock("Extend by minutes")).fill("5")
    tap(desk, clock("Extend"))
    expect(time_left.locator(".clock-time")).to_have_text(re.compile(r"^4[45]:\d\d$"))

    tap(desk, clock("Time is up now"))
    time_up = Step(language, "clock", "time-up")
    up = words(language, "Time is up: finish the deal you are playing.")
    quoted(language, "clock", "time-up", up)
    # The clock says "No time left"; what the phone asks now says the rest.
    expect(player.locator("#now")).to_contain_text(up, timeout=POLLED)
    expect(phone_clock.locator(".clock-time")).to_have_text("0:00")

    # A table that has played its last deal is ended on its page.
    tap(desk.locator("nav"), time_up("Table board"))
    desk.locator(".tile[data-table='1'] a").first.click()
    ending = desk.locator(
        "section", has=desk.get_by_role("heading", name=time_up("Time is up at this table"))
    )
    field(ending, time_up("Note (optional)")).fill("Zeit")
    end_label = words(language, "End this game with the confirmed deals")
    tap(ending, time_up.says(end_label))
    expect(desk.locator("ul.messages")).to_be_visible()
    assert event.rounds.get().games.get(table__number=1).finished
    player.context.close()
    desk.context.close()


def test_the_clock_of_a_round_of_deals_only_informs(browser, live_server, director, language):
    event = an_evening(director, round_kind=Event.RoundKind.DEALS, round_deals=4)
    game = event.rounds.get().games.get(table__number=2)
    clock = Step(language, "clock", "round-clock")
    desk = director_at(browser, live_server, director, language)
    desk.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    optional = desk.locator("form.start-clock")
    field(optional, clock("A round clock (optional): minutes")).fill("30")
    tap(optional, clock("Start the round clock"))
    expect(desk.locator(".clock-controls .clock-time")).to_have_text(
        re.compile(r"^(30:00|29:5\d)$")
    )
    expect(desk.get_by_role("button", name=words(language, "Time is up now"))).to_have_count(0)
    player = seated_phone(browser, live_server, language, game, 3)
    expect(player.locator("#round-clock")).to_contain_text(clock("Time left"))
    player.context.close()
    desk.context.close()


# --- problems.md: substitutes and late entries, through the member picker -----------------


@pytest.fixture
def club_evening(director):
    """A Swiss Gin evening of the club's members, round 1 being played; two more members."""
    club = Club.objects.create(name="Kartenklub Floridsdorf")
    club.directors.add(director)
    event = make_event(
        director, card_game="gin", players=0, fmt="swiss", club=club, status=Event.Status.RUNNING
    )
    for number, name in enumerate(
        ["Anna Bauer", "Bernhard Gruber", "Christine Wagner", "Dieter Huber"], start=1
    ):
        member = Member.objects.create(club=club, name=name, number=100 + number)
        event.players.create(name=name, number=number, member=member)
    Member.objects.create(club=club, name="Karin Leitner", number=111, gender="f")
    Member.objects.create(club=club, name="Ludwig Berger", number=112, gender="m")
    make_tables(event, 2)
    start_round(event, user=director)
    return event


def pick_member(desk: Page, language: str, anchor: str, typed: str, member: str) -> None:
    """problems.md, steps 1 and 2 of ``anchor``: part of a name typed under **Name**, the
    member chosen among **Members found** (beside **None of these: …**)."""
    field(desk, Step(language, "problems", anchor, 1)("Name")).press_sequentially(typed)
    found = desk.locator("#member-matches fieldset")
    picker = Step(language, "problems", "member-picker")
    expect(found.locator("legend")).to_have_text(picker("Members found"))
    guest = Step(language, "problems", anchor, 2)("None of these: the name as typed (a guest)")
    expect(found).to_contain_text(guest)
    found.locator("label", has_text=member).click()


def says_back(desk: Page, language: str, anchor: str, msgid: str, **params) -> None:
    """Meld's message after the step, as problems.md#``anchor`` quotes it."""
    said = words(language, msgid) % params
    expect(desk.locator("ul.messages")).to_contain_text(quoted(language, "problems", anchor, said))


def test_a_substitute_and_a_late_entry_through_the_member_picker(
    browser, live_server, director, language, club_evening
):
    event = club_evening
    desk = director_at(browser, live_server, director, language)
    desk.goto(f"{live_server.url}/events/{event.pk}/")
    substitutes = Step(language, "problems", "substitutes")
    tap(desk, substitutes("Players"))
    anna = desk.locator("tr", has_text="Anna Bauer")
    tap(anna, substitutes("Substitute"))
    expect(desk.locator("h1")).to_have_text(
        substitutes.says(words(language, "A substitute for %(name)s") % {"name": "Anna Bauer"})
    )
    pick_member(desk, language, "substitutes", "Leit", "Karin Leitner")
    tap(desk, Step(language, "problems", "substitutes", 3)("Enter the substitute"))
    takes = "%(new)s takes number %(number)d from round %(round)d."
    says_back(desk, language, "substitutes", takes, new="Karin Leitner", number=1, round=2)
    expect(desk.locator("tr:not(.gone)", has_text="Karin Leitner")).to_contain_text(
        words(language, "substitute for %(name)s from round %(round)s")
        % {"name": "Anna Bauer", "round": 2}
    )
    karin = event.players.get(name="Karin Leitner")
    assert karin.member.number == "111" and karin.substitute_for.name == "Anna Bauer"

    # A late entry: a name no member has, then a member.
    late = Step(language, "problems", "late-arrivals")
    expect(desk.get_by_role("heading", name=late("Late entry"))).to_be_visible()
    name = field(desk, Step(language, "problems", "late-arrivals", 1)("Name"))
    name.press_sequentially("Zoe Gast")
    nobody = words(
        language, "No member is called “%(name)s”: the name is entered as typed (a guest)."
    )
    expect(desk.locator("#member-matches")).to_have_text(
        quoted(language, "problems", "member-picker", nobody % {"name": "Zoe Gast"})
    )
    name.fill("")
    pick_member(desk, language, "late-arrivals", "Berg", "Ludwig Berger")
    tap(desk, Step(language, "problems", "late-arrivals", 3)("Add late entry"))
    joins = "%(name)s plays from round %(round)d with number %(number)d."
    says_back(desk, language, "late-arrivals", joins, name="Ludwig Berger", round=2, number=5)
    ludwig = event.players.get(number=5)
    assert ludwig.name == "Ludwig Berger" and ludwig.member.number == "112"
    assert ludwig.joined_round == 2
    desk.context.close()


# --- problems.md: corrections ------------------------------------------------------------


def test_the_director_corrects_a_confirmed_deal_as_the_handbook_says(
    browser, live_server, director, language
):
    event = an_evening(director)
    rnd = event.rounds.get()
    game = rnd.games.get(table__number=1)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    corrections = Step(language, "problems", "corrections")
    desk = director_at(browser, live_server, director, language)
    desk.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    tap(desk.locator("main"), corrections("Table board"))
    desk.locator(".tile[data-table='1'] a").first.click()
    sheet = desk.locator("main")
    expect(sheet).to_contain_text(corrections("Score sheet"))

    deal_one = desk.locator("table.sheet tbody tr").first
    tap(deal_one, corrections("Correct"))
    # The deal's row opens the form with that deal chosen under "Correct or add a deal".
    expect(desk.locator("#correct-h")).to_have_text(corrections("Correct or add a deal"))
    chosen = desk.locator("#id_fix option:checked")
    expect(chosen).to_have_text(re.compile(r"\b1\b"))
    corrections.says(chosen.inner_text())
    desk.locator("#id_fix-s0_melded_points").fill("220")
    field(desk, corrections("Reason")).fill("Schreibblock des Tisches geprüft")
    tap(desk, corrections("Save the correction"))
    corrected = words(language, "Deal %(number)d is corrected and counts now.") % {"number": 1}
    expect(desk.locator("ul.messages")).to_contain_text(corrected)

    counting = Entry.objects.get(game=game, number=1, status=Entry.Status.CONFIRMED)
    assert counting.reason == "Schreibblock des Tisches geprüft" and counting.version == 2
    assert counting.details["sides"][0]["melded_points"] == 220
    tap(desk, corrections("Every version entered"))
    versions = desk.locator(
        "details", has=desk.locator("summary", has_text=corrections("Every version entered"))
    )
    expect(versions.locator("tbody tr")).to_have_count(2)
    tap(versions, corrections("This table in the audit trail"))
    expect(desk.locator("main")).to_contain_text("Schreibblock des Tisches geprüft")
    assert rnd.status == Round.Status.OPEN
    desk.context.close()
