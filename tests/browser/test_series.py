"""A director groups three club evenings into a series and reads its standings."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tests.conftest import LAPTOP
from tests.factories import make_event, make_tables
from tests.web.series_helpers import club_of, evening, members_of, total_series
from tests.web.table_helpers import DEAL
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = pytest.mark.browser


def test_director_creates_a_series_over_three_evenings_and_reads_its_standings(
    page, live_server, django_user_model, artifacts_dir
):
    page.set_viewport_size(LAPTOP)
    erika = django_user_model.objects.create_user("erika", password="Karten-2026!")
    club = club_of(erika)
    m = members_of(club, "Anna Berger", "Bernd Huber", "Clara Roth")
    evening(erika, club, 5, {m["Anna Berger"]: 3000, m["Bernd Huber"]: 2000, "Guest": 5000})
    evening(erika, club, 12, {m["Anna Berger"]: 500, m["Clara Roth"]: 4000})
    evening(erika, club, 19, {m["Bernd Huber"]: 1500, m["Clara Roth"]: 100, m["Anna Berger"]: 50})

    log_in(page, live_server, "erika", "Karten-2026!")
    page.get_by_role("link", name="Series").click()
    page.get_by_role("link", name="New series").click()
    page.get_by_label("Name").fill("Winter cup")
    for name in ("Evening 5", "Evening 12", "Evening 19"):
        page.get_by_label(name).check()
    page.get_by_label("Rule").select_option(label="Points of the best evenings only (best k of n)")
    page.get_by_label("Best evenings counted (k)").fill("2")
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_role("heading", name="Winter cup")).to_be_visible()
    rows = page.locator("table.series tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.locator("td.name")).to_have_text(["Clara Roth", "Anna Berger", "Bernd Huber"])
    expect(rows.nth(1).locator("td.counts")).to_have_text(["3,000", "500"])
    expect(page.get_by_text("Ties broken by: the better single evening")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "series-01-standings")


def three_evenings(director):
    """The evenings every rule below reads. Each evening's rank counts the guest too:
    5th: Guest 5,000 (1), Anna 3,000 (2), Bernd 2,000 (3);
    12th: Clara 4,000 (1), Anna 500 (2);
    19th: Bernd 1,500 (1), Clara 100 (2), Anna 50 (3)."""
    club = club_of(director)
    m = members_of(club, "Anna Berger", "Bernd Huber", "Clara Roth")
    evening(director, club, 5, {m["Anna Berger"]: 3000, m["Bernd Huber"]: 2000, "Guest": 5000})
    evening(director, club, 12, {m["Anna Berger"]: 500, m["Clara Roth"]: 4000})
    evening(
        director, club, 19, {m["Bernd Huber"]: 1500, m["Clara Roth"]: 100, m["Anna Berger"]: 50}
    )
    return club


def new_series(page, live_server, club, rule: str, **numbers: str) -> None:
    """The series form filled in for the three evenings, with ``rule`` (its label) and its numbers
    (``placing_points``, ``minimum_evenings``)."""
    page.goto(f"{live_server.url}/series/new/?club={club.pk}")
    page.get_by_label("Name").fill("Winter cup")
    for name in ("Evening 5", "Evening 12", "Evening 19"):
        page.get_by_label(name).check()
    page.get_by_label("Rule").select_option(label=rule)
    for field, value in numbers.items():
        page.fill(f"#id_{field}", value)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Winter cup")).to_be_visible()


def totals(page):
    """Each row's total: the column after the three evenings."""
    return page.locator("table.series tbody tr").locator("td:nth-child(7)")


def test_total_points_add_up_every_evening(page, live_server, django_user_model, artifacts_dir):
    erika = django_user_model.objects.create_user("erika", password="Karten-2026!")
    club = three_evenings(erika)
    log_in(page, live_server, "erika", "Karten-2026!")
    new_series(page, live_server, club, "Total points of every evening")
    # Clara 4,000 + 100 = 4,100; Anna 3,000 + 500 + 50 = 3,550; Bernd 2,000 + 1,500 = 3,500.
    rows = page.locator("table.series tbody tr")
    expect(rows.locator("td.name")).to_have_text(["Clara Roth", "Anna Berger", "Bernd Huber"])
    expect(totals(page)).to_have_text(["4,100", "3,550", "3,500"])
    expect(rows.locator("td.rank")).to_have_text(["1", "2", "3"])
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "series-02-total")


def test_placing_points_follow_each_evenings_rank(
    page, live_server, django_user_model, artifacts_dir
):
    erika = django_user_model.objects.create_user("erika", password="Karten-2026!")
    club = three_evenings(erika)
    log_in(page, live_server, "erika", "Karten-2026!")
    new_series(page, live_server, club, "Placing points per evening", placing_points="10, 6, 4")
    # Places 1, 2, 3 are worth 10, 6, 4. Anna 2nd, 2nd, 3rd: 6 + 6 + 4 = 16;
    # Clara 1st, 2nd: 10 + 6 = 16; Bernd 3rd, 1st: 4 + 10 = 14.
    # Level on 16, Clara's best evening (10) beats Anna's (6).
    rows = page.locator("table.series tbody tr")
    expect(rows.locator("td.name")).to_have_text(["Clara Roth", "Anna Berger", "Bernd Huber"])
    expect(totals(page)).to_have_text(["16", "16", "14"])
    expect(rows.locator("td.rank")).to_have_text(["1", "2", "3"])
    expect(rows.nth(1).locator("td.counts")).to_have_text(["6 (2)", "6 (2)", "4 (3)"])
    expect(page.get_by_text("Ties broken by: the better single evening")).to_be_visible()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "series-03-placing")


def test_the_average_ranks_only_members_with_the_minimum_of_evenings(
    page, live_server, django_user_model, artifacts_dir
):
    erika = django_user_model.objects.create_user("erika", password="Karten-2026!")
    club = three_evenings(erika)
    log_in(page, live_server, "erika", "Karten-2026!")
    new_series(
        page,
        live_server,
        club,
        "Average points per evening, with a minimum of evenings",
        minimum_evenings="3",
    )
    # Anna alone played three: 3,550 / 3 = 1,183.3, ranked first. Clara (4,100 / 2 = 2,050.0)
    # and Bernd (3,500 / 2 = 1,750.0) follow unranked, the better average first.
    rows = page.locator("table.series tbody tr")
    expect(rows.locator("td.name")).to_have_text(["Anna Berger", "Clara Roth", "Bernd Huber"])
    expect(totals(page)).to_have_text(["1,183.3", "2,050.0", "1,750.0"])
    expect(rows.locator("td.rank")).to_have_text(["1", "—", "—"])
    expect(rows.nth(1)).to_contain_text("Fewer than 3 evenings")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "series-04-average")


def test_a_corrected_deal_changes_the_series_total_at_once(
    page, live_server, director, artifacts_dir
):
    club = club_of(director)
    names = ["Anna Berger", "Bernd Huber", "Clara Roth", "Dora Neu"]
    members = members_of(club, *names)
    first = make_event(
        director, players=4, fmt="moveup", language="en", club=club, name="Evening 5"
    )
    for player, name in zip(first.players.order_by("number"), names, strict=True):
        player.name, player.member = name, members[name]
        player.save()
    make_tables(first, 1)
    game = start_round(first, user=director).games.get()
    confirm_entry(submit_entry(game, 1, DEAL, user=director), user=director)
    side_a = game.seats.filter(side=0).select_related("player").first().player.name
    side_b = game.seats.filter(side=1).select_related("player").first().player.name
    later = evening(director, club, 12, {members[name]: 1000 for name in names})
    series = total_series(club, [first, later])
    standings = f"{live_server.url}/series/{series.pk}/"

    def total_of(name: str):
        # rank, name, evenings, the two evenings, then the total
        return page.locator("table.series tbody tr", has_text=name).locator("td:nth-child(6)")

    log_in(page, live_server, director.get_username())
    page.goto(standings)
    # Deal 1 gives side A 820 (natural canasta 500, red three 100, going out 100, 120 melded)
    # and side B 25 (60 melded less 35 in hand); the second evening 1,000 each.
    expect(total_of(side_a)).to_have_text("1,820")
    expect(total_of(side_b)).to_have_text("1,025")

    page.goto(f"{live_server.url}/events/{first.pk}/games/{game.pk}/?fix=1")
    page.fill("#id_fix-s0_melded_points", "220")
    page.fill("#id_fix-reason", "Melded points misread")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Deal 1 is corrected and counts now.")).to_be_visible()

    page.goto(standings)
    # 100 more melded: side A's deal is worth 920, its series total 1,920; side B's stays.
    expect(total_of(side_a)).to_have_text("1,920")
    expect(total_of(side_b)).to_have_text("1,025")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, "series-05-after-correction")


def test_in_german_a_series_over_three_evenings_shows_its_standings(
    german, live_server, director, artifacts_dir
):
    club = three_evenings(director)
    german.goto(f"{live_server.url}/events/")
    german.get_by_role("link", name="Serien").click()
    german.get_by_role("link", name="Neue Serie").click()
    german.get_by_label("Name").fill("Wintercup")
    for name in ("Evening 5", "Evening 12", "Evening 19"):
        german.get_by_label(name).check()
    german.get_by_label("Regel").select_option(
        label="Nur die Punkte der besten Abende (beste k aus n)"
    )
    german.get_by_label("Gezählte beste Abende (k)").fill("2")
    german.get_by_role("button", name="Speichern").click()

    expect(german.get_by_role("heading", name="Wintercup")).to_be_visible()
    # The best two evenings: Clara 4,000 + 100 = 4,100; Anna 3,000 + 500 = 3,500;
    # Bernd 2,000 + 1,500 = 3,500. Level on 3,500, Anna's better single evening wins.
    rows = german.locator("table.series tbody tr")
    expect(rows.locator("td.name")).to_have_text(["Clara Roth", "Anna Berger", "Bernd Huber"])
    expect(totals(german)).to_have_text(["4.100", "3.500", "3.500"])
    expect(rows.nth(1).locator("td.counts")).to_have_text(["3.000", "500"])
    expect(german.locator("body")).to_contain_text("der bessere einzelne Abend")
    expect(german.locator("body")).not_to_contain_text("Ties broken by")
    no_horizontal_scroll(german)
    shoot(german, artifacts_dir, "series-de-01-standings")
    assert club.series.get().name == "Wintercup"
