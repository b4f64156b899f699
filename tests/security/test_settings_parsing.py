"""Every variable of the configuration table (docs/configuration.md) is parsed strictly: a
malformed value stops Meld with a message naming it, a good one means what the table says."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOW = """
import json
from django.conf import settings
names = json.loads(__import__("sys").argv[1])
print(json.dumps({name: str(getattr(settings, name)) for name in names}))
"""
# Variables the table lists that tests or a runner may have set: each test starts without them.
TABLE = [
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "SQLITE_PATH",
    "MELD_BASE_URL",
    "HTTPS",
    "REDIS_URL",
    "MELD_CACHE_DIR",
    "MELD_TOKEN_MISS_LIMIT",
    "MELD_TOKEN_MISS_WINDOW",
    "TRUST_X_FORWARDED_FOR",
    "MELD_LOGIN_FAILURE_LIMIT",
    "MELD_LOGIN_COOLOFF_MINUTES",
    "LOG_LEVEL",
    "LANGUAGE_CODE",
    "TIME_ZONE",
    "MELD_DATA_DIR",
    "MELD_BACKUP_DIR",
    "MELD_BACKUP_KEEP",
    "MELD_BACKUP_MINUTES",
    "PORT",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "CSRF_TRUSTED_ORIGINS",
]


def settings_with(names: list[str], **variables: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in TABLE}
    env.update(variables, DJANGO_SETTINGS_MODULE="meld.settings", PYTHONDONTWRITEBYTECODE="1")
    program = "import django; django.setup()\n" + SHOW
    return subprocess.run(
        [sys.executable, "-c", program, json.dumps(names)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def read(names: list[str], **variables: str) -> dict[str, str]:
    done = settings_with(names, **variables)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("HTTPS", "ture"),
        ("DEBUG", "maybe"),
        ("TRUST_X_FORWARDED_FOR", ""),
        ("MELD_TOKEN_MISS_LIMIT", "abc"),
        ("MELD_TOKEN_MISS_LIMIT", "0"),
        ("MELD_TOKEN_MISS_WINDOW", "10m"),
        ("MELD_LOGIN_FAILURE_LIMIT", "-1"),
        ("MELD_LOGIN_COOLOFF_MINUTES", "1.5"),
        ("LOG_LEVEL", "LOUD"),
        ("LANGUAGE_CODE", "fr"),
        ("TIME_ZONE", "Europe/Atlantis"),
        ("DATABASE_URL", "postgress://meld@localhost/meld"),
        ("PORT", "80000"),
        ("MELD_BACKUP_KEEP", "all"),
        ("MELD_BACKUP_MINUTES", "often"),
        ("MELD_DATA_DIR", ""),
    ],
)
def test_a_malformed_value_stops_meld_with_a_message_naming_the_variable(variable, value):
    done = settings_with(["DEBUG"], **{variable: value})
    assert done.returncode != 0
    named = (f"  {variable}={value!r}: ", f'Environment variable "{variable}" invalid')
    assert any(words in done.stderr for words in named), done.stderr


def test_every_malformed_variable_is_named_at_once():
    done = settings_with(["DEBUG"], HTTPS="ture", MELD_TOKEN_MISS_LIMIT="abc")
    assert done.returncode != 0
    message = done.stderr.strip().splitlines()
    assert "Meld cannot start; check these variables:" in done.stderr
    assert "  HTTPS='ture': Not a valid boolean." in message
    assert "  MELD_TOKEN_MISS_LIMIT='abc': Not a valid integer." in message


def test_the_tables_defaults_hold_without_any_variable():
    got = read(
        [
            "DEBUG",
            "ALLOWED_HOSTS",
            "HTTPS",
            "MELD_BASE_URL",
            "MELD_TOKEN_MISS_LIMIT",
            "MELD_TOKEN_MISS_WINDOW",
            "MELD_TRUST_X_FORWARDED_FOR",
            "AXES_FAILURE_LIMIT",
            "AXES_COOLOFF_TIME",
            "LOG_LEVEL",
            "LANGUAGE_CODE",
            "TIME_ZONE",
            "MELD_BACKUP_KEEP",
            "MELD_BACKUP_MINUTES",
            "PORT",
        ]
    )
    assert got == {
        "DEBUG": "False",
        "ALLOWED_HOSTS": "['*']",
        "HTTPS": "False",
        "MELD_BASE_URL": "",
        "MELD_TOKEN_MISS_LIMIT": "20",
        "MELD_TOKEN_MISS_WINDOW": "600",
        "MELD_TRUST_X_FORWARDED_FOR": "False",
        "AXES_FAILURE_LIMIT": "10",
        "AXES_COOLOFF_TIME": "0:15:00",
        "LOG_LEVEL": "INFO",
        "LANGUAGE_CODE": "de",
        "TIME_ZONE": "Europe/Vienna",
        "MELD_BACKUP_KEEP": "20",
        "MELD_BACKUP_MINUTES": "5.0",
        "PORT": "8000",
    }


def test_a_checkout_keeps_the_clubs_files_beside_manage_py():
    got = read(["DATA_DIR", "DATABASES", "CACHES", "MELD_BACKUP_DIR"])
    assert got["DATA_DIR"] == str(ROOT)
    assert str(ROOT / "db.sqlite3") in got["DATABASES"]
    assert str(ROOT / ".cache") in got["CACHES"]
    assert got["MELD_BACKUP_DIR"] == str(ROOT / "backups")


def test_a_data_folder_holds_the_database_the_cache_and_the_backups(tmp_path):
    got = read(["DATA_DIR", "DATABASES", "CACHES", "MELD_BACKUP_DIR"], MELD_DATA_DIR=str(tmp_path))
    assert got["DATA_DIR"] == str(tmp_path)
    assert str(tmp_path / "db.sqlite3") in got["DATABASES"]
    assert str(tmp_path / ".cache") in got["CACHES"]
    assert got["MELD_BACKUP_DIR"] == str(tmp_path / "backups")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("value", "meaning"),
    [
        ("1", "True"),
        ("yes", "True"),
        ("on", "True"),
        ("TRUE", "True"),
        ("0", "False"),
        ("no", "False"),
        ("off", "False"),
        ("false", "False"),
    ],
)
def test_the_usual_words_for_on_and_off_are_understood(value, meaning):
    got = read(["HTTPS", "SESSION_COOKIE_SECURE"], HTTPS=value)
    assert got["HTTPS"] == meaning
    assert got["SESSION_COOKIE_SECURE"] == meaning


def test_a_server_name_turns_https_on_unless_debug_or_said_otherwise():
    assert read(["HTTPS"], ALLOWED_HOSTS="meld.example.org")["HTTPS"] == "True"
    assert read(["HTTPS"], ALLOWED_HOSTS="meld.example.org", DEBUG="1")["HTTPS"] == "False"
    assert read(["HTTPS"], ALLOWED_HOSTS="meld.example.org", HTTPS="0")["HTTPS"] == "False"


def test_lists_and_numbers_are_read_as_the_table_says():
    got = read(
        ["ALLOWED_HOSTS", "MELD_TOKEN_MISS_LIMIT", "MELD_TOKEN_MISS_WINDOW", "DATABASES"],
        ALLOWED_HOSTS=" meld.example.org, ,club.example.org ",
        MELD_TOKEN_MISS_LIMIT="5",
        MELD_TOKEN_MISS_WINDOW="90",
        DATABASE_URL="postgres://meld@127.0.0.1:5432/meld",
    )
    assert got["ALLOWED_HOSTS"] == "['meld.example.org', 'club.example.org']"
    assert got["MELD_TOKEN_MISS_LIMIT"] == "5"
    assert got["MELD_TOKEN_MISS_WINDOW"] == "90"
    assert "'ENGINE': 'django.db.backends.postgresql'" in got["DATABASES"]
    assert "'CONN_MAX_AGE': 600" in got["DATABASES"]


def test_the_meld_command_says_what_is_wrong_without_a_traceback(tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in TABLE}
    env.update(HTTPS="ture", MELD_DATA_DIR=str(tmp_path / "club"))
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "-m", "meld", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert done.stderr.startswith("meld: Meld cannot start; check these variables:")
    assert "  HTTPS='ture': Not a valid boolean." in done.stderr
    assert "Traceback" not in done.stderr
