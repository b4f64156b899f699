"""Erasing a member's personal data (GDPR Art. 17) while past standings stay whole.

The member becomes "former member N" (numbered within the club) everywhere their name was
written: the register (their number, gender and e-mail go), every player linked to them,
and the texts of the evenings they played (the audit trail, teams' names, reasons and
notes). Their results, seats and ratings stay, under the new name: every standing, series
and rating of everyone else is exactly what it was. Their private links stop working (new
tokens), their mails not yet sent are not sent, and the outbox forgets their address.

One step in one transaction, its locks in the documented order: each evening of theirs
(exclusive, by id: their players change), then the club and the member (the register's
order), with an audit entry in every evening it touched. On SQLite the step overwrites what
it deletes (``secure_delete``) and empties the write-ahead log after it, so the database
file no longer holds the name either; backups made before still do (the handbook says so).
"""

import re

from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.public_name import faces, moved
from tournaments.models import (
    AuditEntry,
    Entry,
    Erasure,
    Event,
    Member,
    MemberMail,
    OutboxMail,
    Player,
    Round,
    TableCall,
    Team,
)
from tournaments.models.players import new_evening_token
from tournaments.services.member_data.traces import member_events, names_of, pattern, replaced
from tournaments.services.outbox import queue as outbox
from tournaments.services.scores.audit import record
from tournaments.services.store.locks import lock_club, lock_event, lock_members, serialised

# The texts of an evening a name may be written in: (model, its path to the event, fields).
TEXTS = (
    (AuditEntry, "event", ("seat_label", "reason", "old", "new")),
    (Team, "event", ("name",)),
    (Round, "event", ("close_reason", "explanation_data")),
    (Entry, "game__round__event", ("reason",)),
    (TableCall, "round__event", ("reason",)),
)


def former_name(number: int) -> str:
    return _("former member %(number)d") % {"number": number}


def _rewrite(events: list[Event], found: re.Pattern[str], former: str) -> int:
    changed = 0
    for model, path, fields in TEXTS:
        rows = model.objects.filter(**{f"{path}__in": events}).only("pk", *fields)
        for row in rows.iterator():
            new = {name: replaced(getattr(row, name), found, former) for name in fields}
            if any(new[name] != getattr(row, name) for name in fields):
                model.objects.filter(pk=row.pk).update(**new)
                changed += 1
    return changed


def _admin_log(member: Member, found: re.Pattern[str], former: str) -> None:
    """The administration's history of the member's and their players' rows."""
    objects = [(Member, [member.pk]), (Player, list(member.players.values_list("pk", flat=True)))]
    for model, ids in objects:
        kind = ContentType.objects.get_for_model(model)
        for entry in LogEntry.objects.filter(
            content_type=kind, object_id__in=[str(pk) for pk in ids]
        ):
            entry.object_repr = replaced(entry.object_repr, found, former)[:200]
            entry.change_message = replaced(entry.change_message, found, former)
            entry.save(update_fields=["object_repr", "change_message"])


def _lock(member: Member) -> tuple[list[Event], Member]:
    events = member_events(member)
    for event in sorted(events, key=lambda e: e.pk):
        if lock_event(event.pk, change=True).status != Event.Status.FINISHED:
            raise ServiceError(
                _(
                    "%(name)s plays in “%(event)s”, which is not finished: finish it (or remove "
                    "them from it) first."
                )
                % {"name": member.name, "event": event.name}
            )
    lock_club(member.club_id, change=True)
    found = lock_members(member.club_id, [member.pk]).get(member.pk)
    if found is None:
        raise ServiceError(_("This member is no longer on the register."))
    if Erasure.objects.filter(member=found).exists():
        raise ServiceError(_("This member's data was erased already."))
    return events, found


def _forget(member: Member, events: list[Event], former: str) -> None:
    found = pattern(names_of(member))
    if found is not None:
        _rewrite(events, found, former)
        _admin_log(member, found, former)
    for player in Player.objects.filter(member=member).only("pk"):
        Player.objects.filter(pk=player.pk).update(name=former, evening_token=new_evening_token())
    MemberMail.objects.filter(member=member).delete()
    outbox.cancel_member(member.pk)
    OutboxMail.objects.filter(member=member).update(address="")
    member.name, member.number, member.gender, member.active = former, "", "", False
    member.save(update_fields=["name", "number", "gender", "active"])


@serialised
def erase_member(member: Member, user: User) -> Erasure:
    """Erase ``member``'s personal data; refused while an evening of theirs is not finished."""
    sqlite = connection.vendor == "sqlite"
    was = _secure_delete(True) if sqlite else None
    try:
        with transaction.atomic():
            events, member = _lock(member)
            number = (
                Erasure.objects.filter(club_id=member.club_id).aggregate(n=Max("number"))["n"] or 0
            ) + 1
            former = former_name(number)
            players = Player.objects.filter(member=member).select_related("member")
            before = faces(players)
            _forget(member, events, former)
            shown = moved(before, faces(players.all()))
            erasure = Erasure.objects.create(
                club_id=member.club_id, member=member, number=number, user=user
            )
            for event in events:
                record(
                    event,
                    AuditEntry.Action.OTHER,
                    user=user,
                    new={"erased": former},
                    reason=_("A member's personal data was erased: now “%(name)s”.")
                    % {"name": former},
                    kind=feed.Kind.NAMES,
                    public=event.pk in shown,  # a withheld name stays withheld
                )
            if sqlite:
                transaction.on_commit(_empty_log)
        return erasure
    finally:
        if was is not None:
            _secure_delete(was)


def _secure_delete(on: bool) -> bool:
    """SQLite overwrites what it deletes while ``on``; returns what it did before."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA secure_delete")
        was = bool(cursor.fetchone()[0])
        cursor.execute(f"PRAGMA secure_delete = {'ON' if on else 'OFF'}")
    return was


def _empty_log() -> None:
    """SQLite: copy the write-ahead log into the database and empty it, so no earlier version
    of a changed page (with the name) stays in it."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
