"""Everything Meld holds on a member (GDPR Art. 15), as one plain structure: the register's
fields, their e-mail address and consent, every evening with every deal they played (as
their private link shows it), their ratings and series places, the mails sent to them, and
the audit entries that name them. ``member_export`` gives it; the views write it as JSON and
as a readable page. Other players are named as the public pages name them."""

import re
from dataclasses import asdict
from datetime import datetime
from typing import Any

from django.utils import timezone

from tournaments.models import AuditEntry, Event, Member, MemberMail, OutboxMail, Player, Series
from tournaments.services.club.series import series_standings
from tournaments.services.evening.page import Evening, player_evening
from tournaments.services.member_data.traces import (
    audit_rows,
    member_events,
    mentions,
    names_of,
    pattern,
)
from tournaments.services.ratings import lists as rating_lists

FORMAT = "meld-member-data"
VERSION = 1


def _when(value: datetime | None) -> datetime | None:
    """A moment as it is (the page formats it; the JSON file writes it as ISO 8601)."""
    return value


def _register(member: Member) -> dict[str, Any]:
    return {
        "club": member.club.name,
        "name": member.name,
        "number": member.number,
        "gender": member.gender,
        "active": member.active,
        "name_on_public_pages": member.public_name,
        "on_the_register_since": _when(member.created_at),
    }


def _address(member: Member) -> dict[str, Any] | None:
    mail = MemberMail.objects.filter(member=member).first()
    if mail is None:
        return None
    return {
        "address": mail.address,
        "language": mail.language,
        "state": mail.state,
        "confirmation_asked": _when(mail.asked_at),
        "confirmed": _when(mail.confirmed_at),
        "unsubscribed": _when(mail.stopped_at),
    }


def _evening(evening: Evening) -> dict[str, Any]:
    event, player = evening.event, evening.player
    return {
        "event": event.name,
        "date": event.date,
        "club": event.club.name if event.club is not None else "",
        "card_game": event.card_game,
        "status": event.status,
        "entered_as": {
            "name": player.name,
            "number": player.number,
            "gender": player.gender,
            "club": player.club,
            "joined_round": player.joined_round,
            "withdrawn_from_round": player.withdrawn_from_round,
        },
        "rank": evening.rank,
        "rank_shared": evening.shared,
        "total": evening.total,
        "counted_as": evening.metric,
        "rounds": [asdict(view) for view in evening.rounds],
    }


def _ratings(member: Member) -> list[dict[str, Any]]:
    return [
        {
            "card_game": item.card_game,
            "rating": rating_lists.shown(item.rating),
            "rated_games": item.rating.games,
            "evenings": [
                {
                    "event": rated.event.name,
                    "date": rated.event.date,
                    "before": rating_lists.shown(rated.before),
                    "after": rating_lists.shown(rated.after),
                    "games": rated.games,
                    "expected": rated.expected,
                    "scored": rated.scored,
                }
                for rated in item.evenings
            ],
        }
        for item in rating_lists.member_ratings(member)
    ]


def _series(member: Member, events: list[Event]) -> list[dict[str, Any]]:
    found = []
    for series in Series.objects.filter(events__in=events).distinct().order_by("name", "pk"):
        row = next((r for r in series_standings(series).rows if r.member.pk == member.pk), None)
        if row is not None:
            found.append(
                {
                    "series": series.name,
                    "rank": row.rank,
                    "rank_shared": row.shared,
                    "total": str(row.total),
                    "evenings": row.played,
                }
            )
    return found


def _mails(member: Member) -> list[dict[str, Any]]:
    return [
        {
            "kind": row.kind,
            "event": row.event.name if row.event is not None else "",
            "edition": row.edition,
            "address": row.address,
            "status": row.status,
            "queued": _when(row.created_at),
            "sent": _when(row.sent_at),
            "attempts": row.attempts,
        }
        for row in OutboxMail.objects.filter(member=member).select_related("event").order_by("pk")
    ]


def _audit(member: Member, events: list[Event]) -> list[dict[str, Any]]:
    found = pattern(names_of(member))
    return [
        {
            "event": row.event.name,
            "when": _when(row.created_at),
            "action": row.action,
            "who": _who(row, found),
            "reason": row.reason,
            "old": row.old,
            "new": row.new,
        }
        for row in audit_rows(events, found)
    ]


def _who(row: AuditEntry, found: re.Pattern[str] | None) -> str:
    """Who made the entry: the director, or the member's own seat; another player's seat is
    that player's data, not the member's, and stays out."""
    if row.user is not None:
        return row.user.get_username()
    return row.seat_label if found is not None and mentions(row.seat_label, found) else ""


def member_export(member: Member) -> dict[str, Any]:
    events = member_events(member)
    players = (
        Player.objects.filter(member=member)
        .select_related("event__club", "member")
        .order_by("event__date", "event_id", "pk")
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": timezone.now(),
        "member": _register(member),
        "email": _address(member),
        "evenings": [_evening(player_evening(player, with_member=False)) for player in players],
        "ratings": _ratings(member),
        "series": _series(member, events),
        "mails": _mails(member),
        "audit": _audit(member, events),
    }
