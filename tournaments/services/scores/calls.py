"""A table calls the director from a phone; the director acknowledges it on the board.

A call ends when the director acknowledges it, or when its cause ends: the dispute that
raised it is settled or entered again, or its round is closed (``end_calls``). Only the
phone that called hears that the director is coming, and only while its game goes on.
"""

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.text import plain_text
from tournaments.kernel.users import Asker
from tournaments.models import Entry, Game, Round, Table, TableCall
from tournaments.services.store.locks import lock_game, lock_round, serialised

REASON_LENGTH = 200
COMING_MINUTES = 10  # how long after the acknowledgement a phone says the director is coming


def open_call(table: Table) -> TableCall | None:
    return (
        TableCall.objects.filter(table=table, acknowledged_at__isnull=True)
        .select_related("entry")
        .first()
    )


@serialised
def call_director(
    table: Table, rnd: Round, *, reason: str = "", device: str | None = None
) -> TableCall:
    """The table's open call: a new one, or the one already waiting (pressing twice is one call).
    ``device``: the calling phone's device hash."""
    reason = plain_text(reason or "").strip()
    if len(reason) > REASON_LENGTH:
        raise ServiceError(
            _("Say it in at most %(count)d characters.") % {"count": REASON_LENGTH},
            {"reason": [_("Too long.")]},
        )
    with transaction.atomic():
        rnd, game = _lock(rnd.pk, table.pk)
        if rnd.status != Round.Status.OPEN:
            raise ServiceError(_("Round %(number)d is already closed.") % {"number": rnd.number})
        call = table_call(table, rnd, reason=reason, device=device)
        feed.record(rnd.event_id, feed.Kind.CALL, round=rnd, game=game)
        return call


def table_call(
    table: Table,
    rnd: Round,
    *,
    reason: str,
    entry: Entry | None = None,
    device: str | None = None,
) -> TableCall:
    """Inside a step that holds ``rnd`` open under its lock: the table's open call, a new
    one or the one already waiting (given the reason, the disputed ``entry`` and the calling
    phone it left out)."""
    reason = reason[:REASON_LENGTH]
    waiting = open_call(table)
    if waiting is not None:
        changed = []
        if reason and not waiting.reason:
            waiting.reason = reason
            changed.append("reason")
        if entry is not None and waiting.entry_id is None:
            waiting.entry = entry
            changed.append("entry")
        if device and not waiting.called_by_device:
            waiting.called_by_device = device
            changed.append("called_by_device")
        if changed:
            waiting.save(update_fields=changed)
        return waiting
    try:
        with transaction.atomic():
            return TableCall.objects.create(
                table=table, round=rnd, reason=reason, entry=entry, called_by_device=device or ""
            )
    except IntegrityError:
        # Another phone of the table called in the same moment: theirs is the call.
        theirs = open_call(table)
        assert theirs is not None  # the open call the constraint refused a second of
        return theirs


def end_calls(**cause: Any) -> int:
    """Inside the step that ends a call's cause (its disputed ``entry`` settled or entered
    again, its ``round`` closed): the calls it raised end, waiting or acknowledged, and no
    phone hears any more that the director is coming."""
    now = timezone.now()
    calls = TableCall.objects.filter(ended_at__isnull=True, **cause)
    calls.filter(acknowledged_at__isnull=True).update(acknowledged_at=now)
    return calls.update(ended_at=now)


@serialised
def acknowledge_call(call: TableCall, *, user: Asker) -> TableCall:
    """The director has seen the call (and is on the way); a second acknowledgement changes nothing."""
    with transaction.atomic():
        rnd, game = _lock(call.round_id, call.table_id)
        call = TableCall.objects.select_for_update().get(pk=call.pk)
        if call.acknowledged_at is None:
            call.acknowledged_at = timezone.now()
            call.acknowledged_by = user if user.is_authenticated else None
            call.save(update_fields=["acknowledged_at", "acknowledged_by"])
            feed.record(rnd.event_id, feed.Kind.CALL, round=rnd, game=game)
        return call


def _lock(round_id: int, table_id: int) -> tuple[Round, Game | None]:
    """The round and the game its table plays in it, locked in the steps' order (event →
    round → game) before the call is touched: a dispute at the table holds its game and
    then raises or ends the call, so a call step that held the call first and then waited
    for the game (the feed's change row points at it) would deadlock with it. The change
    goes in the game's scope: that table's phones, the round's board and bar."""
    found = Game.objects.filter(round_id=round_id, table_id=table_id).values_list("pk", flat=True)
    game_id = found.first()
    if game_id is None:
        return lock_round(round_id), None
    game = lock_game(game_id)
    return game.round, game
