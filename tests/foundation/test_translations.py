"""The German catalogue is complete: every message has a translation, none fuzzy."""

from pathlib import Path

import pytest

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "de" / "LC_MESSAGES" / "django.po"


def entries(text: str):
    """(flags, msgid, msgstr) for each entry of a .po file."""
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line.strip()]
        flags = " ".join(line for line in lines if line.startswith("#,"))
        if any(line.startswith("#~") for line in lines):
            continue
        msgid, msgstr, current = [], [], None
        for line in lines:
            if line.startswith("msgid "):
                current = msgid
                line = line[6:]
            elif line.startswith("msgid_plural "):
                current = None
                continue
            elif line.startswith("msgstr"):
                current = msgstr
                line = line.split(" ", 1)[1]
            elif not line.startswith('"'):
                continue
            if current is not None:
                current.append(line.strip().strip('"'))
        yield flags, "".join(msgid), "".join(msgstr)


def test_the_german_catalogue_exists():
    assert CATALOGUE.exists(), "run `make messages` and translate locale/de/LC_MESSAGES/django.po"


def test_every_german_message_is_translated_and_none_is_fuzzy():
    untranslated, fuzzy = [], []
    for flags, msgid, msgstr in entries(CATALOGUE.read_text(encoding="utf-8")):
        if not msgid:
            continue
        if "fuzzy" in flags:
            fuzzy.append(msgid)
        elif not msgstr:
            untranslated.append(msgid)
    assert not untranslated, f"{len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.django_db
def test_pages_speak_german_and_english(client):
    german = client.get("/", HTTP_ACCEPT_LANGUAGE="de")
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Als Turnierleitung anmelden" in german.content.decode()
    assert "Log in as director" in english.content.decode()
