"""Where a member's name is written: the register, their players, and the texts of the
evenings they played (the audit trail's seat labels, reasons and recorded values, the
teams' names, the director's notes), matched as whole words in any case."""

import re
from collections.abc import Iterable
from typing import Any

from tournaments.models import AuditEntry, Event, Member, Player


def names_of(member: Member) -> list[str]:
    """Every name the member goes by in Meld: the register's, and as each player was entered
    (longest first, so a longer one is matched before a part of it)."""
    found = {member.name.strip()}
    found |= {name.strip() for name in member.players.values_list("name", flat=True)}
    return sorted((name for name in found if name), key=lambda name: (-len(name), name))


def pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    names = list(names)
    if not names:
        return None
    alternatives = "|".join(re.escape(name) for name in names)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def mentions(value: Any, found: re.Pattern[str]) -> bool:
    """Whether ``value`` (text, or JSON of lists, dicts and texts) writes a name."""
    if isinstance(value, str):
        return found.search(value) is not None
    if isinstance(value, dict):
        return any(mentions(k, found) or mentions(v, found) for k, v in value.items())
    if isinstance(value, list):
        return any(mentions(item, found) for item in value)
    return False


def replaced(value: Any, found: re.Pattern[str], by: str) -> Any:
    """``value`` with every name written as ``by``."""
    if isinstance(value, str):
        return found.sub(by, value)
    if isinstance(value, dict):
        return {replaced(k, found, by): replaced(v, found, by) for k, v in value.items()}
    if isinstance(value, list):
        return [replaced(item, found, by) for item in value]
    return value


def member_events(member: Member) -> list[Event]:
    return list(
        Event.objects.filter(pk__in=Player.objects.filter(member=member).values("event_id"))
        .select_related("club")
        .order_by("date", "pk")
    )


AUDIT_TEXTS = ("seat_label", "reason", "old", "new")


def audit_rows(events: list[Event], found: re.Pattern[str] | None) -> list[AuditEntry]:
    """The audit entries of ``events`` that write one of the names."""
    if found is None:
        return []
    rows = AuditEntry.objects.filter(event__in=events).select_related("event", "user")
    return [
        row
        for row in rows.order_by("created_at", "pk")
        if any(mentions(getattr(row, name), found) for name in AUDIT_TEXTS)
    ]
