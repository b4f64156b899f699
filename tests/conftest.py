"""Shared fixtures: the personas of docs/design.md, English pages, the tools some tests need."""

import atexit
import importlib
import os
import shutil
import tempfile
from pathlib import Path
from types import ModuleType
from typing import NoReturn

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from meld import restoring
from tests.factories import make_event, make_tables
from tournaments.services.pages.table_game import table_scope

# Meld's cache is shared by every worker of a machine (a directory, or Redis): the
# tests keep theirs in their own process, so neither xdist workers nor a Meld
# running on the same machine see each other's guess counters.
settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# On SQLite the tests' database is a file, as Meld's own is, not Django's shared in-memory
# one: there a browser test's live server, answering several screens that poll every two
# seconds, found tables "locked" (shared-cache locks do not wait); a file in WAL mode lets
# readers go on while one writes, and a writer waits its turn. Each xdist worker gets its own
# (pytest-django adds the worker's suffix). A round closed in a test copies that file as Meld
# does: into a folder of this process's own, never the club's.
_DEFAULT_DB = settings.DATABASES["default"]
if _DEFAULT_DB["ENGINE"] == "django.db.backends.sqlite3" and not _DEFAULT_DB.get("TEST", {}).get(
    "NAME"
):
    _DEFAULT_DB.setdefault("TEST", {})["NAME"] = os.path.join(
        tempfile.gettempdir(), f"meld-tests-{os.getpid()}.sqlite3"
    )
settings.MELD_BACKUP_DIR = Path(tempfile.mkdtemp(prefix="meld-test-backups-"))
atexit.register(shutil.rmtree, settings.MELD_BACKUP_DIR, True)

# Speed is measured by the benchmarks, never by a test: an example that takes long on a
# busy machine is not a failure.
hypothesis_settings.register_profile("meld", deadline=None)
hypothesis_settings.load_profile("meld")

CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
)
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
PASSWORD = "s3cret-Pass!"
ON_CI = os.environ.get("CI") == "true"
SKIPPED: list[str] = []


# --- tools outside Python's packages -------------------------------------------------


def tool_missing(tool: str, install: str) -> NoReturn:
    """The one place that decides what a missing tool means.

    With CI=true (CI, `.ci/run`) the test fails: a green run must have run every
    test. Elsewhere it is skipped and says what to install.
    """
    message = f"{tool} is missing: {install}"
    if ON_CI:
        pytest.fail(f"{message} (CI=true: no test may skip)", pytrace=False)
    pytest.skip(message)


def program(name: str, install: str) -> str:
    """The path of the program ``name``, or the test stops through ``tool_missing``."""
    return shutil.which(name) or tool_missing(name, install)


def module(name: str, install: str) -> ModuleType:
    """The third-party module ``name``, or the test stops through ``tool_missing``."""
    try:
        return importlib.import_module(name)
    except ImportError:
        tool_missing(f"the Python module {name}", install)


def pytest_runtest_setup(item):
    if "browser" in item.keywords and not CHROMIUM:
        tool_missing("Debian's chromium", "`make browser` as root installs it")


def pytest_runtest_logreport(report):
    if report.skipped:
        SKIPPED.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    """With CI=true a skip from anywhere else (a plugin, a new ``pytest.skip``) fails the run too."""
    if ON_CI and SKIPPED and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter):
    if ON_CI and SKIPPED:
        terminalreporter.write_line(
            f"CI=true: {len(SKIPPED)} test(s) skipped, e.g. {SKIPPED[0]}: the run fails.", red=True
        )


# --- browser tests ---------------------------------------------------------------------


@pytest.fixture
def artifacts_dir():
    """Where browser tests leave screenshots to be looked at (git-ignored)."""
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "test-artifacts")
    os.makedirs(path, exist_ok=True)
    return path


# --- every test ------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """MD5 instead of PBKDF2: a log-in in a test needs no protection, and costs 0.3 s less."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_cache():
    """Rate-limit counters live in the cache; no test inherits another's misses, nor the
    table scopes a process keeps beside it."""
    cache.clear()
    table_scope.cache_clear()
    yield


@pytest.fixture
def english(settings):
    """For tests that read English words: the site's default language is German.

    Modules ask for it with ``pytest.mark.usefixtures("english")`` in ``pytestmark``.
    """
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


# --- the personas and their event ------------------------------------------------------


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("director", password=PASSWORD)


@pytest.fixture
def other_director(django_user_model):
    return django_user_model.objects.create_user("other", password=PASSWORD)


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def event(director):
    """The director's Canasta event in set-up: no players yet."""
    return make_event(director, players=0)


@pytest.fixture
def gin_event(director):
    """A public Swiss Gin event of 8 players with 4 tables, numbers drawn, no round yet."""
    event = make_event(
        director, card_game="gin", players=8, fmt="swiss", draw_seed="board", public=True
    )
    make_tables(event, 4)
    return event


# --- a club's database as Meld writes it -------------------------------------------------


@pytest.fixture(scope="session")
def migrated_file(tmp_path_factory) -> Path:
    """An empty database of this Meld's migrations, made once in a process of its own (as
    ``restore`` makes its own to compare a backup with); tests copy it."""
    path = tmp_path_factory.mktemp("migrated") / "db.sqlite3"
    restoring.migrate_files(path)
    return path
