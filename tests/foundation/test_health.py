import logging

import pytest
from django.db import connection


@pytest.mark.django_db
def test_healthz_answers_ok_with_the_database_reachable(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


@pytest.fixture
def database_gone(monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise RuntimeError('connection to server at "10.1.2.3", port 5432 failed: password')

    monkeypatch.setattr(connection, "cursor", broken_cursor)


@pytest.mark.django_db
def test_healthz_answers_503_and_tells_no_caller_why(client, database_gone):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable"}
    assert "10.1.2.3" not in response.content.decode()


@pytest.mark.django_db
def test_why_the_database_failed_goes_to_the_servers_log(client, database_gone, caplog):
    with caplog.at_level(logging.WARNING, logger="tournaments.health"):
        client.get("/healthz")
    assert 'connection to server at "10.1.2.3"' in caplog.text
