"""Tallies like bridge tallies (RULES.md 3.1): one card per player, four to a page.

PLAYER NUMBER large at the top; per round the game (the whole plan at every
table for small progressive fields, else the player's own table and game, with
names once drawn); a SCORE box; NAME and TOTAL at the bottom. Swiss and
winner-moves-up tallies have rows to fill in; after the event the recorded
scores and the standings' total are printed in.
"""

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from tournaments.card_games import card_game_of
from tournaments.formats import format_of
from tournaments.models import Event
from tournaments.printing import loaders
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
    new_canvas,
    number,
    page_size,
    quarters,
    text,
)
from tournaments.services.pages.tallies import recorded_scores

PLAN_TABLES = 3  # up to this many tables, every tally prints the whole plan
# The smallest type on a tally, read at arm's length in a dim club room: a cell that
# would need less wraps onto two lines, or the tally gets a page of its own.
MIN_PT = 8.0
LINE = 1.15  # line height per point of type


def game_label(side: tuple, other: tuple) -> str:
    return _("%(side)s vs. %(other)s") % {
        "side": "-".join(str(n) for n in side),
        "other": "-".join(str(n) for n in other),
    }


def names_lines(side: tuple[str, ...], *others: tuple[str, ...]) -> tuple[str, ...]:
    """The game with names, on two lines: ``A & B`` / ``vs. C & D``."""
    return (
        " & ".join(side),
        _("vs. %(names)s") % {"names": " / ".join(" & ".join(o) for o in others)},
    )


# Loading ---------------------------------------------------------------------------


def load(event: Event, round_number: int | None = None, blank: bool = False) -> TalliesData:
    info = loaders.event_info(event)
    players = loaders.entrants(event)
    schedule = loaders.schedule_rounds(event, len(players))
    rounds = loaders.planned_round_count(event, schedule)
    names = {} if blank else loaders.names_by_number(players)
    scores = {} if blank else recorded_scores(event)
    with override(event.language):
        if schedule is not None:
            mixed = format_of(event).by_gender
            data = _progressive(info, schedule, len(players), players, names, scores, blank, mixed)
        else:
            data = _open_rows(info, event, players, rounds, names, scores, blank)
    return data


def _progressive(info, schedule, size, players, names, scores, blank, mixed) -> TalliesData:
    by_number = {p.number: p for p in players if p.number is not None}
    tallies = []
    for player_number in range(1, size + 1):
        player = None if blank else by_number.get(player_number)
        per_round, total = scores.get(player.pk, ({}, None)) if player else ({}, None)
        rows = []
        for index, rnd in enumerate(schedule, start=1):
            row = TallyRow(round=index, sits_out=True, score=per_round.get(index))
            for table, (first, second) in enumerate(rnd.tables, start=1):
                if player_number in first + second:
                    row = TallyRow(
                        round=index,
                        table=table,
                        game=game_label(first, second),
                        names=names_lines(
                            *((names.get(n, "?") for n in pair) for pair in (first, second))
                        )
                        if names
                        else (),
                        score=per_round.get(index),
                    )
            rows.append(row)
        tallies.append(
            Tally(
                number=player_number,
                name=player.name if player else "",
                gender=("f" if player_number % 2 == 0 else "m") if mixed else "",
                rows=tuple(rows),
                total=total if per_round else None,
            )
        )
    plan, pauses = (), ()
    if max(len(r.tables) for r in schedule) <= PLAN_TABLES:
        plan = tuple(tuple(game_label(a, b) for a, b in r.tables) for r in schedule)
        pauses = tuple(", ".join(map(str, r.sitting_out)) for r in schedule)
    return TalliesData(
        event=info,
        tallies=tuple(tallies),
        plan=plan,
        pauses=pauses if any(pauses) else (),
        legend=tuple(sorted(names.items())) if plan and names else (),
        mixed=mixed,
    )


def _listed(seats) -> tuple[str, tuple[str, ...]]:
    """Players by number, and their names a line each once all are drawn."""
    names = tuple(seat.name for seat in seats)
    return ", ".join(str(seat.number) for seat in seats), names if all(names) else ()


def _open_rows(info, event, players, rounds, names, scores, blank) -> TalliesData:
    """Swiss, winner moves up, round robin, tables in draw order: rows for every round,
    filled where known."""
    seatings = {} if blank else loaders.seatings_from_db(event)
    listing = card_game_of(event).tally_others
    where: dict[tuple[int, int], TallyRow] = {}
    for round_number, seating in seatings.items():
        for table in seating.tables:
            sides = [tuple(s.number for s in table.side(i)) for i in range(table.sides)]
            name_sides = [tuple(s.name for s in table.side(i)) for i in range(table.sides)]
            for seat in table.seats:
                own = seat.side
                others = [i for i in range(table.sides) if i != own]
                partner, partner_names = "", ()
                if listing in ("opponents", "partner"):
                    # Three at a table meet both others; partners get a column of their own.
                    mates = [s for s in table.seats if s.number != seat.number]
                    if listing == "partner":
                        partner, partner_names = _listed([s for s in mates if s.side == own])
                        mates = [s for s in mates if s.side != own]
                    game, who = _listed(mates)
                elif len(sides[own]) == 1:  # one against one: the opponent is enough
                    game = " / ".join("-".join(map(str, sides[i])) for i in others)
                    who = tuple(" & ".join(name_sides[i]) for i in others)
                else:
                    game = " · ".join(game_label(sides[own], sides[i]) for i in others)
                    who = names_lines(name_sides[own], *(name_sides[i] for i in others))
                where[(round_number, seat.number)] = TallyRow(
                    round=round_number,
                    table=table.table,
                    game=game,
                    names=who,
                    partner=partner,
                    partner_names=partner_names,
                )
        for seat in seating.sitting_out:
            where[(round_number, seat.number)] = TallyRow(round=round_number, sits_out=True)
    tallies = []
    entrants = players if not blank else [None] * len(players)
    for position, player in enumerate(entrants, start=1):
        player_number = player.number if player else position
        per_round, total = scores.get(player.pk, ({}, None)) if player else ({}, None)
        rows = []
        for index in range(1, rounds + 1):
            row = where.get((index, player_number), TallyRow(round=index))
            rows.append(replace(row, score=per_round.get(index)))
        tallies.append(
            Tally(
                number=player_number,
                name=player.name if player else "",
                rows=tuple(rows),
                total=total if per_round else None,
            )
        )
    return TalliesData(event=info, tallies=tuple(tallies), others=listing)


# Drawing ---------------------------------------------------------------------------


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
    if stringWidth(value, font, size) <= width or " " not in value:
        return [value]
    words = value.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return list(min(splits, key=lambda pair: max(stringWidth(p, font, size) for p in pair)))


def _fits(data: TalliesData, box: Box, rows: int) -> bool:
    """Whether every label and game fits ``box`` in at least ``MIN_PT`` (wrapped if need be)."""
    row_h = _row_height(data, box, rows)
    if row_h / mm * 1.45 < MIN_PT:
        return False
    columns = _columns(data, box)
    bold = fonts().bold
    if any(stringWidth(label.upper(), bold, MIN_PT) > w - 1.5 * mm for label, w in columns):
        return False
    games = [game for plan_row in data.plan for game in plan_row if game]
    for game in games:
        lines = _lines(game, columns[1][1] - 2 * mm, MIN_PT)
        if len(lines) * MIN_PT * LINE > row_h or any(
            stringWidth(line, bold, MIN_PT) > columns[1][1] - 2 * mm for line in lines
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
    # Header: the event, PLAYER NUMBER and the number itself.
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
    # The rows.
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
    # Legend of names (whole-plan tallies), then NAME and TOTAL.
    if data.legend:
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
    base = box.y
    text(c, box.x, base + 9 * mm, _("Name").upper(), size=MIN_PT, bold=True)
    c.setLineWidth(0.5)
    name_w = box.w - 36 * mm
    c.line(box.x, base + 2 * mm, box.x + name_w, base + 2 * mm)
    name_size = 10 if not big else 13
    if stringWidth(tally.name, fonts().regular, MIN_PT) <= name_w - 2 * mm:
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


def _row(
    c: Canvas,
    data,
    tally,
    row: TallyRow,
    index: int,
    x: float,
    y: float,
    columns,
    row_h: float,
    size: float,
) -> None:
    """One round: its number, the games (the player's own shaded), the score."""
    known = tally.number is not None
    cells: list[tuple[str, bool, tuple[str, ...]]] = []  # text, the player's own, lines of names
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
        table = str(row.table) if row.table else ("–" if row.sits_out else "")
        cells.append((table, False, ()))
        if data.others == "partner" and not data.event.schedule_ahead:
            cells.append((row.partner, False, row.partner_names))
        cells.append((_("sits out") if row.sits_out else row.game, False, row.names))
    values = [(str(row.round), False, ()), *cells, (number(row.score), False, ())]
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
        center = cx + w / 2
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
        else:
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
        cx += w
