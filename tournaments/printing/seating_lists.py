"""Seating lists for the wall: one round, sorted by name and by table, in large type.

For everyone in the room: every player under their public name (``printing.DOCUMENTS``
gives the loader ``names``), sorted by it.
"""

import unicodedata
from collections.abc import Callable
from functools import partial

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.pdfgen.canvas import Canvas

from tournaments.models import Event
from tournaments.printing import loaders
from tournaments.printing.data import RoundSeating, SeatInfo, SeatingData, TableSeating
from tournaments.printing.layout import (
    GREY,
    SHADE,
    Box,
    event_line,
    finish,
    footer,
    mm,
    new_canvas,
    page_size,
    text,
)
from tournaments.services.club.public_names import Namer

Page = Callable[[Canvas, float], None]  # draws one page's list from the top given
NameEntry = tuple[str, int | None, str, str]  # name, number, table, seat

SIDES = "ABC"


def load(
    event: Event, round_number: int | None = None, blank: bool = False, *, names: Namer
) -> SeatingData:
    seating = loaders.seating(event, round_number, names)
    if seating is None or not seating.tables:
        raise loaders.PrintError(
            _("There is no seating to print yet: start a round or draw the numbers first.")
        )
    return SeatingData(event=loaders.event_info(event), seating=seating)


def name_key(name: str) -> str:
    """Sort names as a German phone book does: Ä with A, ß with ss, case ignored."""
    plain = unicodedata.normalize("NFKD", name.replace("ß", "ss"))
    return "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold()


def build(data: SeatingData) -> bytes:
    with override(data.event.language):
        c, buffer = new_canvas(data.event, _("Seating"))
        page = page_size(data.event.paper)
        box = Box(0, 0, *page).inset(14 * mm)
        pages = _by_name_pages(data.seating, box) + _by_table_pages(data.seating, box)
        total = len(pages)
        for index, draw in enumerate(pages, start=1):
            top = _title(c, data, box)
            draw(c, top)
            footer(
                c,
                page,
                event_line(data.event),
                _("Page %(page)s of %(pages)s") % {"page": index, "pages": total},
                14 * mm,
            )
            c.showPage()
        return finish(c, buffer)


def _title(c: Canvas, data: SeatingData, box: Box) -> float:
    title = _("Round %(number)s: seating") % {"number": data.seating.round}
    text(c, box.x, box.top - 10 * mm, title, size=24, bold=True, width=box.w)
    return box.top - 16 * mm


ROW_H = 9 * mm
SIZE = 15


def _by_name_pages(seating: RoundSeating, box: Box) -> list[Page]:
    entries = [
        (seat.name, seat.number, str(table.table), str(seat.position))
        for table in seating.tables
        for seat in table.seats
    ]
    entries += [(seat.name, seat.number, "–", _("sits out")) for seat in seating.sitting_out]
    entries.sort(key=lambda e: (name_key(e[0]), e[1] or 0))
    per_column = int((box.h - 28 * mm) / ROW_H) - 1
    columns = 1 if len(entries) <= per_column else 2
    per_page = per_column * columns
    pages: list[Page] = []
    for start in range(0, len(entries), per_page):
        chunk = entries[start : start + per_page]
        pages.append(partial(_name_columns, box, chunk, per_column, columns))
    return pages


def _name_columns(
    box: Box, chunk: list[NameEntry], per_column: int, columns: int, c: Canvas, top: float
) -> None:
    text(c, box.x, top - 6 * mm, _("By name"), size=13, bold=True, color=GREY)
    top -= 9 * mm
    gap = 6 * mm
    width = (box.w - gap * (columns - 1)) / columns
    widths = (
        [width * 0.58, width * 0.12, width * 0.15, width * 0.15]
        if columns > 1
        else [width * 0.64, width * 0.12, width * 0.12, width * 0.12]
    )
    labels = [_("Name"), _("No."), _("Table"), _("Seat")]
    for column in range(columns):
        rows = chunk[column * per_column : (column + 1) * per_column]
        if not rows:
            break
        x = box.x + column * (width + gap)
        _head(c, x, top, widths, labels)
        y = top - ROW_H
        for index, (name, number, table, seat) in enumerate(rows):
            if index % 2:
                c.setFillColorRGB(*SHADE)
                c.rect(x, y - ROW_H, width, ROW_H, stroke=0, fill=1)
                c.setFillColorRGB(0, 0, 0)
            base = y - ROW_H / 2 - SIZE * 0.35
            text(c, x + 1.5 * mm, base, name, size=SIZE, width=widths[0] - 2 * mm, min_size=8)
            cx = x + widths[0]
            values = ["" if number is None else str(number), table, seat]
            for i, value in enumerate(values):
                w = widths[i + 1]
                text(
                    c,
                    cx + w / 2,
                    base,
                    value,
                    size=SIZE,
                    bold=i == 1,
                    align="center",
                    width=w - 1 * mm,
                    min_size=7,
                )
                cx += w
            y -= ROW_H


def _head(c: Canvas, x: float, top: float, widths: list[float], labels: list[str]) -> None:
    c.setLineWidth(1)
    c.line(x, top - ROW_H, x + sum(widths), top - ROW_H)
    cx = x
    for index, (label, w) in enumerate(zip(labels, widths, strict=True)):
        if index == 0:
            text(
                c,
                cx + 1.5 * mm,
                top - ROW_H / 2 - 3.5,
                label.upper(),
                size=10,
                bold=True,
                width=w - 2 * mm,
            )
        else:
            text(
                c,
                cx + w / 2,
                top - ROW_H / 2 - 3.5,
                label.upper(),
                size=10,
                bold=True,
                align="center",
                width=w - 1 * mm,
                min_size=6,
            )
        cx += w


def _by_table_pages(seating: RoundSeating, box: Box) -> list[Page]:
    """Blocks of tables, three across, as many rows of blocks as fit a page."""
    seats = max((len(t.seats) for t in seating.tables), default=4)
    block_h = (seats + 1) * 9 * mm + 6 * mm
    across = 2 if box.w < 250 * mm else 3
    down = max(1, int((box.h - 40 * mm) // block_h))
    per_page = across * down
    blocks = list(seating.tables)
    pages: list[Page] = []
    for start in range(0, len(blocks), per_page):
        chunk = blocks[start : start + per_page]
        last = start + per_page >= len(blocks)
        out = seating.sitting_out if last else ()
        pages.append(partial(_table_blocks, box, chunk, out, across, block_h))
    return pages


def _table_blocks(
    box: Box,
    chunk: list[TableSeating],
    out: tuple[SeatInfo, ...],
    across: int,
    block_h: float,
    c: Canvas,
    top: float,
) -> None:
    text(c, box.x, top - 6 * mm, _("By table"), size=13, bold=True, color=GREY)
    top -= 9 * mm
    gap = 5 * mm
    width = (box.w - gap * (across - 1)) / across
    line_h = 9 * mm
    for index, table in enumerate(chunk):
        x = box.x + (index % across) * (width + gap)
        y = top - (index // across) * block_h
        c.setFillColorRGB(*SHADE)
        c.rect(x, y - line_h, width, line_h, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        text(
            c,
            x + 2 * mm,
            y - line_h / 2 - 4.5,
            _("Table %(number)s") % {"number": table.table},
            size=14,
            bold=True,
            width=width - 4 * mm,
        )
        y -= line_h
        for seat in sorted(table.seats, key=lambda s: s.position):
            base = y - line_h / 2 - 4
            text(
                c,
                x + 2 * mm,
                base,
                _("Seat %(number)s") % {"number": seat.position},
                size=9,
                color=GREY,
                width=16 * mm,
            )
            text(
                c,
                x + 27 * mm,
                base,
                "" if seat.number is None else str(seat.number),
                size=14,
                bold=True,
                align="right",
            )
            text(c, x + 30 * mm, base, seat.name, size=14, width=width - 40 * mm, min_size=7)
            side = SIDES[seat.side] if seat.side < len(SIDES) else str(seat.side + 1)
            text(c, x + width - 2 * mm, base, side, size=10, align="right", color=GREY)
            y -= line_h
        c.setLineWidth(0.8)
        c.rect(x, y, width, top - (index // across) * block_h - y)
    if out:
        rows = -(-len(chunk) // across)
        y = top - rows * block_h - 4 * mm
        names = ", ".join(f"{s.number} {s.name}" if s.number is not None else s.name for s in out)
        text(
            c,
            box.x,
            y,
            _("Sitting out: %(names)s") % {"names": names},
            size=13,
            bold=True,
            width=box.w,
            min_size=7,
        )
