"""Meld's own settings (LOGGING included) with the URLs of ``raising_urls``, for a real server."""

from meld.settings import *  # noqa: F403

ROOT_URLCONF = "tests.security.raising_urls"
