"""A member's e-mail address and their consent, each change one step in one transaction
under the club's lock, then the member's (``services.store.locks``: club → member).

Double opt-in: whoever gives the address (the director on the register, or the member
from their private link), Meld first sends a mail asking the member to confirm it; only a
confirmed address gets results. Every mail carries the link that stops them.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.kernel.errors import ServiceError
from tournaments.models import Member, MemberMail, OutboxMail
from tournaments.models.mail import new_mail_token
from tournaments.services.outbox import queue as outbox
from tournaments.services.store.locks import lock_club, lock_members, serialised

State = MemberMail.State


def _locked(member: Member) -> Member:
    lock_club(member.club_id, change=True)
    found = lock_members(member.club_id, [member.pk]).get(member.pk)
    if found is None:
        raise ServiceError(_("This member is no longer on the register."))
    return found


def mail_of(member: Member) -> MemberMail | None:
    return MemberMail.objects.filter(member=member).first()


def masked(address: str) -> str:
    """The address as a private link may show it: enough for its owner to know it, too little
    for whoever else holds the link (a player at the same table) to learn it."""
    local, _at, domain = address.partition("@")
    name, dot, top = domain.rpartition(".")
    if not dot:
        name, top = domain, ""
    hidden = f"{local[:1]}•••@{name[:1]}•••"
    return f"{hidden}.{top}" if top else hidden


# Confirmation mails one member may be sent within a day: enough to mend a typo or two,
# too few for a stranger holding the member's link to flood an address with the club's.
CONFIRMATIONS_PER_DAY = 5
# Mails with the link to the member's data within a day, for the same reason.
DATA_LINKS_PER_DAY = 3


def _check_sent(member: Member, kind: str, limit: int, refusal: str) -> None:
    """Refuse with ``refusal`` (its ``count``) once ``limit`` mails of ``kind`` went to the
    member within a day."""
    since = timezone.now() - timedelta(days=1)
    sent = OutboxMail.objects.filter(member=member, kind=kind, created_at__gte=since).count()
    if sent >= limit:
        raise ServiceError(refusal % {"count": sent})


def _check_confirmations(member: Member) -> None:
    refusal = _(
        "%(count)d confirmation mails went to this member in the last day: the next one can "
        "be asked for tomorrow."
    )
    _check_sent(member, OutboxMail.Kind.CONFIRM, CONFIRMATIONS_PER_DAY, refusal)


@serialised
def set_address(member: Member, address: str, language: str) -> MemberMail | None:
    """The member's address (empty: none any more) and the language of their mails. A new
    address waits for the member's confirmation: a mail asks for it."""
    address = address.strip()
    with transaction.atomic():
        member = _locked(member)
        if hasattr(member, "erasure"):
            raise ServiceError(_("This member's data was erased."))
        mail = mail_of(member)
        if not address:
            if mail is not None:
                outbox.cancel_member(member.pk)
                mail.delete()
            return None
        if (
            mail is not None
            and mail.address.casefold() == address.casefold()
            and mail.state == State.CONFIRMED
        ):
            mail.language = language
            mail.save(update_fields=["language"])
            return mail
        _check_confirmations(member)
        if mail is None or mail.address.casefold() != address.casefold():
            # A stop link sent to the address before names none after it.
            mail = mail or MemberMail(member=member)
            mail.unsubscribe_token = new_mail_token()
        mail.address, mail.language = address, language
        mail.state = State.PENDING
        mail.confirm_token = new_mail_token()
        mail.asked_at, mail.confirmed_at, mail.stopped_at = timezone.now(), None, None
        mail.save()
        outbox.cancel_member(member.pk)
        outbox.queue_confirmation(mail)
        return mail


@serialised
def ask_again(member: Member) -> MemberMail:
    """Send the confirmation mail once more (the member lost it)."""
    with transaction.atomic():
        member = _locked(member)
        mail = mail_of(member)
        if mail is None or mail.state != State.PENDING:
            raise ServiceError(_("No address waits for confirmation."))
        _check_confirmations(member)
        mail.asked_at = timezone.now()
        mail.save(update_fields=["asked_at"])
        outbox.queue_confirmation(mail)
        return mail


@serialised
def send_data_link(member: Member) -> MemberMail:
    """Mail the link to everything Meld holds on the member to their confirmed address: the
    data are shown to whoever reads that mailbox, never to whoever holds a private link."""
    with transaction.atomic():
        member = _locked(member)
        mail = mail_of(member)
        if mail is None or not mail.confirmed:
            raise ServiceError(
                _(
                    "No confirmed address to send the link to: give one under Results by "
                    "e-mail, or ask the club's director for your data."
                )
            )
        refusal = _(
            "%(count)d mails with the link went to you in the last day: look for them in your "
            "mailbox, or ask again tomorrow."
        )
        _check_sent(member, OutboxMail.Kind.DATA, DATA_LINKS_PER_DAY, refusal)
        outbox.queue_data_link(mail)
        return mail


@serialised
def confirm(mail: MemberMail) -> MemberMail:
    """The member confirmed their address (the button on the confirmation link's page)."""
    with transaction.atomic():
        _locked(mail.member)
        mail = MemberMail.objects.select_related("member").get(pk=mail.pk)
        if mail.state != State.CONFIRMED:
            mail.state = State.CONFIRMED
            mail.confirmed_at = timezone.now()
            mail.stopped_at = None
            # The confirmation link has done its work: it confirms nothing again.
            mail.confirm_token = new_mail_token()
            mail.save()
        return mail


@serialised
def unsubscribe(mail: MemberMail) -> MemberMail:
    """No more mails to this member (the link in every mail, or the member's page)."""
    with transaction.atomic():
        _locked(mail.member)
        mail = MemberMail.objects.select_related("member").get(pk=mail.pk)
        if mail.state != State.STOPPED:
            mail.state = State.STOPPED
            mail.stopped_at = timezone.now()
            mail.save(update_fields=["state", "stopped_at"])
        outbox.cancel_member(mail.member_id)
        return mail
