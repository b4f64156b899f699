"""A 12-player evening ends with every player's phone open (half of them in German, half in
English, 390×844): after the last round every phone offers "Your evening", and after the
director finishes the evening in the browser too; the private pages of three players (one
member who withheld their name, one shown by initials, one in full) match the standings and
every deal; a guessed link is a 404 the guess limiter counts. Screenshots:
test-artifacts/evening-*.png."""

import random
import re

import pytest
from django.core.cache import cache
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot, sign_in
from tests.browser.test_accessibility import serious_findings
from tests.conftest import PHONE
from tests.factories import make_event
from tests.web.evening_helpers import NAMES, club_with_members, deal_totals
from tournaments.middleware import _digest
from tournaments.models import Entry, Event, Member, MemberMail, OutboxMail, Seat
from tournaments.services.mail import addresses
from tournaments.services.rounds import steps
from tournaments.services.scores.entries import correct_entry
from tournaments.services.scores.standings import entrants, standings
from tournaments.services.setup.draw import ensure_tables

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=20_000)

HIDDEN, INITIALS, FULL = "Clara Roth", "Bernd Huber", "Anna Berger"
ROUNDS, DEALS = 3, 2


def language_of(number: int) -> str:
    return "de" if number <= 6 else "en"


def said(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def grouped(value: int, language: str) -> str:
    text = f"{value:,}"
    return text.replace(",", ".") if language == "de" else text


@pytest.fixture
def evening(director):
    club, members = club_with_members(
        director,
        public={HIDDEN: Member.PublicName.HIDDEN, INITIALS: Member.PublicName.INITIALS},
    )
    event = make_event(
        director,
        players=0,
        club=club,
        name="Frühlingsabend",
        planned_rounds=ROUNDS,
        round_kind=Event.RoundKind.DEALS,
        round_deals=DEALS,
        entry_modes=["totals"],
    )
    order = [FULL, INITIALS, HIDDEN] + [
        name for name in NAMES if name not in (FULL, INITIALS, HIDDEN)
    ]
    for number, name in enumerate(order, start=1):
        event.players.create(name=name, number=number, member=members[name])
    ensure_tables(event)
    return event


@pytest.fixture
def phones(browser):
    contexts = {
        n: browser.new_context(viewport=PHONE, locale=LOCALES[language_of(n)]) for n in range(1, 13)
    }
    pages = {n: context.new_page() for n, context in contexts.items()}
    yield pages
    for context in contexts.values():
        context.close()


def play(event, director, rng) -> None:
    rnd = event.rounds.get(status="open")
    for game in rnd.games.all():
        for number in range(1, DEALS + 1):
            correct_entry(game, number, {"totals": deal_totals(rng)}, user=director, reason="sheet")
    steps.close_round(rnd, user=director)


def check_private_page(page, event, player, language: str) -> None:
    """The page the phone opened shows the standings' rank and total, every round's score
    and every confirmed deal of the player's games."""
    rows = {row.key: row for row in standings(event)}
    row = rows[entrants(event)[1][player.pk]]
    main = page.locator("main")
    expect(page.locator("h1")).to_have_text(said(language, "Your evening"))
    expect(main.locator(".figures .rank")).to_have_text(f"{row.rank}{'=' if row.shared else ''}")
    expect(main.locator(".figures .total")).to_have_text(grouped(row.total, language))
    rounds = main.locator(".evening-round")
    expect(rounds).to_have_count(ROUNDS)
    for seat in (
        Seat.objects.filter(player=player).select_related("game", "round").order_by("round__number")
    ):
        section = main.locator(f"#round-{seat.round.number}")
        deals = Entry.objects.filter(game=seat.game, status="confirmed").order_by("number")
        cells = section.locator("tbody tr")
        expect(cells).to_have_count(deals.count())
        for index, entry in enumerate(deals):
            for points in entry.points:
                expect(cells.nth(index)).to_contain_text(grouped(points, language))
        score = seat.game.scores[seat.side]
        expect(section.locator(".round-score")).to_contain_text(grouped(score, language))
    no_horizontal_scroll(page)


def test_every_phone_offers_its_players_evening_and_three_pages_match_the_standings(
    phones, evening, live_server, director, browser, artifacts_dir
):
    rng = random.Random(36)
    steps.start_round(evening, user=director)
    for number, page in phones.items():
        seat = Seat.objects.select_related("game__table").get(
            round__number=1, player__number=number, round__event=evening
        )
        page.goto(f"{live_server.url}/t/{seat.game.table.token}/")
        page.locator(f'button[name=seat][value="{seat.pk}"]').click()
        expect(page.locator(".iam")).to_be_visible()
    play(evening, director, rng)
    for _number in range(2, ROUNDS + 1):
        steps.start_round(evening, user=director)
        play(evening, director, rng)
    # The last round is closed: every phone (its page polls) offers the player's evening.
    for number, page in phones.items():
        link = page.locator("a.your-evening")
        expect(link).to_be_visible(timeout=30_000)
        expect(link).to_have_text(said(language_of(number), "Your evening"))
    shoot(phones[1], artifacts_dir, "evening-1-last-round-de")
    # The director finishes the evening in the browser.
    desk = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    sign_in(desk, live_server, director, "en")
    director_page = desk.new_page()
    director_page.goto(f"{live_server.url}/events/{evening.pk}/")
    director_page.get_by_text("Finish the event…").click()
    director_page.get_by_role("button", name="Yes, finish the event").click()
    expect(director_page.get_by_text("The event is finished.")).to_be_visible()
    desk.close()
    for page in phones.values():
        expect(page.locator("#now")).to_have_attribute("data-kind", "finished", timeout=30_000)
        expect(page.locator("a.your-evening")).to_be_visible()
    shoot(phones[7], artifacts_dir, "evening-2-finished-en")
    evening.refresh_from_db()
    for number, who in ((1, FULL), (2, INITIALS), (3, HIDDEN)):
        page, language = phones[number], language_of(number)
        page.locator("a.your-evening").click()
        player = evening.players.get(number=number)
        expect(page.locator(".who")).to_contain_text(who)  # their own name, in full
        check_private_page(page, evening, player, language)
        shoot(page, artifacts_dir, f"evening-3-page-{number}-{language}")
    # The others appear as the public pages name them, on every player's page.
    for number in (1, 7, 12):
        page = phones[number]
        if number != 1:
            page.locator("a.your-evening").click()
            expect(page.locator(".evening-round")).to_have_count(ROUNDS)
            shoot(page, artifacts_dir, f"evening-4-page-{number}-{language_of(number)}")
            no_horizontal_scroll(page)
        text = page.locator("main").inner_text()
        assert "Clara" not in text and "Roth" not in text and "Bernd" not in text
        assert not re.search(r"\bHuber\b", text)
    # A guessed link: a plain 404, counted by the guess limiter for that address.
    key = f"meld:token-miss:{_digest('127.0.0.1')}"
    before = cache.get(key) or 0
    answer = phones[12].goto(f"{live_server.url}/me/guessed-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/")
    assert answer.status == 404
    assert (cache.get(key) or 0) == before + 1


@pytest.fixture
def phone(browser, language):
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    yield context.new_page(), language
    context.close()


def test_a_members_own_pages_fit_a_phone(phone, live_server, director, artifacts_dir):
    """History, results by e-mail (with its consent) and the member's data, at 390×844."""
    from tests.web.evening_helpers import played_evening

    page, language = phone
    club, members = club_with_members(director)
    played_evening(director, club, [members[name] for name in NAMES], day=3, seed=3)
    event = played_evening(director, club, [members[name] for name in NAMES], day=10, seed=10)
    anna = event.players.get(name=FULL)
    base = f"{live_server.url}/me/{anna.evening_token}"
    page.goto(f"{base}/")
    assert not serious_findings(page)
    page.goto(f"{base}/history/")
    assert not serious_findings(page)
    expect(page.locator("table.member-evenings tbody tr")).to_have_count(2)
    shoot(page, artifacts_dir, f"evening-5-history-{language}")
    no_horizontal_scroll(page)
    page.goto(f"{base}/mail/")
    page.fill("#id_address", "anna@example.org")
    page.locator("#id_consent").check()
    page.locator("form.form button.primary").click()
    expect(page.locator("#mail-state")).to_contain_text("a•••@e•••.org")
    shoot(page, artifacts_dir, f"evening-6-mail-{language}")
    no_horizontal_scroll(page)
    # Read again without the message of the step (which repeats the address just typed):
    # base.html's list of messages (a <ul> with role="status") is axe's "listitem" finding
    # on every page that shows one, not this page's.
    page.reload()
    expect(page.locator("body")).not_to_contain_text("anna@example.org")
    assert not serious_findings(page)
    # The data open from the link mailed to the confirmed address, not from the private link.
    mail = MemberMail.objects.get(member=anna.member)
    addresses.confirm(mail)
    page.goto(f"{base}/data/")
    page.locator("form.form button.primary").click()
    expect(page.locator(".messages")).to_be_visible()
    assert OutboxMail.objects.filter(member=anna.member, kind=OutboxMail.Kind.DATA).count() == 1
    shoot(page, artifacts_dir, f"evening-7-data-asked-{language}")
    no_horizontal_scroll(page)
    page.goto(f"{live_server.url}/mail/{mail.unsubscribe_token}/data/")
    expect(page.locator("tr.deal")).to_have_count(2 * ROUNDS * DEALS)
    expect(page.locator("body")).to_contain_text("anna@example.org")
    shoot(page, artifacts_dir, f"evening-7-data-{language}")
    no_horizontal_scroll(page)
    assert not serious_findings(page)


def test_the_directors_new_pages_fit_a_phone_and_read_well(
    phone, browser, live_server, director, artifacts_dir
):
    """The players' links, the club's mails, a member's e-mail and data, and the erasure's
    confirmation: no serious accessibility finding, no sideways scrolling at 390 px."""
    from tests.web.evening_helpers import played_evening

    page, language = phone
    sign_in(page.context, live_server, director, language)
    club, members = club_with_members(director)
    addresses.set_address(members[FULL], "anna@example.org", "en")
    event = played_evening(director, club, [members[name] for name in NAMES], day=3, seed=3)
    anna = members[FULL]
    for name, path in (
        ("links", f"/events/{event.pk}/players/links/"),
        ("mails", f"/members/mails/?club={club.pk}"),
        ("member", f"/members/{anna.pk}/edit/"),
        ("data", f"/members/{anna.pk}/data/"),
        ("erase", f"/members/{anna.pk}/erase/"),
    ):
        page.goto(live_server.url + path)
        expect(page.locator("main")).to_be_visible()
        assert not serious_findings(page), name
        no_horizontal_scroll(page)
        shoot(page, artifacts_dir, f"evening-8-director-{name}-{language}")
