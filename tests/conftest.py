"""Shared fixtures: the personas of DESIGN.md and the browser set-up for Playwright."""

import os
import shutil

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls the
# tests make around it are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
)
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def pytest_collection_modifyitems(config, items):
    if CHROMIUM:
        return
    skip = pytest.mark.skip(
        reason="Debian's chromium is not installed (make test installs it as root)"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "locale": "en-GB"}


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("director", password="s3cret-Pass!")


@pytest.fixture
def other_director(django_user_model):
    return django_user_model.objects.create_user("other", password="s3cret-Pass!")


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def artifacts_dir():
    """Where browser tests leave screenshots to be looked at (git-ignored)."""
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "test-artifacts")
    os.makedirs(path, exist_ok=True)
    return path


@pytest.fixture(autouse=True)
def fresh_cache():
    """Rate-limit counters live in the cache; no test inherits another's misses."""
    from django.core.cache import cache

    cache.clear()
    yield
