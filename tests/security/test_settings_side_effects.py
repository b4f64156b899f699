"""Settings only read: no key file written, no socket opened; the key's rules
(docs/configuration.md)."""

import os
import stat
import subprocess
import sys
from io import StringIO
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.utils import translation

from meld import secret
from tournaments.kernel import network
from tournaments.printing import loaders

ROOT = Path(__file__).resolve().parents[2]

# Python's audit hooks see every file opened for writing and every socket made.
IMPORT_WATCHED = """
import os, sys

WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND

def watch(event, args):
    if event.startswith("socket."):
        raise RuntimeError(f"importing the settings opened a socket ({event})")
    if event == "open":
        path, mode, flags = args
        writes = any(c in mode for c in "wax+") if mode else bool(flags & WRITING)
        if writes:
            raise RuntimeError(f"importing the settings wrote {path}")

sys.addaudithook(watch)
import meld.settings
print("imported", meld.settings.MELD_BASE_URL or "no base url")
"""


def test_importing_the_settings_writes_nothing_and_opens_no_socket():
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SECRET_KEY", "MELD_BASE_URL", "DATABASE_URL", "REDIS_URL")
    }
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_WATCHED],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "imported no base url"


@pytest.fixture
def key_file(tmp_path, monkeypatch):
    path = tmp_path / ".secret_key"
    monkeypatch.setattr(secret, "KEY_FILE", path)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    return path


def test_the_environments_key_comes_first(key_file, monkeypatch):
    key_file.write_text("from-the-file")
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert secret.secret_key() == ("from-the-environment", True)


def test_without_an_environment_key_the_key_file_is_read(key_file):
    key_file.write_text("from-the-file\n")
    assert secret.secret_key() == ("from-the-file", True)


def test_without_either_a_key_is_made_up_for_this_process_and_nothing_is_written(key_file):
    first, lasts = secret.secret_key()
    assert not lasts and len(first) >= 50
    assert secret.secret_key()[0] != first
    assert not key_file.exists()


def test_serving_refuses_a_key_made_up_for_one_process():
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        secret.require_lasting_key(SimpleNamespace(SECRET_KEY_LASTS=False))
    secret.require_lasting_key(SimpleNamespace(SECRET_KEY_LASTS=True))


@pytest.mark.django_db  # serve_info also lists the clubs' public pages
def test_serve_info_creates_the_key_file_once_and_keeps_it_private(key_file):
    first = StringIO()
    call_command("serve_info", "--port", "8123", stdout=first)
    assert "Created the secret key" in first.getvalue()
    key = key_file.read_text()
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert secret.secret_key() == (key, True)
    again = StringIO()
    call_command("serve_info", "--port", "8123", stdout=again)
    assert "Created the secret key" not in again.getvalue()
    assert key_file.read_text() == key


def test_qr_codes_point_to_the_lan_address_asked_for_when_printing(settings, monkeypatch):
    settings.MELD_BASE_URL = ""
    settings.PORT = 8000
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    assert loaders.table_link("abc") == "http://192.168.1.20:8000/t/abc/"
    settings.MELD_BASE_URL = "https://meld.example.org/"
    assert loaders.table_link("abc") == "https://meld.example.org/t/abc/"


def test_the_engines_are_no_django_apps_and_their_messages_are_still_translated():
    assert "scoring" not in settings.INSTALLED_APPS
    assert "pairings" not in settings.INSTALLED_APPS
    with translation.override("de"):
        german = translation.gettext("There is no table to move players from.")
    assert german == "Es gibt keinen Tisch, von dem Spieler wechseln könnten."
