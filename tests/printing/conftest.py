"""Helpers for the printing tests: read a PDF back as text, render a page to an image."""

import io
import subprocess
from pathlib import Path

import pytest
from django.utils.formats import number_format
from django.utils.translation import override
from pypdf import PdfReader

from tests.conftest import program
from tests.factories import make_event, seat_round


def pages(pdf: bytes) -> list[str]:
    """The text of every page (pypdf's extraction)."""
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def shown(value: int, language: str) -> str:
    """A score as the PDF writes it in ``language`` (German ``5.000``, English ``5,000``)."""
    with override(language):
        return number_format(value, use_l10n=True, force_grouping=True)


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [
        (float(p.mediabox.width), float(p.mediabox.height))
        for p in PdfReader(io.BytesIO(pdf)).pages
    ]


def render_png(pdf: bytes, folder: Path, page: int = 1, dpi: int = 150) -> Path:
    """Page ``page`` as a PNG made by poppler's pdftoppm."""
    pdftoppm = program("pdftoppm", "apt-get install poppler-utils (`make browser` as root)")
    source = folder / "document.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        [
            pdftoppm,
            "-r",
            str(dpi),
            "-png",
            "-f",
            str(page),
            "-l",
            str(page),
            str(source),
            str(folder / "page"),
        ],
        check=True,
    )
    return sorted(folder.glob("page-*.png"))[0]


NAMES = [
    "Jürgen Größ",
    "Anna Ährenfeld",
    "Bert Birke",
    "Carla Öztürk",
    "Dora Weiß",
    "Emil Übel",
    "Frida Fink",
    "Gustav Graf",
]


@pytest.fixture
def named_event(director):
    """Eight players with drawn numbers and names with umlauts and ß."""
    event = make_event(director, players=8, name="Herbstturnier", language="en")
    for player, name in zip(event.players.order_by("number"), NAMES, strict=True):
        player.name = name
        player.save(update_fields=["name"])
    return event


@pytest.fixture
def event(director):
    """The printing tests' event: winner moves up, round 1 seated at two tables."""
    event = make_event(director, players=8, fmt="moveup", name="Herbst Turnier", language="en")
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    return event
