"""What a mail of the outbox says, in the member's language: the results of an evening (the
member's own evening, ``services.evening.page``, and the link to it), the request to
confirm an address, or the link to everything Meld holds on the member. Plain text and
HTML; every mail carries the link that stops the mails, also as the headers of one-click
unsubscribing (RFC 8058)."""

from dataclasses import dataclass
from email.utils import formatdate
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.core.mail.backends.base import BaseEmailBackend
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.kernel.network import link
from tournaments.models import MemberMail, OutboxMail, Player
from tournaments.services.evening.page import player_evening


class NotToSend(Exception):
    """The mail is no longer wanted (the member unsubscribed, was erased, or did not play)."""


@dataclass(frozen=True)
class Letter:
    subject: str
    text: str
    html: str
    unsubscribe: str


def stop_link(mail: MemberMail) -> str:
    return link(reverse("tournaments-player-mail-stop", args=[mail.unsubscribe_token]))


def _wanted(row: OutboxMail) -> MemberMail:
    mail = MemberMail.objects.filter(member_id=row.member_id).first()
    if mail is None or not row.address or mail.address.casefold() != row.address.casefold():
        raise NotToSend("the address changed or is gone")
    if row.kind == OutboxMail.Kind.RESULTS and mail.state != MemberMail.State.CONFIRMED:
        raise NotToSend("the member does not want the mails")
    if row.kind == OutboxMail.Kind.CONFIRM and mail.state != MemberMail.State.PENDING:
        raise NotToSend("the address needs no confirmation")
    if row.kind == OutboxMail.Kind.DATA and not mail.confirmed:
        raise NotToSend("the address is no longer confirmed")
    return mail


def _results(row: OutboxMail, mail: MemberMail) -> dict[str, Any]:
    if row.event_id is None:
        raise NotToSend("a results mail of no evening")
    player = (
        Player.objects.select_related("event__club", "member")
        .filter(event_id=row.event_id, member_id=row.member_id)
        .order_by("pk")
        .first()
    )
    if player is None:
        raise NotToSend("the member has no player in the evening")
    evening = player_evening(player)
    return {
        "evening": evening,
        "url": link(reverse("tournaments-player-evening", args=[player.evening_token])),
        "subject": _("Your evening: %(event)s") % {"event": player.event.name},
    }


def _confirmation(mail: MemberMail) -> dict[str, Any]:
    return {
        "url": link(reverse("tournaments-player-mail-confirm", args=[mail.confirm_token])),
        "subject": _("Please confirm your e-mail address for %(club)s")
        % {"club": mail.member.club.name},
    }


def _data_link(mail: MemberMail) -> dict[str, Any]:
    return {
        "url": link(reverse("tournaments-player-mail-data", args=[mail.unsubscribe_token])),
        "subject": _("Everything %(club)s holds on you") % {"club": mail.member.club.name},
    }


def letter(row: OutboxMail) -> Letter:
    """The mail of ``row``, in its language; ``NotToSend`` when it should not go."""
    mail = _wanted(row)
    with translation.override(row.language):
        if row.kind == OutboxMail.Kind.RESULTS:
            context, name = _results(row, mail), "results"
        elif row.kind == OutboxMail.Kind.DATA:
            context, name = _data_link(mail), "data"
        else:
            context, name = _confirmation(mail), "confirm"
        context.update(
            member=mail.member, club=mail.member.club, stop=stop_link(mail), language=row.language
        )
        text = render_to_string(f"tournaments/mail/{name}.txt", context)
        html = render_to_string(f"tournaments/mail/{name}.html", context)
    return Letter(str(context["subject"]), text, html, context["stop"])


def message(
    row: OutboxMail, found: Letter, connection: BaseEmailBackend | None = None
) -> EmailMultiAlternatives:
    """The message to send: one Message-ID per row, so a mail sent twice (a sender that died
    between the server's acceptance and its mark) is known as one by the reader's mail."""
    domain = settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip(" >") or "localhost"
    mail = EmailMultiAlternatives(
        subject=found.subject,
        body=found.text,
        to=[row.address],
        connection=connection,
        headers={
            "Message-ID": f"<meld-outbox-{row.pk}@{domain}>",
            "Date": formatdate(localtime=True),
            "List-Unsubscribe": f"<{found.unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )
    mail.attach_alternative(found.html, "text/html")
    return mail
