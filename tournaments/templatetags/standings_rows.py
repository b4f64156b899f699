"""``{% standings_rows rows with_rounds metrics %}``: the rows of a public standings table.

Every spectator's page and projector draws the standings again at each confirmed deal, and
from one drawing to the next few rows change: so each process keeps the rows it drew under
everything they are drawn from (the language, the columns shown, and the row's rank, number,
public name and figures). The row's template reads nothing else.
"""

from collections.abc import Sequence
from typing import Any

from django import template
from django.template import Engine
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tournaments.services.scores.standings import Metric, StandingRow

register = template.Library()

ROW = "tournaments/public/partials/standings_row.html"
KEPT_ROWS = 4096  # a few events' standings of a few hundred rows; kept anew past it

_drawn: dict[tuple[Any, ...], SafeString] = {}


def _key(row: StandingRow, with_rounds: bool, tiebreak: bool) -> tuple[Any, ...]:
    return (
        get_language(),
        with_rounds,
        tiebreak,
        row.rank,
        row.shared,
        row.number,
        row.name,
        tuple(row.cells) if with_rounds else (),
        row.total,
        row.tiebreak if tiebreak else None,
    )


@register.simple_tag(takes_context=True)
def standings_rows(
    context: Context, rows: Sequence[StandingRow], with_rounds: bool, metrics: Sequence[Metric]
) -> SafeString:
    engine = context.template.engine if context.template else Engine.get_default()
    drawing = engine.get_template(ROW)
    tiebreak = len(metrics) > 1
    drawn: list[str] = []
    for row in rows:
        key = _key(row, bool(with_rounds), tiebreak)
        if (html := _drawn.get(key)) is None:
            shown = {"row": row, "with_rounds": with_rounds, "tiebreak": tiebreak}
            html = drawing.render(Context(shown, autoescape=context.autoescape))
            if len(_drawn) >= KEPT_ROWS:
                _drawn.clear()
            _drawn[key] = html
        drawn.append(html)
    return mark_safe("".join(drawn))  # each row escaped by its template when drawn
