"""Federation: two Meld servers (gunicorn, two workers each) share one PostgreSQL and one Redis.

What one server stores or counts, the other sees: the same deal sent at once
through both is stored once, and guesses spread over both trip the limit at
the configured count, while a valid table link keeps opening on either.

Runs whenever PostgreSQL and Redis answer on localhost; on CI (``CI=true``)
they must, and the test fails when they do not.
"""

import os
import socket
import threading

import httpx
import psycopg
import pytest
import redis

from meld_testkit import clients, serving

pytestmark = pytest.mark.federation

PORTS = (18611, 18612)
REDIS_URL = "redis://127.0.0.1:6379/7"
LIMIT = 6  # MELD_TOKEN_MISS_LIMIT of both servers
PHONES = 6  # sending the same deal at once, half through each server


def redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            pass
        return bool(redis.Redis.from_url(REDIS_URL, socket_timeout=2).ping())
    except (OSError, redis.RedisError):
        return False


@pytest.fixture
def federation():
    missing = [
        name
        for name, answers in (
            ("PostgreSQL", serving.postgres_answers()),
            ("Redis", redis_answers()),
        )
        if not answers
    ]
    if missing:
        message = f"{' and '.join(missing)} not answering on localhost"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{message}: the federation test must run on CI")
        pytest.skip(message)
    shared = redis.Redis.from_url(REDIS_URL, socket_timeout=5)
    shared.flushdb()
    servers: list[serving.Server] = []
    try:
        with serving.postgres_database(f"meld_fed_{os.getpid()}") as url:
            env = serving.postgres_env(url)
            env.update(
                REDIS_URL=REDIS_URL,
                MELD_TOKEN_MISS_LIMIT=str(LIMIT),
            )
            serving.manage(env, "migrate", "--noinput", "-v", "0")
            built = serving.kit(env, "setup", "8", "4", "federation")
            with psycopg.connect(url) as db:
                codes = dict(db.execute("SELECT token, code FROM tournaments_table").fetchall())
            for table in built["tables"]:
                table["code"] = codes[table["token"]]
            for port in PORTS:
                servers.append(serving.Server(env, workers=2, port=port).start())
            yield servers, built, env
    finally:
        for server in servers:
            server.stop()
        shared.flushdb()


def send_at_once(phones: list[clients.Phone], forms: list[dict]) -> list:
    """Every phone sends its form at the same moment; the answers (or the errors)."""
    start = threading.Barrier(len(phones))
    answers: list = [None] * len(phones)

    def send(index: int) -> None:
        start.wait(30)
        try:
            answers[index] = phones[index].submit(clients.DEAL, forms[index])
        except httpx.HTTPError as error:
            answers[index] = error

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads)
    return answers


def seated_phones(servers: list[serving.Server], table: dict) -> list[clients.Phone]:
    phones = [clients.Phone(servers[i % 2].url, table["token"]) for i in range(PHONES)]
    for phone in phones:
        phone.http.headers["Accept-Language"] = "en"
        assert phone.open().status_code == 200
        phone.sit(table["seat_a"])
    return phones


def test_two_servers_store_a_deal_once_and_share_one_guess_limit(federation):
    servers, built, env = federation
    first, second = built["tables"][:2]

    # (a) One form (one idempotency key) sent six times at once, three through each server.
    phones = seated_phones(servers, first)
    answers = send_at_once(phones, [dict(phones[0].form)] * PHONES)
    assert all(isinstance(a, httpx.Response) and a.status_code == 200 for a in answers), answers
    assert all("is stored" in a.text for a in answers)
    # Six phones of one side, each with its own form for the same deal: one is stored,
    # the others are shown the stored entry.
    phones = seated_phones(servers, second)
    answers = send_at_once(phones, [dict(phone.form) for phone in phones])
    assert all(isinstance(a, httpx.Response) and a.status_code == 200 for a in answers), answers
    assert sum("is stored" in a.text for a in answers) == 1
    assert sum("already entered" in a.text for a in answers) == PHONES - 1
    counted = serving.kit(env, "count", str(built["event"]))
    assert counted["entries"] == 2 and counted["audit_enter"] == 2, counted
    assert counted["without_audit"] == 0, counted

    # (b) Guesses alternate between the servers: the limit trips at LIMIT misses in all.
    with httpx.Client(timeout=10) as guesser:
        for number in range(LIMIT):
            server = servers[number % 2]
            answer = guesser.get(f"{server.url}/t/guess-{number:04d}-aaaaaaaaaaaaaaaaaaaaaaaa/")
            assert answer.status_code == 404, number
        for server in servers:
            assert guesser.get(f"{server.url}/t/one-guess-too-many/").status_code == 429
            code = guesser.get(f"{server.url}/t/code/", params={"code": first["code"]})
            assert code.status_code == 429  # short codes stay blocked for the address
    # A phone of the same address that never opened the table before: the full link opens.
    for server in servers:
        with httpx.Client(timeout=10) as phone:
            assert phone.get(f"{server.url}/t/{first['token']}/").status_code == 200
            assert phone.get(f"{server.url}/p/{built['public_token']}/").status_code == 200
