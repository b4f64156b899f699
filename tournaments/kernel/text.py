"""Every text a request or an import carries is made plain here, one way.

A browser never types a control character, but a request can carry any: a NUL
makes PostgreSQL refuse the whole statement (a 500), the other C0 characters make
an XLSX export fail, and a lone surrogate (possible in JSON, ``"\\ud800"``) cannot
be written to either database. ``plain_text`` drops them all; a tab and a line
break stay, since a pasted list and a reason have lines. Forms get it through
``tournaments.kernel.forms.BoundedCharField``, the services that take a reason straight
from a request through ``services.scores.audit.checked_reason``.
"""

import unicodedata

# What a line of text may hold besides printable characters.
KEPT_CONTROLS = frozenset("\t\n\r")


def _dropped(ch: str) -> bool:
    if ch in KEPT_CONTROLS:
        return False
    return unicodedata.category(ch) in ("Cc", "Cs")


def plain_text(text: str) -> str:
    """``text`` without control characters (tabs and line breaks stay) or lone surrogates."""
    if text.isprintable():
        return text
    return "".join(ch for ch in text if not _dropped(ch))


def clean_text(raw: str) -> str:
    """A name or a line as one line: control and format characters dropped, white space
    collapsed to single spaces."""
    kept = (
        " " if ch.isspace() else ch
        for ch in raw
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf")
    )
    return " ".join("".join(kept).split())
