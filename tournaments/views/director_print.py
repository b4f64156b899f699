"""Director: the printed documents of an event (tallies, table cards, score sheets, …) as PDF."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.access import director_required
from tournaments.models import Event
from tournaments.numbers import MAX_SMALL, NumberError, parse_int
from tournaments.printing import DOCUMENTS, PrintError, loaders
from tournaments.printing import render as render_pdf


def _round_choices(event: Event) -> list[int]:
    try:
        schedule = loaders.schedule_rounds(event, len(loaders.entrants(event)))
        return list(range(1, loaders.planned_round_count(event, schedule) + 1))
    except (PrintError, ImportError):
        return []


@director_required
def print_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Every document with its options (round, blank) and a button to open the PDF."""
    return render(
        request,
        "tournaments/print/index.html",
        {
            "event": event,
            "documents": list(DOCUMENTS.values()),
            "rounds": _round_choices(event),
            "current_round": loaders.current_round(event),
        },
    )


@director_required
def print_pdf(request: HttpRequest, event: Event, kind: str) -> HttpResponse:
    document = DOCUMENTS.get(kind)
    if document is None:
        raise Http404("No such document.")
    round_number = None
    raw = request.GET.get("round", "").strip()
    if raw and document.uses_round:
        try:
            round_number = parse_int(raw, minimum=1, maximum=MAX_SMALL)
        except NumberError:
            messages.error(request, _("“%(round)s” is not a round number.") % {"round": raw[:12]})
            return redirect("tournaments-director-print", event_id=event.pk)
    blank = document.uses_blank and request.GET.get("blank", "") in ("1", "on", "true")
    try:
        pdf = render_pdf(event, kind, round_number=round_number, blank=blank)
    except PrintError as error:
        messages.error(request, error.message)
        return redirect("tournaments-director-print", event_id=event.pk)
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"{slugify(event.name) or 'event'}-{kind}{'-blank' if blank else ''}"
    if round_number is not None:
        name += f"-round-{round_number}"
    response["Content-Disposition"] = content_disposition_header(False, f"{name}.pdf")
    response["Cache-Control"] = "no-store"
    return response
