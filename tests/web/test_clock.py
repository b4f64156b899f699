"""The round clock: the director starts, pauses and extends it (each an audit row); the
phones, the public page and the director's pages show the seconds left, and "time is up"."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, seat_round
from tests.web.live_helpers import poll
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Round
from tournaments.services.pages.live import LIVE_POLL
from tournaments.services.rounds.clock import (
    clock_of,
    end_time,
    extend_clock,
    pause_clock,
    start_clock,
)
from tournaments.services.rounds.done import round_state
from tournaments.services.scores.audit import describe

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def timed(director):
    """Round 1 of a 30-minute timed Canasta evening, public, clock not started."""
    event = make_event(director, players=8, round_kind="time", round_minutes=30, public=True)
    return seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])


def reread(rnd):
    return Round.objects.select_related("event").get(pk=rnd.pk)


def test_starting_the_clock_gives_the_round_its_minutes(timed, director):
    start_clock(timed, user=director)
    clock = clock_of(reread(timed))
    assert clock.running and 29 * 60 < clock.remaining <= 30 * 60
    row = AuditEntry.objects.get(action=AuditEntry.Action.CLOCK)
    assert row.user == director and row.reason == ""
    assert describe(row) == "Clock of round 1 started: 30 minutes."


def test_a_paused_clock_keeps_its_seconds_and_runs_on_from_them(timed, director):
    start_clock(timed, user=director)
    Round.objects.filter(pk=timed.pk).update(clock_ends_at=timezone.now() + timedelta(minutes=12))
    pause_clock(reread(timed), user=director)
    paused = reread(timed)
    assert paused.clock_ends_at is None and 11 * 60 < paused.clock_paused_remaining <= 12 * 60
    assert not clock_of(paused).running
    start_clock(paused, user=director)
    again = clock_of(reread(timed))
    assert again.running and 11 * 60 < again.remaining <= 12 * 60
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CLOCK).count() == 3


def test_extending_adds_minutes_running_or_paused(timed, director):
    start_clock(timed, user=director)
    extend_clock(reread(timed), user=director, minutes=5)
    assert clock_of(reread(timed)).remaining > 34 * 60
    pause_clock(reread(timed), user=director)
    extend_clock(reread(timed), user=director, minutes=2)
    assert reread(timed).clock_paused_remaining > 36 * 60


def test_extending_a_clock_that_ran_out_starts_from_now(timed, director):
    start_clock(timed, user=director)
    Round.objects.filter(pk=timed.pk).update(clock_ends_at=timezone.now() - timedelta(minutes=3))
    extend_clock(reread(timed), user=director, minutes=5)
    assert 4 * 60 < clock_of(reread(timed)).remaining <= 5 * 60


@pytest.fixture
def deals(director):
    """Round 1 of four deals a round, public, no minutes given at the set-up."""
    event = make_event(director, players=8, round_kind="deals", round_deals=4, public=True)
    return seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])


def test_a_round_of_so_many_deals_gets_a_clock_with_the_minutes_given(deals, director):
    with pytest.raises(ServiceError, match="Say how many minutes"):
        start_clock(deals, user=director)
    with pytest.raises(ServiceError, match="1 to 600 minutes"):
        start_clock(deals, user=director, minutes=601)
    assert not AuditEntry.objects.exists()
    start_clock(deals, user=director, minutes=25)
    clock = clock_of(reread(deals))
    assert clock.running and 24 * 60 < clock.remaining <= 25 * 60
    assert describe(AuditEntry.objects.get()) == "Clock of round 1 started: 25 minutes."


def test_a_round_to_the_target_takes_the_set_up_minutes_for_its_clock(director):
    event = make_event(director, players=8, round_minutes=40)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    start_clock(rnd, user=director)
    assert 39 * 60 < clock_of(reread(rnd)).remaining <= 40 * 60


def test_the_clock_of_a_deals_round_informs_but_does_not_end_the_round(deals, director):
    start_clock(deals, user=director, minutes=1)
    Round.objects.filter(pk=deals.pk).update(clock_ends_at=timezone.now() - timedelta(minutes=1))
    state = round_state(reread(deals))
    assert state.clock.remaining == 0 and not state.timed and not state.time_up
    assert not state.done


def test_the_deals_round_page_offers_a_clock_with_minutes(director_client, deals):
    url = reverse("tournaments-director-rounds", args=[deals.event_id])
    page = director_client.get(url).content.decode()
    assert "A round clock (optional): minutes" in page and "Start the round clock" in page
    assert "Time is up now" not in page  # only a time limit ends a round
    start = reverse("tournaments-director-clock-start", args=[deals.event_id])
    refused = director_client.post(start, {"minutes": ""}, follow=True).content.decode()
    assert "Say how many minutes the round clock runs." in refused
    director_client.post(start, {"minutes": "20"})
    assert 19 * 60 < clock_of(reread(deals)).remaining <= 20 * 60
    page = director_client.get(url).content.decode()
    assert "Pause the clock" in page and "Start the round clock" not in page


def test_the_phones_and_the_public_page_show_the_clock_of_a_deals_round(
    director_client, deals, director
):
    start_clock(deals, user=director, minutes=20)
    for clock_url in clock_urls(deals):
        html = director_client.get(clock_url).content.decode()
        assert "data-clock-running" in html and ("19:" in html or "20:00" in html), clock_url


def test_time_is_up_when_the_director_says_so(timed, director, director_client):
    end_time(timed, user=director)
    rnd = reread(timed)
    assert clock_of(rnd).remaining == 0 and round_state(rnd).time_up
    assert describe(AuditEntry.objects.get()) == ("Time of round 1 is up: the director ended it.")
    with pytest.raises(ServiceError, match="Time is up already"):
        end_time(rnd, user=director)
    with pytest.raises(ServiceError, match="Extend the clock"):
        pause_clock(rnd, user=director)
    page = director_client.get(reverse("tournaments-director-rounds", args=[timed.event_id]))
    assert "Time is up now" not in page.content.decode()
    extend_clock(rnd, user=director, minutes=5)
    assert not round_state(reread(timed)).time_up


def test_the_clock_refuses_what_makes_no_sense(timed, director):
    with pytest.raises(ServiceError, match="not running"):
        pause_clock(timed, user=director)
    with pytest.raises(ServiceError, match="Start the clock first"):
        extend_clock(timed, user=director, minutes=5)
    start_clock(timed, user=director)
    with pytest.raises(ServiceError, match="already running"):
        start_clock(reread(timed), user=director)
    with pytest.raises(ServiceError, match="1 to 60"):
        extend_clock(reread(timed), user=director, minutes=0)


def test_a_closed_round_has_no_clock(timed, director):
    start_clock(timed, user=director)
    Round.objects.filter(pk=timed.pk).update(status=Round.Status.CLOSED)
    assert clock_of(reread(timed)) is None
    with pytest.raises(ServiceError, match="already closed"):
        extend_clock(reread(timed), user=director, minutes=5)


# --- the director's buttons ---------------------------------------------------------


def test_the_round_page_offers_to_start_the_clock(director_client, timed):
    page = director_client.get(reverse("tournaments-director-rounds", args=[timed.event_id]))
    assert "Start the clock: 30 minutes" in page.content.decode()


def test_the_director_starts_pauses_and_extends_from_the_round_page(director_client, timed):
    event_id = timed.event_id
    director_client.post(reverse("tournaments-director-clock-start", args=[event_id]))
    assert reread(timed).clock_ends_at is not None
    page = director_client.get(reverse("tournaments-director-rounds", args=[event_id]))
    assert "Pause the clock" in page.content.decode()
    director_client.post(reverse("tournaments-director-clock-pause", args=[event_id]))
    assert reread(timed).clock_paused_remaining is not None
    page = director_client.get(reverse("tournaments-director-rounds", args=[event_id]))
    assert "Let the clock run on" in page.content.decode()
    remaining = reread(timed).clock_paused_remaining
    director_client.post(
        reverse("tournaments-director-clock-extend", args=[event_id]), {"minutes": "10"}
    )
    assert reread(timed).clock_paused_remaining == remaining + 600


def test_a_refused_change_is_shown_to_the_director(director_client, timed):
    response = director_client.post(
        reverse("tournaments-director-clock-pause", args=[timed.event_id]), follow=True
    )
    assert "The clock is not running." in response.content.decode()


def test_another_director_cannot_touch_the_clock(client, other_director, timed):
    client.force_login(other_director)
    response = client.post(reverse("tournaments-director-clock-start", args=[timed.event_id]))
    assert response.status_code == 404
    assert reread(timed).clock_ends_at is None


# --- every page shows it --------------------------------------------------------------


def clock_urls(rnd):
    return [
        reverse("tournaments-director-clock", args=[rnd.event_id]),
        reverse("tournaments-public-clock", args=[rnd.event.public_token]),
    ]


def test_the_pages_get_the_seconds_left_not_an_end_time(director_client, timed, director):
    start_clock(timed, user=director)
    Round.objects.filter(pk=timed.pk).update(
        clock_ends_at=timezone.now() + timedelta(minutes=12, seconds=30)
    )
    for url in clock_urls(timed):
        html = director_client.get(url).content.decode()
        assert 'data-clock-remaining="7' in html  # 749 or 750 seconds
        assert "12:" in html and "data-clock-running" in html, url


def test_the_clock_answers_204_until_the_director_changes_it(director_client, timed, director):
    start_clock(timed, user=director)
    drawn = {url: director_client.get(url) for url in clock_urls(timed)}
    for url, first in drawn.items():
        assert poll(director_client, url, first).status_code == 204
    pause_clock(reread(timed), user=director)
    for url, first in drawn.items():
        response = poll(director_client, url, first)
        assert response.status_code == 200 and "paused" in response.content.decode()


def test_when_time_is_up_the_clock_says_to_finish_the_deal(director_client, timed, director):
    start_clock(timed, user=director)
    Round.objects.filter(pk=timed.pk).update(clock_ends_at=timezone.now() - timedelta(seconds=5))
    html = director_client.get(clock_urls(timed)[0]).content.decode()
    assert 'data-clock-remaining="0"' in html
    assert "Time is up: finish the deal you are playing." in html
    assert "hidden" not in html.split('class="clock-up"')[1].split(">")[0]


def test_before_the_clock_starts_the_pages_show_nothing(director_client, timed):
    for url in clock_urls(timed):
        html = director_client.get(url).content.decode()
        assert "round-clock idle" in html and "data-clock-remaining" not in html


def test_the_table_page_public_page_projector_and_seating_include_the_clock(director_client, timed):
    table = timed.games.get(table__number=1).table
    director, public = clock_urls(timed)
    phones = "the pad's poll"
    pages = {
        reverse("tournaments-table", args=[table.token]): phones,
        reverse("tournaments-public", args=[timed.event.public_token]): public,
        reverse("tournaments-public-projector", args=[timed.event.public_token]): public,
        reverse("tournaments-director-seating", args=[timed.event_id, 1]): director,
        reverse("tournaments-director-board", args=[timed.event_id, 1]): director,
    }
    for url, clock_url in pages.items():
        html = director_client.get(url).content.decode()
        if clock_url == phones:
            # Drawn with the page in its top bar; the pad's poll brings it again.
            assert 'id="round-clock" class="round-clock phone-clock' in html
            assert "/clock/" not in html and 'id="sheet-poll"' in html
        else:
            assert f'hx-get="{clock_url}" hx-trigger="load, every {LIVE_POLL}s"' in html, url
        assert "js/clock.js" in html


def test_the_table_page_draws_the_running_clock_with_the_page(client, director, timed):
    start_clock(timed, user=director)
    table = timed.games.get(table__number=1).table
    html = client.get(reverse("tournaments-table", args=[table.token])).content.decode()
    assert 'class="round-clock phone-clock running"' in html and "data-clock-remaining=" in html


@pytest.mark.parametrize("minutes", ["²", "٣", "99999999999999999999", "-5", ""])
def test_extending_by_a_number_that_is_not_one_says_what_it_takes(director_client, timed, minutes):
    event_id = timed.event_id
    director_client.post(reverse("tournaments-director-clock-start", args=[event_id]))
    answer = director_client.post(
        reverse("tournaments-director-clock-extend", args=[event_id]), {"minutes": minutes}
    )
    assert answer.status_code in (200, 302)
    page = director_client.get(reverse("tournaments-director-rounds", args=[event_id]))
    assert "Extend the clock by 1 to 60 minutes." in page.content.decode()
