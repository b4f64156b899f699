"""Steps the browser tests share: log in, take a screenshot, check the page's width."""

import os
from urllib.parse import urlsplit

from django.conf import settings
from django.test import Client
from playwright.sync_api import BrowserContext, Page, expect

from tests.conftest import LAPTOP, PASSWORD, PHONE

# The browser's language for each of Meld's: a phone asks for its pages in it.
LOCALES = {"de": "de-DE", "en": "en-GB"}


def log_in(page: Page, live_server, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Your events")).to_be_visible()


def shoot(page: Page, artifacts_dir: str, name: str, *, laptop: bool = False) -> None:
    """A full-page screenshot ``<name>.png`` (``<name>-laptop.png`` at laptop width)."""
    if laptop:
        page.set_viewport_size(LAPTOP)
    page.screenshot(
        path=os.path.join(artifacts_dir, f"{name}{'-laptop' if laptop else ''}.png"),
        full_page=True,
    )
    if laptop:
        page.set_viewport_size(PHONE)


def no_horizontal_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def sign_in(context: BrowserContext, live_server, user, language: str | None = None) -> None:
    """Sign ``user`` in without the log-in form (whose words depend on the language), and
    with ``language`` pick the page language as the language switch does."""
    client = Client()
    client.force_login(user)
    host = urlsplit(live_server.url).hostname
    cookies = [("sessionid", client.cookies["sessionid"].value)]
    if language:
        cookies.append((settings.LANGUAGE_COOKIE_NAME, language))
    context.add_cookies([{"name": n, "value": v, "domain": host, "path": "/"} for n, v in cookies])


def take_seat(page: Page, url: str, seat_pk: int, player_number: int) -> None:
    """Open a table's page at ``url`` and take the seat, as a player does with the QR code.
    Returns once the page has loaded: the seat's name shows while the page is still being
    read, before htmx binds the preview and the poll, and a tap then would fire neither."""
    page.goto(url)
    page.locator(f'button[name=seat][value="{seat_pk}"]').click()
    expect(page.locator(".iam")).to_contain_text(f"Player {player_number}")
    page.wait_for_load_state("load")
