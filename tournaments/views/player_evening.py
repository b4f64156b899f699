"""One player's own pages, opened by the private link of their evening (``/me/<token>/``):
their evening, and for a member their history, their e-mail for results and the way to their
data. Whoever tapped the player's name at their table got this link too, so these pages
show no personal data: the address only masked, and the data only through a link mailed to
the confirmed address (``player_mail``). Read-only but for the e-mail form and asking for
that mail; a wrong or expired link is a 404 (counted by the guess limiter,
``tournaments.middleware``)."""

import json

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.access import evening_member, evening_player
from tournaments.forms.mail import OptInForm
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import show_service_error
from tournaments.models import Member, MemberMail
from tournaments.services.evening.history import member_history
from tournaments.services.evening.page import player_evening
from tournaments.services.mail import addresses
from tournaments.services.member_data.export import member_export
from tournaments.views.director_ratings import member_season_ratings
from tournaments.views.doors import query_int


def private(response: HttpResponse) -> HttpResponse:
    """A private page: kept by no cache on the way, found by no search engine."""
    response["Cache-Control"] = "private, no-store"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def evening(request: HttpRequest, evening_token: str) -> HttpResponse:
    player = evening_player(evening_token)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    context = {"evening": player_evening(player), "token": evening_token, "player": player}
    return private(render(request, "tournaments/player/evening.html", context))


def history(request: HttpRequest, evening_token: str) -> HttpResponse:
    """The member's evenings of a season and their ratings: their member page, as theirs."""
    player, member = evening_member(evening_token)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    found = member_history(member, query_int(request, "season", minimum=1, maximum=9999))
    context = {
        "token": evening_token,
        "player": player,
        "member": member,
        "seasons": found.season.seasons,
        "season": found.season.season,
        "evenings": found.evenings,
        "charts": found.season.charts,
        "metric": found.season.metric,
        "ratings": member_season_ratings(member, found.season.season),
    }
    return private(render(request, "tournaments/player/history.html", context))


def mail(request: HttpRequest, evening_token: str) -> HttpResponse:
    """GET: where the member's results go (the address masked); POST: give an address (with
    consent) or remove one not confirmed. A confirmed address is changed or stopped only by a
    mail's link or by the director: a private link can be anyone's at the table."""
    player, member = evening_member(evening_token)
    current = addresses.mail_of(member)
    settled = current is not None and current.confirmed
    form = OptInForm(initial={"language": current.language if current else get_language()[:2]})
    if request.method == "POST" and not settled:
        try:
            if "remove" in request.POST:
                addresses.set_address(member, "", get_language()[:2])
                messages.success(request, _("Your address is removed."))
                return redirect("tournaments-player-mail", evening_token)
            form = OptInForm(request.POST)
            if form.is_valid():
                data = form.cleaned_data
                found = addresses.set_address(member, data["address"], data["language"])
                if found is not None and not found.confirmed:
                    messages.success(
                        request,
                        _("We sent a mail to %(address)s: open its link to confirm.")
                        % {"address": found.address},
                    )
                else:
                    messages.success(request, _("Saved."))
                return redirect("tournaments-player-mail", evening_token)
        except ServiceError as error:
            show_service_error(form, error)
    elif request.method not in ("GET", "POST"):
        return HttpResponseNotAllowed(["GET", "POST"])
    context = {
        "token": evening_token,
        "player": player,
        "member": member,
        **_mail_state(current),
        "form": None if settled else form,
    }
    return private(render(request, "tournaments/player/mail.html", context))


def data(request: HttpRequest, evening_token: str) -> HttpResponse:
    """GET: what Meld holds on a member, and how to see it; POST: mail the link to it to the
    member's confirmed address."""
    player, member = evening_member(evening_token)
    if request.method == "POST":
        try:
            addresses.send_data_link(member)
            messages.success(request, _("The link is on its way: look in your mailbox."))
        except ServiceError as error:
            messages.error(request, str(error))
        return redirect("tournaments-player-data", evening_token)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET", "POST"])
    context = {
        "token": evening_token,
        "player": player,
        "member": member,
        **_mail_state(addresses.mail_of(member)),
    }
    return private(render(request, "tournaments/player/data.html", context))


def _mail_state(current: MemberMail | None) -> dict[str, object]:
    """Where the member's mails go, as a private link may say it: the address masked."""
    return {"mail": current, "shown": addresses.masked(current.address) if current else ""}


def member_json(member: Member) -> HttpResponse:
    """Everything Meld holds on a member as a file to hand over (the director's and the
    member's own, from the link mailed to them)."""
    response = HttpResponse(
        json.dumps(member_export(member), ensure_ascii=False, indent=2, cls=DjangoJSONEncoder),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="meld-member-{member.pk}.json"'
    return private(response)
