"""``{% standings_rows rows with_rounds metrics %}``: the rows of a public standings table.

Every spectator's page and projector draws the standings again at each confirmed deal: a
few hundred rows of a few cells each. Drawn here, a row costs a small part of what the
template engine took for it (a drawing of 200 rows took some 20 ms more), and its numbers
are written as ``intcomma`` writes them without asking the locale again for each.
"""

from collections.abc import Callable, Sequence

from django import template
from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.formats import get_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from tournaments.services.scores.standings import Metric, StandingRow

register = template.Library()

NO_SCORE = "–"  # a round the row has no score in
CELL = '<td class="num secondary">%s</td>'


def number_writer() -> Callable[[int | None], str]:
    """How the active language writes a figure, as ``intcomma`` does; None is ``NO_SCORE``."""
    separator = str(get_format("THOUSAND_SEPARATOR"))
    three = get_format("NUMBER_GROUPING") == 3

    def write(value: int | None) -> str:
        if value is None:
            return NO_SCORE
        if three and type(value) is int:
            return f"{value:,}".replace(",", separator)
        return str(intcomma(value))

    return write


@register.simple_tag
def standings_rows(
    rows: Sequence[StandingRow], with_rounds: bool, metrics: Sequence[Metric]
) -> SafeString:
    write = number_writer()
    tiebreak = len(metrics) > 1
    drawn = []
    for row in rows:
        cells = "".join(CELL % write(v) for v in row.cells) if with_rounds else ""
        drawn.append(
            f'<tr><td class="num rank">{row.rank}{"=" if row.shared else ""}</td>'
            f'<td class="num secondary">{"" if row.number is None else row.number}</td>'
            f'<td class="name">{conditional_escape(row.name)}</td>{cells}'
            f'<td class="num"><strong>{write(row.total)}</strong></td>'
            f"{CELL % write(row.tiebreak) if tiebreak else ''}</tr>\n"
        )
    # The name is escaped as the template escaped it; everything else is a figure written above.
    return mark_safe("".join(drawn))
