"""Director log-in: too many wrong passwords lock that user name out from that address."""

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db
RIGHT = "s3cret-Pass!"


@pytest.fixture(autouse=True)
def users(settings, django_user_model):
    """Two directors, their passwords hashed quickly: every test types a dozen of them."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    for name in ("director", "other"):
        django_user_model.objects.create_user(name, password=RIGHT)


def log_in(client, username: str, password: str, address: str = "127.0.0.1", **extra):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        **extra,
    )


def fail(client, username: str, times: int, address: str = "127.0.0.1") -> None:
    for attempt in range(times):
        answer = log_in(client, username, f"wrong-{attempt}", address)
        assert answer.status_code == 200  # the form again, with its error


def lock(client, username: str, address: str = "127.0.0.1") -> None:
    """The last wrong password the limit allows is answered with the lock-out page."""
    fail(client, username, settings.AXES_FAILURE_LIMIT - 1, address)
    assert log_in(client, username, "still-wrong", address).status_code == 429


def test_the_right_password_logs_in(client):
    answer = log_in(client, "director", RIGHT)
    assert answer.status_code == 302 and answer["Location"] == reverse(
        "tournaments-director-events"
    )


def test_after_too_many_wrong_passwords_even_the_right_one_is_refused(client):
    lock(client, "director")
    answer = log_in(client, "director", RIGHT, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 429
    assert "_auth_user_id" not in client.session
    page = answer.content.decode()
    assert "Log-in paused" in page and "15 minutes" in page
    assert '<header class="topbar">' in page  # the base layout


def test_the_lock_out_page_speaks_german(client):
    lock(client, "director")
    page = log_in(client, "director", RIGHT, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in page


def test_another_user_name_from_the_same_address_is_not_locked(client):
    lock(client, "director")
    assert log_in(client, "other", RIGHT).status_code == 302


def test_the_same_user_from_another_address_is_not_locked(client):
    lock(client, "director", address="10.0.0.7")
    assert log_in(client, "director", RIGHT, address="10.0.0.7").status_code == 429
    assert log_in(client, "director", RIGHT, address="10.0.0.8").status_code == 302


def test_a_successful_log_in_forgets_the_earlier_mistakes(client):
    fail(client, "director", settings.AXES_FAILURE_LIMIT - 1)
    assert log_in(client, "director", RIGHT).status_code == 302
    client.post(reverse("logout"))
    fail(client, "director", settings.AXES_FAILURE_LIMIT - 1)
    assert log_in(client, "director", RIGHT).status_code == 302


def test_a_log_in_through_a_proxy_with_a_garbled_forwarded_address_works(client, settings):
    """The attempt is stored with the proxy's address (PostgreSQL accepts only real ones)."""
    settings.MELD_TRUST_X_FORWARDED_FOR = True
    answer = log_in(client, "director", RIGHT, HTTP_X_FORWARDED_FOR="not-an-address")
    assert answer.status_code == 302


def test_a_director_logged_in_without_any_address_is_logged_in(client, django_user_model):
    """Django's force_login sends no address at all: the log-in is recorded without one."""
    client.force_login(django_user_model.objects.get(username="director"))
    assert client.get(reverse("tournaments-director-events")).status_code == 200


def test_an_ipv6_guesser_is_one_guesser_across_its_64(client):
    """A subscriber's /64 holds more addresses than the limit: each wrong password from a new
    address in it counts against the same lock."""
    for attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        answer = log_in(client, "director", f"wrong-{attempt}", f"2001:db8:1:2::{attempt + 1:x}")
        assert answer.status_code == 200
    assert log_in(client, "director", "still-wrong", "2001:db8:1:2:ffff::9").status_code == 429
    assert log_in(client, "director", RIGHT, "2001:db8:1:2:abcd::1").status_code == 429
    # Another subscriber's network is not locked out.
    assert log_in(client, "director", RIGHT, "2001:db8:1:3::1").status_code == 302
