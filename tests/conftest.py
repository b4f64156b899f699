"""Shared fixtures: the personas of DESIGN.md and the browser set-up for Playwright."""

import os
import shutil

import pytest
from django.conf import settings

# Playwright's sync API runs an event loop in the test thread; the ORM calls the
# tests make around it are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Meld's cache is shared by every worker of a machine (a directory, or Redis): the
# tests keep theirs in their own process, so neither xdist workers nor a Meld
# running on the same machine see each other's guess counters.
settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

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


@pytest.fixture(autouse=True)
def no_content_security_policy_violation(request, monkeypatch):
    """Every browser test also proves the pages need nothing the Content-Security-Policy forbids.

    Chromium reports each blocked inline script, inline style or eval on the console;
    every context a test opens (the ``page`` fixture's and its own) is listened to.
    """
    if request.node.get_closest_marker("browser") is None or CHROMIUM is None:
        yield
        return
    browser = request.getfixturevalue("browser")
    violations: list[str] = []
    open_context = browser.new_context

    def listen(message) -> None:
        if "Content Security Policy" in message.text:
            where = message.location
            violations.append(
                f"{where.get('url')}:{where.get('lineNumber')}:{where.get('columnNumber')}: "
                f"{message.text}"
            )

    def new_context(*args, **kwargs):
        context = open_context(*args, **kwargs)
        context.on("console", listen)
        return context

    monkeypatch.setattr(browser, "new_context", new_context)
    yield
    assert not violations, "\n".join(violations)


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
