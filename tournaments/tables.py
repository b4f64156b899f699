"""django-tables2 tables: the standings, sortable and paginated, with a safe CSV/XLSX export."""

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import django_tables2 as tables
import tablib
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event
from tournaments.services.scores.standings import StandingRow, precedence, rounds_in

# A table's row as django-tables2 reads it: a record of figures and words by column name.
Record = Mapping[str, Any]
# A figure in a cell: a count, points, an average or a rating.
Figure = Decimal | float | str

# A spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """Text cells that a spreadsheet would read as a formula get a leading quote."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def labelled(
    name: object, cell_class: str = "num", heading_class: str | None = None
) -> dict[str, dict[str, object]]:
    """A column's attrs: its cells carry the heading (``data-label``), which a phone shows
    beside each figure when the table turns into a card per row (``cards-on-phone``)."""
    return {
        "th": {"class": heading_class or cell_class},
        "td": {"class": cell_class, "data-label": name},
    }


# A card per row on a phone: rank, name and the total on the first line, every other
# figure labelled below (static/css/board.css), so no total is pushed off the screen. Of
# the headings (sort links) a phone keeps the ``primary`` ones, on one line.
CARDS = "cards-on-phone"


class NumberColumn(tables.Column):  # type: ignore[misc]  # django-tables2 ships no types
    """Right-aligned figures, formatted per locale on the page, plain numbers in exports."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("attrs", labelled(kwargs.get("verbose_name")))
        super().__init__(*args, **kwargs)

    def render(self, value: Figure) -> str:
        return number_format(value, force_grouping=True)

    def value(self, value: Figure | None) -> Figure:
        return "" if value is None else value


class StandingsTable(tables.Table):  # type: ignore[misc]  # django-tables2 ships no types
    rank = tables.Column(
        verbose_name=_("Rank"),
        attrs={"td": {"class": "num rank"}, "th": {"class": "num primary"}},
    )
    number = tables.Column(verbose_name=_("No."), attrs=labelled(_("No."), "num", "num primary"))
    name = tables.Column(
        verbose_name=_("Name"), attrs={"td": {"class": "name"}, "th": {"class": "primary"}}
    )

    class Meta:
        template_name = "tournaments/standings/partials/table.html"
        orderable = True
        order_by = ("rank",)
        empty_text = _("No players yet.")
        attrs = {"class": f"standings {CARDS}"}
        per_page = 50

    def __init__(
        self,
        data: list[dict[str, object]],
        *,
        event: Event,
        rounds: list[int],
        links: bool = True,
        **kwargs: Any,
    ) -> None:
        self.event = event
        self.links = links
        metrics = precedence(event)
        extra = [
            (
                f"r{number}",
                NumberColumn(
                    verbose_name=gettext("R%(number)d") % {"number": number},
                    default="–",
                    empty_values=(None,),
                ),
            )
            for number in rounds
        ]
        extra.append(
            (
                "total",
                NumberColumn(
                    verbose_name=metrics[0].label,
                    attrs=labelled(metrics[0].label, "num total", "num primary"),
                ),
            )
        )
        if len(metrics) > 1:
            extra.append(("tiebreak", NumberColumn(verbose_name=metrics[1].label)))
        super().__init__(data, extra_columns=extra, **kwargs)

    def render_rank(self, record: Record) -> str:
        rank = str(record["rank"])
        return f"{rank}=" if record["shared"] else rank

    def value_rank(self, record: Record) -> str:
        return self.render_rank(record)

    def render_name(self, record: Record, value: str) -> str:
        if not self.links or record["player_pk"] is None:
            return value
        url = reverse("tournaments-director-player", args=[self.event.pk, record["player_pk"]])
        return format_html('<a href="{}">{}</a>', url, value)

    def value_name(self, value: str) -> str:
        return value

    def value_number(self, value: int | None) -> int | None:
        return value


def standings_records(rows: list[StandingRow]) -> list[dict[str, object]]:
    """Plain dicts for the table (round columns ``r1``, ``r2``, …)."""
    records = []
    for row in rows:
        assert row.player is not None  # an event's standings: every row has its entrant
        record: dict[str, object] = {
            "rank": row.rank,
            "shared": row.shared,
            "tied": row.tied,
            "number": row.number,
            "name": row.name,
            "player_pk": None if row.is_team else row.player.pk,
            "total": row.total,
            "tiebreak": row.tiebreak,
        }
        for number, points in row.per_round.items():
            record[f"r{number}"] = points
        records.append(record)
    return records


def standings_table(event: Event, rows: list[StandingRow], **kwargs: Any) -> StandingsTable:
    return StandingsTable(standings_records(rows), event=event, rounds=rounds_in(rows), **kwargs)


EXPORT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def export_dataset(table: tables.Table, title: str) -> tablib.Dataset:
    """Every row of ``table`` (not only the page shown), formula-safe."""
    values = list(table.as_values())
    dataset = tablib.Dataset(title=title[:31] or "Standings")
    dataset.headers = [spreadsheet_safe(str(header)) for header in values[0]]
    for row in values[1:]:
        dataset.append([spreadsheet_safe("" if value is None else value) for value in row])
    return dataset


COUNTS_MEANS = "counts-means"  # the id of the legend's "counts for the series"


class SeriesCell(tables.Column):  # type: ignore[misc]  # django-tables2 ships no types
    """One evening of a series: what it is worth, and whether it counts (class ``counts``)."""

    def __init__(self, key: str, **kwargs: Any) -> None:
        self.key = key
        kwargs.setdefault("default", "–")
        kwargs.setdefault("empty_values", (None,))
        kwargs.setdefault("orderable", False)
        kwargs["attrs"] = {
            "th": {"class": "num"},
            "td": {
                "class": lambda record: _cell_class(record, key),
                "data-label": kwargs.get("verbose_name"),
                # What the highlight means, for a reader who cannot see it: the legend's words.
                "aria-describedby": lambda record: (
                    COUNTS_MEANS if record.get(f"counts_{key}") else None
                ),
            },
        }
        super().__init__(**kwargs)

    def render(self, value: Figure, record: Record) -> str:
        place = record.get(f"place_{self.key}")
        figure = number_format(value, force_grouping=True)
        return format_html("{} <small>({})</small>", figure, place) if place else figure

    def value(self, value: Figure | None) -> Figure:
        return "" if value is None else value


def _cell_class(record: Record, key: str) -> str:
    return "num counts" if record.get(f"counts_{key}") else "num"


class SeriesTable(tables.Table):  # type: ignore[misc]  # django-tables2 ships no types
    rank = tables.Column(
        verbose_name=_("Rank"), attrs={"td": {"class": "num rank"}, "th": {"class": "num"}}
    )
    name = tables.Column(verbose_name=_("Member"), attrs={"td": {"class": "name"}})
    played = NumberColumn(verbose_name=_("Evenings"))

    class Meta:
        template_name = "tournaments/standings/partials/table.html"
        orderable = False
        empty_text = _("No member has played an evening of this series yet.")
        attrs = {"class": f"standings series {CARDS}"}

    def __init__(
        self,
        data: list[dict[str, object]],
        *,
        events: list[tuple[str, str]],
        average: bool,
        best: bool = False,
        **kwargs: Any,
    ) -> None:
        extra = [(key, SeriesCell(key, verbose_name=label)) for key, label in events]
        label = _("Average") if average else _("Total")
        extra.append(
            ("total", NumberColumn(verbose_name=label, attrs=labelled(label, "num total")))
        )
        if average:
            note = _("Note")
            extra.append(
                ("note", tables.Column(verbose_name=note, default="", attrs=labelled(note, "note")))
            )
        if best:
            # The page marks what counts by its look; a spreadsheet keeps numbers numbers
            # and names the evenings left out in a column of its own.
            extra.append(
                ("dropped", tables.Column(verbose_name=_("Not counted"), default="", visible=False))
            )
        super().__init__(data, extra_columns=extra, **kwargs)

    def render_rank(self, record: Record) -> str:
        if record["rank"] is None:
            return "–"
        return f"{record['rank']}=" if record["shared"] else str(record["rank"])

    def value_rank(self, record: Record) -> str:
        return "" if record["rank"] is None else self.render_rank(record)

    def value_name(self, value: str) -> str:
        return value


class RatingTable(tables.Table):  # type: ignore[misc]  # django-tables2 ships no types
    """A club's rating list in one card game (the director's page, its export, the club's
    public page): rank, name, the shown rating, the rated games and, while provisional,
    how many more games it needs."""

    rank = tables.Column(
        verbose_name=_("Rank"), attrs={"td": {"class": "num rank"}, "th": {"class": "num"}}
    )
    name = tables.Column(verbose_name=_("Member"), attrs={"td": {"class": "name"}})
    rating = NumberColumn(verbose_name=_("Rating"))
    games = NumberColumn(verbose_name=_("Games"))
    # On the page the note stands under the name (a phone has no room for a column of
    # words); a spreadsheet keeps it in a column of its own.
    note = tables.Column(verbose_name=_("Provisional"), default="", visible=False)

    class Meta:
        template_name = "tournaments/standings/partials/table.html"
        orderable = False
        empty_text = _(
            "No member has a rating in this game yet: it comes with the first finished evening."
        )
        attrs = {"class": "standings ratings"}

    def render_rank(self, record: Record) -> str:
        return f"{record['rank']}=" if record["shared"] else str(record["rank"])

    def value_rank(self, record: Record) -> str:
        return self.render_rank(record)

    def render_name(self, record: Record, value: str) -> str:
        name = format_html('<a href="{}">{}</a>', record["url"], value) if record["url"] else value
        if not record["note"]:
            return name
        return format_html('{}<small class="rating-note">{}</small>', name, record["note"])

    def value_name(self, value: str) -> str:
        return value

    def render_rating(self, value: Figure) -> str:
        return number_format(value, decimal_pos=1)

    def value_rating(self, value: Figure) -> Figure:
        return value
