"""The links of the mails Meld sends a member: confirm the address (double opt-in), stop
the mails, and see everything Meld holds on them (GDPR Art. 15; only whoever reads the
confirmed address's mail holds that link). A GET shows a page with a button; only its POST
changes anything. Stopping also takes the one-click POST a mail program sends for the
``List-Unsubscribe`` header (RFC 8058), which carries no CSRF token: the link's long token
is the proof."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from tournaments.access import mail_to_confirm, mail_to_data, mail_to_stop
from tournaments.models import MemberMail
from tournaments.services.mail import addresses
from tournaments.services.member_data.export import member_export
from tournaments.views.player_evening import member_json, private


def _answer(
    request: HttpRequest, found: MemberMail, step: Callable[[MemberMail], MemberMail], page: str
) -> HttpResponse:
    """GET: the page with its button; POST: the ``step``, then the page saying it is done."""
    done = request.method == "POST"
    if done:
        found = step(found)
    elif request.method != "GET":
        return HttpResponseNotAllowed(["GET", "POST"])
    return private(render(request, page, {"mail": found, "done": done}))


def confirm(request: HttpRequest, mail_token: str) -> HttpResponse:
    found = mail_to_confirm(mail_token)
    return _answer(request, found, addresses.confirm, "tournaments/player/confirm.html")


@csrf_exempt
def stop(request: HttpRequest, mail_token: str) -> HttpResponse:
    found = mail_to_stop(mail_token)
    return _answer(request, found, addresses.unsubscribe, "tournaments/player/stop.html")


def data(request: HttpRequest, mail_token: str) -> HttpResponse:
    """Everything Meld holds on the member, as a page to read (and print)."""
    found = mail_to_data(mail_token)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    member = found.member
    context = {"mail_token": mail_token, "member": member, "data": member_export(member)}
    return private(render(request, "tournaments/member_data/export.html", context))


def data_json(request: HttpRequest, mail_token: str) -> HttpResponse:
    found = mail_to_data(mail_token)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    return member_json(found.member)
