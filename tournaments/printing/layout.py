"""Drawing helpers shared by every document: paper, text that fits, cut marks, numbers."""

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.utils.formats import date_format, number_format
from reportlab.lib import pagesizes, units
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from tournaments.printing.data import EventInfo
from tournaments.printing.fonts import fonts

# reportlab ships no types: its sizes in points, typed here for every document.
mm: float = units.mm
A4: tuple[float, float] = pagesizes.A4
PAPER: dict[str, tuple[float, float]] = {"A4": A4, "letter": pagesizes.LETTER}
GREY = (0.45, 0.45, 0.45)
LIGHT = (0.8, 0.8, 0.8)
SHADE = (0.92, 0.92, 0.92)
STRIPE = (0.965, 0.965, 0.965)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+")


def page_size(paper: str) -> tuple[float, float]:
    return PAPER.get(paper, A4)


T = TypeVar("T")
Column = tuple[str, float, str]  # a table's column: its label, width and alignment
Cell = tuple[str, bool, bool]  # a table's cell: its text, bold, grey


def string_width(value: str, font: str, size: float) -> float:
    """How wide ``value`` prints in ``font`` at ``size`` points."""
    width: float = pdfmetrics.stringWidth(value, font, size)
    return width


def clean(text: object) -> str:
    """One line of plain text: control and direction characters become spaces.

    Canvas text is never parsed as markup, so ``<b>`` in a name prints as typed.
    """
    return " ".join(_CONTROL.sub(" ", str(text or "")).split())


def number(value: float | None) -> str:
    """A score as the event's language writes it (German ``5.000``, English ``5,000``)."""
    if value is None:
        return ""
    return number_format(value, use_l10n=True, force_grouping=True)


def fit(
    text: str, font: str, size: float, width: float, min_size: float | None = None
) -> tuple[str, float]:
    """Shrink ``text`` down to ``min_size`` to fit ``width``; then cut it with an ellipsis."""
    text = clean(text)
    if width <= 0:
        return "", size
    full = string_width(text, font, size)  # widths scale with the size: measure once
    if full <= width:
        return text, size
    floor = min_size if min_size is not None else size
    scaled = max(floor, size * width / full * 0.995)
    if full * scaled / size <= width:
        return text, scaled
    low, high = 0, len(text)  # the longest start that fits with "…" after it
    while low < high:
        middle = (low + high + 1) // 2
        if string_width(text[:middle].rstrip() + "…", font, scaled) <= width:
            low = middle
        else:
            high = middle - 1
    return (text[:low].rstrip() + "…") if low else "", scaled


def text(
    c: Canvas,
    x: float,
    y: float,
    value: object,
    *,
    size: float = 10,
    bold: bool = False,
    width: float | None = None,
    align: str = "left",
    min_size: float | None = None,
    font: str | None = None,
    color: tuple[float, float, float] | None = None,
) -> float:
    """Draw one line; ``x`` is its left, centre or right per ``align``. Returns the size used."""
    font = font or (fonts().bold if bold else fonts().regular)
    if width is None:
        line = clean(value)
    else:
        line, size = fit(
            str(value), font, size, width, min_size if min_size is not None else size * 0.6
        )
    if not line:
        return size
    if color:
        c.setFillColorRGB(*color)
    c.setFont(font, size)
    if align == "center":
        c.drawCentredString(x, y, line)
    elif align == "right":
        c.drawRightString(x, y, line)
    else:
        c.drawString(x, y, line)
    if color:
        c.setFillColorRGB(0, 0, 0)
    return size


def sheet_size(event: EventInfo, landscape: bool = False) -> tuple[float, float]:
    """The width and height of the event's paper, turned with ``landscape``."""
    width, height = page_size(event.paper)
    return (height, width) if landscape else (width, height)


def new_canvas(event: EventInfo, title: str, landscape: bool = False) -> tuple[Canvas, io.BytesIO]:
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=sheet_size(event, landscape), pageCompression=1)
    c.setTitle(clean(f"{title} – {event.name}"))
    c.setAuthor(clean(event.club) or "Meld")
    c.setCreator("Meld")
    c.setSubject(clean(event.name))
    return c, buffer


def finish(c: Canvas, buffer: io.BytesIO) -> bytes:
    c.save()
    return buffer.getvalue()


@dataclass(frozen=True)
class Box:
    x: float
    y: float  # bottom
    w: float
    h: float

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    def inset(self, by: float) -> "Box":
        return Box(self.x + by, self.y + by, self.w - 2 * by, self.h - 2 * by)


def quarters(page: tuple[float, float]) -> list[Box]:
    """The four cells of a page cut in four (A4 → four A6), reading order."""
    w, h = page[0] / 2, page[1] / 2
    return [Box(0, h, w, h), Box(w, h, w, h), Box(0, 0, w, h), Box(w, 0, w, h)]


def cut_marks(c: Canvas, page: tuple[float, float]) -> None:
    """Short marks on the page edges and a cross in the middle where the page is cut."""
    w, h = page
    mark = 6 * mm
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(*GREY)
    for x in (w / 2,):
        c.line(x, 0, x, mark)
        c.line(x, h - mark, x, h)
    for y in (h / 2,):
        c.line(0, y, mark, y)
        c.line(w - mark, y, w, y)
    c.line(w / 2 - mark / 2, h / 2, w / 2 + mark / 2, h / 2)
    c.line(w / 2, h / 2 - mark / 2, w / 2, h / 2 + mark / 2)
    c.restoreState()


def in_pages(items: Sequence[T], per_page: int) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), per_page):
        yield items[start : start + per_page]


def footer(c: Canvas, page: tuple[float, float], left: str, right: str, margin: float) -> None:
    width = page[0] - 2 * margin
    text(c, margin, margin * 0.55, left, size=7.5, width=width * 0.68, color=GREY)
    text(
        c,
        page[0] - margin,
        margin * 0.55,
        right,
        size=7.5,
        align="right",
        width=width * 0.3,
        color=GREY,
    )


def event_line(event: EventInfo) -> str:
    """``Club · Event · 22. November 2026`` in the event's language (call inside ``override``):
    the one date format of pages and printouts, unambiguous in either language."""
    parts = [event.club, event.name, date_format(event.date, "DATE_FORMAT")]
    return " · ".join(clean(p) for p in parts if clean(p))


def box_line(c: Canvas, x1: float, y1: float, x2: float, y2: float, width: float = 0.6) -> None:
    c.setLineWidth(width)
    c.line(x1, y1, x2, y2)


def header_row(
    c: Canvas,
    x: float,
    y: float,
    columns: Sequence[tuple[str, float]],
    row_h: float,
    size: float,
    *,
    scale: float = 0.8,
    drop: float = 0.3,
) -> None:
    """A shaded row of column labels below ``y``; ``columns`` is (label, width) pairs."""
    width = sum(w for _, w in columns)
    c.setFillColorRGB(*SHADE)
    c.rect(x, y - row_h, width, row_h, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    for label, w in columns:
        text(
            c,
            x + w / 2,
            y - row_h / 2 - size * drop,
            label.upper(),
            size=size * scale,
            bold=True,
            align="center",
            width=w - 1.5 * mm,
            min_size=4,
        )
        x += w


def table_row(
    c: Canvas,
    x: float,
    y: float,
    row_h: float,
    columns: Sequence[Column],
    cells: Sequence[Cell],
    *,
    size: float,
    background: tuple[float, float, float] | None = None,
) -> None:
    """One row of a standings-style table below ``y``: ``columns`` are (label, width, align),
    ``cells`` (text, bold, grey); ``background`` SHADE for the heading, STRIPE every other row."""
    if background:
        c.setFillColorRGB(*background)
        c.rect(x, y - row_h, sum(w for _l, w, _a in columns), row_h, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
    base = y - row_h / 2 - size * 0.35
    for (_label, w, align), (value, bold, grey) in zip(columns, cells, strict=True):
        color = GREY if grey else None
        if align == "right":
            text(
                c,
                x + w - 1.5 * mm,
                base,
                value,
                size=size,
                bold=bold,
                align="right",
                width=w - 2 * mm,
                min_size=5,
                color=color,
            )
        else:
            text(c, x + 1.5 * mm, base, value, size=size, bold=bold, width=w - 3 * mm, min_size=6)
        x += w
