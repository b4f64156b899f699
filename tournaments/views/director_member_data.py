"""Director: a member's e-mail for results, their data (export) and its erasure, the club's
outbox, and the private links of an event's players."""

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import clubs_for
from tournaments.forms.mail import AddressForm, EraseForm
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.network import link
from tournaments.kernel.numbers import MAX_ID
from tournaments.kernel.users import logged_in
from tournaments.models import Event, Member
from tournaments.services.mail import addresses
from tournaments.services.mail.listing import club_outbox
from tournaments.services.member_data.erase import erase_member
from tournaments.services.member_data.export import member_export
from tournaments.services.pages.live import nav
from tournaments.views.director_print import _qr_svg
from tournaments.views.doors import director_club, director_member, director_required, query_int
from tournaments.views.player_evening import member_json, private


def privacy_context(member: Member, form: AddressForm | None = None) -> dict[str, Any]:
    """The member edit page's e-mail and data section (``members/partials/member_privacy``)."""
    mail = addresses.mail_of(member)
    initial = {"address": mail.address, "language": mail.language} if mail else {}
    return {"mail": mail, "mail_form": form or AddressForm(initial=initial)}


def _edit_url(member: Member) -> str:
    return reverse("tournaments-director-member-edit", args=[member.pk]) + "#mail"


@login_required
@require_POST
def member_mail(request: HttpRequest, member_id: int) -> HttpResponse:
    """The director gives (or removes) a member's address; the member confirms it."""
    member = director_member(request, member_id)
    form = AddressForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, str(error))
        return redirect(_edit_url(member))
    try:
        found = addresses.set_address(
            member, form.cleaned_data["address"], form.cleaned_data["language"]
        )
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect(_edit_url(member))
    if found is None:
        messages.success(request, _("The address is removed."))
    elif found.confirmed:
        messages.success(request, _("Saved."))
    else:
        messages.success(
            request,
            _("A mail asks %(name)s to confirm %(address)s.")
            % {"name": member.name, "address": found.address},
        )
    return redirect(_edit_url(member))


@login_required
def member_data(request: HttpRequest, member_id: int) -> HttpResponse:
    member = director_member(request, member_id)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    context = {"member": member, "data": member_export(member), "director": True}
    return private(render(request, "tournaments/member_data/export.html", context))


@login_required
def member_data_json(request: HttpRequest, member_id: int) -> HttpResponse:
    member = director_member(request, member_id)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    return member_json(member)


@login_required
def member_erase(request: HttpRequest, member_id: int) -> HttpResponse:
    """GET: what erasing does, and the confirmation; POST: erase."""
    member = director_member(request, member_id)
    form = EraseForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            erasure = erase_member(member, logged_in(request.user))
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            assert erasure.member is not None  # the member just erased: still in the register
            messages.success(
                request,
                _("The personal data is erased: the member is now “%(name)s”.")
                % {"name": erasure.member.name},
            )
            return redirect(
                f"{reverse('tournaments-director-members')}?club={member.club_id}&show=all"
            )
    context = {
        "member": member,
        "form": form,
        "evenings": member.players.count(),
        "register_url": f"{reverse('tournaments-director-members')}?club={member.club_id}",
    }
    return render(request, "tournaments/member_data/erase.html", context)


@login_required
def mails(request: HttpRequest) -> HttpResponse:
    """The club's outbox: what is queued, sent and failed (``?event=`` for one evening's)."""
    club = director_club(request)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    event = None
    wanted = query_int(request, "event", minimum=1, maximum=MAX_ID)
    if club is not None and wanted is not None:
        event = Event.objects.filter(club=club, pk=wanted).first()
        if event is None:
            raise Http404("No such event of the club.")
    context = {
        "clubs": list(clubs_for(request.user)),
        "club": club,
        "event": event,
        "outbox": club_outbox(club, event) if club is not None else None,
    }
    return render(request, "tournaments/member_data/mails.html", context)


@dataclass(frozen=True)
class PlayerLink:
    number: int | None
    name: str
    link: str
    qr: SafeString


@director_required
def player_links(request: HttpRequest, event: Event) -> HttpResponse:
    """Each player's private link to their own evening, with its QR code."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    links = []
    for player in event.players.order_by("number", "name", "pk"):
        url = link(reverse("tournaments-player-evening", args=[player.evening_token]))
        links.append(PlayerLink(player.number, player.name, url, _qr_svg(url)))
    return render(
        request,
        "tournaments/member_data/player_links.html",
        {**nav(event, "print"), "links": links},
    )
