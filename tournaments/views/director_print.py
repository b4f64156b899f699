"""Director: the printed documents of an event (tallies, table cards, score sheets, …) as PDF,
and the tables' links and QR codes on screen (a phone scans them off the laptop)."""

from dataclasses import dataclass

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.kernel.network import link
from tournaments.kernel.numbers import MAX_SMALL, NumberError, parse_int
from tournaments.models import Event
from tournaments.printing import DOCUMENTS, PrintError, loaders
from tournaments.printing import render as render_pdf
from tournaments.printing.loaders import table_link
from tournaments.services.pages.live import nav
from tournaments.views.doors import director_required


def _round_choices(event: Event) -> list[int]:
    try:
        schedule = loaders.schedule_rounds(event, len(loaders.entrants(event)))
        return list(range(1, loaders.planned_round_count(event, schedule) + 1))
    except (PrintError, ImportError):
        return []


@director_required
@require_GET
def print_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Every document with its options (round, blank) and a button to open the PDF."""
    return render(
        request,
        "tournaments/print/index.html",
        {
            **nav(event, "print"),
            "documents": list(DOCUMENTS.values()),
            "rounds": _round_choices(event),
            "current_round": loaders.current_round(event),
        },
    )


@director_required
@require_GET
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
    disposition = content_disposition_header(False, f"{name}.pdf")
    assert disposition is not None  # None only without a file name
    response["Content-Disposition"] = disposition
    response["Cache-Control"] = "no-store"
    return response


@dataclass
class TableLink:
    number: int
    code: str
    link: str
    qr: SafeString


def _qr_svg(link: str) -> SafeString:
    # segno writes the SVG itself from the link (no user markup): safe to inline.
    return mark_safe(
        segno.make_qr(link, error="m").svg_inline(scale=5, border=3, light="#fff", omitsize=True)
    )  # noqa: S308


@director_required
@require_GET
def table_links(request: HttpRequest, event: Event) -> HttpResponse:
    """Each table's number, short code, link and QR code, for a phone to scan off the screen."""
    links = [
        TableLink(
            table.number, table.code, table_link(table.token), _qr_svg(table_link(table.token))
        )
        for table in event.tables.order_by("number")
    ]
    context = {
        **nav(event, "print"),
        "links": links,
        "code_url": link(reverse("tournaments-table-code")),
    }
    return render(request, "tournaments/print/table_links.html", context)
