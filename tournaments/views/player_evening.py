"""One player's own pages, opened by the private link of their evening (``/me/<token>/``):
their evening, and for a member their history, their e-mail for results and their data.
Read-only but for the e-mail form; a wrong or expired link is a 404 (counted by the guess
limiter, ``tournaments.middleware``)."""

import json
from typing import Any

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
    """GET: the member's e-mail for results; POST: give it (with consent), stop the mails,
    or remove the address."""
    player, member = evening_member(evening_token)
    current = addresses.mail_of(member)
    form = OptInForm(
        initial={
            "address": current.address if current else "",
            "language": current.language if current else get_language()[:2],
        }
    )
    if request.method == "POST":
        try:
            if "stop" in request.POST and current is not None:
                addresses.unsubscribe(current)
                messages.success(request, _("You will get no more mails."))
                return redirect("tournaments-player-mail", evening_token)
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
    elif request.method != "GET":
        return HttpResponseNotAllowed(["GET", "POST"])
    context = {
        "token": evening_token,
        "player": player,
        "member": member,
        "mail": current,
        "form": form,
    }
    return private(render(request, "tournaments/player/mail.html", context))


def data(request: HttpRequest, evening_token: str) -> HttpResponse:
    """Everything Meld holds on the member, as a page to read (and print)."""
    player, member = evening_member(evening_token)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    context = {
        "token": evening_token,
        "player": player,
        "member": member,
        "data": member_export(member),
    }
    return private(render(request, "tournaments/member_data/export.html", context))


def data_json(request: HttpRequest, evening_token: str) -> HttpResponse:
    _player, member = evening_member(evening_token)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    return private(json_download(member_export(member), f"meld-member-{member.pk}.json"))


def json_download(found: dict[str, Any], filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(found, ensure_ascii=False, indent=2, cls=DjangoJSONEncoder),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
