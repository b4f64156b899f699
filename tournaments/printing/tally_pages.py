"""Drawing the tallies: the player's number, a row per round with the games (the
player's own shaded) and the score, the legend of names, NAME and TOTAL; four to a
page when every label fits at ``MIN_PT``, else one."""

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.pdfgen.canvas import Canvas

from tournaments.printing.data import TalliesData, Tally, TallyRow
from tournaments.printing.fonts import fonts
from tournaments.printing.layout import (
    GREY,
    SHADE,
    Box,
    cut_marks,
    event_line,
    finish,
    header_row,
    mm,
    new_canvas,
    number,
    page_size,
    quarters,
    string_width,
    text,
)

# The smallest type on a tally, read at arm's length in a dim club room: a cell that
# would need less wraps onto two lines, or the tally gets a page of its own.
MIN_PT = 8.0
LINE = 1.15  # line height per point of type


def build(data: TalliesData) -> bytes:
    with override(data.event.language):
        c, buffer = new_canvas(data.event, _("Tallies"))
        page = page_size(data.event.paper)
        rows = max((len(t.rows) for t in data.tallies), default=1)
        cells = quarters(page)
        four_up = _fits(data, cells[0].inset(5 * mm), rows)
        if four_up:
            for start in range(0, len(data.tallies), 4):
                for cell, tally in zip(cells, data.tallies[start : start + 4], strict=False):
                    draw_tally(c, data, tally, cell.inset(5 * mm))
                cut_marks(c, page)
                c.showPage()
        else:
            for tally in data.tallies:
                draw_tally(c, data, tally, Box(0, 0, *page).inset(14 * mm))
                c.showPage()
        return finish(c, buffer)


HEADER_H = 24 * mm
FOOTER_H = 15 * mm
LEGEND_LINE = MIN_PT * LINE * 25.4 / 72 * mm


def _legend_height(data: TalliesData, box: Box) -> float:
    if not data.legend:
        return 0
    columns = 3 if box.w < 150 * mm else 4
    lines = -(-len(data.legend) // columns)
    return lines * LEGEND_LINE + 2 * mm


def _row_height(data: TalliesData, box: Box, rows: int) -> float:
    free = box.h - HEADER_H - FOOTER_H - _legend_height(data, box)
    lines = max(
        (
            len(names)
            for t in data.tallies
            for row in t.rows
            for names in (row.names, row.partner_names)
        ),
        default=0,
    )
    wanted = 9.5 * mm
    if lines and not data.plan:
        # The game in numbers, then a line per name (three opponents at six a table).
        wanted = max(12 * mm, (10 + lines * MIN_PT * LINE) / 72 * 25.4 * mm + 1.5 * mm)
    return min(wanted, (free - 7 * mm) / max(rows, 1))


def _cell_size(row_h: float, big: bool) -> float:
    return max(MIN_PT, min(9.0 if not big else 10.0, min(row_h, 6.5 * mm) / mm * 1.45))


def _lines(value: str, width: float, size: float, bold: bool = True) -> list[str]:
    """``value`` on one line, or on two ("3-4 vs." / "1-2") when one is too narrow."""
    font = fonts().bold if bold else fonts().regular
    if string_width(value, font, size) <= width or " " not in value:
        return [value]
    words = value.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return list(min(splits, key=lambda pair: max(string_width(p, font, size) for p in pair)))


def _fits(data: TalliesData, box: Box, rows: int) -> bool:
    """Whether every label and game fits ``box`` in at least ``MIN_PT`` (wrapped if need be)."""
    row_h = _row_height(data, box, rows)
    if row_h / mm * 1.45 < MIN_PT:
        return False
    columns = _columns(data, box)
    bold = fonts().bold
    if any(string_width(label.upper(), bold, MIN_PT) > w - 1.5 * mm for label, w in columns):
        return False
    games = [game for plan_row in data.plan for game in plan_row if game]
    for game in games:
        lines = _lines(game, columns[1][1] - 2 * mm, MIN_PT)
        if len(lines) * MIN_PT * LINE > row_h or any(
            string_width(line, bold, MIN_PT) > columns[1][1] - 2 * mm for line in lines
        ):
            return False
    return True


def _columns(data: TalliesData, box: Box) -> list[tuple[str, float]]:
    """(label, width) of each column, left to right."""
    round_w, score_w = 14 * mm, 18 * mm
    if data.plan:
        tables = max(len(r) for r in data.plan)
        pause_w = 13 * mm if data.pauses else 0
        rest = (box.w - round_w - score_w - pause_w) / tables
        labels = (
            [_("Game")]
            if tables == 1
            else [_("Table %(number)s") % {"number": t} for t in range(1, tables + 1)]
        )
        columns = [(_("Round"), round_w), *((label, rest) for label in labels)]
        if data.pauses:
            columns.append((_("Pause"), pause_w))
        return [*columns, (_("Score"), score_w)]
    table_w = 12 * mm
    rest = box.w - round_w - table_w - score_w
    heads = {
        "opponent": [(_("Opponent"), rest)],
        "opponents": [(_("Opponents"), rest)],
        "partner": [(_("Partner"), 0.4 * rest), (_("Opponents"), 0.6 * rest)],
    }
    games = [(_("Partner and opponents"), rest)]
    if data.event.schedule_ahead:
        games = [(_("Game"), rest)]
    elif data.others in heads:
        games = heads[data.others]
    return [(_("Round"), round_w), (_("Table"), table_w), *games, (_("Score"), score_w)]


def draw_tally(c: Canvas, data: TalliesData, tally: Tally, box: Box) -> None:
    big = box.w > 150 * mm
    top = box.top
    _tally_head(c, data, tally, box)
    rows = tally.rows
    row_h = _row_height(data, box, len(rows))
    columns = _columns(data, box)
    y = top - HEADER_H
    size = _cell_size(row_h, big)
    head_h = min(row_h, 7 * mm)
    header_row(c, box.x, y, columns, head_h, size, scale=1.0)
    y -= head_h
    for index, row in enumerate(rows):
        _row(c, data, tally, row, index, box.x, y, columns, row_h, size)
        y -= row_h
    c.setLineWidth(0.8)
    c.rect(box.x, y, box.w, len(rows) * row_h + head_h)
    if data.legend:
        _legend(c, data, tally, box, y)
    _name_and_total(c, tally, box, big)


def _tally_head(c: Canvas, data: TalliesData, tally: Tally, box: Box) -> None:
    """The event, PLAYER NUMBER and the number itself; at mixed events, lady or gentleman."""
    top = box.top
    text(c, box.x, top - 3 * mm, event_line(data.event), size=MIN_PT, width=box.w, color=GREY)
    text(
        c,
        box.x + box.w / 2,
        top - 8 * mm,
        _("Player number").upper(),
        size=8,
        bold=True,
        align="center",
    )
    shown = str(tally.number) if tally.number is not None else ""
    c.setLineWidth(1.2)
    c.roundRect(box.x + box.w / 2 - 17 * mm, top - 22 * mm, 34 * mm, 12.5 * mm, 2 * mm)
    text(
        c,
        box.x + box.w / 2,
        top - 20 * mm,
        shown,
        size=30,
        bold=True,
        align="center",
        width=32 * mm,
    )
    if tally.gender:
        label = _("Lady") if tally.gender == "f" else _("Gentleman")
        text(c, box.right, top - 8 * mm, label, size=8, align="right", width=box.w / 3)


def _legend(c: Canvas, data: TalliesData, tally: Tally, box: Box, y: float) -> None:
    """Under the rows of a whole-plan tally, every number's name; the player's own in bold."""
    columns_n = 3 if box.w < 150 * mm else 4
    per = -(-len(data.legend) // columns_n)
    width = box.w / columns_n
    for i, (player_number, name) in enumerate(data.legend):
        lx = box.x + (i // per) * width
        ly = y - 3.5 * mm - (i % per) * LEGEND_LINE
        bold = player_number == tally.number
        text(
            c,
            lx,
            ly,
            f"{player_number}  {name}",
            size=MIN_PT,
            bold=bold,
            width=width - 2 * mm,
            min_size=MIN_PT,
        )


def _name_and_total(c: Canvas, tally: Tally, box: Box, big: bool) -> None:
    """NAME on a line at the bottom, TOTAL in a box beside it."""
    base = box.y
    text(c, box.x, base + 9 * mm, _("Name").upper(), size=MIN_PT, bold=True)
    c.setLineWidth(0.5)
    name_w = box.w - 36 * mm
    c.line(box.x, base + 2 * mm, box.x + name_w, base + 2 * mm)
    name_size = 10 if not big else 13
    if string_width(tally.name, fonts().regular, MIN_PT) <= name_w - 2 * mm:
        text(
            c,
            box.x + 1 * mm,
            base + 3.2 * mm,
            tally.name,
            size=name_size,
            width=name_w - 2 * mm,
            min_size=MIN_PT,
        )
    else:  # a long name: two lines rather than smaller type
        lines = _lines(tally.name, name_w - 2 * mm, MIN_PT, False)
        for i, line in enumerate(lines):
            text(
                c,
                box.x + 1 * mm,
                base + 2.6 * mm + (len(lines) - 1 - i) * MIN_PT * LINE,
                line,
                size=MIN_PT,
                width=name_w - 2 * mm,
                min_size=MIN_PT,
            )
    text(c, box.right - 31 * mm, base + 9 * mm, _("Total").upper(), size=MIN_PT, bold=True)
    c.setLineWidth(1.2)
    c.rect(box.right - 31 * mm, base, 31 * mm, 8 * mm)
    if tally.total is not None:
        text(
            c,
            box.right - 2 * mm,
            base + 2.2 * mm,
            number(tally.total),
            size=12,
            bold=True,
            align="right",
            width=28 * mm,
        )


Cell = tuple[str, bool, tuple[str, ...]]  # text, the player's own, lines of names


def _round_cells(
    data: TalliesData, tally: Tally, row: TallyRow, index: int, columns: list[tuple[str, float]]
) -> list[Cell]:
    """A round's cells: its number, the games or the player's table and game, the score."""
    known = tally.number is not None
    cells: list[Cell] = []
    if data.plan:
        games = data.plan[index] if index < len(data.plan) else ()
        tables = len(columns) - 2 - (1 if data.pauses else 0)
        for table in range(tables):
            game = games[table] if table < len(games) else ""
            cells.append((game, known and row.table == table + 1, ()))
        if data.pauses:
            pause = data.pauses[index] if index < len(data.pauses) else ""
            cells.append((pause, known and row.sits_out, ()))
    else:
        own_table = str(row.table) if row.table else ("–" if row.sits_out else "")
        cells.append((own_table, False, ()))
        if data.others == "partner" and not data.event.schedule_ahead:
            cells.append((row.partner, False, row.partner_names))
        cells.append((_("sits out") if row.sits_out else row.game, False, row.names))
    return [(str(row.round), False, ()), *cells, (number(row.score), False, ())]


def _row(
    c: Canvas,
    data: TalliesData,
    tally: Tally,
    row: TallyRow,
    index: int,
    x: float,
    y: float,
    columns: list[tuple[str, float]],
    row_h: float,
    size: float,
) -> None:
    """One round: its number, the games (the player's own shaded), the score."""
    values = _round_cells(data, tally, row, index, columns)
    c.setLineWidth(0.3)
    c.line(x, y, x + sum(w for _, w in columns), y)
    cx = x
    for column, ((value, own, lines), (_label, w)) in enumerate(zip(values, columns, strict=True)):
        if own and value:
            c.setFillColorRGB(*SHADE)
            c.rect(cx, y - row_h, w, row_h, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        if cx > x:
            c.setLineWidth(0.3)
            c.line(cx, y, cx, y - row_h)
        bold = own or column in (0, len(values) - 1) or not data.plan
        _cell_text(c, value, lines, bold, cx + w / 2, y, w, row_h, size)
        cx += w


def _cell_text(
    c: Canvas,
    value: str,
    lines: tuple[str, ...],
    bold: bool,
    center: float,
    y: float,
    w: float,
    row_h: float,
    size: float,
) -> None:
    """A cell's value centred, with its lines of names below when they fit, else wrapped."""
    line_h = MIN_PT * LINE
    if lines and row_h >= size + len(lines) * line_h + 1.5 * mm:
        # The game in numbers, then a line of names per side.
        first = y - (row_h - size - len(lines) * line_h) / 2 - size * 0.8
        text(c, center, first, value, size=size, bold=True, align="center", width=w - 2 * mm)
        for i, line in enumerate(lines, start=1):
            text(
                c,
                center,
                first - i * line_h,
                line,
                size=MIN_PT,
                align="center",
                width=w - 2 * mm,
                min_size=MIN_PT,
                color=GREY,
            )
        return
    wrapped = _lines(value, w - 2 * mm, size, bold)
    first = y - (row_h - len(wrapped) * size * LINE) / 2 - size * 0.85
    for i, line in enumerate(wrapped):
        text(
            c,
            center,
            first - i * size * LINE,
            line,
            size=size,
            bold=bold,
            align="center",
            width=w - 2 * mm,
            min_size=MIN_PT,
        )
