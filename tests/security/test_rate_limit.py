"""Guessing table and public links: misses are counted per address, then answered 429."""

import logging

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.factories import make_event, seat_round
from tournaments.middleware import client_address

pytestmark = pytest.mark.django_db
LIMIT = 20


def guess(client, number: int, **extra):
    return client.get(f"/t/guess-{number:04d}-aaaaaaaaaaaaaaaaaaaaaaaa/", **extra)


@pytest.fixture
def table(director):
    event = make_event(director, public=True)
    seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    return event.tables.get(number=1)


def test_twenty_wrong_table_links_are_answered_404_and_the_next_429(client):
    for number in range(LIMIT):
        assert guess(client, number).status_code == 404
    blocked = guess(client, LIMIT, HTTP_ACCEPT_LANGUAGE="en")
    assert blocked.status_code == 429
    assert blocked["Retry-After"] == "600"
    assert "Too many wrong links" in blocked.content.decode()


def test_a_blocked_address_cannot_reach_a_right_token_either(client, table):
    for number in range(LIMIT):
        guess(client, number)
    assert client.get(reverse("tournaments-table", args=[table.token])).status_code == 429
    assert (
        client.get(reverse("tournaments-public", args=[table.event.public_token])).status_code
        == 429
    )


def test_the_block_answers_in_the_visitors_language(client):
    for number in range(LIMIT):
        guess(client, number)
    page = guess(client, 99, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in page


def test_each_miss_is_logged_as_a_warning(client, caplog):
    with caplog.at_level(logging.WARNING, logger="tournaments.security"):
        guess(client, 1)
        guess(client, 2)
    records = [r for r in caplog.records if r.name == "tournaments.security"]
    assert len(records) == 2 and all(r.levelno == logging.WARNING for r in records)
    assert "127.0.0.1" in records[0].getMessage() and "/t/guess-0001" in records[0].getMessage()


def test_wrong_public_links_count_too(client):
    for number in range(LIMIT):
        assert client.get(f"/p/not-a-public-token-{number}/").status_code == 404
    assert client.get("/p/another-guess/").status_code == 429


def test_unknown_table_codes_count_and_known_ones_do_not(client, table):
    for _ in range(5):
        assert (
            client.get(reverse("tournaments-table-code"), {"code": table.code}).status_code == 302
        )
    for number in range(LIMIT):
        answer = client.get(reverse("tournaments-table-code"), {"code": f"ZZZZ{number:04d}"})
        assert answer.status_code == 302 and answer["Location"] == reverse("home")
    assert client.get(reverse("tournaments-table-code"), {"code": "ZZZZ9999"}).status_code == 429


def test_another_address_is_not_blocked(client):
    for number in range(LIMIT + 1):
        guess(client, number, REMOTE_ADDR="10.0.0.7")
    assert guess(client, 1, REMOTE_ADDR="10.0.0.7").status_code == 429
    assert guess(client, 1, REMOTE_ADDR="10.0.0.8").status_code == 404


def test_other_pages_are_never_blocked(client):
    for number in range(LIMIT + 1):
        guess(client, number)
    assert client.get(reverse("home")).status_code == 200
    assert client.get(reverse("login")).status_code == 200


def test_a_phone_keeps_reaching_the_table_it_already_opened(client, table):
    """Phones of a whole club may share one address: a guesser must not lock them out."""
    url = reverse("tournaments-table", args=[table.token])
    assert client.get(url).status_code == 200
    for number in range(LIMIT + 5):
        guess(client, number)
    assert client.get(url).status_code == 200
    assert client.get(reverse("tournaments-table-sheet", args=[table.token])).status_code in (
        200,
        204,
    )


def test_the_pass_cookie_opens_no_other_table(client, table):
    client.get(reverse("tournaments-table", args=[table.token]))
    other = table.event.tables.get(number=2)
    for number in range(LIMIT):
        guess(client, number)
    assert client.get(reverse("tournaments-table", args=[other.token])).status_code == 429


def test_a_forged_pass_cookie_is_ignored(client, table):
    client.cookies["meld_tables"] = "forged"
    for number in range(LIMIT):
        guess(client, number)
    assert client.get(reverse("tournaments-table", args=[table.token])).status_code == 429


def test_misses_are_forgotten_after_the_window(client, settings):
    from django.core.cache import cache

    for number in range(LIMIT):
        guess(client, number)
    assert guess(client, 0).status_code == 429
    cache.clear()  # what the window's expiry does
    assert guess(client, 0).status_code == 404


@override_settings(MELD_TRUST_X_FORWARDED_FOR=False)
def test_x_forwarded_for_is_ignored_unless_the_proxy_is_trusted(rf):
    request = rf.get("/t/x/", HTTP_X_FORWARDED_FOR="1.2.3.4", REMOTE_ADDR="10.0.0.1")
    assert client_address(request) == "10.0.0.1"


@override_settings(MELD_TRUST_X_FORWARDED_FOR=True)
def test_a_trusted_proxy_names_the_client_in_x_forwarded_for(rf):
    request = rf.get("/t/x/", HTTP_X_FORWARDED_FOR="6.6.6.6, 1.2.3.4", REMOTE_ADDR="10.0.0.1")
    assert client_address(request) == "1.2.3.4"


def test_a_guesser_cannot_escape_by_spoofing_x_forwarded_for(client):
    for number in range(LIMIT):
        guess(client, number, HTTP_X_FORWARDED_FOR=f"9.9.9.{number}")
    assert guess(client, 0, HTTP_X_FORWARDED_FOR="9.9.9.250").status_code == 429
