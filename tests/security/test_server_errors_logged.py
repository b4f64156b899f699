"""Every 500 leaves its traceback in the server's log (stderr, gunicorn's error log)."""

import logging

import httpx
import pytest
from django.test import Client

from meld_testkit import serving
from tests.security.raising_urls import BUG


@pytest.mark.urls("tests.security.raising_urls")
def test_a_500_is_logged_with_its_traceback(caplog):
    with caplog.at_level(logging.ERROR, logger="django.request"):
        answer = Client(raise_request_exception=False).get("/raise/")
    assert answer.status_code == 500
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert "Internal Server Error: /raise/" in caplog.text
    assert "Traceback (most recent call last)" in caplog.text
    assert f"RuntimeError: {BUG}" in caplog.text


def test_gunicorn_writes_the_traceback_of_a_500_to_its_error_log(tmp_path):
    """Meld's real LOGGING under gunicorn with DEBUG off, as `make run` serves."""
    env = serving.sqlite_env(tmp_path / "meld.sqlite3")
    env.update(
        DJANGO_SETTINGS_MODULE="tests.security.raising_settings",
        DEBUG="0",
    )
    server = serving.Server(env, workers=1)
    try:
        server.start()
        assert httpx.get(f"{server.url}/raise/", timeout=10).status_code == 500
    finally:
        server.stop()
    log = server.process.stderr.read()
    assert "ERROR django.request: Internal Server Error: /raise/" in log, log
    assert "Traceback (most recent call last)" in log, log
    assert f"RuntimeError: {BUG}" in log, log
