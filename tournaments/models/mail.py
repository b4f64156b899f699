"""A member's e-mail address for their results, and the mails Meld sends (issue 36).

``MemberMail``: the address a member gave (or the director entered for them), the language
their mails are written in, and their consent: a confirmation mail asks them first (double
opt-in), every mail carries the link that stops them. ``OutboxMail``: the queue, one row
per mail, sent by the server's worker thread or ``manage.py sendmail``. A finished evening
queues one results mail per opted-in member and edition (the event's ``results_edition``,
one more at every finish), unique, so one finish never queues a mail twice.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Club, Event
from tournaments.models.members import Member

ADDRESS_MAX = 254
ERROR_MAX = 500


def new_mail_token() -> str:
    return secrets.token_urlsafe(24)


class MemberMail(models.Model):
    """Where a member's results go, and whether they said yes to them."""

    class State(models.TextChoices):
        PENDING = "pending", _("waiting for the member's confirmation")
        CONFIRMED = "confirmed", _("results by e-mail")
        STOPPED = "stopped", _("unsubscribed")

    member = models.OneToOneField(Member, on_delete=models.CASCADE, related_name="mail")
    address = models.EmailField(_("e-mail address"), max_length=ADDRESS_MAX)
    language = models.CharField(
        _("language of the mails"), max_length=5, choices=settings.LANGUAGES, default="de"
    )
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.PENDING
    )
    # The confirmation mail's link, and the link in every mail that stops them.
    confirm_token = models.CharField(max_length=64, unique=True, default=new_mail_token)
    unsubscribe_token = models.CharField(max_length=64, unique=True, default=new_mail_token)
    asked_at = models.DateTimeField(_("confirmation asked"), null=True, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
    stopped_at = models.DateTimeField(_("unsubscribed"), null=True, blank=True)

    class Meta:
        verbose_name = _("member's e-mail")
        verbose_name_plural = _("members' e-mails")

    def __str__(self) -> str:
        return f"{self.member_id} {self.get_state_display()}"

    @property
    def confirmed(self) -> bool:
        return self.state == self.State.CONFIRMED


class OutboxMail(models.Model):
    """One mail to send: claimed by one sender at a time, marked sent once, tried again
    later while the mail server cannot be reached."""

    class Kind(models.TextChoices):
        RESULTS = "results", _("results of an evening")
        CONFIRM = "confirm", _("confirmation of the address")
        DATA = "data", _("the link to the member's data")

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        SENDING = "sending", _("being sent")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")
        CANCELLED = "cancelled", _("not sent")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="mails")
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="mails"
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    edition = models.PositiveSmallIntegerField(_("edition"), default=0)
    # The address and language when queued: a mail goes where it was meant to go then.
    address = models.CharField(_("e-mail address"), max_length=ADDRESS_MAX, blank=True)
    language = models.CharField(max_length=5, choices=settings.LANGUAGES, default="de")
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    next_try_at = models.DateTimeField(_("next try"))
    claim = models.CharField(max_length=32, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)
    last_error = models.CharField(_("last error"), max_length=ERROR_MAX, blank=True)
    created_at = models.DateTimeField(_("queued"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("mail")
        verbose_name_plural = _("mails")
        constraints = [
            models.UniqueConstraint(
                fields=["member", "event", "edition"],
                condition=Q(kind="results"),
                name="one_results_mail_per_member_and_edition",
            ),
        ]
        indexes = [models.Index(fields=["status", "next_try_at"], name="outbox_due_idx")]

    def __str__(self) -> str:
        return f"{self.kind} {self.member_id} {self.status}"


class Erasure(models.Model):
    """A member whose personal data the club erased: the register keeps only "former member
    N" (``number``), numbered within the club, and when."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    member = models.OneToOneField(
        Member, on_delete=models.SET_NULL, null=True, blank=True, related_name="erasure"
    )
    number = models.PositiveIntegerField(_("number"))
    erased_at = models.DateTimeField(_("erased"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("erasure")
        verbose_name_plural = _("erasures")
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="one_former_member_number"),
        ]

    def __str__(self) -> str:
        return f"{self.club_id} {self.number}"
