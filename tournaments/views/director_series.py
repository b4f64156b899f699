"""Director: a club's series (a season, a cup) and their standings, with CSV/XLSX export
and a PDF for the notice board."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from tournaments.access import clubs_for, series_for
from tournaments.forms.series import SeriesForm, initial_of
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import show_service_error
from tournaments.kernel.numbers import MAX_ID
from tournaments.models import Club, Series
from tournaments.printing import series_standings as series_pdf
from tournaments.series_rules import SeriesRow
from tournaments.services.club import series as service
from tournaments.tables import EXPORT_TYPES, SeriesTable, export_dataset
from tournaments.views.doors import director_series, query_int


def _club(request: HttpRequest) -> Club | None:
    """The club whose series are shown: ``?club=``, else the director's first club."""
    clubs = clubs_for(request.user)
    wanted = query_int(request, "club", minimum=1, maximum=MAX_ID)
    return clubs.first() if wanted is None else get_object_or_404(clubs, pk=wanted)


def _list_url(club: Club) -> str:
    return f"{reverse('tournaments-director-series')}?club={club.pk}"


@login_required
@require_GET
def series_list(request: HttpRequest) -> HttpResponse:
    club = _club(request)
    context: dict[str, Any] = {"clubs": list(clubs_for(request.user)), "club": club}
    if club is not None:
        context["series"] = list(series_for(request.user).filter(club=club))
    return render(request, "tournaments/series/list.html", context)


def _save(request: HttpRequest, club: Club, series: Series | None) -> HttpResponse:
    initial = initial_of(series or Series(club=club))
    form = SeriesForm(request.POST or None, club=club, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            saved = service.save_series(club, series, **form.cleaned_data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(request, _("Saved."))
            return redirect("tournaments-director-series-standings", saved.pk)
    context = {"club": club, "series": series, "form": form, "list_url": _list_url(club)}
    return render(request, "tournaments/series/edit.html", context)


@login_required
def new(request: HttpRequest) -> HttpResponse:
    club = _club(request)
    if club is None:
        return redirect("tournaments-director-series")
    return _save(request, club, None)


@login_required
def edit(request: HttpRequest, series_id: int) -> HttpResponse:
    series = director_series(request, series_id)
    return _save(request, series.club, series)


def series_records(
    rows: list[SeriesRow], series: Series, labels: dict[int, str]
) -> list[dict[str, Any]]:
    """The series table's rows (the director's page, its export and the club's public page).

    ``labels`` names each evening (by its event's id) where a row lists those left out.
    """
    placing = series.rule == Series.Rule.PLACING
    average = series.rule == Series.Rule.AVERAGE
    records = []
    for row in rows:
        record = {
            "rank": row.rank,
            "shared": row.shared,
            "name": row.name,
            "played": row.played,
            "total": round(float(row.total), 1) if average else row.total,
        }
        if not row.qualified:
            record["note"] = ngettext(
                "Fewer than %(count)d evening",
                "Fewer than %(count)d evenings",
                series.minimum_evenings or 0,
            ) % {"count": series.minimum_evenings}
        if series.rule == Series.Rule.BEST:
            left_out = [
                labels[event_id] for event_id in row.evenings if event_id not in row.counted
            ]
            record["dropped"] = ", ".join(left_out)
        for event_id, evening in row.evenings.items():
            key = f"e{event_id}"
            record[key] = row.values[event_id]
            record[f"counts_{key}"] = event_id in row.counted
            if placing:
                record[f"place_{key}"] = f"{evening.rank}=" if evening.shared else evening.rank
        records.append(record)
    return records


@login_required
def standings(request: HttpRequest, series_id: int) -> HttpResponse:
    """Evening by evening per member: what each evening is worth, and what counts."""
    series = director_series(request, series_id)
    result = service.series_standings(series)
    labels = {event.pk: f"{event.date:%d.%m.}" for event in result.events}
    events = [(f"e{event_id}", label) for event_id, label in labels.items()]
    average = series.rule == Series.Rule.AVERAGE
    table = SeriesTable(
        series_records(result.rows, series, labels),
        events=events,
        average=average,
        best=series.rule == Series.Rule.BEST,
    )
    export = request.GET.get("export")
    if export in EXPORT_TYPES:
        RequestConfig(request, paginate=False).configure(table)
        response = HttpResponse(
            export_dataset(table, series.name).export(export), content_type=EXPORT_TYPES[export]
        )
        filename = f"{slugify(series.name) or 'series'}-standings.{export}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "series": series,
        "events": result.events,
        "table": table,
        "ties": service.tie_break_line(series.rule),
        "best_of": series.best_of if series.rule == Series.Rule.BEST else None,
        "list_url": _list_url(series.club),
    }
    return render(request, "tournaments/series/standings.html", context)


@login_required
def print_pdf(request: HttpRequest, series_id: int) -> HttpResponse:
    """The standings as PDF for the notice board, in the director's language."""
    series = director_series(request, series_id)
    pdf = series_pdf.build(series_pdf.load(series))
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"{slugify(series.name) or 'series'}-standings.pdf"
    disposition = content_disposition_header(False, name)
    assert disposition is not None  # None only without a file name
    response["Content-Disposition"] = disposition
    response["Cache-Control"] = "no-store"
    return response
