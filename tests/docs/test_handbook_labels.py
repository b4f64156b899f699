"""The handbook names Meld's pages, buttons and fields exactly as Meld shows them, in each language.

The handbook quotes Meld by a convention (``tests/docs/handbook_text.py``): **bold** for a label,
*“…”* (German *„…“*) for a sentence. Each one must be a string of Meld's: in English a msgid of
the catalogue (the templates' and the Python code's words) or a template's own text, in German a
msgstr of the catalogue; the administration's words (``/admin/``) come from Django's own
catalogue. A ``%(number)s`` or a template's ``{{ … }}`` in Meld's string stands for a number, a
name or the handbook's "…". A label is the whole string; a quoted sentence is the whole string
or whole sentences of it.
"""

import ast
import html
import re
from functools import cache
from pathlib import Path

import django
import pytest
from django.utils.text import capfirst

from tests.docs.handbook_text import LANGUAGES, PAGES, ROOT, labels_in, sentences_in

CATALOGUE = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
DJANGO = Path(django.__file__).parent
# The administration (creating a club and its directors) speaks Django's own words.
DJANGO_CATALOGUES = [
    DJANGO / "contrib" / "admin" / "locale" / "de" / "LC_MESSAGES" / "django.po",
    DJANGO / "contrib" / "auth" / "locale" / "de" / "LC_MESSAGES" / "django.po",
]

ANY = "\x00"  # stands for a placeholder of Meld's string
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sd]|\{\{.*?\}\}|\{\w*\}")
TAG = re.compile(r"<[^>]*>")
# What a placeholder stands for: a number, a name or "…" (up to three of them, as in
# "2 Karin Leitner"), or one word ("club" in "Add club"); a word starts a word.
_TOKEN = r"(?:\d[\d.,]*|…|(?<![^\W\d_])[A-ZÄÖÜ][\w.'-]*)"
VALUE = rf"(?:{_TOKEN}(?: {_TOKEN}){{0,2}}|(?<![^\W\d_])[^\W\d_][\w'-]*)"
# In a quoted sentence, with more of Meld's words around it, a placeholder may stand for a few
# words of any kind ("the draw" in "Ties broken by: the draw.").
SENTENCE_VALUE = r"(?<![^\W\d_])\S+(?: \S+){0,3}?"
# What Meld shows that is no string of its catalogue or templates, the same in both languages:
# the "?" of the help link, the language switch, the paper sizes, the sides' letters.
SHOWN_AS_IS = frozenset({"?", "DE", "EN", "A4", "US Letter", "A", "B"})
SENTENCE_END = re.compile(r"(?<=[.!?:])\s+")


def plain(text: str) -> str:
    """A string as a page shows it: no tags, entities read, spaces collapsed, placeholders marked."""
    text = PLACEHOLDER.sub(ANY, text.replace("%%", "%"))
    text = html.unescape(TAG.sub(" ", text))
    return " ".join(text.split())


def po_entries(path: Path):
    """(msgids, msgstrs) of each entry of a .po file: a plural's forms are each a string."""
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        ids: list[list[str]] = []
        strs: list[list[str]] = []
        current: list[str] | None = None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgid", "msgid_plural"):
                current = []
                ids.append(current)
            elif keyword.startswith("msgstr"):
                current = []
                strs.append(current)
            else:
                rest = line
            if current is not None and rest.startswith('"'):
                current.append(ast.literal_eval(rest))
        yield ["".join(part) for part in ids], ["".join(part) for part in strs]


def template_texts() -> set[str]:
    """Each stretch of text a template writes itself, between its tags."""
    found = set()
    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        text = re.sub(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", " ", text, flags=re.S)
        text = re.sub(r"\{\{.*?\}\}", "{{}}", text)
        for piece in re.split(r"\{%.*?%\}|<[^>]*>", text, flags=re.S):
            if piece := plain(piece):
                found.add(piece)
    return found


@cache
def meld_strings(language: str) -> frozenset[str]:
    """Every string Meld shows in ``language``. Meld's catalogue comes after Django's: where
    both translate a msgid (the administration's "Save"), Meld's translation is the one shown."""
    shown: dict[str, list[str]] = {}
    for path in [*DJANGO_CATALOGUES, CATALOGUE]:
        for ids, strs in po_entries(path):
            if ids and ids[0]:
                shown[ids[0]] = ids if language == "en" else strs
    strings = set(template_texts())
    strings |= {text for texts in shown.values() for raw in texts if (text := plain(raw))}
    strings = {text for text in strings if worded(text)}
    return frozenset(strings | {capfirst(text) for text in strings})


def worded(text: str) -> bool:
    """A string with a word of its own: one that is only placeholders would match anything."""
    return any(character.isalpha() for character in text.replace(ANY, ""))


def pattern(text: str, value: str = VALUE) -> re.Pattern:
    return re.compile(value.join(re.escape(part) for part in text.split(ANY)))


@cache
def patterns(language: str) -> tuple[re.Pattern, ...]:
    return tuple(pattern(text) for text in meld_strings(language))


@cache
def sentence_patterns(language: str) -> tuple[re.Pattern, ...]:
    """Each run of whole sentences of each of Meld's strings."""
    runs = set()
    for text in meld_strings(language):
        sentences = SENTENCE_END.split(text)
        for start in range(len(sentences)):
            for end in range(start + 1, len(sentences) + 1):
                runs.add(" ".join(sentences[start:end]))
    return tuple(pattern(text, SENTENCE_VALUE) for text in runs)


def quoted(language: str) -> list[tuple[str, str, str]]:
    """(page, kind, text) of every label and quoted sentence of a language's pages."""
    found = []
    for page in sorted((PAGES / language).glob("*.md")):
        text = page.read_text(encoding="utf-8")
        found += [(page.name, "label", label) for label in labels_in(text)]
        found += [(page.name, "sentence", quote) for quote in sentences_in(text, language)]
    return found


def shown_by_meld(language: str, kind: str, text: str) -> bool:
    if text in SHOWN_AS_IS or text in meld_strings(language):
        return True
    candidates = patterns(language) if kind == "label" else sentence_patterns(language)
    return any(candidate.fullmatch(text) for candidate in candidates)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_and_sentence_of_the_handbook_is_meld_s_own(language):
    missing = [
        f"{page}: {kind} “{text}”"
        for page, kind, text in quoted(language)
        if not shown_by_meld(language, kind, text)
    ]
    assert not missing, f"{len(missing)} not as Meld shows them:\n" + "\n".join(missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_handbook_quotes_labels_and_sentences_in_every_language(language):
    kinds = {kind for _, kind, _ in quoted(language)}
    assert kinds == {"label", "sentence"}


def test_a_german_quote_in_english_quotation_marks_is_caught():
    assert sentences_in("Meld sagt *„Die Zeit ist um.“* dann", "de") == ["Die Zeit ist um."]
    assert sentences_in("Meld sagt *“Die Zeit ist um.”* dann", "de") == []


def test_a_label_that_meld_does_not_show_is_caught():
    assert shown_by_meld("en", "label", "Start round 3")
    assert not shown_by_meld("en", "label", "Start the round 3 now")
    assert shown_by_meld("de", "label", "Speichern")
    assert not shown_by_meld("de", "label", "Save")
    # Django's administration says "Sichern", but Meld's catalogue translates "Save" for it.
    assert not shown_by_meld("de", "label", "Sichern")
