"""A new server process gets ready before its first request.

Django compiles a template, reads a language's catalogue and builds the URL
resolver the first time one is needed. Without this, the first phones to open
their table after the server starts (or a worker is replaced) wait for all of it:
the slowest page loads of an evening came from fresh workers.
"""

from pathlib import Path
from typing import cast

from django.conf import settings
from django.template.loader import get_template
from django.urls import reverse
from django.utils import translation


def templates() -> list[str]:
    """Every template of the project's own folders, by the name pages load it with."""
    names: list[str] = []
    for folder in cast(list[Path], settings.TEMPLATES[0]["DIRS"]):
        root = Path(folder)
        names += [str(path.relative_to(root)) for path in sorted(root.rglob("*.html"))]
    return names


def warm_up() -> int:
    """Compile the templates, read each language's catalogue, build the URL resolver.
    Returns how many templates were compiled."""
    names = templates()
    for name in names:
        get_template(name)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Table")
    reverse("tournaments-table", args=["warm"])
    return len(names)
