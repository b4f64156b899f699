"""What ``meld serve`` (through ``serve_info``) prints before it serves: the phones' address and
the QR codes' come from one function with one port, and the first log-in is the one there is."""

from io import StringIO

import pytest
from django.core.management import call_command

from meld import secret
from tournaments.kernel import network

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def laptop(monkeypatch, settings):
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(secret, "create_key_file", lambda: False)
    settings.MELD_BASE_URL = ""
    settings.PORT = 8000


def printed(**options) -> str:
    out = StringIO()
    call_command("serve_info", stdout=out, **options)
    return out.getvalue()


def test_the_qr_codes_point_to_the_port_the_phones_are_told(settings):
    said = printed(port=8123)
    assert "Phones on the Wi-Fi:   http://192.168.1.20:8123/" in said
    assert "QR codes point to:     http://192.168.1.20:8123/" in said
    assert ":8000" not in said
    # Without --port: PORT, which `meld serve --port` sets before Meld starts.
    settings.PORT = 8124
    assert "QR codes point to:     http://192.168.1.20:8124/" in printed()


def test_a_fresh_install_says_how_to_make_the_first_director_not_the_demos():
    said = printed()
    assert "Director log-in" not in said and "'director'" not in said
    assert "First director:        .venv/bin/python manage.py createsuperuser" in said
    assert "http://127.0.0.1:8000/admin/" in said


def test_with_the_demo_loaded_its_director_is_named(django_user_model):
    django_user_model.objects.create_user("director")
    said = printed()
    assert "Director log-in:       user 'director'" in said
    assert "First director" not in said


def test_a_club_with_its_own_directors_is_told_neither(django_user_model):
    django_user_model.objects.create_user("anna")
    said = printed()
    assert "First director" not in said and "'director'" not in said
