"""Drawing the score sheets: the header with sides and names, the Canasta grid
(points, running total and minimum meld per side) and the Gin grid with its
bottom lines (boxes, game and shutout bonus, total)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, override
from reportlab.pdfgen.canvas import Canvas

from tournaments.card_games.sheets import CanastaRules, Each, GinRules
from tournaments.kernel.profiles import profile_label
from tournaments.printing.data import ScoreSheet, ScoreSheetsData
from tournaments.printing.layout import (
    GREY,
    SHADE,
    Box,
    event_line,
    finish,
    mm,
    new_canvas,
    number,
    page_size,
    text,
)

SIDES = "ABC"
MOST_DEALS = 20  # rows of a sheet for a game to the target or a time limit
# Who pays whom, by which of the two is a chouette's side of partners (``Settlement.each``):
# the pad's words (partials/sheet.html).
PAYS: dict[Each, str] = {
    "": gettext_noop("%(payer)s pays %(payee)s %(amount)s"),
    "payer": gettext_noop("Each player of side %(payer)s pays %(payee)s %(amount)s"),
    "payee": gettext_noop("%(payer)s pays each player of side %(payee)s %(amount)s"),
}


def build(data: ScoreSheetsData) -> bytes:
    with override(data.event.language):
        c, buffer = new_canvas(data.event, _("Score sheets"))
        width, height = page_size(data.event.paper)
        box = Box(0, 0, width, height).inset(12 * mm)
        for sheet in data.sheets:
            top = _header(c, data, sheet, box)
            if data.canasta is not None:
                _canasta(c, data, data.canasta, sheet, box, top)
            elif data.gin is not None:
                _gin(c, data, data.gin, sheet, box, top)
            c.showPage()
        return finish(c, buffer)


def _title(data: ScoreSheetsData) -> str:
    return _("Canasta score sheet") if data.canasta is not None else _("Gin Rummy score sheet")


def _header(c: Canvas, data: ScoreSheetsData, sheet: ScoreSheet, box: Box) -> float:
    """Title, round and table, and each side's players; returns where the grid starts."""
    y = box.top
    text(c, box.x, y - 4 * mm, event_line(data.event), size=9, width=box.w * 0.6, color=GREY)
    text(
        c,
        box.right,
        y - 4 * mm,
        profile_label(data.event.profile_name),
        size=8,
        align="right",
        width=box.w * 0.38,
        color=GREY,
    )
    text(c, box.x, y - 13 * mm, _title(data), size=18, bold=True, width=box.w * 0.55)
    where = []
    where.append(
        _("Round %(number)s") % {"number": data.round} if data.round else _("Round") + " ____"
    )
    where.append(
        _("Table %(number)s") % {"number": sheet.table} if sheet.table else _("Table") + " ____"
    )
    text(
        c,
        box.right,
        y - 13 * mm,
        "   ".join(where),
        size=14,
        bold=True,
        align="right",
        width=box.w * 0.44,
    )
    y -= 18 * mm
    width = box.w / sheet.sides
    for side in range(sheet.sides):
        _side_names(c, data, sheet, side, box.x + side * width, y, width)
    return y - 25 * mm


def _side_names(
    c: Canvas, data: ScoreSheetsData, sheet: ScoreSheet, side: int, x: float, y: float, width: float
) -> None:
    """A side's letter over its players, or over lines to write them on."""
    text(c, x + 1 * mm, y - 4 * mm, _("Side %(side)s") % {"side": SIDES[side]}, size=9, bold=True)
    members = sheet.seating.side(side) if sheet.seating else ()
    if members:
        for line, seat in enumerate(members[:3]):
            shown = f"{seat.number}  {seat.name}" if seat.number is not None else seat.name
            text(
                c,
                x + 1 * mm,
                y - (9 + line * 4.5) * mm,
                shown,
                size=10,
                width=width - 4 * mm,
                min_size=6,
            )
        return
    for line in range(data.name_lines):
        c.setLineWidth(0.4)
        c.setStrokeColorRGB(*GREY)
        c.line(
            x + 1 * mm,
            y - (10 + line * 5) * mm,
            x + width - 4 * mm,
            y - (10 + line * 5) * mm,
        )
        c.setStrokeColorRGB(0, 0, 0)


def _grid(
    c: Canvas, x: float, top: float, widths: list[float], rows: int, row_h: float, per_group: int
) -> None:
    """Row lines, column lines, and a heavier line between the sides."""
    total_w = sum(widths)
    c.setLineWidth(0.3)
    for r in range(rows + 1):
        c.line(x, top - r * row_h, x + total_w, top - r * row_h)
    cx = x
    for index, w in enumerate(widths):
        heavy = index == 0 or (index - 1) % per_group == 0
        c.setLineWidth(1.2 if heavy else 0.3)
        c.line(cx, top, cx, top - rows * row_h)
        cx += w
    c.setLineWidth(1.2)
    c.rect(x, top - rows * row_h, total_w, rows * row_h)


def _canasta(
    c: Canvas, data: ScoreSheetsData, rules: CanastaRules, sheet: ScoreSheet, box: Box, top: float
) -> None:
    bands = []
    for start, least in rules.bands:
        where = _("below 0") if start is None else _("from %(total)s") % {"total": number(start)}
        bands.append(f"{where}: {least}")
    legend = " · ".join(
        [
            _("Minimum meld") + " — " + ", ".join(bands),
            _("Game: %(target)s") % {"target": number(rules.target)},
        ]
    )
    text(c, box.x, top + 2.5 * mm, legend, size=8.5, width=box.w, color=GREY)
    deal_w = 12 * mm
    group_w = (box.w - deal_w) / sheet.sides
    widths = [deal_w] + [group_w * 0.38, group_w * 0.40, group_w * 0.22] * sheet.sides
    labels = [_("Deal")] + [_("Points"), _("Total"), _("Min.")] * sheet.sides
    row_h = 7.5 * mm
    bottom_space = 22 * mm
    # The heading row and the start row, then one row per deal.
    rows = 2 + deal_rows(data, sheet, int((top - box.y - bottom_space) / row_h) - 2)
    _column_heads(c, box.x, top, widths, labels, row_h)
    y = top - row_h
    # The start row: 0 and the first minimum for every side.
    opening = ["", number(0), str(rules.start_minimum)] * sheet.sides
    _values(c, box.x, y, widths, [_("Start"), *opening], row_h, grey=True)
    y -= row_h
    for index in range(rows - 2):
        if index < len(sheet.rows):
            deal = sheet.rows[index]
            cells = [str(index + 1)]
            for side in range(sheet.sides):
                cells += [
                    number(deal.points[side]),
                    number(deal.totals[side]),
                    str(deal.minimums[side]) if deal.minimums else "",
                ]
        else:
            cells = [str(index + 1)] + [""] * (3 * sheet.sides)
        _values(c, box.x, y, widths, cells, row_h)
        y -= row_h
    _grid(c, box.x, top, widths, rows, row_h, 3)
    _signatures(c, sheet, box, y - 4 * mm)


def deal_rows(data: ScoreSheetsData, sheet: ScoreSheet, fit: int) -> int:
    """A round of a fixed number of deals gets that many rows; a game to the target or a
    time limit gets as many as fit, at most ``MOST_DEALS`` (a long game goes on a second sheet)."""
    wanted = data.deals or MOST_DEALS
    return max(len(sheet.rows), min(wanted, fit))


def _gin(
    c: Canvas, data: ScoreSheetsData, rules: GinRules, sheet: ScoreSheet, box: Box, top: float
) -> None:
    hand_w = 14 * mm
    group_w = (box.w - hand_w) / sheet.sides
    widths = [hand_w] + [group_w * 0.5, group_w * 0.5] * sheet.sides
    labels = [_("Hand")] + [_("Points"), _("Total")] * sheet.sides
    _gin_legend(c, rules, box, top)
    row_h = 8 * mm
    lines = 6  # points, boxes, game bonus, shutout bonus, total, net
    rows = deal_rows(data, sheet, max(8, int((top - box.y - 26 * mm) / row_h) - lines - 1))
    _column_heads(c, box.x, top, widths, labels, row_h)
    y = _gin_hands(c, sheet, box.x, top, widths, rows, row_h)
    _grid(c, box.x, top, widths, rows + 1, row_h, 2)
    y = _gin_bottom_lines(c, rules, sheet, box, y - 3 * mm, row_h)
    y = _gin_result(c, sheet, box, y)
    _signatures(c, sheet, box, y - 4 * mm)


def _gin_result(c: Canvas, sheet: ScoreSheet, box: Box, y: float) -> float:
    """The winner's margin (or a line to write it on) and, for a game of three that is over,
    who pays whom; returns the bottom of the last line."""
    totals = sheet.gin
    said = ""
    if totals is not None and totals.finished:
        said = (
            _("Winner's margin: %(points)s") % {"points": number(totals.net)}
            if totals.winner is not None
            else _("Game over: a draw.")
        )
    y -= 6 * mm
    text(
        c, box.x + 1.5 * mm, y, said or _("Winner's margin:") + " ______", size=11, bold=bool(said)
    )
    if totals is not None and totals.finished and totals.payments:
        y -= 5 * mm
        paid = " · ".join(
            _(PAYS[p.each]) % {"payer": p.payer, "payee": p.payee, "amount": number(p.amount)}
            for p in totals.payments
        )
        text(c, box.x + 1.5 * mm, y, paid, size=10, width=box.w - 3 * mm)
    return y


def _gin_legend(c: Canvas, rules: GinRules, box: Box, top: float) -> None:
    """The game's target and bonuses, above the grid."""
    legend = " · ".join(
        [
            _("Game: %(target)s") % {"target": rules.target},
            _("Box: %(points)s per hand won") % {"points": rules.box_bonus},
            _("Game bonus: %(points)s") % {"points": rules.game_bonus},
            _("Shutout bonus: %(points)s") % {"points": rules.shutout_bonus},
        ]
    )
    text(c, box.x, top + 2.5 * mm, legend, size=8.5, width=box.w, color=GREY)


def _gin_hands(
    c: Canvas, sheet: ScoreSheet, x: float, top: float, widths: list[float], rows: int, row_h: float
) -> float:
    """A row per hand: its number, each side's points and total; returns the grid's bottom."""
    y = top - row_h
    for index in range(rows):
        cells = [str(index + 1)]
        if index < len(sheet.rows):
            hand = sheet.rows[index]
            for side in range(sheet.sides):
                cells += [
                    number(hand.points[side]) if hand.points[side] else "–",
                    number(hand.totals[side]),
                ]
        else:
            cells += [""] * (2 * sheet.sides)
        _values(c, x, y, widths, cells, row_h)
        y -= row_h
    return y


def _gin_bottom_lines(
    c: Canvas, rules: GinRules, sheet: ScoreSheet, box: Box, y: float, row_h: float
) -> float:
    """Points, boxes, game and shutout bonus, total: a label, then one value per side.

    Returns the bottom of the box.
    """
    totals = sheet.gin
    points = sheet.rows[-1].totals if sheet.rows else None
    bottom = [
        (_("Points"), points, False),
        (
            _("Boxes × %(points)s") % {"points": rules.box_bonus},
            totals.boxes if totals else None,
            False,
        ),
        (_("Game bonus"), totals.game_bonus if totals else None, False),
        (_("Shutout bonus"), totals.shutout_bonus if totals else None, False),
        (_("Total"), totals.totals if totals else None, True),
    ]
    label_w = 50 * mm
    value_w = (box.w - label_w) / sheet.sides
    line_top = y
    for label, values, bold in bottom:
        if bold:
            c.setFillColorRGB(*SHADE)
            c.rect(box.x, y - row_h, box.w, row_h, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        text(
            c,
            box.x + 1.5 * mm,
            y - row_h / 2 - 3,
            label,
            size=10,
            bold=bold,
            width=label_w - 3 * mm,
        )
        if values is not None:
            for side in range(sheet.sides):
                right = box.x + label_w + (side + 1) * value_w - 3 * mm
                text(
                    c,
                    right,
                    y - row_h / 2 - 4,
                    number(values[side]),
                    size=12,
                    bold=bold,
                    align="right",
                )
        y -= row_h
    c.setLineWidth(0.3)
    for r in range(1, len(bottom)):
        c.line(box.x, line_top - r * row_h, box.right, line_top - r * row_h)
    c.setLineWidth(1.2)
    c.rect(box.x, y, box.w, line_top - y)
    for side in range(sheet.sides):
        x = box.x + label_w + side * value_w
        c.line(x, line_top, x, y)
    return y


def _column_heads(
    c: Canvas, x: float, top: float, widths: list[float], labels: list[str], row_h: float
) -> None:
    c.setFillColorRGB(*SHADE)
    c.rect(x, top - row_h, sum(widths), row_h, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    for label, w in zip(labels, widths, strict=True):
        text(
            c,
            x + w / 2,
            top - row_h / 2 - 3,
            label,
            size=9,
            bold=True,
            align="center",
            width=w - 2 * mm,
            min_size=5,
        )
        x += w


def _values(
    c: Canvas,
    x: float,
    y: float,
    widths: list[float],
    cells: list[str],
    row_h: float,
    grey: bool = False,
) -> None:
    for index, (value, w) in enumerate(zip(cells, widths, strict=True)):
        if value:
            if index == 0:
                text(c, x + w / 2, y - row_h / 2 - 3, value, size=9, align="center", color=GREY)
            else:
                text(
                    c,
                    x + w - 2 * mm,
                    y - row_h / 2 - 4,
                    value,
                    size=11,
                    align="right",
                    width=w - 3 * mm,
                    color=GREY if grey else None,
                )
        x += w


def _signatures(c: Canvas, sheet: ScoreSheet, box: Box, y: float) -> None:
    if y - 8 * mm < box.y - 6 * mm:
        return
    width = box.w / sheet.sides
    for side in range(sheet.sides):
        x = box.x + side * width
        c.setLineWidth(0.4)
        c.line(x + 2 * mm, y - 8 * mm, x + width - 6 * mm, y - 8 * mm)
        text(
            c,
            x + 2 * mm,
            y - 11.5 * mm,
            _("Signature side %(side)s") % {"side": SIDES[side]},
            size=7.5,
            color=GREY,
        )
