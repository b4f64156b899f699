"""What the director's mail page shows: a club's outbox, newest first, with how many mails
are queued, sent and failed (read only)."""

from collections import Counter
from dataclasses import dataclass

from tournaments.models import Club, Event, MemberMail, OutboxMail
from tournaments.services.mail.sending import configured

SHOWN = 300


@dataclass(frozen=True)
class Outbox:
    rows: list[OutboxMail]
    counts: dict[str, int]
    more: bool
    configured: bool
    confirmed: int  # members whose results go by mail
    pending: int  # addresses waiting for their member's confirmation


def club_outbox(club: Club, event: Event | None = None) -> Outbox:
    rows = OutboxMail.objects.filter(club=club).select_related("member", "event")
    if event is not None:
        rows = rows.filter(event=event)
    counts = Counter(rows.values_list("status", flat=True))
    shown = list(rows.order_by("-created_at", "-pk")[: SHOWN + 1])
    states = Counter(MemberMail.objects.filter(member__club=club).values_list("state", flat=True))
    return Outbox(
        shown[:SHOWN],
        {status: counts.get(status, 0) for status in OutboxMail.Status.values},
        len(shown) > SHOWN,
        configured(),
        states.get(MemberMail.State.CONFIRMED, 0),
        states.get(MemberMail.State.PENDING, 0),
    )


def event_counts(event: Event) -> dict[str, int]:
    """How many of the event's results mails are queued, sent and failed (the event page)."""
    counts = Counter(OutboxMail.objects.filter(event=event).values_list("status", flat=True))
    return {status: counts.get(status, 0) for status in OutboxMail.Status.values}
