"""The handbook's pages as the tests read them: the labels and sentences it quotes, its sections
and the numbered steps in them.

The handbook's convention (CONTRIBUTING.md, "A new director page"): **bold** is a label Meld
shows (a page, heading, tab, button, link, field, choice, column or status word), exactly as
Meld shows it in that language, and a sentence Meld shows is quoted in italics, *“…”* in
English and *„…“* in German. Nothing else is written that way: another program's words
(Windows, macOS, the terminal) are plain italics. In a label or sentence, "…" stands for what
changes (a number, a name).
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "pages"
LANGUAGES = ("de", "en")

INLINE_CODE = re.compile(r"`[^`\n]*`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
BOLD = re.compile(r"\*\*(?P<text>[^*]+?)\*\*")
QUOTED = {
    "en": re.compile(r"(?<![*\w])\*“(?P<text>[^*]+?)”\*(?![*\w])"),
    "de": re.compile(r"(?<![*\w])\*„(?P<text>[^*]+?)“\*(?![*\w])"),
}
HEADING = re.compile(r"^(?P<level>#+) .*?\{#(?P<anchor>[\w-]+)\}\s*$", re.M)
STEP = re.compile(r"^(?P<number>\d+)\. ", re.M)


def page_text(language: str, page: str) -> str:
    return (PAGES / language / f"{page}.md").read_text(encoding="utf-8")


def prose(text: str) -> str:
    """Text without code: a command's ``*`` is no markup."""
    return INLINE_CODE.sub(" ", FENCE.sub(" ", text))


def labels_in(text: str) -> list[str]:
    return [" ".join(match["text"].split()) for match in BOLD.finditer(prose(text))]


def sentences_in(text: str, language: str) -> list[str]:
    return [" ".join(match["text"].split()) for match in QUOTED[language].finditer(prose(text))]


def section(language: str, page: str, anchor: str) -> str:
    """The text under the heading ``{#anchor}`` of a page, up to the next heading as high."""
    text = page_text(language, page)
    headings = list(HEADING.finditer(text))
    for index, heading in enumerate(headings):
        if heading["anchor"] != anchor:
            continue
        level = len(heading["level"])
        end = next(
            (later.start() for later in headings[index + 1 :] if len(later["level"]) <= level),
            len(text),
        )
        return text[heading.end() : end]
    raise LookupError(f"{language}/{page}.md has no section {{#{anchor}}}")


def steps(language: str, page: str, anchor: str) -> dict[int, str]:
    """The numbered steps of a section (``1. …`` at the start of a line), by number."""
    text = section(language, page, anchor)
    starts = list(STEP.finditer(text))
    return {
        int(start["number"]): text[
            start.end() : (starts[i + 1].start() if i + 1 < len(starts) else len(text))
        ]
        for i, start in enumerate(starts)
    }


def step_labels(language: str, page: str, anchor: str, number: int) -> list[str]:
    """The labels a numbered step names, in the order it names them."""
    return labels_in(steps(language, page, anchor)[number])


def section_labels(language: str, page: str, anchor: str) -> list[str]:
    return labels_in(section(language, page, anchor))
