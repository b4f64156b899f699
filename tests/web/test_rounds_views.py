"""Round control pages: who may see them, starting and closing a round, the seating page."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import close, finish
from tournaments.models import Round
from tournaments.services.rounds.steps import close_round, start_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def event(director):
    event = make_event(director, players=16, fmt="moveup", name="Friday evening")
    make_tables(event, 4)
    return event


def url(name, event, *args):
    return reverse(name, args=[event.pk, *args])


def test_the_rounds_page_offers_round_1(director_client, event):
    response = director_client.get(url("tournaments-director-rounds", event))
    assert response.status_code == 200
    assert "Start round 1" in response.content.decode()


def test_starting_a_round_shows_how_it_was_seated(director_client, event):
    response = director_client.post(url("tournaments-director-round-start", event), follow=True)
    page = response.content.decode()
    assert event.rounds.get().number == 1
    assert "Round 1 is being played" in page
    assert "How round 1 was seated" in page and "Round 1 by number" in page


def test_a_refused_start_shows_the_reason(director_client, director):
    event = make_event(director, players=16, fmt="moveup")
    response = director_client.post(url("tournaments-director-round-start", event), follow=True)
    assert "Create the tables first" in response.content.decode()
    assert not event.rounds.exists()


def test_starting_needs_a_post(director_client, event):
    assert director_client.get(url("tournaments-director-round-start", event)).status_code == 405


def test_another_director_sees_none_of_these_pages(client, other_director, event, director):
    start_round(event, user=director)
    game = event.rounds.get().games.first()
    client.force_login(other_director)
    for name, args in [
        ("tournaments-director-rounds", []),
        ("tournaments-director-seating", [1]),
        ("tournaments-director-board", [1]),
        ("tournaments-director-game", [game.pk]),
        ("tournaments-director-standings", []),
        ("tournaments-director-player", [event.players.first().pk]),
        ("tournaments-director-audit", []),
    ]:
        assert client.get(url(name, event, *args)).status_code == 404, name
    assert client.post(url("tournaments-director-round-start", event)).status_code == 404
    assert client.post(url("tournaments-director-round-close", event, 1)).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client, event):
    response = client.get(url("tournaments-director-rounds", event))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    response = client.post(url("tournaments-director-round-start", event))
    assert response.status_code == 302 and not event.rounds.exists()


def test_a_co_director_runs_the_rounds_too(client, other_director, event):
    event.co_directors.add(other_director)
    client.force_login(other_director)
    client.post(url("tournaments-director-round-start", event))
    assert event.rounds.count() == 1


def test_the_seating_lists_every_table_and_every_name(director_client, event, director):
    start_round(event, user=director)
    page = director_client.get(url("tournaments-director-seating", event, 1)).content.decode()
    for n in range(1, 5):
        assert f"Table {n}" in page
    for n in range(1, 17):
        assert f"Player {n}<" in page or f"Player {n} " in page
    assert page.index("Player 1 ") < page.index("Player 10 ") < page.index("Player 2 ")


def test_closing_a_round_that_is_not_finished_says_which_tables(director_client, event, director):
    start_round(event, user=director)
    response = director_client.post(url("tournaments-director-round-close", event, 1), follow=True)
    assert "1, 2, 3, 4" in response.content.decode()
    assert event.rounds.get().status == Round.Status.OPEN


def test_closing_a_finished_round(director_client, event, director):
    rnd = start_round(event, user=director)
    finish(rnd)
    response = director_client.post(url("tournaments-director-round-close", event, 1), follow=True)
    assert "Round 1 is closed" in response.content.decode()
    assert "Start round 2" in response.content.decode()


def test_closing_early_needs_a_reason_on_the_page(director_client, event, director):
    start_round(event, user=director)
    director_client.post(
        url("tournaments-director-round-close", event, 1), {"force": "1", "reason": ""}
    )
    assert event.rounds.get().status == Round.Status.OPEN
    director_client.post(
        url("tournaments-director-round-close", event, 1), {"force": "1", "reason": "Late"}
    )
    assert event.rounds.get().status == Round.Status.CLOSED


def test_an_unknown_round_is_404(director_client, event):
    assert director_client.get(url("tournaments-director-seating", event, 9)).status_code == 404


def play_rounds(event, director, count: int) -> None:
    for _ in range(count):
        rnd = start_round(event, user=director)
        finish(rnd)
        close_round(rnd, user=director)


def heading_of_next(page: str) -> str:
    return page.split('<h2 id="next">', 1)[1].split("</h2>", 1)[0]


def test_once_the_planned_rounds_are_played_the_page_does_not_offer_round_3_of_2(
    director_client, director
):
    event = make_event(director, players=16, fmt="moveup", planned_rounds=2)
    make_tables(event, 4)
    play_rounds(event, director, 1)
    page = director_client.get(url("tournaments-director-rounds", event)).content.decode()
    assert "Round 2" in heading_of_next(page) and "of 2" in heading_of_next(page)
    play_rounds(event, director, 1)
    page = director_client.get(url("tournaments-director-rounds", event)).content.decode()
    assert heading_of_next(page) == "All 2 planned rounds are played"
    assert "Round 3" not in page and "of 2<" not in page
    assert "Finish the event on its page." in page and "extra round" not in page


def test_a_round_beyond_the_plan_is_offered_as_an_extra_round(director_client, director):
    event = make_event(director, players=4, fmt="swiss")  # the Swiss system plans 2 rounds
    make_tables(event, 2)
    play_rounds(event, director, 2)
    page = director_client.get(url("tournaments-director-rounds", event)).content.decode()
    assert heading_of_next(page) == "All 2 planned rounds are played"
    assert "Start round 3, an extra round beyond the 2 planned" in page
    assert "of 2<" not in page


def test_every_column_of_the_rounds_table_has_a_header(director_client, event, director):
    play_rounds(event, director, 1)
    page = director_client.get(url("tournaments-director-rounds", event)).content.decode()
    table = page.split("<h2>All rounds</h2>", 1)[1]
    headers = re.findall(r"<th[^>]*>(.*?)</th>", table.split("</thead>", 1)[0])
    assert headers and all(text.strip() for text in headers)


HTMX = {"HTTP_HX_REQUEST": "true"}


def poll_of(page: str, part: str = "closing") -> str:
    """The address a part of the rounds page polls."""
    found = re.search(rf'id="{part}"[^>]*hx-get="([^"]+)"', page)
    assert found, part
    return found[1].replace("&amp;", "&")


def test_a_start_offered_by_a_page_left_open_starts_nothing_once_that_round_was_started(
    director_client, event, director
):
    """Round 1 closed; a tab offers "Start round 2"; another screen starts and closes round 2.
    The old tab's tap must not start round 3."""
    close(start_round(event, user=director))
    page = director_client.get(url("tournaments-director-rounds", event)).content.decode()
    assert 'name="number" value="2"' in page
    close(start_round(event, user=director))
    answer = director_client.post(
        url("tournaments-director-round-start", event), {"number": "2"}, follow=True
    )
    assert not event.rounds.filter(number=3).exists()
    assert "Round 2 was started already, on another screen" in answer.content.decode()
    # The page as it is now offers round 3, and that tap starts it.
    director_client.post(url("tournaments-director-round-start", event), {"number": "3"})
    assert event.rounds.filter(number=3, status=Round.Status.OPEN).exists()


def test_between_rounds_the_page_follows_a_round_started_elsewhere(
    director_client, event, director
):
    close(start_round(event, user=director))
    page = director_client.get(url("tournaments-director-rounds", event)).content.decode()
    poll = poll_of(page)
    assert "whole=1" in poll
    assert director_client.get(poll, **HTMX).status_code == 204
    start_round(event, user=director)
    answer = director_client.get(poll, **HTMX)
    assert answer.status_code == 200 and answer["HX-Refresh"] == "true"


def test_between_rounds_time_alone_does_not_load_the_page_again(
    director_client, event, director, monkeypatch
):
    from tests.web.live_helpers import step_on

    close(start_round(event, user=director))
    poll = poll_of(director_client.get(url("tournaments-director-rounds", event)).content.decode())
    step_on(monkeypatch)
    assert director_client.get(poll, **HTMX).status_code == 204


def test_the_clock_buttons_follow_the_clock_started_on_another_screen(director_client, director):
    from tournaments.services.rounds.clock import start_clock

    event = make_event(director, players=16, fmt="moveup", round_kind="time", round_minutes=30)
    make_tables(event, 4)
    rnd = start_round(event, user=director)
    page = director_client.get(url("tournaments-director-rounds", event)).content.decode()
    assert "Start the clock: 30 minutes" in page and "Pause the clock" not in page
    start_clock(rnd, user=director)
    part = director_client.get(poll_of(page), **HTMX).content.decode()
    assert "Pause the clock" in part and "Start the clock" not in part
    assert 'id="id_minutes" hx-preserve' in part  # what is typed there stays through redraws
