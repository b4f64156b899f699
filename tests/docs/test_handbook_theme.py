"""The handbook's theme reads well: every text on its colours has a contrast of 4.5:1 or more
(white on the header, the links on white), its search dialog has a name and its wide tables
can be scrolled from the keyboard (axe: "color-contrast", "aria-dialog-name",
"scrollable-region-focusable"). The browser test ``tests/browser/test_accessibility_walk.py``
scans the built pages; these checks need no build."""

import importlib.util
import re

import yaml

from tests.docs.handbook_text import ROOT

DOCS = ROOT / "docs"
STYLESHEET = DOCS / "pages" / "stylesheets" / "meld.css"


def luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def variables() -> dict[str, str]:
    text = STYLESHEET.read_text(encoding="utf-8")
    return dict(re.findall(r"(--md-[\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", text))


def test_the_handbook_uses_its_own_colours():
    config = yaml.load((DOCS / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    assert config["theme"]["palette"] == {"primary": "custom", "accent": "custom"}
    assert "stylesheets/meld.css" in config["extra_css"]
    # A table wider than a phone scrolls in a wrapper the keyboard can reach.
    assert "javascripts/meld.js" in config["extra_javascript"]
    script = (DOCS / "pages" / "javascripts" / "meld.js").read_text(encoding="utf-8")
    assert ".md-typeset__scrollwrap" in script and '"tabindex", "0"' in script


def test_white_on_the_header_and_the_links_on_white_read_at_4_5_to_1():
    colours = variables()
    for name in ("--md-primary-fg-color", "--md-primary-fg-color--dark", "--md-typeset-a-color"):
        assert contrast(colours[name], "#ffffff") >= 4.5, name
    assert contrast(colours["--md-accent-fg-color"], "#ffffff") >= 4.5


def test_the_search_dialog_is_named_by_its_search_field():
    spec = importlib.util.spec_from_file_location("handbook_hooks", DOCS / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    page = (
        '<div class="md-search" data-md-component="search" role="dialog">'
        '<input type="text" class="md-search__input" name="query" aria-label="Suche">'
    )
    named = hooks.name_the_search_dialog(page)
    assert (
        '<div class="md-search" data-md-component="search" role="dialog" aria-label="Suche">'
        in named
    )
    assert hooks.name_the_search_dialog(named) == named
