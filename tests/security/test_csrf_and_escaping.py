"""Forms need their CSRF token; names typed by a director never run as HTML."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, seat_round
from tournaments.models import Entry, Result

pytestmark = pytest.mark.django_db
EVIL = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.fixture
def event(director):
    event = make_event(director, public=True)
    seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    return event


def seated_phone(event, number: int = 1, **options) -> tuple[Client, str]:
    table = event.tables.get(number=1)
    seat = event.rounds.get().seats.get(player__number=number)
    phone = Client(**options)
    phone.get(reverse("tournaments-table", args=[table.token]))
    token = phone.cookies["csrftoken"].value if "csrftoken" in phone.cookies else ""
    phone.post(
        reverse("tournaments-table-seat", args=[table.token]),
        {"seat": seat.pk, "csrfmiddlewaretoken": token},
    )
    return phone, table.token


DEAL = {"number": 1, "s0_total": 120, "s1_total": 60}


def test_a_table_entry_without_its_csrf_token_is_refused(event):
    event.entry_modes = ["totals"]
    event.save()
    phone, token = seated_phone(event, enforce_csrf_checks=True)
    answer = phone.post(reverse("tournaments-table-submit", args=[token]), DEAL)
    assert answer.status_code == 403
    assert not Entry.objects.exists()


def test_the_same_entry_with_its_csrf_token_is_stored(event):
    event.entry_modes = ["totals"]
    event.save()
    phone, token = seated_phone(event, enforce_csrf_checks=True)
    csrf = phone.cookies["csrftoken"].value
    answer = phone.post(
        reverse("tournaments-table-submit", args=[token]), {**DEAL, "csrfmiddlewaretoken": csrf}
    )
    assert answer.status_code == 302
    assert Entry.objects.count() == 1


def test_confirming_and_choosing_a_seat_need_the_csrf_token_too(event):
    phone, token = seated_phone(event, enforce_csrf_checks=True)
    game = event.rounds.get().games.get(table__number=1)
    entry = Entry.objects.create(game=game, number=1, points_0=100, points_1=50)
    assert (
        phone.post(reverse("tournaments-table-confirm", args=[token, entry.pk])).status_code == 403
    )
    assert (
        phone.post(reverse("tournaments-table-seat", args=[token]), {"seat": ""}).status_code == 403
    )


def test_a_directors_form_without_its_csrf_token_is_refused(event, director):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(director)
    answer = browser.post(
        reverse("tournaments-director-players-paste", args=[event.pk]), {"text": "Anna\nBert"}
    )
    assert answer.status_code == 403
    assert event.players.count() == 8


def test_logging_in_needs_the_csrf_token(director):
    browser = Client(enforce_csrf_checks=True)
    answer = browser.post(reverse("login"), {"username": "director", "password": "s3cret-Pass!"})
    assert answer.status_code == 403


@pytest.fixture
def evil_event(event):
    event.players.filter(number=1).update(name=EVIL)
    game = event.rounds.get().games.get(table__number=1)
    Entry.objects.create(
        game=game, number=1, points_0=120, points_1=60, status=Entry.Status.CONFIRMED
    )
    # The standings list the players once there is a score.
    Result.objects.create(round=game.round, game=game, player=event.players.get(number=1))
    return event


def assert_escaped(response) -> None:
    page = response.content.decode()
    assert response.status_code == 200
    assert EVIL not in page
    assert ESCAPED in page


def test_a_player_name_with_html_is_escaped_on_the_table_page(client, evil_event):
    assert_escaped(
        client.get(reverse("tournaments-table", args=[evil_event.tables.get(number=1).token]))
    )


def test_a_player_name_with_html_is_escaped_once_the_phone_says_who_it_is(evil_event):
    phone, token = seated_phone(evil_event, number=1)
    assert_escaped(phone.get(reverse("tournaments-table", args=[token])))


def test_a_player_name_with_html_is_escaped_in_the_standings(director_client, evil_event):
    assert_escaped(
        director_client.get(reverse("tournaments-director-standings", args=[evil_event.pk]))
    )


def test_a_player_name_with_html_is_escaped_on_the_public_page(client, evil_event):
    assert_escaped(client.get(reverse("tournaments-public", args=[evil_event.public_token])))
    assert_escaped(
        client.get(reverse("tournaments-public-projector", args=[evil_event.public_token]))
    )


def test_a_player_name_with_html_is_escaped_on_the_board_and_player_list(
    director_client, evil_event
):
    assert_escaped(
        director_client.get(reverse("tournaments-director-board", args=[evil_event.pk, 1]))
    )
    assert_escaped(
        director_client.get(reverse("tournaments-director-players", args=[evil_event.pk]))
    )
