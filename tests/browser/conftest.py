"""Playwright for the browser tests only.

pytest-playwright starts Playwright once per session; its sync API keeps an event
loop running in the test thread for as long as Playwright lives, and Django
refuses ORM calls while a loop runs. Here Playwright lives only while this
package's tests run, and DJANGO_ALLOW_ASYNC_UNSAFE is set for exactly that
time: every other test keeps Django's check.
"""

import os
import zlib

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.helpers import LOCALES, sign_in
from tests.conftest import CHROMIUM, PHONE


@pytest.fixture(scope="package")
def playwright():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as running:
            yield running


@pytest.fixture(scope="package")
def browser_type(playwright, browser_name):
    return getattr(playwright, browser_name)


@pytest.fixture(scope="package")
def launch_browser(browser_type_launch_args, browser_type):
    def launch(**kwargs):
        return browser_type.launch(**{**browser_type_launch_args, **kwargs})

    return launch


@pytest.fixture(scope="package")
def browser(launch_browser):
    running = launch_browser()
    yield running
    running.close()


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


@pytest.fixture(scope="package")
def browser_context_args():
    return {"viewport": PHONE, "locale": "en-GB"}


@pytest.fixture(autouse=True)
def no_content_security_policy_violation(request, monkeypatch):
    """Every browser test also proves the pages need nothing the Content-Security-Policy forbids.

    Chromium reports each blocked inline script, inline style or eval on the console;
    every context a test opens (the ``page`` fixture's and its own) is listened to.
    """
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


@pytest.fixture(params=["de", "en"])
def language(request):
    """The tests that take it can run in German and in English; `make test` runs each in one
    of the two (see ``pytest_collection_modifyitems``), `make test-languages` in both."""
    return request.param


def one_language(name: str) -> str:
    """The language a browser flow is walked in by `make test`: half the flows in German, half
    in English, fixed by the test's name so that a failure comes back on the next run. Every
    page's words are checked in both languages by the Django tests and the catalogue's check;
    walking each flow twice doubled the browser tests' time and pushed the suite past its
    15 minutes."""
    return ("de", "en")[zlib.crc32(name.encode()) % 2]


def pytest_collection_modifyitems(config, items):
    if os.environ.get("MELD_BOTH_LANGUAGES"):
        return
    kept, dropped = [], []
    for item in items:
        spec = getattr(item, "callspec", None)
        language = spec.params.get("language") if spec else None
        if language is None or language == one_language(item.originalname):
            kept.append(item)
        else:
            dropped.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture
def german(browser, live_server, director):
    """A phone in German, the director signed in with the language switch on German."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["de"])
    sign_in(context, live_server, director, "de")
    page = context.new_page()
    yield page
    context.close()
