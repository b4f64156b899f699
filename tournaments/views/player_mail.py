"""The links of the mails Meld sends a member: confirm the address (double opt-in), and stop
the mails. A GET shows a page with a button; only its POST changes anything. Stopping also
takes the one-click POST a mail program sends for the ``List-Unsubscribe`` header (RFC 8058),
which carries no CSRF token: the link's long token is the proof."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from tournaments.access import mail_to_confirm, mail_to_stop
from tournaments.models import MemberMail
from tournaments.services.mail import addresses
from tournaments.views.player_evening import private


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
