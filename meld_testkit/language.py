"""One language on each page: phrases of the other language found in a page's text.

``foreign_phrases(html, language)`` reads the German catalogue
(``locale/de/LC_MESSAGES/django.po``) and returns every phrase of three words or more that
belongs to the other language and stands in the page's visible text: on a German page an
English msgid whose German translation differs, on an English page a German msgstr whose
English original differs. Placeholders (``%(name)s``, ``%d``) and tags split a message into
its literal parts; each part of three words or more is looked for on its own, as whole
words. Visible text is what a reader can see or hear: the text between tags (not scripts or
styles) and the ``title``, ``alt``, ``placeholder`` and ``aria-label`` attributes.
"""

import functools
import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parent.parent / "locale" / "de" / "LC_MESSAGES" / "django.po"
LANGUAGES = ("de", "en")
MIN_WORDS = 3
SHOWN_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label")
HIDDEN_ELEMENTS = ("script", "style", "template")
# A placeholder of gettext (%(name)s, %s, %d, %%) or a tag splits a message into parts.
SPLIT = re.compile(r"%\([^)]*\)[sdif]|%[sdif%]|<[^>]*>|\{[^}]*\}")
WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Message:
    """One translated entry of the catalogue: its English texts and their German ones."""

    english: tuple[str, ...]  # msgid (and msgid_plural)
    german: tuple[str, ...]  # msgstr (or msgstr[0], msgstr[1], ...)


def _unquote(line: str) -> str:
    text: str = json.loads(line.strip())
    return text


def read_catalogue(path: Path = CATALOGUE) -> list[Message]:
    """The translated, current entries of a ``.po`` file (no fuzzy, obsolete or header)."""
    messages: list[Message] = []
    fields: dict[str, str] = {}
    last = ""
    fuzzy = False

    def close() -> None:
        english = tuple(fields[key] for key in ("msgid", "msgid_plural") if fields.get(key))
        german = tuple(
            value for key, value in sorted(fields.items()) if key.startswith("msgstr") and value
        )
        if english and german and not fuzzy:
            messages.append(Message(english, german))

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            continue
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
            continue
        if not line or line.startswith("#"):
            if fields and not line:
                close()
                fields, last, fuzzy = {}, "", False
            continue
        if line.startswith('"'):
            fields[last] = fields.get(last, "") + _unquote(line)
            continue
        key, _space, value = line.partition(" ")
        if key in ("msgctxt", "msgid") and "msgid" in fields:  # a new entry, no blank line
            close()
            fields, fuzzy = {}, False
        last = key
        fields[key] = _unquote(value)
    if fields:
        close()
    return messages


def _parts(text: str) -> list[str]:
    """The literal parts of a message of ``MIN_WORDS`` words or more, spaces joined."""
    parts = []
    for part in SPLIT.split(text):
        part = " ".join(part.split()).strip(" .,:;·–-()\"'“”„")
        if len(WORD.findall(part)) >= MIN_WORDS:
            parts.append(part)
    return parts


@functools.cache
def _phrases(language: str, path: Path = CATALOGUE) -> tuple[str, ...]:
    """The phrases that give away the other language on a page in ``language``."""
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}, not {language!r}")
    found: set[str] = set()
    for message in read_catalogue(path):
        own, other = (
            (message.german, message.english)
            if language == "de"
            else (message.english, message.german)
        )
        own_text = " ".join(" ".join(text.split()) for text in own)
        for text in other:
            for part in _parts(text):
                if part not in own_text:  # a name or a word both languages write alike
                    found.add(part)
    return tuple(sorted(found, key=len, reverse=True))


@functools.cache
def _by_first_word(language: str) -> dict[str, tuple[str, ...]]:
    """The phrases by their first word: a page can only hold those whose first word it has
    (a page's check then looks for a few phrases, not every one of the catalogue)."""
    index: dict[str, list[str]] = {}
    for phrase in _phrases(language):
        first = WORD.search(phrase)
        if first is not None:
            index.setdefault(first.group(0), []).append(phrase)
    return {word: tuple(phrases) for word, phrases in index.items()}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN_ELEMENTS:
            self._hidden += 1
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value:
                self.chunks.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN_ELEMENTS and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.chunks.append(data)


def visible_text(html: str) -> str:
    """The words of a page a reader sees or hears, each chunk on a line of its own."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "\n".join(" ".join(chunk.split()) for chunk in parser.chunks if chunk.strip())


def foreign_phrases(html: str, language: str) -> list[str]:
    """The phrases of the other language (three words or more, from the catalogue) in the
    visible text of ``html``, a page meant to be in ``language`` ("de" or "en"); empty when
    the page keeps to its language. Each phrase once, in the order of the page."""
    text = visible_text(html)
    found: dict[str, int] = {}
    index = _by_first_word(language)
    words = set(WORD.findall(text))
    candidates = [phrase for word in words for phrase in index.get(word, ())]
    for phrase in candidates:
        for match in re.finditer(re.escape(phrase), text):
            start, end = match.span()
            before = text[start - 1] if start else " "
            after = text[end] if end < len(text) else " "
            if not before.isalnum() and not after.isalnum():
                found.setdefault(phrase, start)
                break
    return sorted(found, key=found.__getitem__)
