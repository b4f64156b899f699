"""Export an event to JSON and import it back unchanged (DESIGN.md, Data).

Objects refer to each other by position in their list ("refs"), never by
database id, so an export imported into another database (or the same one)
reads back identically. The members linked to the event's players and the
series the event belongs to travel with it: an import links the players to the
importing club's members (by number, else by name; new members where none
matches) and adds the event to the club's series of the same name (a new one
where there is none).
"""

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from meldcore.messages import DomainError
from tournaments.models import (
    AuditEntry,
    Bye,
    Club,
    Entry,
    Event,
    Game,
    Member,
    Player,
    Result,
    Round,
    Seat,
    Series,
    Table,
    Team,
)
from tournaments.models.members import MEMBER_NAME_MAX, MEMBER_NUMBER_MAX
from tournaments.models.series import SERIES_NAME_MAX
from tournaments.numbers import MAX_SMALL
from tournaments.services import ratings
from tournaments.services.errors import ServiceError
from tournaments.services.members import name_key
from tournaments.services.profiles import event_profile
from tournaments.services.series import PLACING_POINTS_MAX

FORMAT = "meld-event"
# Version 2 adds the members and series; a version 1 export reads as having none.
VERSION = 2
READS = (1, 2)
# An event belongs to a few series (the season, a cup); a file naming more is not ours.
SERIES_MAX = 20
PLAYER_FIELDS = ["name", "number", "gender", "club", "withdrawn_from_round", "joined_round"]
EVENT_FIELDS = [
    "name",
    "game",
    "profile_slug",
    "profile",
    "format",
    "balanced_schedule",
    "fixed_partners",
    "scoring_mode",
    "bye_score",
    "round_kind",
    "round_deals",
    "round_minutes",
    "planned_rounds",
    "status",
    "public",
    "public_token",
    "language",
    "paper_size",
    "entry_modes",
    "auto_confirm_minutes",
    "draw_seed",
    "seed_by_rating",
]


def _when(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def export_event(event: Event) -> dict[str, Any]:
    players = list(event.players.select_related("member").order_by("pk"))
    player_ref = {p.pk: i for i, p in enumerate(players)}
    members = sorted({p.member for p in players if p.member_id}, key=lambda m: (m.name, m.pk))
    member_ref = {m.pk: i for i, m in enumerate(members)}
    tables = list(event.tables.order_by("number"))
    table_ref = {t.pk: i for i, t in enumerate(tables)}
    rounds = list(event.rounds.order_by("number"))
    games = list(Game.objects.filter(round__event=event).order_by("round__number", "table__number"))
    game_ref = {g.pk: i for i, g in enumerate(games)}
    seats = list(
        Seat.objects.filter(round__event=event).order_by(
            "game__round__number", "game__table__number", "position"
        )
    )
    seat_ref = {s.pk: i for i, s in enumerate(seats)}
    entries = list(Entry.objects.filter(game__round__event=event).order_by("pk"))
    entry_ref = {e.pk: i for i, e in enumerate(entries)}
    user_name = {u.pk: u.get_username() for u in get_user_model().objects.all().only("username")}
    round_number = {r.pk: r.number for r in rounds}

    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            **{name: getattr(event, name) for name in EVENT_FIELDS},
            "date": event.date.isoformat(),
            "club": event.club.name if event.club else None,
            "owner": event.owner.get_username(),
            "co_directors": sorted(u.get_username() for u in event.co_directors.all()),
        },
        "players": [
            {
                "name": p.name,
                "number": p.number,
                "gender": p.gender,
                "club": p.club,
                "withdrawn_from_round": p.withdrawn_from_round,
                "joined_round": p.joined_round,
                "substitute_for": player_ref.get(p.substitute_for_id),
                "member": member_ref.get(p.member_id),
            }
            for p in players
        ],
        "members": [
            {
                "name": m.name,
                "number": m.number,
                "gender": m.gender,
                "active": m.active,
                "public_name": m.public_name,
            }
            for m in members
        ],
        "series": [
            {
                "name": series.name,
                "rule": series.rule,
                "placing_points": list(series.placing_points),
                "best_of": series.best_of,
                "minimum_evenings": series.minimum_evenings,
            }
            for series in event.series.order_by("name", "pk")
        ],
        "teams": [
            {
                "name": t.name,
                "number": t.number,
                "players": sorted(player_ref[p.pk] for p in t.players.all()),
            }
            for t in event.teams.order_by("pk")
        ],
        "tables": [{"number": t.number, "token": t.token, "code": t.code} for t in tables],
        "rounds": [
            {
                "number": r.number,
                "status": r.status,
                "started_at": _when(r.started_at),
                "closed_at": _when(r.closed_at),
                "close_reason": r.close_reason,
                "explanation": r.explanation_data,
            }
            for r in rounds
        ],
        "games": [
            {
                "round": round_number[g.round_id],
                "table": table_ref[g.table_id],
                "finished": g.finished,
                "scores": [g.score_0, g.score_1, g.score_2],
                "winner_side": g.winner_side,
            }
            for g in games
        ],
        "seats": [
            {
                "game": game_ref[s.game_id],
                "player": player_ref[s.player_id],
                "side": s.side,
                "position": s.position,
            }
            for s in seats
        ],
        "byes": [
            {
                "round": round_number[b.round_id],
                "player": player_ref[b.player_id],
                "points": b.points,
            }
            for b in Bye.objects.filter(round__event=event).order_by(
                "round__number", "player__number", "pk"
            )
        ],
        "entries": [
            {
                "game": game_ref[e.game_id],
                "number": e.number,
                "version": e.version,
                "status": e.status,
                "points": [e.points_0, e.points_1, e.points_2],
                "details": e.details,
                "entered_by_seat": seat_ref.get(e.entered_by_seat_id),
                "entered_by_user": user_name.get(e.entered_by_user_id),
                "decided_by_seat": seat_ref.get(e.decided_by_seat_id),
                "decided_by_user": user_name.get(e.decided_by_user_id),
                "idempotency_key": e.idempotency_key,
                "entered_by_device": e.entered_by_device,
                "reason": e.reason,
                "created_at": _when(e.created_at),
                "decided_at": _when(e.decided_at),
            }
            for e in entries
        ],
        "results": [
            {
                "round": round_number[r.round_id],
                "player": player_ref[r.player_id],
                "game": game_ref.get(r.game_id),
                "points": r.points,
                "net": r.net,
                "match_points": r.match_points,
                "won": r.won,
            }
            for r in Result.objects.filter(round__event=event).order_by(
                "round__number", "player_id"
            )
        ],
        "audit": [
            {
                "action": a.action,
                "game": game_ref.get(a.game_id),
                "entry": entry_ref.get(a.entry_id),
                "user": user_name.get(a.user_id),
                "seat_label": a.seat_label,
                "old": a.old,
                "new": a.new,
                "reason": a.reason,
                "created_at": _when(a.created_at),
            }
            for a in event.audit_entries.order_by("created_at", "pk")
        ],
    }


def _user(name: str | None, fallback=None):
    if name is None:
        return None
    return get_user_model().objects.filter(username=name).first() or fallback


@transaction.atomic
def import_event(data: Any, *, owner=None) -> Event:
    """Create the exported event anew; tokens already in use are replaced by new ones."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ServiceError(_("This file is not a Meld event export."))
    if data.get("version") not in READS:
        raise ServiceError(
            _("This export has version %(version)s; this Meld reads version %(ours)s.")
            % {"version": data.get("version"), "ours": VERSION}
        )
    try:
        event = _import(data, owner)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ServiceError(
            _("The export is damaged and was not imported (%(error)s).") % {"error": error}
        ) from error
    if event.status == Event.Status.FINISHED:
        ratings.after_finishing(event)
    return event


def _import(data: dict, owner) -> Event:
    info = data["event"]
    owner = owner or _user(info["owner"])
    if owner is None:
        raise ServiceError(
            _("The event's director “%(name)s” does not exist here: name an owner.")
            % {"name": info["owner"]}
        )
    if "entry_modes" not in info:  # exported before the entry modes replaced quick entry
        info["entry_modes"] = ["totals"] if info.pop("quick_entry") else ["deal"]
    info.setdefault("seed_by_rating", False)  # exported before the ratings
    fields = {name: info[name] for name in EVENT_FIELDS}
    if Event.objects.filter(public_token=fields["public_token"]).exists():
        fields["public_token"] = ""
    club = Club.objects.get_or_create(name=info["club"])[0] if info.get("club") else None
    event = Event.objects.create(
        owner=owner, club=club, date=datetime.date.fromisoformat(info["date"]), **fields
    )
    try:
        event_profile(event)  # a profile outside the rules' ranges could not be played
    except DomainError as error:
        raise ServiceError(
            _("The export's rule profile is not valid here: %(problems)s")
            % {"problems": " ".join(p.translated(_) for p in error.problems)}
        ) from error
    event.co_directors.set(filter(None, (_user(name) for name in info["co_directors"])))

    members = _members(data, club)
    players = [
        Player.objects.create(
            event=event,
            member=None if p.get("member") is None else members[p["member"]],
            **{name: p[name] for name in PLAYER_FIELDS},
        )
        for p in data["players"]
    ]
    for series in _series(data, club):
        series.events.add(event)
    for player, p in zip(players, data["players"], strict=True):
        if p["substitute_for"] is not None:
            player.substitute_for = players[p["substitute_for"]]
            player.save(update_fields=["substitute_for"])
    for t in data["teams"]:
        team = Team.objects.create(event=event, name=t["name"], number=t["number"])
        team.players.set(players[i] for i in t["players"])

    tables = []
    for t in data["tables"]:
        table = Table(event=event, number=t["number"], token=t["token"], code=t["code"])
        if (
            Table.objects.filter(token=t["token"]).exists()
            or Table.objects.filter(code=t["code"]).exists()
        ):
            table.renew_token()
        table.save()
        tables.append(table)

    rounds = {}
    for r in data["rounds"]:
        rnd = Round.objects.create(
            event=event,
            number=r["number"],
            status=r["status"],
            closed_at=parse_datetime(r["closed_at"]) if r["closed_at"] else None,
            close_reason=r["close_reason"],
            explanation_data=r["explanation"],
        )
        Round.objects.filter(pk=rnd.pk).update(started_at=parse_datetime(r["started_at"]))
        rounds[r["number"]] = rnd
    games = []
    for g in data["games"]:
        s0, s1, s2 = g["scores"]
        games.append(
            Game.objects.create(
                round=rounds[g["round"]],
                table=tables[g["table"]],
                finished=g["finished"],
                score_0=s0,
                score_1=s1,
                score_2=s2,
                winner_side=g["winner_side"],
            )
        )
    seats = Seat.objects.bulk_create(
        [
            Seat(
                round=games[s["game"]].round,
                game=games[s["game"]],
                player=players[s["player"]],
                side=s["side"],
                position=s["position"],
            )
            for s in data["seats"]
        ]
    )
    Bye.objects.bulk_create(
        [
            Bye(round=rounds[b["round"]], player=players[b["player"]], points=b["points"])
            for b in data["byes"]
        ]
    )

    def seat(ref):
        return None if ref is None else seats[ref]

    entries = []
    for e in data["entries"]:
        p0, p1, p2 = e["points"]
        key = e["idempotency_key"]
        if key and Entry.objects.filter(idempotency_key=key).exists():
            key = None
        entry = Entry.objects.create(
            game=games[e["game"]],
            number=e["number"],
            version=e["version"],
            status=e["status"],
            points_0=p0,
            points_1=p1,
            points_2=p2,
            details=e["details"],
            entered_by_seat=seat(e["entered_by_seat"]),
            entered_by_user=_user(e["entered_by_user"]),
            decided_by_seat=seat(e["decided_by_seat"]),
            decided_by_user=_user(e["decided_by_user"]),
            idempotency_key=key,
            entered_by_device=e.get("entered_by_device"),
            reason=e["reason"],
            decided_at=parse_datetime(e["decided_at"]) if e["decided_at"] else None,
        )
        Entry.objects.filter(pk=entry.pk).update(created_at=parse_datetime(e["created_at"]))
        entries.append(entry)
    Result.objects.bulk_create(
        [
            Result(
                round=rounds[r["round"]],
                player=players[r["player"]],
                game=None if r["game"] is None else games[r["game"]],
                points=r["points"],
                net=r["net"],
                match_points=r["match_points"],
                won=r["won"],
            )
            for r in data["results"]
        ]
    )
    for a in data["audit"]:
        row = AuditEntry.objects.create(
            event=event,
            action=a["action"],
            game=None if a["game"] is None else games[a["game"]],
            entry=None if a["entry"] is None else entries[a["entry"]],
            user=_user(a["user"]),
            seat_label=a["seat_label"],
            old=a["old"],
            new=a["new"],
            reason=a["reason"],
        )
        AuditEntry.objects.filter(pk=row.pk).update(created_at=parse_datetime(a["created_at"]))
    return event


def _text(value: Any, limit: int, *, blank: bool = False) -> str:
    if not isinstance(value, str) or len(value) > limit or not (blank or value.strip()):
        raise ValueError
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError
    return value


def _count(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_SMALL:
        raise ValueError
    return value


def _listed(data: dict, key: str, limit: int) -> list:
    items = data.get(key, [])
    if not isinstance(items, list) or len(items) > limit:
        raise ServiceError(
            _("The export's list “%(what)s” is too long (at most %(count)d); nothing was imported.")
            % {"what": key, "count": limit}
        )
    return items


def _members(data: dict, club: Club | None) -> list[Member]:
    """The export's members as members of ``club``: found by number, else by name, else new."""
    items = _listed(data, "members", len(data["players"]))
    if items and club is None:
        raise ServiceError(_("The export's members belong to a club, but the event has none."))
    wanted = []
    for position, item in enumerate(items, start=1):
        try:
            wanted.append(
                Member(
                    club=club,
                    name=" ".join(_text(item["name"], MEMBER_NAME_MAX).split()),
                    number=_text(item["number"], MEMBER_NUMBER_MAX, blank=True).strip(),
                    gender=Player.Gender(item["gender"]),
                    active=_flag(item["active"]),
                    public_name=Member.PublicName(item["public_name"]),
                )
            )
        except (KeyError, TypeError, ValueError):
            raise ServiceError(
                _("Member %(position)d of the export is not valid; nothing was imported.")
                % {"position": position}
            ) from None
    numbers = [m.number for m in wanted if m.number]
    if len(numbers) != len(set(numbers)):
        raise ServiceError(_("The export gives two members one number; nothing was imported."))
    if not wanted:
        return []
    register = list(Member.objects.filter(club=club).order_by("pk"))
    by_number = {m.number: m for m in register if m.number}
    by_name: dict[str, Member] = {}
    for member in register:
        by_name.setdefault(name_key(member.name), member)
    found = [by_number.get(m.number) or by_name.get(name_key(m.name)) for m in wanted]
    Member.objects.bulk_create(m for m, known in zip(wanted, found, strict=True) if known is None)
    return [known or m for m, known in zip(wanted, found, strict=True)]


def _series(data: dict, club: Club | None) -> list[Series]:
    """The club's series of the export's series names; a missing one is created as exported."""
    items = _listed(data, "series", SERIES_MAX)
    if items and club is None:
        raise ServiceError(_("The export's series belong to a club, but the event has none."))
    result = []
    for position, item in enumerate(items, start=1):
        try:
            name = " ".join(_text(item["name"], SERIES_NAME_MAX).split())
            rule = Series.Rule(item["rule"])
            points = item["placing_points"]
            if not isinstance(points, list) or len(points) > PLACING_POINTS_MAX:
                raise ValueError
            points = [_count(p) if p else 0 for p in points]
            best_of, minimum = _count(item["best_of"]), _count(item["minimum_evenings"])
        except (KeyError, TypeError, ValueError):
            raise ServiceError(
                _("Series %(position)d of the export is not valid; nothing was imported.")
                % {"position": position}
            ) from None
        series = Series.objects.filter(club=club, name=name).order_by("created_at", "pk").first()
        if series is None:
            series = Series.objects.create(
                club=club,
                name=name,
                rule=rule,
                placing_points=points,
                best_of=best_of,
                minimum_evenings=minimum,
            )
        result.append(series)
    return result
