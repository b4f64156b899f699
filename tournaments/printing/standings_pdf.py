"""Standings, final or after a round: rank, number, name, each round's score, total.

The ranking is the standings service's (``services.scores.standings``); this module
only lays it out, with the club, event and date at the top, "Page 2 of 5" and
the rule profile in the footer. It goes on the notice board: every entrant under their
public name (``printing.DOCUMENTS`` gives the loader ``names``).
"""

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.pdfgen.canvas import Canvas

from tournaments.kernel.profiles import profile_label
from tournaments.models import Event, Round
from tournaments.printing import loaders
from tournaments.printing.data import StandingRow, StandingsData
from tournaments.printing.fonts import fonts
from tournaments.printing.layout import (
    GREY,
    SHADE,
    STRIPE,
    Box,
    Column,
    clean,
    event_line,
    finish,
    footer,
    mm,
    new_canvas,
    number,
    sheet_size,
    string_width,
    table_row,
    text,
)
from tournaments.services.club.public_names import Namer, name_rows
from tournaments.services.scores.standings import (
    METRICS,
    SUBSTITUTE_LINES,
    open_round,
    precedence,
    provisional_line,
    tie_break_lines,
)


def load(
    event: Event, round_number: int | None = None, blank: bool = False, *, names: Namer
) -> StandingsData:
    if round_number is not None:
        schedule = loaders.schedule_rounds(event, len(loaders.entrants(event)))
        loaders.check_round(event, round_number, schedule)
    rows = name_rows(loaders.standing_rows(event, through_round=round_number), names)
    if not any(row.rounds for row in rows):
        # Everyone would be ranked on nothing, as the standings pages say.
        raise loaders.PrintError(_("No scores yet: the standings are printed from the first one."))
    played = sorted(Round.objects.filter(event=event).values_list("number", flat=True))
    rounds = sorted({n for row in rows for n in row.per_round} | set(played))
    if round_number is not None:
        rounds = [n for n in rounds if n <= round_number]
    plain = tuple(
        StandingRow(
            rank=row.rank,
            number=row.number,
            name=row.name,
            per_round=dict(row.per_round),
            total=row.total,
            shared=bool(getattr(row, "shared", False)),
        )
        for row in rows
    )
    final = round_number is None and event.status == Event.Status.FINISHED
    playing = open_round(event)
    return StandingsData(
        event=loaders.event_info(event),
        rounds=tuple(rounds),
        rows=plain,
        through_round=round_number
        if round_number is not None
        else (rounds[-1] if rounds else None),
        final=final,
        metric_keys=tuple(m.key for m in precedence(event)),
        open_round=playing if round_number is None or (playing or 0) <= round_number else None,
        substitute_scoring=event.substitute_scoring if any(r.substitutes for r in rows) else "",
    )


MARGIN = 14 * mm
ROW_H = 6.6 * mm
NOTE_H = 4.6 * mm


def title(data: StandingsData) -> str:
    if data.final:
        return _("Final standings")
    if data.through_round:
        return _("Standings after round %(number)s") % {"number": data.through_round}
    return _("Standings")


def build(data: StandingsData) -> bytes:
    with override(data.event.language):
        landscape = len(data.rounds) > 10
        c, buffer = new_canvas(data.event, title(data), landscape=landscape)
        width, height = sheet_size(data.event, landscape)
        box = Box(0, 0, width, height).inset(MARGIN)
        provisional = provisional_line(data.open_round)
        ties = tie_break_lines(list(data.metric_keys), any(row.shared for row in data.rows))
        if data.substitute_scoring:  # under the table, as the standings pages say it
            ties.append(str(SUBSTITUTE_LINES[data.substitute_scoring]))
        first_top = box.top - (30 if provisional else 24) * mm
        later_top = box.top - 12 * mm
        # Every page keeps room for the lines under the table, wherever the table ends.
        bottom = box.y + NOTE_H * (len(ties) + 0.5)
        first = int((first_top - bottom) / ROW_H) - 1
        later = int((later_top - bottom) / ROW_H) - 1
        rows = list(data.rows)
        chunks = [rows[:first]]
        rest = rows[first:]
        while rest:
            chunks.append(rest[:later])
            rest = rest[later:]
        pages = len(chunks)
        columns = _columns(data, box.w)
        profile = _("Rule profile: %(name)s") % {
            "name": clean(profile_label(data.event.profile_name))
        }
        for page, chunk in enumerate(chunks, start=1):
            top = _heading(c, data, box, provisional) if page == 1 else _running_head(c, data, box)
            y = _table(c, data, chunk, columns, box.x, top)
            if page == pages:
                for line in ties:
                    y -= NOTE_H
                    text(c, box.x, y, line, size=8, width=box.w, color=GREY)
            footer(
                c,
                (width, height),
                f"{event_line(data.event)} · {profile}",
                _("Page %(page)s of %(pages)s") % {"page": page, "pages": pages},
                MARGIN,
            )
            c.showPage()
        return finish(c, buffer)


def _heading(c: Canvas, data: StandingsData, box: Box, provisional: str) -> float:
    if data.event.club:
        text(c, box.x, box.top - 4 * mm, data.event.club, size=10, width=box.w, color=GREY)
    text(c, box.x, box.top - 12 * mm, data.event.name, size=18, bold=True, width=box.w * 0.7)
    text(
        c,
        box.right,
        box.top - 12 * mm,
        date_format(data.event.date, "DATE_FORMAT"),
        size=11,
        align="right",
        width=box.w * 0.28,
    )
    text(c, box.x, box.top - 19.5 * mm, title(data), size=13, bold=True, width=box.w)
    if provisional:
        text(c, box.x, box.top - 25.5 * mm, provisional, size=10, bold=True, width=box.w)
        return box.top - 30 * mm
    return box.top - 24 * mm


def _running_head(c: Canvas, data: StandingsData, box: Box) -> float:
    text(
        c,
        box.x,
        box.top - 6 * mm,
        f"{clean(data.event.name)} · {title(data)}",
        size=10,
        bold=True,
        width=box.w,
        color=GREY,
    )
    return box.top - 12 * mm


def _columns(data: StandingsData, width: float) -> list[tuple[str, float, str]]:
    """(label, width, align) per column; the name takes what the rounds leave."""
    rank_w, number_w, total_w = 12 * mm, 11 * mm, 20 * mm
    round_w = 14 * mm if len(data.rounds) <= 16 else 11 * mm
    name_w = width - rank_w - number_w - total_w - round_w * len(data.rounds)
    if name_w < 45 * mm and data.rounds:
        round_w = max(8 * mm, (width - rank_w - number_w - total_w - 45 * mm) / len(data.rounds))
        name_w = width - rank_w - number_w - total_w - round_w * len(data.rounds)
    columns = [
        (_("Rank"), rank_w, "right"),
        (_("No."), number_w, "right"),
        (_("Name"), name_w, "left"),
    ]
    columns += [(_("R%(number)s") % {"number": n}, round_w, "right") for n in data.rounds]
    # The total is what ranks first, named as the standings pages name it ("Plus/minus").
    return [*columns, (str(METRICS[data.metric_keys[0]].label), total_w, "right")]


def _table(
    c: Canvas,
    data: StandingsData,
    rows: list[StandingRow],
    columns: list[Column],
    x: float,
    top: float,
) -> float:
    width = sum(w for _, w, _a in columns)
    labels = [(label, True, False) for label, _w, _a in columns]
    table_row(c, x, top, ROW_H, columns, labels, size=8.5, background=SHADE)
    y = top - ROW_H
    size = _value_size(data, columns)
    for index, row in enumerate(rows):
        rank = f"{row.rank}=" if row.shared else str(row.rank)
        values = [rank, "" if row.number is None else str(row.number), row.name]
        values += [number(row.per_round[n]) if n in row.per_round else "–" for n in data.rounds]
        values.append(number(row.total))
        cells = [(value, i == len(values) - 1, False) for i, value in enumerate(values)]
        table_row(
            c, x, y, ROW_H, columns, cells, size=size, background=STRIPE if index % 2 else None
        )
        y -= ROW_H
    c.setLineWidth(0.8)
    c.line(x, top - ROW_H, x + width, top - ROW_H)
    c.line(x, y, x + width, y)
    return y


def _value_size(data: StandingsData, columns: list[Column]) -> float:
    """One type size for every row: the widest round score must fit its column."""
    if not data.rounds:
        return 10.0
    widest = max(
        (
            string_width(number(v), fonts().regular, 1)
            for row in data.rows
            for v in row.per_round.values()
        ),
        default=1,
    )
    round_w = columns[3][1]
    return max(6.0, min(10.0, (round_w - 2.5 * mm) / max(widest, 1)))
