"""Every page carries a Content-Security-Policy that allows no inline script, style or eval.

The browser tests prove the pages work under it (tests/conftest.py fails any of
them on a policy violation); here: the header, and templates that need nothing
the policy forbids.
"""

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
EXPECTED = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
    "base-uri": "'self'",
}
# An inline <script> (one without src), a <style> element, a style="" attribute,
# an on…="" handler or htmx's hx-on (evaluated as code).
FORBIDDEN = {
    "inline script": re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.I),
    "style element": re.compile(r"<style[\s>]", re.I),
    "style attribute": re.compile(r"\sstyle\s*=", re.I),
    "event handler attribute": re.compile(r"\son[a-z]+\s*=", re.I),
    "hx-on attribute": re.compile(r"\s(hx|data-hx)-on[:\-]", re.I),
}


def policy(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    parts = [part.strip().split(None, 1) for part in header.split(";") if part.strip()]
    return {name: value for name, value in parts}


@pytest.mark.django_db
def test_every_kind_of_page_carries_the_policy(client, director):
    event = make_event(director, public=True)
    table = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))]).games.first().table
    for url in (
        reverse("home"),
        reverse("login"),
        reverse("tournaments-table", args=[table.token]),
        reverse("tournaments-public", args=[event.public_token]),
        "/t/no-such-table-link/",
    ):
        assert policy(client.get(url)) == EXPECTED, url


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: str(path.relative_to(TEMPLATES))
)
def test_no_template_needs_inline_script_or_style(template):
    text = template.read_text()
    found = [name for name, pattern in FORBIDDEN.items() if pattern.search(text)]
    assert not found, found


def test_htmx_is_told_to_add_no_inline_style():
    base = (TEMPLATES / "base.html").read_text()
    [config] = re.findall(r"""<meta name="htmx-config" content='([^']*)'>""", base)
    config = json.loads(config)
    assert config["includeIndicatorStyles"] is False
    assert "style" not in config["attributesToSettle"]
