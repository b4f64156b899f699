"""Issue 27, "Done when": someone who has never seen Meld sets up and runs a 12-player
progressive Canasta evening and a Swiss Gin event from the handbook alone, in German and English.

The walk follows the handbook's numbered steps and taps, types and chooses only what a step
names: before each action it asks the step (``Step``, reading the handbook's page in the walk's
language) whether it names that page, button or field, as Meld says it in that language. A step
the handbook leaves out, or names wrongly, fails here. What the handbook leaves to the reader
(the club's and players' names, a deal's cards) is the walk's own. The director works on a
laptop (1366×768), the players on phones (390×844), two phones a table: one side enters the
deal, the other confirms it. The players read their table's code off the printed table card.
"""

import io
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.text import capfirst
from playwright.sync_api import Locator, Page, expect
from pypdf import PdfReader

from tests.browser.helpers import LOCALES, no_horizontal_scroll
from tests.conftest import LAPTOP, PASSWORD, PHONE
from tests.docs.handbook_text import section_labels, step_labels
from tournaments.models import Event, Result, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)

CLUB = "Kartenklub Floridsdorf"
MEMBERS = [
    ("Anna Bauer", "f"),
    ("Bernhard Gruber", "m"),
    ("Christine Wagner", "f"),
    ("Dieter Huber", "m"),
    ("Elfriede Müller", "f"),
    ("Franz Pichler", "m"),
    ("Gertrude Steiner", "f"),
    ("Herbert Moser", "m"),
    ("Ingrid Hofer", "f"),
    ("Jürgen Größ", "m"),
    ("Karin Leitner", "f"),
    ("Ludwig Berger", "m"),
]
GIN_PLAYERS = [
    "Maria Kern",
    "Norbert Wallner",
    "Olga Koller",
    "Peter Schober",
    "Rosa Lang",
    "Stefan Eder",
]
TABLE_CODE = re.compile(r"^[A-Z2-9]{4}(?: [A-Z2-9]{4})+$", re.M)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def words(language: str, msgid: str, plural: str | None = None, n: int = 1, **params) -> str:
    """What Meld shows for ``msgid`` (``plural`` for ``n`` of them) in ``language``."""
    with translation.override(language):
        text = translation.ngettext(msgid, plural, n) if plural else translation.gettext(msgid)
    return text % params if params else text


def named_as(label: str, text: str) -> bool:
    """Whether the handbook's ``label`` names ``text``: its "…" and its numbers stand for any
    (the handbook's "Close round 1" names the button "Close round 2" too)."""
    parts = re.split(r"…|\d+", label)
    return re.fullmatch(".+?".join(re.escape(part) for part in parts), text) is not None


class Step:
    """The labels one step (or section) of the handbook names, in the walk's language."""

    def __init__(self, language: str, page: str, anchor: str, number: int | None = None):
        self.language = language
        if number is None:
            self.labels = section_labels(language, page, anchor)
        else:
            self.labels = step_labels(language, page, anchor, number)
        self.where = f"{language}/{page}.md#{anchor}" + (f", step {number}" if number else "")

    def says(self, text: str) -> str:
        """``text``, once the step is seen to name it."""
        assert any(named_as(label, text) for label in self.labels), (
            f"{self.where} does not name “{text}”; it names {self.labels}"
        )
        return text

    def __call__(self, msgid: str, plural: str | None = None, n: int = 1, **params) -> str:
        return self.says(words(self.language, msgid, plural, n, **params))


# --- what a person does with a label -----------------------------------------------------


def tap(scope: Page | Locator, label: str) -> None:
    """Tap the button, link or (a details' summary, a choice) text called ``label``."""
    target = (
        scope.get_by_role("button", name=label, exact=True)
        .or_(scope.get_by_role("link", name=label, exact=True))
        .or_(scope.locator("summary").get_by_text(label, exact=True))
    )
    target.filter(visible=True).first.click()


def choose(scope: Page | Locator, label: str) -> None:
    """Choose the option (a radio button or a pill) whose words are ``label``."""
    scope.locator("label").get_by_text(label, exact=True).first.click()


def field(scope: Page | Locator, label: str) -> Locator:
    return scope.get_by_label(label, exact=True)


def current_step(page: Page, label: str) -> None:
    """The set-up's step bar shows ``label`` as the step being done."""
    expect(page.locator(".steps li.current")).to_contain_text(label)


def pdf_from(page: Page, card: Locator, label: str) -> bytes:
    """The PDF that ``label`` in ``card`` opens in a new tab."""

    def is_pdf(response) -> bool:
        return response.headers.get("content-type", "").startswith("application/pdf")

    with page.context.expect_event("response", is_pdf) as answer:
        tap(card, label)
    data = page.request.get(answer.value.url).body()
    assert data.startswith(b"%PDF")
    for opened in page.context.pages[1:]:
        opened.close()
    return data


def print_card(page: Page, step: Step, document: str, button: str) -> bytes:
    """On the printing page, the PDF of the document headed ``document``."""
    card = page.locator("li.card", has=page.get_by_role("heading", name=document, exact=True))
    return pdf_from(page, card, step.says(button))


def table_codes(pdf: bytes) -> list[str]:
    """Each table's code as its printed table card shows it, table by table."""
    codes = []
    for sheet in PdfReader(io.BytesIO(pdf)).pages:
        found = TABLE_CODE.findall(sheet.extract_text())
        assert found, sheet.extract_text()
        codes.append(found[0])
    return codes


def laptop(browser, language: str) -> Page:
    context = browser.new_context(viewport=LAPTOP, locale=LOCALES[language])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def phone(browser, language: str) -> Page:
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


# --- the director's laptop ---------------------------------------------------------------


def make_the_club(page: Page, url: str, language: str) -> None:
    """install.md, "The first start", step 3: the club in the administration."""
    step = Step(language, "install", "first-start", 3)
    page.goto(f"{url}/admin/")
    page.locator("#id_username").fill("anna")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#login-form [type=submit]").click()
    tap(page, step.says(capfirst(words(language, "clubs"))))
    tap(page, step("Add %(name)s", name=words(language, "club")))
    page.get_by_label(
        re.compile(rf"^{re.escape(step.says(capfirst(words(language, 'name'))))}:?$")
    ).fill(CLUB)
    directors = step.says(capfirst(words(language, "directors")))
    expect(page.get_by_text(re.compile(rf"^{re.escape(directors)}:?$")).first).to_be_visible()
    page.locator("#id_directors_from option", has_text="anna").dblclick()
    tap(page, step("Save"))
    expect(page.locator(".messagelist")).to_contain_text(CLUB)
    step = Step(language, "install", "first-start", 4)
    page.goto(f"{url}/")
    expect(page.get_by_role("heading", name=step("Your events"))).to_be_visible()


def log_in(page: Page, url: str, language: str, user: str) -> None:
    """index.md, "An evening in ten steps", step 2."""
    step = Step(language, "index", "ten-steps", 2)
    page.goto(f"{url}/")
    tap(page, step("Log in as director"))
    field(page, step("User name")).fill(user)
    field(page, step("Password")).fill(PASSWORD)
    tap(page, step("Log in"))
    expect(page.get_by_role("heading", name=words(language, "Your events"))).to_be_visible()


def enter_the_members(page: Page, language: str, folder: Path) -> None:
    """club.md: the register, "Adding members" by a CSV file."""
    register = Step(language, "club", "members")
    adding = Step(language, "club", "add-members")
    tap(page, register("Members"))
    table = folder / "members.csv"
    table.write_text("".join(f"{name},{gender}\n" for name, gender in MEMBERS), encoding="utf-8")
    tap(page, adding("Import a CSV file"))
    field(page, adding("Import a CSV file")).set_input_files(table)
    tap(page, adding("Import"))
    for name, _ in MEMBERS:
        expect(page.get_by_role("link", name=name, exact=True)).to_be_visible()
    tap(page, register("Your events"))


def new_event(page: Page, step: Step, name: str, rules: str, club: str | None) -> None:
    """A new event: its name, the rules, the club (the date Meld proposes is today's)."""
    tap(page, step("New event"))
    field(page, step("Name of the event")).fill(name)
    if club:
        expect(field(page, step("Date"))).not_to_have_value("")
    field(page, step("Game and rules")).select_option(label=rules)
    if club:
        field(page, step("Club")).select_option(label=club)
    tap(page, step("Create the event"))


def deals_per_round(page: Page, step: Step, deals: int, kind: str, how_many: str) -> None:
    """The Round step: a round is ``deals`` deals (Gin: hands)."""
    choose(page, step(kind))
    field(page, step(how_many)).fill(str(deals))


def set_up_the_evening(page: Page, language: str) -> str:
    """index.md, "An evening in ten steps", steps 3 to 6."""
    name = {"de": "Klubabend mit 12", "en": "Club evening of 12"}[language]
    step = Step(language, "index", "ten-steps", 3)
    rules = Step(language, "setup", "new-event")("Wiener Canasta")
    new_event(page, step, name, rules, CLUB)

    step = Step(language, "index", "ten-steps", 4)
    for name_of_step in ("Event", "Rules", "Round", "Format", "Scoring"):
        expect(page.locator(".steps")).to_contain_text(step(name_of_step))
    for name_of_step in ("Event", "Rules"):
        current_step(page, step(name_of_step))
        tap(page, step("Save and continue"))
    current_step(page, step("Round"))
    deals_per_round(page, step, 1, "A fixed number of deals or hands", "Deals per round")
    tap(page, step("Save and continue"))
    for name_of_step in ("Format", "Scoring"):
        current_step(page, step(name_of_step))
        tap(page, step("Save and continue"))

    step = Step(language, "index", "ten-steps", 5)
    current_step(page, step("Players"))
    members = page.locator(
        "details", has=page.locator("summary", has_text=step("From the members"))
    )
    if members.get_attribute("open") is None:
        tap(page, step("From the members"))
    for member, _ in MEMBERS:
        page.get_by_role("checkbox", name=member, exact=True).check()
    tap(page, step("Add the ticked members"))
    expect(page.locator("h1")).to_contain_text("12")
    tap(page, step("Continue"))

    step = Step(language, "index", "ten-steps", 6)
    current_step(page, step("Draw"))
    tap(
        page,
        step(
            "Draw the number for %(count)s player",
            "Draw the numbers for %(count)s players",
            12,
            count=12,
        ),
    )
    expect(page.get_by_text(words(language, "The numbers are drawn."))).to_be_visible()
    tap(page, step("Done: back to the event"))
    tap(page, step("Player numbers to read out"))
    expect(page.get_by_role("heading", name=words(language, "By number"))).to_be_visible()
    page.go_back()
    return name


def print_the_table_cards(page: Page, language: str) -> list[str]:
    """index.md, step 7: the table cards, and each table's code read off its card."""
    step = Step(language, "index", "ten-steps", 7)
    tap(page, step("Print tallies, table cards and score sheets"))
    for document in ("Table cards", "Tallies", "Player cards"):
        expect(page.get_by_role("heading", name=step(document), exact=True)).to_be_visible()
    return table_codes(
        print_card(page, step, step("Table cards"), words(language, "Open PDF in a new tab"))
    )


# --- the players' phones ------------------------------------------------------------------


def open_table(browser, url: str, language: str, code: str, seat: int) -> Page:
    """phones.md: open the table by its code and say who you are (``seat``: the seat's
    place among the "I am …" buttons)."""
    page = phone(browser, language)
    opening = Step(language, "phones", "open-table")
    page.goto(f"{url}/")
    field(page, opening("Players: type the code on your table card")).fill(code)
    tap(page, opening("Open table"))
    who = Step(language, "phones", "who")
    expect(page.get_by_role("heading", name=who("Who are you?"))).to_be_visible()
    seats = page.get_by_role(
        "button", name=re.compile("^" + re.escape(words(language, "I am %(player)s", player="")))
    )
    who.says(seats.nth(seat).inner_text().splitlines()[0].strip())
    seats.nth(seat).click()
    no_horizontal_scroll(page)
    return page


def enter_a_canasta_deal(page: Page, language: str, number: int) -> None:
    """phones.md, "Entering a deal": side A went out with a natural canasta."""
    step = Step(language, "phones", "enter")
    form = page.locator("form.entry-form")
    side_a, side_b = form.locator("fieldset.side-0"), form.locator("fieldset.side-1")
    natural = side_a.locator(".field", has=page.get_by_text(step("Natural canastas"), exact=True))
    natural.locator("button", has_text="+").click()
    choose(side_a, step("went out"))
    field(side_a, step("Melded card points")).fill("285")
    field(side_a, step("Card points left in hand")).fill("0")
    field(side_b, step("Melded card points")).fill("140")
    field(side_b, step("Card points left in hand")).fill("45")
    tap(page, step("Send deal %(number)s", number=number))
    waiting = Step(language, "phones", "confirm")("waiting for confirmation")
    expect(page.locator("#sheet")).to_contain_text(waiting)


def enter_a_gin_hand(page: Page, language: str, number: int) -> None:
    """tables.md, "Entering a Gin hand": the first player went gin."""
    step = Step(language, "tables", "gin-entry")
    choose(page, step("Deadwood"))
    choose(page, step("Gin"))
    knocker = page.get_by_role("radiogroup", name=step("Who knocked or went gin?"))
    knocker.locator("label").first.click()
    field(page, step("Knocker's deadwood")).fill("0")
    field(page, step("Defender's deadwood (after laying off)")).fill("25")
    tap(page, step("Send hand %(number)s", number=number))
    expect(page.locator("#sheet")).to_contain_text(words(language, "waiting for confirmation"))


def confirm(page: Page, step: Step, label: str) -> None:
    tap(page, step.says(label))
    expect(page.get_by_role("button", name=label, exact=True)).to_have_count(0)


def play_canasta_table(browser, url: str, language: str, code: str) -> None:
    """Two phones at one table: side A enters deal 1, side B confirms it."""
    entering = open_table(browser, url, language, code, seat=0)
    enter_a_canasta_deal(entering, language, 1)
    confirming = open_table(browser, url, language, code, seat=2)
    confirming.screenshot(path=str(SCREENSHOTS / f"handbook-walk-confirm-{language}.png"))
    confirm(
        confirming,
        Step(language, "phones", "confirm"),
        words(language, "Confirm deal %(number)s", number=1),
    )
    expect(entering.locator("#sheet")).not_to_contain_text(
        words(language, "waiting for confirmation")
    )
    entering.context.close()
    confirming.context.close()


def play_gin_table(browser, url: str, language: str, code: str) -> None:
    entering = open_table(browser, url, language, code, seat=0)
    enter_a_gin_hand(entering, language, 1)
    confirming = open_table(browser, url, language, code, seat=1)
    step = Step(language, "tables", "gin-entry")
    confirm(confirming, step, words(language, "Confirm hand %(number)s", number=1))
    entering.context.close()
    confirming.context.close()


# --- the walks ----------------------------------------------------------------------------


@pytest.fixture
def anna():
    """The club's first log-in, as `meld createsuperuser` makes it (install.md, first start)."""
    return get_user_model().objects.create_superuser("anna", "", PASSWORD)


def test_a_12_player_progressive_canasta_evening_from_the_handbook(
    browser, live_server, language, anna, tmp_path
):
    url = live_server.url
    page = laptop(browser, language)
    make_the_club(page, url, language)
    enter_the_members(page, language, tmp_path)
    name = set_up_the_evening(page, language)
    codes = print_the_table_cards(page, language)
    assert len(codes) == 3

    step = Step(language, "index", "ten-steps", 8)
    tap(page, name)
    tap(page, step("Go to the rounds"))
    tap(page, step("Start round %(number)s", number=1))
    for code in codes:
        play_canasta_table(browser, url, language, code)

    step = Step(language, "index", "ten-steps", 9)
    tap(page, step("Table board"))
    finished = words(language, "%(done)s of %(total)s tables finished", done=3, total=3)
    expect(page.get_by_text(finished)).to_be_visible()
    tap(page, step("Rounds"))
    tap(page, step("Close round %(number)s", number=1))
    expect(
        page.get_by_role("button", name=step("Start round %(number)s", number=2))
    ).to_be_visible()

    step = Step(language, "index", "ten-steps", 10)
    tap(page, step("Standings"))
    expect(page.locator("main tbody tr")).to_have_count(12)
    page.screenshot(path=str(SCREENSHOTS / f"handbook-walk-standings-{language}.png"))
    tap(page, name)
    tap(page, step("Finish the event…"))
    tap(page, step("Yes, finish the event"))
    tap(page, step("Print tallies, table cards and score sheets"))
    standings = print_card(page, step, step("Standings"), words(language, "Open PDF in a new tab"))
    text = "".join(sheet.extract_text() for sheet in PdfReader(io.BytesIO(standings)).pages)
    assert all(member.split()[0] in text for member, _ in MEMBERS)

    event = Event.objects.get(name=name)
    assert event.status == Event.Status.FINISHED and event.club.name == CLUB
    assert event.players.filter(member__isnull=False).count() == 12
    assert Result.objects.filter(player__event=event).count() == 12


def set_up_the_swiss_event(page: Page, language: str) -> str:
    """swiss.md, "Setting up a Swiss Gin event": six players, two rounds of one hand."""
    name = "Gin " + words(language, "Swiss system")
    step = Step(language, "swiss", "setup", 1)
    new_event(page, step, name, step("Gin Rummy (Wiener club rules)"), None)
    step = Step(language, "swiss", "setup", 2)
    for name_of_step in ("Event", "Rules"):
        current_step(page, step(name_of_step))
        tap(page, step("Save and continue"))
    current_step(page, step("Round"))
    deals_per_round(page, step, 1, "A fixed number of hands", "Hands per round")
    tap(page, step("Save and continue"))
    step = Step(language, "swiss", "setup", 3)
    current_step(page, step("Format"))
    choose(page, step("Swiss system"))
    expect(page.get_by_text(step("Players at a table"), exact=True)).to_be_visible()
    choose(page, step("Two players a table"))
    field(page, step("Rounds to play")).fill("2")
    tap(page, step("Save and continue"))
    step = Step(language, "swiss", "setup", 4)
    current_step(page, step("Scoring"))
    choose(page, step("Plus/minus (winner's margin)"))
    tap(page, step("Save and continue"))
    step = Step(language, "swiss", "setup", 5)
    current_step(page, step("Players"))
    tap(page, step("Paste a whole list"))
    field(page, step("Paste a list")).fill("\n".join(GIN_PLAYERS))
    tap(page, step("Add these players"))
    tap(page, step("Continue"))
    current_step(page, step("Draw"))
    draw = step(
        "Draw the number for %(count)s player", "Draw the numbers for %(count)s players", 6, count=6
    )
    tap(page, draw)
    tap(page, step("Done: back to the event"))
    return name


def play_a_swiss_round(
    browser, page: Page, url: str, language: str, codes: list[str], number: int
) -> None:
    """swiss.md, "The evening", steps 1 to 4: start the round, show the seating, every table
    plays its hand on two phones, close the round."""
    step = Step(language, "swiss", "evening", 1 if number == 1 else 4)
    tap(page, step("Start round %(number)s", number=number))
    tap(page, step("Seating"))
    expect(page.locator("main")).to_contain_text(GIN_PLAYERS[0])
    step = Step(language, "swiss", "evening", 2)
    for code in codes:
        play_gin_table(browser, url, language, code)
    tap(page, step("Table board"))
    finished = words(language, "%(done)s of %(total)s tables finished", done=3, total=3)
    expect(page.get_by_text(finished)).to_be_visible()
    step = Step(language, "swiss", "evening", 3)
    tap(page, step("Rounds"))
    tap(page, step("Close round %(number)s", number=number))


def test_a_swiss_gin_event_from_the_handbook(browser, live_server, language, anna):
    url = live_server.url
    page = laptop(browser, language)
    log_in(page, url, language, "anna")
    name = set_up_the_swiss_event(page, language)

    step = Step(language, "swiss", "evening", 1)
    tap(page, step("Print tallies, table cards and score sheets"))
    open_pdf = words(language, "Open PDF in a new tab")
    codes = table_codes(print_card(page, step, step("Table cards"), open_pdf))
    assert len(codes) == 3
    tap(page, name)
    tap(page, step("Go to the rounds"))
    for number in (1, 2):
        play_a_swiss_round(browser, page, url, language, codes, number)

    step = Step(language, "swiss", "evening", 5)
    tap(page, step("Standings"))
    expect(page.locator("main tbody tr")).to_have_count(6)
    tap(page, name)
    tap(page, step("Finish the event…"))
    tap(page, step("Yes, finish the event"))

    event = Event.objects.get(name=name)
    assert event.status == Event.Status.FINISHED
    assert event.rounds.filter(status=Round.Status.CLOSED).count() == 2
    assert Result.objects.filter(player__event=event).count() == 12
