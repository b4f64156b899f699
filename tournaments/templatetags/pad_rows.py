"""``{% pad_row row %}``: one deal on a table's score pad, with its pending entry's line.

A row is drawn alike every time its inputs are alike, and an answer to a phone draws every
row of the game: so each process keeps the rows it drew under everything they are drawn
from (the deal's entry and what it holds, its points and running totals, the seat and
device looking at it, the phone's moment, the event's frame value, the table and the
language). A row holding a form with this phone's CSRF token (confirm or dispute) is drawn
every time.
"""

from typing import Any

from django import template
from django.template import Engine
from django.template.context import Context
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from tournaments.services.scores.results import SheetRow

register = template.Library()

ROW = "tournaments/table/partials/sheet_row.html"
KEPT_ROWS = 4096  # a club night holds a few hundred; a federation server more, kept anew

_drawn: dict[tuple[Any, ...], SafeString] = {}


def _key(context: Context, row: SheetRow) -> tuple[Any, ...] | None:
    """Everything the row is drawn from, or None where the context does not say it all."""
    at, since, moment = context.get("at"), context.get("since"), context.get("moment")
    if at is None or since is None or moment is None:
        return None
    entry, seat = row.entry, at.seat
    mine = bool(at.device) and entry.entered_by_device == at.device
    about = moment.entry is not None and moment.entry.pk == entry.pk
    return (
        get_language(),
        at.token,
        since.frame,
        seat.pk if seat else None,
        mine,
        about,
        context.get("span"),
        row.points,
        row.totals,
        entry.pk,  # the row's number with it
        entry.status,  # the row's status with it
        entry.reason,
        entry.entered_by_seat_id,
        repr(entry.details),
    )


@register.simple_tag(takes_context=True)
def pad_row(context: Context, row: SheetRow) -> SafeString:
    key = _key(context, row)
    if key is not None and (html := _drawn.get(key)) is not None:
        return html
    engine = context.template.engine if context.template else Engine.get_default()
    with context.push(row=row):
        html = engine.get_template(ROW).render(context)
    if key is not None and "csrfmiddlewaretoken" not in html:
        if len(_drawn) >= KEPT_ROWS:
            _drawn.clear()
        _drawn[key] = html
    return html
