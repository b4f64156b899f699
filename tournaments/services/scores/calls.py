"""A table calls the director from a phone; the director acknowledges it on the board."""

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.kernel.errors import ServiceError
from tournaments.kernel.text import plain_text
from tournaments.models import Round, Table, TableCall
from tournaments.services.store.locks import lock_round, serialised

REASON_LENGTH = 200
COMING_MINUTES = 10  # how long after the acknowledgement a phone says the director is coming


def open_call(table: Table) -> TableCall | None:
    return TableCall.objects.filter(table=table, acknowledged_at__isnull=True).first()


@serialised
def call_director(table: Table, rnd: Round, *, reason: str = "") -> TableCall:
    """The table's open call: a new one, or the one already waiting (pressing twice is one call)."""
    reason = plain_text(reason or "").strip()
    if len(reason) > REASON_LENGTH:
        raise ServiceError(
            _("Say it in at most %(count)d characters.") % {"count": REASON_LENGTH},
            {"reason": [_("Too long.")]},
        )
    with transaction.atomic():
        rnd = lock_round(rnd.pk)
        if rnd.status != Round.Status.OPEN:
            raise ServiceError(_("Round %(number)d is already closed.") % {"number": rnd.number})
        return table_call(table, rnd, reason=reason)


def table_call(table: Table, rnd: Round, *, reason: str) -> TableCall:
    """Inside a step that holds ``rnd`` open under its lock: the table's open call, a new
    one or the one already waiting (given the reason it left out)."""
    reason = reason[:REASON_LENGTH]
    waiting = open_call(table)
    if waiting is not None:
        if reason and not waiting.reason:
            waiting.reason = reason
            waiting.save(update_fields=["reason"])
        return waiting
    try:
        with transaction.atomic():
            return TableCall.objects.create(table=table, round=rnd, reason=reason)
    except IntegrityError:
        # Another phone of the table called in the same moment: theirs is the call.
        return open_call(table)


def answered_call(table: Table, rnd: Round) -> TableCall | None:
    """The table's call in ``rnd`` a director acknowledged in the last ``COMING_MINUTES``:
    the phone says that someone is coming."""
    since = timezone.now() - timedelta(minutes=COMING_MINUTES)
    return (
        TableCall.objects.filter(table=table, round=rnd, acknowledged_at__gte=since)
        .order_by("-acknowledged_at")
        .first()
    )


@serialised
def acknowledge_call(call: TableCall, *, user) -> TableCall:
    """The director has seen the call (and is on the way); a second acknowledgement changes nothing."""
    with transaction.atomic():
        lock_round(call.round_id)
        call = TableCall.objects.select_for_update().get(pk=call.pk)
        if call.acknowledged_at is None:
            call.acknowledged_at = timezone.now()
            call.acknowledged_by = user if user.is_authenticated else None
            call.save(update_fields=["acknowledged_at", "acknowledged_by"])
        return call
