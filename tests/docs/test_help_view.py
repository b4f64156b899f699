"""The handbook at /help/: each language's pages, the theme's files beside them, nothing outside
the handbook's folder, Meld's own Content-Security-Policy, and a clear page before it is built."""

import re

import pytest
from django.conf import settings

from tests.conftest import tool_missing
from tournaments import handbook

pytestmark = pytest.mark.django_db


@pytest.fixture
def built():
    if not handbook.is_built():
        tool_missing("the built handbook", "`make docs` builds it")


@pytest.mark.parametrize("language", ["de", "en"])
def test_help_opens_the_handbook_in_the_visitors_language(client, built, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get("/help/")
    assert response.status_code == 302 and response["Location"] == f"/help/{language}/"
    page = client.get(f"/help/{language}/")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    title = {"de": "Handbuch für die Turnierleitung", "en": "The director's handbook"}
    assert title[language] in b"".join(page.streaming_content).decode()


@pytest.mark.parametrize(
    ("language", "heading"), [("de", "Die Runden leiten"), ("en", "Running the rounds")]
)
def test_a_page_of_each_language(client, built, language, heading):
    assert client.get(f"/help/{language}/rounds")["Location"] == f"/help/{language}/rounds/"
    page = client.get(f"/help/{language}/rounds/")
    body = b"".join(page.streaming_content).decode()
    assert f">{heading}<" in body
    assert 'id="table-board"' in body


def test_an_english_page_without_its_language_is_sent_there(client, built):
    # The German pages' language switch links to the English page at the handbook's root.
    assert client.get("/help/rounds/")["Location"] == "/help/en/rounds/"


def test_the_english_pages_language_switch_lands_on_the_german_address(client, built):
    # The English pages lie at the handbook's root: their switch links to de/… below them.
    assert client.get("/help/en/de/rounds/")["Location"] == "/help/de/rounds/"


def test_the_theme_and_the_search_index_are_served_beside_the_pages(client, built):
    page = b"".join(client.get("/help/de/rounds/").streaming_content).decode()
    styles = re.findall(r'<link rel="stylesheet" href="\.\./\.\./(assets/[^"]+\.css)"', page)
    assert styles
    for style in styles:
        response = client.get(f"/help/{style}")
        assert response.status_code == 200 and response["Content-Type"] == "text/css"
    index = client.get("/help/search/search_index.json")
    assert index.status_code == 200 and index["Content-Type"] == "application/json"


@pytest.mark.parametrize(
    "path",
    [
        "/help/de/../../meld/settings.py",
        "/help/de/%2e%2e/%2e%2e/meld/settings.py",
        "/help/..%2f..%2fmanage.py",
        "/help/de/nowhere/",
        "/help/assets/nothing.js",
    ],
)
def test_nothing_outside_the_handbook_is_served(client, built, path):
    response = client.get(path)
    assert response.status_code == 404
    if hasattr(response, "streaming_content"):
        assert b"SECRET" not in b"".join(response.streaming_content)


def test_a_path_outside_the_folder_is_never_a_handbook_file(built):
    for path in ("../../manage.py", "../manage.py", "/etc/passwd", "de/../../../README.md"):
        assert handbook.page_file("en", path) is None, path
        assert handbook.page_file("de", path) is None, path


def test_the_handbook_runs_under_melds_policy_without_inline_script(client, built):
    response = client.get("/help/en/phones/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    body = b"".join(response.streaming_content).decode()
    for tag in re.findall(r"<script\b[^>]*>", body):
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert " style=" not in body
    assert not re.search(r'(?:src|href)="(?:https?:)?//', body)


@pytest.mark.parametrize(
    ("language", "words"),
    [("de", "Das Handbuch ist noch nicht gebaut"), ("en", "The handbook is not built yet")],
)
def test_before_it_is_built_every_address_says_how_to_build_it(
    client, settings, tmp_path, language, words
):
    settings.MELD_HELP_DIR = tmp_path / "site"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for path in (f"/help/{language}/", f"/help/{language}/rounds/", "/help/assets/x.css"):
        response = client.get(path)
        assert response.status_code == 503
        assert words in response.content.decode()
        assert "make docs" in response.content.decode()
