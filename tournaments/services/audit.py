"""The audit trail: one row for every change of a score, written in the same transaction."""

from typing import Any

from tournaments.models import AuditEntry, Entry, Event, Game, Seat


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
