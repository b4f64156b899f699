"""Guide cards: an A6 card per player saying where they sit in every round.

A progressive schedule fixes every round in advance, so the whole evening is on
the card; in other formats the rounds seated so far are printed and the others
left to fill in.
"""

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.pdfgen.canvas import Canvas

from tournaments.models import Event
from tournaments.printing import loaders
from tournaments.printing.data import GuideCard, GuideRow, GuidesData, RoundSeating
from tournaments.printing.layout import (
    GREY,
    Box,
    cut_marks,
    event_line,
    finish,
    header_row,
    mm,
    new_canvas,
    page_size,
    quarters,
    text,
)
from tournaments.services.setup.player_changes import next_round


def load(event: Event, round_number: int | None = None, blank: bool = False) -> GuidesData:
    players = loaders.entrants(event)
    schedule = loaders.schedule_rounds(event, len(players))
    rounds = loaders.planned_round_count(event, schedule)
    if blank:
        seatings = (
            {
                n: loaders.seating_from_schedule(schedule[n - 1], n, {})
                for n in range(1, len(schedule) + 1)
            }
            if schedule
            else {}
        )
    else:
        seatings = loaders.all_seatings(event, players, schedule, rounds)
    places = where_everyone_sits(seatings)
    if blank or (schedule is not None and not any(p.number for p in players)):
        people = [(n, "") for n in range(1, len(players) + 1)]
    else:
        # Each number under who holds it from now on: a substitute from the round they play.
        people = list(loaders.holder_names(event, next_round(event)).items())
    cards = tuple(
        GuideCard(
            number=player_number,
            name=name,
            rows=tuple(
                places.get((n, player_number), GuideRow(round=n)) for n in range(1, rounds + 1)
            ),
        )
        for player_number, name in people
    )
    return GuidesData(event=loaders.event_info(event), cards=cards)


def where_everyone_sits(
    seatings: dict[int, RoundSeating],
) -> dict[tuple[int, int | None], GuideRow]:
    places: dict[tuple[int, int | None], GuideRow] = {}
    for number, seating in seatings.items():
        for table in seating.tables:
            for seat in table.seats:
                places[(number, seat.number)] = GuideRow(
                    round=number, table=table.table, seat=seat.position
                )
        for seat in seating.sitting_out:
            places[(number, seat.number)] = GuideRow(round=number, sits_out=True)
    return places


def build(data: GuidesData) -> bytes:
    with override(data.event.language):
        c, buffer = new_canvas(data.event, _("Guide cards"))
        page = page_size(data.event.paper)
        cells = quarters(page)
        for start in range(0, len(data.cards), 4):
            for cell, card in zip(cells, data.cards[start : start + 4], strict=False):
                draw_card(c, data, card, cell.inset(6 * mm))
            cut_marks(c, page)
            c.showPage()
        return finish(c, buffer)


def draw_card(c: Canvas, data: GuidesData, card: GuideCard, box: Box) -> None:
    top = box.top
    _card_head(c, data, card, box)
    rows = list(card.rows)
    area_top = top - 27 * mm
    blocks = 1 if len(rows) <= 14 else 2
    per_block = -(-len(rows) // blocks) if rows else 0
    row_h = min(9.5 * mm, (area_top - box.y - 7 * mm) / per_block) if per_block else 9.5 * mm
    head_h = min(row_h, 7 * mm)
    size = max(6.0, min(12.0, row_h / mm * 1.45))
    block_w = (box.w - (blocks - 1) * 4 * mm) / blocks
    for block in range(blocks):
        x = box.x + block * (block_w + 4 * mm)
        chunk = rows[block * per_block : (block + 1) * per_block]
        _round_block(c, x, area_top, block_w, chunk, row_h, head_h, size)


def _card_head(c: Canvas, data: GuidesData, card: GuideCard, box: Box) -> None:
    """The event, the player's number in large print and their name."""
    top = box.top
    text(c, box.x, top - 3 * mm, event_line(data.event), size=7, width=box.w, color=GREY)
    text(c, box.x, top - 9 * mm, _("Player number").upper(), size=8, bold=True)
    text(
        c,
        box.x,
        top - 22 * mm,
        "" if card.number is None else str(card.number),
        size=34,
        bold=True,
        width=30 * mm,
    )
    text(
        c,
        box.x + 32 * mm,
        top - 14 * mm,
        _("Your seat, round by round"),
        size=9,
        bold=True,
        width=box.w - 32 * mm,
    )
    text(c, box.x + 32 * mm, top - 21 * mm, card.name, size=12, width=box.w - 32 * mm, min_size=6)


def _round_block(
    c: Canvas,
    x: float,
    area_top: float,
    block_w: float,
    chunk: list[GuideRow],
    row_h: float,
    head_h: float,
    size: float,
) -> None:
    """A framed column of rounds under its Round / Table / Seat header."""
    widths = [block_w * 0.3, block_w * 0.35, block_w * 0.35]
    labels = [_("Round"), _("Table"), _("Seat")]
    header_row(
        c,
        x,
        area_top,
        list(zip(labels, widths, strict=True)),
        head_h,
        size,
        scale=0.7,
        drop=0.25,
    )
    y = area_top - head_h
    c.setLineWidth(0.3)
    for divider in (widths[0], widths[0] + widths[1]):
        c.line(x + divider, area_top, x + divider, y)
    for row in chunk:
        _round_row(c, x, y, widths, row, row_h, size)
        c.line(x, y - row_h, x + block_w, y - row_h)
        y -= row_h
    c.setLineWidth(0.8)
    c.rect(x, y, block_w, area_top - y)


def _round_row(
    c: Canvas, x: float, y: float, widths: list[float], row: GuideRow, row_h: float, size: float
) -> None:
    """One round: its number, then the table and seat, or "sits out" across both."""
    base = y - row_h / 2 - size * 0.35
    text(c, x + widths[0] / 2, base, str(row.round), size=size, align="center")
    c.setLineWidth(0.3)
    c.line(x + widths[0], y, x + widths[0], y - row_h)
    if row.sits_out:
        span = widths[1] + widths[2]
        text(
            c,
            x + widths[0] + span / 2,
            base,
            _("sits out"),
            size=size,
            align="center",
            width=span - 2 * mm,
            min_size=5,
            color=GREY,
        )
        return
    c.line(x + widths[0] + widths[1], y, x + widths[0] + widths[1], y - row_h)
    cells = (
        "" if row.table is None else str(row.table),
        "" if row.seat is None else str(row.seat),
    )
    cx = x + widths[0]
    for value, w in zip(cells, widths[1:], strict=True):
        text(
            c,
            cx + w / 2,
            base,
            value,
            size=size,
            bold=True,
            align="center",
            width=w - 2 * mm,
            min_size=5,
        )
        cx += w
