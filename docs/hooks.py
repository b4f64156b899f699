"""MkDocs hooks for the handbook, which Meld serves under its own Content-Security-Policy.

- Inline scripts of the theme move into files of their own (``assets/inline/<hash>.js``):
  Meld allows no inline script. A script keeps its place, so the order they run in is kept.
- A page with a ``style`` attribute or anything loaded from another site fails the build:
  the handbook must work offline and under the same policy as every other page.
- The search dialog is named by its own search field's words (*Search*, *Suche*): the theme
  leaves the ``role="dialog"`` without a name (axe: "aria-dialog-name").
- Screenshots (``shots/*.png``) are taken by ``tests/browser/test_handbook_shots.py``. Where one
  is missing, the page says so in its place; with ``CI=true`` a missing one fails the build.
"""

import hashlib
import logging
import os
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

log = logging.getLogger("mkdocs.hooks.meld")

INLINE_SCRIPT = re.compile(r"<script>(?P<body>.*?)</script>", re.S)
STYLE_ATTRIBUTE = re.compile(r"<[^>]*\sstyle=", re.I)
FOREIGN = re.compile(
    r"<(?:script|img|iframe|source|video|audio)\b[^>]*\ssrc=\"(?:https?:)?//"
    r"|<link\b[^>]*\shref=\"(?:https?:)?//",
    re.I,
)
SEARCH_DIALOG = re.compile(r'<div class="md-search" (?P<attrs>[^>]*)role="dialog"(?P<rest>[^>]*)>')
SEARCH_FIELD_NAME = re.compile(
    r'<input[^>]*class="md-search__input"[^>]*aria-label="(?P<name>[^"]+)"'
)
SHOT = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<path>shots/[\w.-]+\.png)\)(?P<attrs>\{[^}]*\})?")
MISSING = {
    "en": "*(Picture “{alt}” not taken on this computer: `make docs` takes it where Chromium is installed.)*",
    "de": "*(Bild „{alt}“ wurde auf diesem Computer nicht aufgenommen: `make docs` nimmt es auf, wo Chromium installiert ist.)*",
}


def on_page_markdown(markdown, page, config, files):
    source = Path(page.file.abs_src_path).parent
    language = page.file.src_uri.split("/", 1)[0]

    def picture(match: re.Match) -> str:
        if (source / match["path"]).is_file():
            return match[0]
        if os.environ.get("CI") == "true":
            raise PluginError(
                f"{page.file.src_uri}: screenshot {match['path']} is missing "
                "(tests/browser/test_handbook_shots.py takes it)"
            )
        log.info("%s: screenshot %s not taken yet", page.file.src_uri, match["path"])
        return MISSING.get(language, MISSING["en"]).format(alt=match["alt"])

    return SHOT.sub(picture, markdown)


def on_post_page(output, page, config):
    folder = Path(config["site_dir"]) / "assets" / "inline"

    def external(match: re.Match) -> str:
        body = match["body"]
        name = hashlib.sha256(body.encode()).hexdigest()[:16] + ".js"
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / name
        if not target.exists():
            target.write_text(body, encoding="utf-8")
        return f'<script src="{get_relative_url(f"assets/inline/{name}", page.url)}"></script>'

    output = INLINE_SCRIPT.sub(external, output)
    output = name_the_search_dialog(output)
    if STYLE_ATTRIBUTE.search(output):
        raise PluginError(f"{page.file.src_uri}: a style attribute (Meld's policy forbids it)")
    if found := FOREIGN.search(output):
        raise PluginError(f"{page.file.src_uri}: loads from another site: {found[0][:120]}")
    return output


def name_the_search_dialog(output: str) -> str:
    """The theme's search dialog gets the name its search field has, in the page's language."""
    field = SEARCH_FIELD_NAME.search(output)
    if field is None:
        return output

    def named(match: re.Match) -> str:
        if "aria-label=" in match[0]:
            return match[0]
        return (
            f'<div class="md-search" {match["attrs"]}role="dialog" '
            f'aria-label="{field["name"]}"{match["rest"]}>'
        )

    return SEARCH_DIALOG.sub(named, output)


def on_post_template(output_content, template_name, config):
    """The 404 page, drawn from a template rather than a page, names its search dialog too."""
    if template_name.endswith(".html"):
        return name_the_search_dialog(output_content)
    return output_content
