import pytest


@pytest.mark.django_db
def test_healthz_answers_ok_with_the_database_reachable(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


@pytest.mark.django_db
def test_healthz_reports_503_when_the_database_fails(client, monkeypatch):
    from django.db import connection

    def broken_cursor(*args, **kwargs):
        raise RuntimeError("database gone")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert "database gone" in response.json()["database"]
