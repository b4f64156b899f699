"""Table cards: one page per table, standing on it for the whole event.

The table number huge, the QR code of the table's link (players scan it to
enter their scores), the short code to type in without a camera, and the
seating of the current round. While no round is open (before round 1, between
rounds) the next round's: as its schedule plans it when one does (progressive,
once the numbers are drawn), else a line saying it is set when the round starts.
"""

from functools import lru_cache

import segno
from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.pdfgen.canvas import Canvas

from tournaments.kernel.network import base_url
from tournaments.models import Event, Round
from tournaments.printing import loaders
from tournaments.printing.data import (
    RoundSeating,
    SeatInfo,
    TableCard,
    TableCardsData,
    TableSeating,
)
from tournaments.printing.fonts import fonts
from tournaments.printing.layout import (
    GREY,
    SHADE,
    clean,
    event_line,
    finish,
    mm,
    new_canvas,
    page_size,
    text,
)


def load(event: Event, round_number: int | None = None, blank: bool = False) -> TableCardsData:
    tables = loaders.tables(event)
    if not tables:
        raise loaders.PrintError(
            _("This event has no tables yet: they are set up with the first round.")
        )
    waiting = None
    if round_number is None and not blank:
        round_number = (
            Round.objects.filter(event=event, status=Round.Status.OPEN)
            .values_list("number", flat=True)
            .first()
        )
        if round_number is None:
            # Before round 1 or between rounds: the next round, as planned when it is known.
            waiting = round_number = loaders.waiting_round(event)
    seating = None if blank or round_number is None else _seating(event, round_number)
    by_table = {t.table: t for t in seating.tables} if seating else {}
    cards = tuple(
        TableCard(
            table=table.number,
            link=loaders.table_link(table.token),
            code=table.code,
            seating=by_table.get(table.number),
        )
        for table in tables
    )
    return TableCardsData(
        event=loaders.event_info(event),
        base_url=base_url(),
        round=round_number if seating else None,
        cards=cards,
        planned=waiting is not None and seating is not None,
        follows=waiting if seating is None else None,
    )


def _seating(event: Event, number: int) -> RoundSeating | None:
    """Round ``number``'s seating: stored, or the schedule's; None while nobody knows it (a
    round paired when it starts, or a size the schedule has no plan for)."""
    try:
        return loaders.seating(event, number)
    except loaders.PrintError:
        return None


@lru_cache(maxsize=512)
def qr_runs(link: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The QR code as runs of dark modules: (size, ((row, first column, length), ...))."""
    matrix = segno.make_qr(link, error="m").matrix
    runs = []
    for r, row in enumerate(matrix):
        start = None
        for col, dark in enumerate([*row, 0]):
            if dark and start is None:
                start = col
            elif not dark and start is not None:
                runs.append((r, start, col - start))
                start = None
    return len(matrix), tuple(runs)


def draw_qr(c: Canvas, link: str, x: float, y: float, size: float) -> None:
    """A vector QR code with its quiet zone inside the ``size`` square at (x, y)."""
    count, runs = qr_runs(link)
    module = size / (count + 8)
    left, top = x + 4 * module, y + size - 4 * module
    path = c.beginPath()
    for row, col, length in runs:
        # A hair of overlap so that no seam shows between rows when rasterised.
        path.rect(
            left + col * module, top - (row + 1) * module - 0.05, length * module, module + 0.1
        )
    c.setFillColorRGB(0, 0, 0)
    c.drawPath(path, stroke=0, fill=1)


def grouped(code: str) -> str:
    """``ABCDEFGH`` as ``ABCD EFGH``: easier to read out and type; spaces are ignored."""
    return " ".join(code[i : i + 4] for i in range(0, len(code), 4))


def build(data: TableCardsData) -> bytes:
    with override(data.event.language):
        c, buffer = new_canvas(data.event, _("Table cards"))
        for card in data.cards:
            draw_card(c, data, card)
            c.showPage()
        return finish(c, buffer)


def draw_card(c: Canvas, data: TableCardsData, card: TableCard) -> None:
    width, height = page_size(data.event.paper)
    margin = 15 * mm
    mid = width / 2
    inner = width - 2 * margin
    y = height - margin
    text(
        c, mid, y - 4 * mm, event_line(data.event), size=11, align="center", width=inner, color=GREY
    )
    text(c, mid, y - 18 * mm, _("Table").upper(), size=30, bold=True, align="center", width=inner)
    text(c, mid, y - 65 * mm, str(card.table), size=150, bold=True, align="center", width=inner)
    qr = 78 * mm
    qr_y = y - 68 * mm - qr
    draw_qr(c, card.link, mid - qr / 2, qr_y, qr)
    y = qr_y - 2 * mm
    text(
        c,
        mid,
        y,
        _("Scan the code with your phone to enter your scores."),
        size=12,
        align="center",
        width=inner,
    )
    y -= 15 * mm
    code = grouped(card.code)
    box_w = 80 * mm
    c.setLineWidth(1.5)
    c.roundRect(mid - box_w / 2, y - 4 * mm, box_w, 14 * mm, 3 * mm)
    text(c, mid, y, code, size=28, font=fonts().mono, align="center", width=box_w - 6 * mm)
    y -= 11 * mm
    host = clean(data.base_url).removeprefix("https://").removeprefix("http://")
    text(
        c,
        mid,
        y,
        _("No camera? Open %(address)s and type the code.") % {"address": host},
        size=11,
        align="center",
        width=inner,
        min_size=7,
    )
    if card.seating and card.seating.seats:
        draw_seating(c, data, card.seating, margin, margin + 4 * mm, inner, y - 10 * mm)
    elif data.follows is not None:
        draw_follows(c, data.follows, margin, inner, y - 10 * mm)


def draw_follows(c: Canvas, number: int, x: float, width: float, top: float) -> None:
    """Where the seating goes, a line that says why it is not there yet."""
    row_h = 10 * mm
    c.setFillColorRGB(*SHADE)
    c.rect(x, top - row_h, width, row_h, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    words = _("Round %(number)s: the seating is set when the round starts.") % {"number": number}
    text(c, x + 2 * mm, top - row_h / 2 - 4, words, size=13, bold=True, width=width - 4 * mm)


def draw_seating(
    c: Canvas,
    data: TableCardsData,
    seating: TableSeating,
    x: float,
    bottom: float,
    width: float,
    top: float,
) -> None:
    seats = sorted(seating.seats, key=lambda s: s.position)
    row_h = min(10 * mm, (top - bottom) / (len(seats) + 1.5))
    if row_h < 5 * mm:
        return
    size = min(15.0, row_h / mm * 1.6)
    c.setFillColorRGB(*SHADE)
    c.rect(x, top - row_h, width, row_h, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    if data.planned:
        title = _("Round %(number)s (not started yet): seating as planned") % {"number": data.round}
    else:
        title = _("Round %(number)s: seating") % {"number": data.round}
    text(
        c,
        x + 2 * mm,
        top - row_h / 2 - size * 0.3,
        title,
        size=size * 0.85,
        bold=True,
        width=width - 4 * mm,
    )
    y = top - row_h
    for seat in seats:
        _seat_row(c, seat, x, y, width, row_h, size)
        c.setLineWidth(0.3)
        c.line(x, y - row_h, x + width, y - row_h)
        y -= row_h


def _seat_row(
    c: Canvas, seat: SeatInfo, x: float, y: float, width: float, row_h: float, size: float
) -> None:
    """A seat: its number, the player's number and name, and the side."""
    sides = "ABC"
    baseline = y - row_h / 2 - size * 0.35
    text(
        c,
        x + 2 * mm,
        baseline,
        _("Seat %(number)s") % {"number": seat.position},
        size=size * 0.8,
        width=28 * mm,
    )
    text(
        c,
        x + 48 * mm,
        baseline,
        "" if seat.number is None else str(seat.number),
        size=size,
        bold=True,
        align="right",
    )
    text(
        c,
        x + 53 * mm,
        baseline,
        seat.name,
        size=size,
        width=width - 53 * mm - 30 * mm,
        min_size=7,
    )
    label = _("Side %(side)s") % {"side": sides[seat.side] if seat.side < 3 else seat.side + 1}
    text(
        c,
        x + width - 2 * mm,
        baseline,
        label,
        size=size * 0.8,
        align="right",
        width=28 * mm,
        color=GREY,
    )
