"""The board as the evening is lived: "deal 2 of 4", the round's progress, the last entry,
late tables; the close button and the standings follow the tables without a reload."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, seat_round
from tests.web.live_helpers import poll, step_on
from tests.web.rounds_helpers import finish
from tournaments.models import Entry, Round
from tournaments.services.pages.live import LIVE_POLL
from tournaments.services.rounds.steps import close_round
from tournaments.services.scores.entries import confirm_entry
from tournaments.services.scores.results import refresh_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

TABLES = [((1, 6), (2, 5)), ((3, 8), (4, 7))]


def board_url(event, number=1):
    return reverse("tournaments-director-board", args=[event.pk, number])


def confirmed(game, number, minutes_ago=0, points=(120, 30)):
    entry = Entry.objects.create(
        game=game, number=number, points_0=points[0], points_1=points[1], status="confirmed"
    )
    Entry.objects.filter(pk=entry.pk).update(
        created_at=timezone.now() - timedelta(minutes=minutes_ago)
    )
    refresh_game(game)  # as every confirmation does: the game knows when it is over
    return entry


def started(rnd, minutes_ago):
    Round.objects.filter(pk=rnd.pk).update(
        started_at=timezone.now() - timedelta(minutes=minutes_ago)
    )


def tile(page: str, number: int) -> str:
    """The HTML of table ``number``'s card on the board."""
    start = page.index(f'data-table="{number}"')
    end = page.find("</li>", start)
    return page[start:end]


@pytest.fixture
def deals_round(director):
    """Round 1 of four deals at two tables."""
    event = make_event(director, players=8, round_kind="deals", round_deals=4)
    return seat_round(event, 1, TABLES)


def test_each_table_says_which_deal_of_the_round_it_plays(director_client, deals_round):
    one, two = deals_round.games.order_by("table__number")
    confirmed(one, 1)
    page = director_client.get(board_url(deals_round.event)).content.decode()
    assert "deal 2 of 4" in tile(page, 1)
    assert "deal 1 of 4" in tile(page, 2)


def test_a_round_to_the_target_says_only_the_deal(director_client, director):
    rnd = seat_round(make_event(director, players=8), 1, TABLES)
    confirmed(rnd.games.get(table__number=1), 1)
    confirmed(rnd.games.get(table__number=1), 2)
    page = director_client.get(board_url(rnd.event)).content.decode()
    assert "deal 3" in tile(page, 1) and "deal 3 of" not in page


def test_a_gin_round_counts_hands(director_client, director):
    event = make_event(
        director, card_game="gin", players=4, fmt="roundrobin", round_kind="deals", round_deals=6
    )
    rnd = seat_round(event, 1, [(1, 2), (3, 4)])
    confirmed(rnd.games.get(table__number=2), 1, points=(25, 0))
    page = director_client.get(board_url(event)).content.decode()
    assert "hand 2 of 6" in tile(page, 2)


def test_the_board_counts_the_tables_finished(director_client, deals_round):
    one = deals_round.games.get(table__number=1)
    for number in range(1, 5):
        confirmed(one, number)
    page = director_client.get(board_url(deals_round.event)).content.decode()
    assert "1 of 2 tables finished" in page
    assert "tile-live" not in tile(page, 1)  # the game is over: no deal, no last entry


def test_each_table_says_when_it_last_entered_something(director_client, deals_round):
    started(deals_round, 20)
    confirmed(deals_round.games.get(table__number=1), 1, minutes_ago=4)
    page = director_client.get(board_url(deals_round.event)).content.decode()
    assert "last entry 4 min ago" in tile(page, 1)
    assert 'data-ago="24' in tile(page, 1)  # seconds, for the page's script to count on
    assert "nothing entered in 20 min" in tile(page, 2)


def test_a_table_quiet_for_a_quarter_hour_is_marked_late(director_client, deals_round):
    started(deals_round, 30)
    confirmed(deals_round.games.get(table__number=1), 1, minutes_ago=3)
    confirmed(deals_round.games.get(table__number=2), 1, minutes_ago=16)
    page = director_client.get(board_url(deals_round.event)).content.decode()
    assert "late" not in tile(page, 1)
    assert 'class="tile state-playing late" data-table="2"' in page
    assert "1 table late" in page


def test_a_table_well_behind_the_room_is_late_sooner(director_client, director):
    event = make_event(director, players=12, round_kind="deals", round_deals=6)
    rnd = seat_round(event, 1, [*TABLES, ((9, 12), (10, 11))])
    started(rnd, 40)
    for table in (1, 2):
        for number in (1, 2, 3):
            confirmed(rnd.games.get(table__number=table), number, minutes_ago=2)
    confirmed(rnd.games.get(table__number=3), 1, minutes_ago=9)
    page = director_client.get(board_url(event)).content.decode()
    assert "late: behind the room" in tile(page, 3)
    assert "late" not in tile(page, 1)


def test_a_finished_table_is_never_late(director_client, deals_round):
    started(deals_round, 60)
    one = deals_round.games.get(table__number=1)
    for number in range(1, 5):
        confirmed(one, number, minutes_ago=50)
    page = director_client.get(board_url(deals_round.event)).content.decode()
    assert "late" not in tile(page, 1)
    assert "late" in tile(page, 2)


def test_the_poll_answers_204_until_a_table_becomes_late(director_client, deals_round, monkeypatch):
    """Nothing is entered: time alone turns the tables late, and the poll's time step brings it."""
    started(deals_round, 10)
    url = board_url(deals_round.event)
    first = director_client.get(url)
    assert poll(director_client, url, first).status_code == 204
    started(deals_round, 16)
    step_on(monkeypatch)
    later = poll(director_client, url, first)
    assert later.status_code == 200
    assert "2 tables late" in later.content.decode()


def test_the_close_button_appears_in_the_polled_board_when_every_table_is_done(
    director_client, deals_round
):
    url = board_url(deals_round.event)
    first = director_client.get(url)
    finish(deals_round)
    response = poll(director_client, url, first)
    assert response.status_code == 200
    assert "Every table is done: close round 1" in response.content.decode()


def rounds_url(event):
    return reverse("tournaments-director-rounds", args=[event.pk])


def test_the_round_page_polls_its_close_dialog(director_client, deals_round):
    page = director_client.get(rounds_url(deals_round.event))
    html = page.content.decode()
    assert 'id="closing"' in html and f'hx-trigger="every {LIVE_POLL}s"' in html
    assert "disabled" in html.split("Close round 1")[0].rsplit("<button", 1)[1]
    assert poll(director_client, rounds_url(deals_round.event), page).status_code == 204


def test_the_close_button_turns_on_once_every_table_is_done(director_client, deals_round):
    page = director_client.get(rounds_url(deals_round.event))
    finish(deals_round)
    response = poll(director_client, rounds_url(deals_round.event), page)
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<div id="closing"')
    assert "Every table is finished and confirmed." in html
    button = html.split("Close round 1")[0].rsplit("<button", 1)[1]
    assert "disabled" not in button


def test_the_round_page_reloads_itself_once_the_round_is_closed(director_client, deals_round):
    page = director_client.get(rounds_url(deals_round.event))
    finish(deals_round)
    close_round(deals_round, user=deals_round.event.owner)
    response = poll(director_client, rounds_url(deals_round.event), page)
    assert response.headers["HX-Refresh"] == "true"


def standings_url(event):
    return reverse("tournaments-director-standings", args=[event.pk])


def test_the_standings_page_polls_and_answers_204_while_nothing_changed(
    director_client, deals_round
):
    page = director_client.get(standings_url(deals_round.event), {"sort": "name"})
    html = page.content.decode()
    assert 'id="standings"' in html and f'hx-trigger="every {LIVE_POLL}s"' in html
    assert "sort=name" in html.split('id="standings" hx-get="')[1].split('"')[0]
    poll = page.context["poll_url"]
    assert director_client.get(poll, HTTP_HX_REQUEST="true").status_code == 204


def test_the_standings_page_refreshes_when_a_score_changes(director_client, deals_round):
    poll = director_client.get(standings_url(deals_round.event)).context["poll_url"]
    game = deals_round.games.get(table__number=1)
    entry = Entry.objects.create(game=game, number=1, points_0=820, points_1=25)
    confirm_entry(entry, user=deals_round.event.owner)
    response = director_client.get(poll, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="standings"') and "820" in html
