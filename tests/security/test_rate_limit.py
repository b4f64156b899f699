"""Guessing table and public links: misses are counted per address, then guesses are answered 429.

A club's phones share one address (its router): a link whose long token exists
still opens after a guesser tripped the limit; table codes (short, guessable)
do not, right or wrong.
"""

import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from tests.factories import make_event, seat_round
from tournaments.middleware import client_address
from tournaments.models import Club

pytestmark = pytest.mark.django_db
LIMIT = 20
ROOT = Path(__file__).resolve().parents[2]


def guess(client, number: int, **extra):
    return client.get(f"/t/guess-{number:04d}-aaaaaaaaaaaaaaaaaaaaaaaa/", **extra)


def trip(client, **extra) -> None:
    for number in range(LIMIT):
        assert guess(client, number, **extra).status_code == 404
    assert guess(client, LIMIT, **extra).status_code == 429


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


def test_wrong_club_links_are_counted_like_wrong_event_links(client, director):
    """A club's public page has a long token too; one whose page is turned off answers as
    one that never existed, and counts as a miss alike."""
    club = Club.objects.create(name="Closed club", public_page=False, public_token="c" * 32)
    for number in range(LIMIT - 1):
        url = reverse("tournaments-public-club", args=[f"guess-{number:04d}-aaaaaaaaaaaaaaaa"])
        assert client.get(url).status_code == 404
    assert (
        client.get(reverse("tournaments-public-club", args=[club.public_token])).status_code == 404
    )
    blocked = client.get(reverse("tournaments-public-club", args=["guess-9999-aaaaaaaaaaaaaaaa"]))
    assert blocked.status_code == 429


def test_a_player_behind_the_same_address_still_opens_a_valid_table_link(client, table):
    """The phone has never opened the table before: the valid token alone lets it in."""
    trip(client)
    page = client.get(reverse("tournaments-table", args=[table.token]))
    assert page.status_code == 200
    assert client.get(reverse("tournaments-table-sheet", args=[table.token])).status_code in (
        200,
        204,
    )


def test_a_valid_public_link_opens_from_a_blocked_address(client, table):
    trip(client)
    public = client.get(reverse("tournaments-public", args=[table.event.public_token]))
    assert public.status_code == 200


def test_a_blocked_address_still_gets_429_for_every_wrong_link(client, table):
    assert client.get(reverse("tournaments-table", args=[table.token])).status_code == 200
    trip(client)
    assert guess(client, 99).status_code == 429
    assert client.get("/p/another-guess/").status_code == 429
    wrong = table.token[:-1] + ("y" if table.token.endswith("x") else "x")
    assert client.get(f"/t/{wrong}/").status_code == 429


def test_a_blocked_address_looks_up_no_table_code_not_even_a_right_one(client, table):
    trip(client)
    answer = client.get(reverse("tournaments-table-code"), {"code": table.code})
    assert answer.status_code == 429


def test_misses_below_a_valid_table_link_are_no_guesses(client, table):
    """An entry that is gone answers 404, but the phone holds the table's real token."""
    missing = reverse("tournaments-table-edit", args=[table.token, 987654])
    for _ in range(LIMIT + 5):
        assert client.get(missing).status_code == 404
    assert guess(client, 1).status_code == 404


def test_the_block_answers_in_the_visitors_language(client):
    trip(client)
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
    trip(client, REMOTE_ADDR="10.0.0.7")
    assert guess(client, 1, REMOTE_ADDR="10.0.0.7").status_code == 429
    assert guess(client, 1, REMOTE_ADDR="10.0.0.8").status_code == 404


def test_an_ipv6_guesser_cannot_spread_its_misses_over_its_64(client):
    """One home or phone is given a whole /64: each miss from a new address in it still
    counts against the block, and a neighbour outside it is not blocked."""
    for number in range(LIMIT):
        answer = guess(client, number, REMOTE_ADDR=f"2001:db8:1:2::{number + 1:x}")
        assert answer.status_code == 404
    assert guess(client, LIMIT, REMOTE_ADDR="2001:db8:1:2:ffff::9").status_code == 429
    assert guess(client, LIMIT, REMOTE_ADDR="2001:db8:1:3::1").status_code == 404


def test_an_ipv4_address_carried_in_ipv6_counts_as_itself(client):
    trip(client, REMOTE_ADDR="::ffff:10.0.0.9")
    assert guess(client, 1, REMOTE_ADDR="10.0.0.9").status_code == 429
    assert guess(client, 1, REMOTE_ADDR="::ffff:10.0.0.10").status_code == 404


def test_other_pages_are_never_blocked(client):
    trip(client)
    assert client.get(reverse("home")).status_code == 200
    assert client.get(reverse("login")).status_code == 200


def test_misses_are_forgotten_after_the_window(client):
    trip(client)
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


@override_settings(MELD_TRUST_X_FORWARDED_FOR=True)
def test_a_garbled_forwarded_address_counts_as_the_proxys(rf):
    request = rf.get(
        "/t/x/", HTTP_X_FORWARDED_FOR="1.2.3.4, not-an-address", REMOTE_ADDR="10.0.0.1"
    )
    assert client_address(request) == "10.0.0.1"


def test_a_caller_without_an_address_is_counted_as_unknown(rf):
    request = rf.get("/t/x/", REMOTE_ADDR="")
    assert client_address(request) == "unknown"


def test_a_guesser_cannot_escape_by_spoofing_x_forwarded_for(client):
    for number in range(LIMIT):
        guess(client, number, HTTP_X_FORWARDED_FOR=f"9.9.9.{number}")
    assert guess(client, 0, HTTP_X_FORWARDED_FOR="9.9.9.250").status_code == 429


# Two processes, as two gunicorn workers are: the count must be one. -----------------

GUESS_IN_ANOTHER_PROCESS = """
import django, sys
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
client = Client()
answers = [client.get(f"/t/guess-{sys.argv[1]}-{n:04d}-aaaaaaaaaaaaaaaaaaaa/").status_code
           for n in range(int(sys.argv[2]))]
print(" ".join(map(str, answers)))
"""


def guess_in_another_process(env: dict[str, str], name: str, count: int) -> list[int]:
    done = subprocess.run(
        [sys.executable, "-c", GUESS_IN_ANOTHER_PROCESS, name, str(count)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return [int(code) for code in done.stdout.split()]


def test_without_redis_the_workers_of_one_machine_share_one_count(tmp_path):
    """Meld's own settings (no REDIS_URL): misses from two processes add up."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "MELD_CACHE_DIR", "MELD_TOKEN_MISS_LIMIT")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="meld.settings",
        SQLITE_PATH=str(tmp_path / "meld.sqlite3"),
        MELD_CACHE_DIR=str(tmp_path / "cache"),
        SECRET_KEY=secrets.token_urlsafe(50),
        LOG_LEVEL="ERROR",
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    assert guess_in_another_process(env, "one", LIMIT // 2) == [404] * (LIMIT // 2)
    second = guess_in_another_process(env, "two", LIMIT // 2 + 1)
    assert second == [404] * (LIMIT // 2) + [429]
