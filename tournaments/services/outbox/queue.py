"""Filling the outbox: in the transaction of the step that calls for a mail, so a mail is
queued exactly when that step commits (never lost, never queued by a step rolled back).

A finish queues one results mail per opted-in member who played the evening, under the
event's next edition (``Event.results_edition``, counted up under the event's lock the
finish holds): the unique constraint of ``OutboxMail`` lets one finish queue a member's mail
once, and a finish after a reopen and corrections queues the corrected results anew.
Mails wait ``MELD_MAIL_DELAY_SECONDS`` before they go: the rating lists are brought up to
date once the finish commits, and a finish undone at once (reopened) sends nothing.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from tournaments.models import Bye, Event, MemberMail, OutboxMail, Player, Seat


def due_after_delay() -> datetime:
    return timezone.now() + timedelta(seconds=settings.MELD_MAIL_DELAY_SECONDS)


def played_members(event: Event) -> list[int]:
    """The members who played a round of ``event`` (a seat or a bye), by id."""
    played = Q(pk__in=Seat.objects.filter(round__event=event).values("player_id")) | Q(
        pk__in=Bye.objects.filter(round__event=event).values("player_id")
    )
    return sorted(
        set(
            Player.objects.filter(played, event=event, member__isnull=False).values_list(
                "member_id", flat=True
            )
        )
    )


def queue_results(event: Event) -> int:
    """The evening is finished (the caller holds its lock, in its transaction): a new edition
    of its results, and one mail of it per opted-in member who played. Returns how many."""
    Event.objects.filter(pk=event.pk).update(results_edition=F("results_edition") + 1)
    edition = Event.objects.values_list("results_edition", flat=True).get(pk=event.pk)
    event.results_edition = edition
    if event.club_id is None:
        return 0
    wanted = MemberMail.objects.filter(
        member_id__in=played_members(event),
        member__club_id=event.club_id,
        state=MemberMail.State.CONFIRMED,
    )
    due = due_after_delay()
    rows = [
        OutboxMail(
            club_id=event.club_id,
            member_id=mail.member_id,
            event=event,
            kind=OutboxMail.Kind.RESULTS,
            edition=edition,
            address=mail.address,
            language=mail.language,
            next_try_at=due,
        )
        for mail in wanted
    ]
    OutboxMail.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)


def cancel_unsent(event: Event) -> int:
    """The evening is reopened: its results mails not yet sent are not sent (the corrected
    results follow when it is finished again). A mail being sent right now goes."""
    return OutboxMail.objects.filter(
        event=event, kind=OutboxMail.Kind.RESULTS, status=OutboxMail.Status.QUEUED
    ).update(status=OutboxMail.Status.CANCELLED, last_error="")


def queue_confirmation(mail: MemberMail) -> OutboxMail:
    """A mail that asks the member to confirm their address (sent at once)."""
    return _queue_now(mail, OutboxMail.Kind.CONFIRM)


def queue_data_link(mail: MemberMail) -> OutboxMail:
    """A mail with the link to everything Meld holds on the member (sent at once)."""
    return _queue_now(mail, OutboxMail.Kind.DATA)


def _queue_now(mail: MemberMail, kind: str) -> OutboxMail:
    member = mail.member
    return OutboxMail.objects.create(
        club_id=member.club_id,
        member=member,
        kind=kind,
        address=mail.address,
        language=mail.language,
        next_try_at=timezone.now(),
    )


def cancel_member(member_id: int) -> int:
    """Nothing more to a member (they unsubscribed, or their data is erased)."""
    return OutboxMail.objects.filter(member_id=member_id, status=OutboxMail.Status.QUEUED).update(
        status=OutboxMail.Status.CANCELLED
    )
