"""The audit trail: one row for every change of a score, written in the same transaction."""

from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Entry, Event, Game, Seat
from tournaments.services.errors import ServiceError

# A reason is a sentence or two: kept with the entry or round and shown on the game page.
REASON_MAX = 500


def checked_reason(reason: str) -> str:
    """``reason`` as given, or a refusal (next to the reason field) when it is too long."""
    if len(reason) > REASON_MAX:
        message = _("Say it in at most %(most)d characters (this has %(length)d).") % {
            "most": REASON_MAX,
            "length": len(reason),
        }
        raise ServiceError(message, {"reason": [message]})
    return reason


def seat_label(seat: Seat | None) -> str:
    if seat is None:
        return ""
    return f"{seat.game.table} · {seat.player}"


def record(
    event: Event,
    action: str,
    *,
    game: Game | None = None,
    entry: Entry | None = None,
    user=None,
    seat: Seat | None = None,
    old: Any = None,
    new: Any = None,
    reason: str = "",
) -> AuditEntry:
    return AuditEntry.objects.create(
        event=event,
        action=action,
        game=game,
        entry=entry,
        user=user if user is not None and user.is_authenticated else None,
        seat_label=seat_label(seat),
        old=old,
        new=new,
        reason=reason,
    )
