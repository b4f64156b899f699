"""The director's handbook: where it lies once built, and the section that explains each page.

``make docs`` builds it (MkDocs, ``docs/``) into ``settings.MELD_HELP_DIR``; ``views/help.py``
serves it at ``/help/<language>/…``. Every director page shows a "?" that opens its own
section: ``SECTIONS`` is the one list of them, by URL name (the set-up wizard's steps by URL
name and step). ``tests/docs/test_help_links.py`` walks every director page and checks that its
"?" lands on a heading that exists in the built handbook, in German and English.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.urls import reverse

LANGUAGES = ("de", "en")
# mkdocs-static-i18n builds its default language at the root of the site, the others in a
# folder each: /help/en/… is read from the root, /help/de/… from de/.
ROOT_LANGUAGE = "en"


@dataclass(frozen=True)
class Section:
    page: str  # the handbook page, e.g. "rounds" for pages/<language>/rounds.md
    anchor: str  # the heading's id, the same in every language ({#anchor} in the page)


SECTIONS: dict[str, Section] = {
    "tournaments-director-events": Section("setup", "your-events"),
    "tournaments-director-event-new": Section("setup", "new-event"),
    "tournaments-director-event": Section("setup", "event-page"),
    "tournaments-director-setup/event": Section("setup", "event"),
    "tournaments-director-setup/rules": Section("setup", "rules"),
    "tournaments-director-setup/round": Section("setup", "round"),
    "tournaments-director-setup/format": Section("setup", "format"),
    "tournaments-director-setup/scoring": Section("setup", "scoring"),
    "tournaments-director-players": Section("players", "add-players"),
    "tournaments-director-player-edit": Section("players", "edit-player"),
    "tournaments-director-teams": Section("players", "teams"),
    "tournaments-director-draw": Section("players", "draw"),
    "tournaments-director-numbers": Section("players", "type-numbers"),
    "tournaments-director-player-substitute": Section("problems", "substitutes"),
    "tournaments-director-rounds": Section("rounds", "rounds-page"),
    "tournaments-director-seating": Section("rounds", "seating"),
    "tournaments-director-board": Section("rounds", "table-board"),
    "tournaments-director-game": Section("problems", "corrections"),
    "tournaments-director-audit": Section("problems", "audit-trail"),
    "tournaments-director-standings": Section("finishing", "standings"),
    "tournaments-director-player": Section("finishing", "tally"),
    "tournaments-director-print": Section("printing", "print-page"),
    "tournaments-director-table-links": Section("printing", "table-links"),
    "tournaments-director-members": Section("club", "members"),
    "tournaments-director-member": Section("club", "member-page"),
    "tournaments-director-member-edit": Section("club", "edit-member"),
    "tournaments-director-member-merge": Section("club", "edit-member"),
    "tournaments-director-ratings": Section("ratings", "reading"),
    "tournaments-director-series": Section("series", "series"),
    "tournaments-director-series-new": Section("series", "new-series"),
    "tournaments-director-series-edit": Section("series", "new-series"),
    "tournaments-director-series-standings": Section("series", "series-standings"),
    "tournaments-director-player-links": Section("privacy", "own-links"),
    "tournaments-director-mails": Section("privacy", "results-mail"),
    "tournaments-director-member-data": Section("privacy", "member-data"),
    "tournaments-director-member-erase": Section("privacy", "erase"),
}


def section_for(url_name: str | None, kwargs: dict[str, Any]) -> Section | None:
    """The section of the page ``url_name`` (with the URL's ``kwargs``), or None."""
    if not url_name:
        return None
    if "step" in kwargs:
        return SECTIONS.get(f"{url_name}/{kwargs['step']}")
    return SECTIONS.get(url_name)


def language_of(code: str | None) -> str:
    return code if code in LANGUAGES else ROOT_LANGUAGE


def section_url(section: Section, language: str | None) -> str:
    page = reverse("tournaments-public-help-page", args=[language_of(language), f"{section.page}/"])
    return f"{page}#{section.anchor}"


def root() -> Path:
    return Path(settings.MELD_HELP_DIR)


def is_built() -> bool:
    return all(page_file(language, "") is not None for language in LANGUAGES)


def _inside(language: str, path: str) -> Path | None:
    """``path`` of the language's part of the handbook, if it stays inside the handbook."""
    base = root().resolve()
    folder = base if language == ROOT_LANGUAGE else base / language
    try:
        target = (folder / path).resolve()
    except (OSError, ValueError):
        return None
    return target if target.is_relative_to(base) else None


def page_file(language: str, path: str) -> Path | None:
    """The built file for ``/help/<language>/<path>`` (a folder means its index.html), or None.

    Only files inside the handbook's folder are ever answered, whatever ``path`` holds.
    """
    target = _inside(language, path)
    if target is not None and target.is_dir():
        target = target / "index.html"
    return target if target is not None and target.is_file() else None


def is_page_folder(language: str, path: str) -> bool:
    """Whether ``path`` names a page's folder (its address must end in a slash)."""
    target = _inside(language, path)
    return target is not None and (target / "index.html").is_file()
