"""A series' standings for the notice board: evening by evening per member, what counts.

Every visitor of the club room reads the notice board, so each member is named as they
chose for the club's public pages (``services.club.public_names``). The ranking is the series
service's (``services.club.series``); this module only lays it out. Counted values are bold, values that do not count are in brackets; the
rule, its numbers and the tie-break are printed under the table. A season too
long for one page's width is printed in parts of evenings, each with rank, name
and total.

A series is not an event, so it is not in ``DOCUMENTS``: the director's series
page links to its own print view, which calls ``load`` and ``build`` as the
registry's documents are.
"""

import datetime
from collections.abc import Sequence
from fractions import Fraction

from django.utils.formats import date_format, number_format
from django.utils.text import capfirst, slugify
from django.utils.translation import get_language, ngettext, override
from django.utils.translation import gettext as _
from reportlab.pdfgen.canvas import Canvas

from tournaments.kernel.public_name import member_name
from tournaments.models import Series
from tournaments.printing.data import (
    EventInfo,
    SeriesEveningInfo,
    SeriesStandingRow,
    SeriesStandingsData,
)
from tournaments.printing.layout import (
    GREY,
    SHADE,
    STRIPE,
    Box,
    clean,
    event_line,
    finish,
    footer,
    mm,
    new_canvas,
    number,
    page_size,
    sheet_size,
    table_row,
    text,
)
from tournaments.series_rules import Evening, Rule
from tournaments.services.club.series import series_standings, tie_break_line


def load(series: Series, language: str | None = None) -> SeriesStandingsData:
    """The series' standings now, in ``language`` (the director's, when not given)."""
    standings = series_standings(series)
    events = standings.events
    last = events[-1] if events else None
    info = EventInfo(
        name=series.name,
        date=last.date if last else datetime.date.today(),
        club=series.club.name,
        language=language or get_language() or "en",
        paper=last.paper_size if last and last.paper_size in ("A4", "letter") else "A4",
        slug=slugify(series.name) or "series",
    )
    placing = series.rule == Series.Rule.PLACING
    rows = []
    with override(info.language):
        # The notice board is public: names as each member chose for public pages.
        names = [member_name(row.member) for row in standings.rows]
    for row, name in zip(standings.rows, names, strict=True):
        evenings = [row.evenings.get(event.pk) for event in events]
        rows.append(
            SeriesStandingRow(
                rank=row.rank,
                name=name,
                played=row.played,
                values=tuple(row.values.get(event.pk) for event in events),
                counted=tuple(event.pk in row.counted for event in events),
                places=tuple(_place(e) if placing else "" for e in evenings),
                total=_total(row.total),
                shared=row.shared,
            )
        )
    return SeriesStandingsData(
        series=info,
        rule=series.rule,
        evenings=tuple(SeriesEveningInfo(event.date, event.name) for event in events),
        rows=tuple(rows),
        best_of=series.best_of if series.rule == Series.Rule.BEST else None,
        minimum_evenings=series.minimum_evenings if series.rule == Series.Rule.AVERAGE else None,
        placing_points=tuple(series.placing_points) if placing else (),
    )


def _place(evening: Evening | None) -> str:
    if evening is None:
        return ""
    return f"{evening.rank}=" if evening.shared else str(evening.rank)


def _total(value: int | Fraction) -> int | float:
    return round(float(value), 1) if isinstance(value, Fraction) else value


MARGIN = 14 * mm
ROW_H = 6.6 * mm
NOTE_H = 4.6 * mm
RANK_W, PLAYED_W, TOTAL_W = 11 * mm, 17 * mm, 19 * mm
NAME_MIN = 42 * mm


def title() -> str:
    return _("Standings")


def build(data: SeriesStandingsData) -> bytes:
    with override(data.series.language):
        evening_w = (19 if data.rule == Rule.PLACING else 14) * mm
        portrait_w = page_size(data.series.paper)[0] - 2 * MARGIN
        fixed = RANK_W + NAME_MIN + PLAYED_W + TOTAL_W
        landscape = len(data.evenings) * evening_w > portrait_w - fixed
        c, buffer = new_canvas(data.series, title(), landscape=landscape)
        width, height = sheet_size(data.series, landscape)
        box = Box(0, 0, width, height).inset(MARGIN)
        per_part = max(1, int((box.w - fixed) // evening_w))
        indexes = list(range(len(data.evenings)))
        parts = [indexes[i : i + per_part] for i in range(0, len(indexes), per_part)] or [[]]
        notes = _notes(data)
        bottom = box.y + NOTE_H * (len(notes) + 0.5)
        first = int((box.top - 30 * mm - bottom) / ROW_H) - 1
        later = int((box.top - 12 * mm - bottom) / ROW_H) - 1
        rows = list(data.rows)
        pages: list[tuple[list[int], list[SeriesStandingRow]]] = []
        for part in parts:
            chunks = [rows[:first]]
            rest = rows[first:]
            while rest:
                chunks.append(rest[:later])
                rest = rest[later:]
            pages += [(part, chunk) for chunk in chunks]
        line = event_line(data.series)
        for page, (part, chunk) in enumerate(pages, start=1):
            top = _heading(c, data, box, part) if page == 1 else _running_head(c, data, box, part)
            y = _table(c, data, part, chunk, box, top, evening_w)
            if page == len(pages):
                for note in notes:
                    y -= NOTE_H
                    text(c, box.x, y, note, size=8, width=box.w, color=GREY)
            footer(
                c,
                (width, height),
                line,
                _("Page %(page)s of %(pages)s") % {"page": page, "pages": len(pages)},
                MARGIN,
            )
            c.showPage()
        return finish(c, buffer)


def _notes(data: SeriesStandingsData) -> list[str]:
    """The lines under the table: the rule and its numbers, the marks, the tie-break."""
    rule = str(Series.Rule(data.rule).label)
    if data.best_of:
        rule += " · " + ngettext(
            "the best evening counts", "the best %(count)s evenings count", data.best_of
        ) % {"count": data.best_of}
    if data.minimum_evenings:
        rule += " · " + ngettext(
            "ranked with at least %(count)s evening",
            "ranked with at least %(count)s evenings",
            data.minimum_evenings,
        ) % {"count": data.minimum_evenings}
    lines = [rule + "."]
    if data.placing_points:
        points = ", ".join(number(p) for p in data.placing_points)
        lines.append(f"{_('Placing points')}: {points}.")
        lines.append(
            capfirst(
                _(
                    "placing points, the evening's place in brackets (a shared place gets that "
                    "place's points)"
                )
            )
            + "."
        )
    else:
        lines.append(_("Bold: counts for the series; in brackets: does not count."))
    lines.append(tie_break_line(data.rule))
    lines.append(_("Only players linked to a member of the register are in the series."))
    return lines


def _heading(c: Canvas, data: SeriesStandingsData, box: Box, part: list[int]) -> float:
    text(c, box.x, box.top - 4 * mm, data.series.club, size=10, width=box.w, color=GREY)
    text(c, box.x, box.top - 12 * mm, data.series.name, size=18, bold=True, width=box.w * 0.7)
    if data.evenings:
        span = _span(data, range(len(data.evenings)))
        text(c, box.right, box.top - 12 * mm, span, size=11, align="right", width=box.w * 0.28)
    text(c, box.x, box.top - 19.5 * mm, _heading_title(data, part), size=13, bold=True)
    played = f"{_('Evenings')}: {len(data.evenings)}"
    text(c, box.x, box.top - 25.5 * mm, played, size=10, width=box.w, color=GREY)
    return box.top - 30 * mm


def _heading_title(data: SeriesStandingsData, part: list[int]) -> str:
    if len(part) == len(data.evenings):
        return title()
    return f"{title()} · {_span(data, part)}"


def _span(data: SeriesStandingsData, indexes: Sequence[int]) -> str:
    dates = [data.evenings[i].date for i in indexes]
    if not dates:
        return ""
    first, last = (
        date_format(dates[0], "DATE_FORMAT"),
        date_format(dates[-1], "DATE_FORMAT"),
    )
    return first if first == last else f"{first} – {last}"


def _running_head(c: Canvas, data: SeriesStandingsData, box: Box, part: list[int]) -> float:
    heading = f"{clean(data.series.name)} · {_heading_title(data, part)}"
    text(c, box.x, box.top - 6 * mm, heading, size=10, bold=True, width=box.w, color=GREY)
    return box.top - 12 * mm


def _table(
    c: Canvas,
    data: SeriesStandingsData,
    part: list[int],
    rows: list[SeriesStandingRow],
    box: Box,
    top: float,
    evening_w: float,
) -> float:
    name_w = box.w - RANK_W - PLAYED_W - TOTAL_W - evening_w * len(part)
    average = data.rule == Rule.AVERAGE
    columns = [
        (_("Rank"), RANK_W, "right"),
        (_("Member"), name_w, "left"),
        (_("Evenings"), PLAYED_W, "right"),
        *((f"{data.evenings[i].date:%d.%m.}", evening_w, "right") for i in part),
        (_("Average") if average else _("Total"), TOTAL_W, "right"),
    ]
    x = box.x
    labels = [(label, True, False) for label, _w, _a in columns]
    table_row(c, x, top, ROW_H, columns, labels, size=8.5, background=SHADE)
    y = top - ROW_H
    for index, row in enumerate(rows):
        rank = "" if row.rank is None else (f"{row.rank}=" if row.shared else str(row.rank))
        cells = [(rank, False, False), (row.name, False, False), (str(row.played), False, False)]
        for i in part:
            cells.append(_evening_cell(row, i))
        total = (
            number_format(row.total, decimal_pos=1, use_l10n=True) if average else number(row.total)
        )
        cells.append((total, True, False))
        table_row(
            c, x, y, ROW_H, columns, cells, size=9.5, background=STRIPE if index % 2 else None
        )
        y -= ROW_H
    c.setLineWidth(0.8)
    c.line(x, top - ROW_H, x + box.w, top - ROW_H)
    c.line(x, y, x + box.w, y)
    return y


def _evening_cell(row: SeriesStandingRow, index: int) -> tuple[str, bool, bool]:
    """(text, bold, grey): counted bold, not counted in brackets, not played a dash."""
    value = row.values[index]
    if value is None:
        return "–", False, True
    shown = number(value)
    if row.places[index]:
        shown = f"{shown} ({row.places[index]})"
    if row.counted[index]:
        return shown, True, False
    return f"({shown})", False, True
