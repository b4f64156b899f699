"""The club's rating lists in a real browser: the director's list and the public one with a
hidden member (German and English), a member's rating history, a Swiss event seeded by
rating, and a correction in an old evening that changes today's ratings."""

import datetime

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot, sign_in
from tests.browser.test_accessibility import serious_findings
from tests.conftest import PHONE
from tests.factories import make_event, make_tables
from tests.web.series_helpers import club_of, members_of
from tournaments.models import Event, Game, Member, MemberRating, Round, Seat, Table
from tournaments.services.club.public_page import set_public_page
from tournaments.services.scores.entries import correct_entry
from tournaments.services.setup import events as setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {
        "list": "Rating list",
        "provisional": "provisional — after 10 more games",
        "withheld": "(name withheld)",
        "legend": "cautious value",
    },
    "de": {
        "list": "Spielstärkeliste",
        "provisional": "vorläufig – nach 10 weiteren Partien",
        "withheld": "(Name nicht veröffentlicht)",
        "legend": "vorsichtig",
    },
}


def played_evening(director, club, day: int, sides, totals) -> Event:
    """A finished Canasta evening of ``club`` in January 2026: one table, one deal entered
    as totals by the director, finished through the services as the director finishes it."""
    event = make_event(
        director,
        players=0,
        club=club,
        name=f"Club evening {day:02d}.01.",
        date=datetime.date(2026, 1, day),
        entry_modes=["totals"],
        language="en",
        status=Event.Status.RUNNING,
    )
    rnd = Round.objects.create(event=event, number=1)
    game = Game.objects.create(round=rnd, table=Table.objects.create(event=event, number=1))
    position = 1
    for side, people in enumerate(sides):
        for member in people:
            player = event.players.create(name=member.name, number=position, member=member)
            Seat.objects.create(round=rnd, game=game, player=player, side=side, position=position)
            position += 1
    correct_entry(game, 1, {"totals": list(totals)}, user=director, reason="score sheet")
    rnd.status = Round.Status.CLOSED
    rnd.save(update_fields=["status"])
    setup.finish_event(event, director)
    return event


@pytest.fixture
def club(director):
    return set_public_page(club_of(director), True)


@pytest.fixture
def people(club) -> dict[str, Member]:
    found = members_of(club, "Anna Berger", "Bernd Huber", "Clara Roth", "Dora Zach")
    Member.objects.filter(name="Clara Roth").update(public_name=Member.PublicName.HIDDEN)
    return {name.split()[0]: Member.objects.get(pk=m.pk) for name, m in found.items()}


@pytest.fixture
def old_and_today(director, club, people):
    a, b, c, d = (people[n] for n in ("Anna", "Bernd", "Clara", "Dora"))
    old = played_evening(director, club, 5, ((a, b), (c, d)), (3000, 500))
    today = played_evening(director, club, 26, ((a, c), (b, d)), (2000, 1500))
    return old, today


def signed_in_page(browser, live_server, director, language: str) -> Page:
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(context, live_server, director, language)
    return context.new_page()


def test_the_rating_list_names_a_hidden_member_only_for_the_director(
    browser, live_server, director, club, old_and_today, language, artifacts_dir
):
    words = WORDS[language]
    page = signed_in_page(browser, live_server, director, language)
    page.goto(f"{live_server.url}/members/?club={club.pk}")
    page.get_by_role("link", name=words["list"], exact=True).click()
    expect(page.get_by_role("heading", name=f"{words['list']} · CC Wien")).to_be_visible()
    rows = page.locator("table.ratings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.first).to_contain_text("Anna Berger")
    expect(rows.first).to_contain_text(words["provisional"])
    expect(page.locator("table.ratings")).to_contain_text("Clara Roth")
    expect(page.get_by_text(words["legend"], exact=False)).to_be_visible()
    no_horizontal_scroll(page)
    assert serious_findings(page) == []
    shoot(page, artifacts_dir, f"ratings-1-director-{language}")

    public = page.context.new_page()
    public.goto(f"{live_server.url}/c/{club.public_token}/ratings/canasta/")
    expect(public.get_by_role("heading", name=f"{words['list']} Canasta")).to_be_visible()
    table = public.locator("table.ratings")
    expect(table).to_contain_text(words["withheld"])
    expect(table).not_to_contain_text("Clara")
    expect(table).not_to_contain_text("Roth")
    expect(public.locator("table.ratings tbody tr").first).to_contain_text("Anna Berger")
    no_horizontal_scroll(public)
    assert serious_findings(public) == []
    shoot(public, artifacts_dir, f"ratings-2-public-{language}")
    page.context.close()


def test_the_member_page_shows_the_ratings_history(
    page: Page, live_server, director, club, people, old_and_today, artifacts_dir
):
    sign_in(page.context, live_server, director, "en")
    page.goto(f"{live_server.url}/members/{people['Anna'].pk}/")
    chart = page.get_by_role("img", name="Rating in Canasta after each evening, 2026")
    expect(chart).to_be_visible()
    expect(chart.locator("circle.point")).to_have_count(2)
    rows = page.locator("table.rating-evenings tbody tr")
    expect(rows).to_have_count(2)
    # Two games won, each expected half won: 0.5 expected, 1.0 scored each evening.
    expect(rows.first.locator("td").nth(2)).to_have_text("0.5")
    expect(rows.first.locator("td").nth(3)).to_have_text("1.0")
    expect(page.get_by_text("Expected: the games the ratings before each game")).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390
    no_horizontal_scroll(page)
    assert serious_findings(page) == []
    shoot(page, artifacts_dir, "ratings-3-member-history")


def test_a_swiss_event_is_seeded_by_rating_from_the_set_up(
    page: Page, live_server, director, club, artifacts_dir
):
    event = make_event(
        director, card_game="gin", players=8, fmt="swiss", club=club, draw_seed="s", language="en"
    )
    make_tables(event, 4)
    strength = {5: 34.0, 2: 31.0, 8: 29.5, 1: 28.0, 7: 26.0, 3: 22.0, 4: 21.0, 6: 20.0}
    for player in event.players.all():
        player.member = Member.objects.create(club=club, name=f"Member {player.number}")
        player.save()
        MemberRating.objects.create(
            member=player.member, card_game="gin", mu=strength[player.number], sigma=2.0, games=30
        )
    sign_in(page.context, live_server, director, "en")
    page.goto(f"{live_server.url}/events/{event.pk}/setup/format/")
    page.get_by_label("Seed round 1 by the club's rating list").check()
    shoot(page, artifacts_dir, "ratings-4-seeding-setting")
    page.get_by_role("button", name="Save and continue").click()
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_text("Seeded by the club's rating list: 8 rated")).to_be_visible()
    expect(page.get_by_text("Round 1 seeded: the top half meets the bottom half")).to_be_visible()
    seats = Seat.objects.filter(round__event=event, game__table__number=1).order_by("position")
    assert [seat.player.number for seat in seats] == [5, 7]
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "ratings-5-seeded-round")


def test_a_correction_in_an_old_evening_changes_todays_ratings(
    browser, live_server, director, club, old_and_today, language, artifacts_dir
):
    old, _today = old_and_today
    page = signed_in_page(browser, live_server, director, language)
    rows = page.locator("table.ratings tbody tr")
    page.goto(f"{live_server.url}/members/ratings/?club={club.pk}")
    expect(rows.first).to_contain_text("Anna Berger")

    page.goto(f"{live_server.url}/events/{old.pk}/")
    reopen = {"en": "Reopen for corrections…", "de": "Für Korrekturen wieder öffnen…"}
    page.get_by_text(reopen[language]).click()
    page.locator("#id_reason").fill("Sides swapped on the score sheet")
    page.get_by_role(
        "button", name={"en": "Reopen the event", "de": "Turnier wieder öffnen"}[language]
    ).click()
    game = old.rounds.get().games.get()
    page.goto(f"{live_server.url}/events/{old.pk}/games/{game.pk}/?fix=1")
    page.fill("#id_fix-s0_total", "500")
    page.fill("#id_fix-s1_total", "3000")
    page.fill("#id_fix-reason", "Sides swapped on the score sheet")
    shoot(page, artifacts_dir, f"ratings-6-correction-{language}")
    page.locator("form[action$='/correct/'] button[type=submit]").click()
    page.goto(f"{live_server.url}/events/{old.pk}/")
    page.locator("details.confirm summary.danger").click()
    page.locator("form[action$='/finish/'] button.danger").click()

    # Clara and Dora won the old evening after all; Clara won today too: she leads now.
    page.goto(f"{live_server.url}/members/ratings/?club={club.pk}")
    expect(rows.first).to_contain_text("Clara Roth")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, f"ratings-7-after-correction-{language}")
    page.context.close()
