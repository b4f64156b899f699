"""Sending from the outbox, safely with any number of senders (every server worker's thread
and ``manage.py sendmail``): a sender claims a due row with one conditional update (it
succeeds for one sender only), sends it, and marks it sent in a transaction, or due again
later (a back-off that doubles up to an hour) while the mail server cannot be reached.

A sender that dies after claiming leaves its row "being sent": once ``CLAIM_SECONDS`` have
passed without a mark, the row is due again. So a mail is never lost; it goes twice only
when a sender died between the mail server's acceptance and its mark (the mail then carries
the same Message-ID both times).
"""

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from tournaments.models import OutboxMail
from tournaments.models.mail import ERROR_MAX

CLAIM_SECONDS = 600
FIRST_RETRY_SECONDS = 30
LONGEST_RETRY_SECONDS = 3600
# Tried for about three days (an unreachable server), then given up as failed.
MOST_ATTEMPTS = 80

Status = OutboxMail.Status


@dataclass(frozen=True)
class Claimed:
    row: OutboxMail
    claim: str


def _due(now: datetime) -> Q:
    stale = now - timedelta(seconds=CLAIM_SECONDS)
    return Q(status=Status.QUEUED, next_try_at__lte=now) | Q(
        status=Status.SENDING, claimed_at__lte=stale
    )


def due_ids(now: datetime | None = None, limit: int = 50) -> list[int]:
    now = now or timezone.now()
    return list(
        OutboxMail.objects.filter(_due(now))
        .order_by("next_try_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )


def claim(row_id: int, now: datetime | None = None) -> Claimed | None:
    """Take row ``row_id`` for this sender, if it is still due and no one else took it."""
    now = now or timezone.now()
    mark = secrets.token_hex(16)
    taken = OutboxMail.objects.filter(_due(now), pk=row_id).update(
        status=Status.SENDING, claim=mark, claimed_at=now
    )
    if taken != 1:
        return None
    return Claimed(OutboxMail.objects.select_related("member", "event").get(pk=row_id), mark)


def _mine(claimed: Claimed) -> QuerySet[OutboxMail]:
    return OutboxMail.objects.filter(pk=claimed.row.pk, status=Status.SENDING, claim=claimed.claim)


def mark_sent(claimed: Claimed, now: datetime | None = None) -> bool:
    with transaction.atomic():
        return (
            _mine(claimed).update(
                status=Status.SENT,
                sent_at=now or timezone.now(),
                attempts=claimed.row.attempts + 1,
                last_error="",
            )
            == 1
        )


def retry_in(attempts: int) -> int:
    """Seconds until the next try after ``attempts`` failed ones."""
    seconds: int = min(LONGEST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** max(0, attempts - 1))
    return seconds


def mark_failed(
    claimed: Claimed, error: str, *, final: bool = False, now: datetime | None = None
) -> bool:
    """The try failed: due again after the back-off, or given up (``final``: the server
    refused the address; or tried too often)."""
    now = now or timezone.now()
    attempts = claimed.row.attempts + 1
    final = final or attempts >= MOST_ATTEMPTS
    with transaction.atomic():
        return (
            _mine(claimed).update(
                status=Status.FAILED if final else Status.QUEUED,
                attempts=attempts,
                next_try_at=now + timedelta(seconds=retry_in(attempts)),
                last_error=error[:ERROR_MAX],
                claim="",
            )
            == 1
        )


def mark_cancelled(claimed: Claimed, reason: str = "") -> bool:
    """Not to be sent after all (the member unsubscribed or was erased meanwhile)."""
    with transaction.atomic():
        return (
            _mine(claimed).update(status=Status.CANCELLED, last_error=reason[:ERROR_MAX], claim="")
            == 1
        )
