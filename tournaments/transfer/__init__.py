"""Export an event to JSON and import it back unchanged (docs/design.md, "Data").

What travels is declared once, one schema per model (``transfer.shapes``), and
drives both ways: the export writes each schema's columns, the import reads
every row through the schema's form, with the checks the web forms make. An
import is refused whole, in the user's language, naming the first thing that is
wrong; nothing is stored then. Beyond each row, the file must keep the rules the
services keep (``transfer.rules``: deals in order and within the round, rounds
played one after another, players seated only while they play), so an import
never stores what the pages would refuse. Objects refer to each other by
position in their list (rounds by number, users by user name), never by database
id, so an export imported into another database (or the same one) reads back
identically.

The members linked to the event's players and the series the event belongs to
travel with it: an import links the players to the club's members (by number,
else by name: ``club.link_members``; new members where none matches) and adds
the event to the club's series of the same name (a new one where there is none).
The club must be one the new owner directs. What Meld counts from the entries
(the games' scores, the players' results) is counted again, never read.

Its layer is the printouts' (beside ``tournaments.printing``): it reads rows through the
page forms' fields (``tournaments.forms``) and stores them with the services' steps
(``admit_players``), so it sits above both.
"""

import json
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Model
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.models import Bye, Entry, Event, Game, Seat
from tournaments.services.ratings import refresh as ratings
from tournaments.transfer import checks, club, rules, shapes, store
from tournaments.transfer.schema import USERS, Row, damaged, found

FORMAT = "meld-event"
# Version 2 added the members and series; version 3 the event's table kind, odd tables
# and substitute scoring, and leaves out what is counted from the entries (the games'
# scores and the results), which the import counts again; version 4 the seeding by
# rating; version 5 names the event's card game "card_game" (before: "game"); version 6
# carries the round clock (when a timed round's time ran out) and whether the event was
# reopened for corrections. The club's ratings are
# never exported: they are counted from the results.
VERSION = 6
READS = (1, 2, 3, 4, 5, 6)
# An evening's export weighs well under a megabyte; a season of 20 000 players a few.
MAX_EXPORT_BYTES = 64 * 1024 * 1024


# --- export -------------------------------------------------------------------------


def _user_names(event: Event) -> dict[int, str]:
    ids = {event.owner_id, *event.co_directors.values_list("pk", flat=True)}
    for columns in (
        Entry.objects.filter(game__round__event=event).values_list(
            "entered_by_user_id", "decided_by_user_id"
        ),
        event.audit_entries.values_list("user_id", flat=False),
    ):
        for row in columns:
            ids.update(row)
    users = get_user_model().objects.filter(pk__in=ids - {None})
    return {user.pk: user.get_username() for user in users}


def _numbered(objects: Iterable[Model]) -> dict[int, int]:
    return {obj.pk: index for index, obj in enumerate(objects)}


def export_event(event: Event) -> dict[str, Any]:
    """The event as JSON-ready data: every schema's rows, in a stable order."""
    in_event = {"round__event": event}
    players = list(event.players.order_by("pk"))
    members = sorted(
        {p.member for p in event.players.select_related("member") if p.member is not None},
        key=lambda m: (m.name, m.pk),
    )
    rounds = list(event.rounds.order_by("number"))
    lists: dict[str, Sequence[Model]] = {
        "members": members,
        "series": list(event.series.order_by("name", "pk")),
        "players": players,
        "teams": list(event.teams.order_by("pk").prefetch_related("players")),
        "tables": list(event.tables.order_by("number")),
        "rounds": rounds,
        "games": list(Game.objects.filter(**in_event).order_by("round__number", "table__number")),
        "seats": list(
            Seat.objects.filter(**in_event).order_by(
                "game__round__number", "game__table__number", "position"
            )
        ),
        "byes": list(
            Bye.objects.filter(**in_event).order_by("round__number", "player__number", "pk")
        ),
        "entries": list(Entry.objects.filter(game__round__event=event).order_by("pk")),
        "audit": list(event.audit_entries.order_by("created_at", "pk")),
    }
    names: dict[str, dict[int, Any]] = {
        key: _numbered(lists[key])
        for key in ("members", "players", "tables", "games", "seats", "entries")
    }
    names["rounds"] = {r.pk: r.number for r in rounds}
    names[USERS] = _user_names(event)
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            **shapes.EVENT.dump(event, names),
            "club": event.club.name if event.club else None,
        },
        **{
            schema.key: [schema.dump(obj, names) for obj in lists[schema.key]]
            for schema in shapes.LISTS
        },
    }


# --- import -------------------------------------------------------------------------


def read_export(raw: bytes) -> Any:
    """The data of an export file: at most ``MAX_EXPORT_BYTES``, UTF-8 JSON."""
    if len(raw) > MAX_EXPORT_BYTES:
        raise ServiceError(
            _("The file is larger than %(size)s; an event's export is much smaller.")
            % {"size": filesizeformat(MAX_EXPORT_BYTES)}
        )
    try:
        return json.loads(raw.decode("utf-8-sig"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise damaged(_("it is not text in UTF-8")) from None
    except RecursionError:
        raise damaged(
            _("it nests deeper than %(most)d levels") % {"most": checks.MAX_DEPTH}
        ) from None
    except json.JSONDecodeError as error:
        raise damaged(
            _("it is not JSON: line %(line)d, column %(column)d")
            % {"line": error.lineno, "column": error.colno}
        ) from None
    except ValueError:
        raise damaged(_("it holds a number too long to read")) from None


def _no_constant(name: str) -> NoReturn:
    raise json.JSONDecodeError(f"{name} is not a number", name, 0)


def _version(data: Any) -> int:
    """The export's version: a whole number this Meld reads. Each refusal names what it found
    beside what it expects (a version written as the text "5" is not version 5)."""
    if not isinstance(data, dict):
        raise ServiceError(
            _("This file is not a Meld event export: it must be an object; found %(found)s.")
            % {"found": found(data)}
        )
    if data.get("format") != FORMAT:
        raise ServiceError(
            _(
                "This file is not a Meld event export: its “format” must be “%(format)s”; "
                "found %(found)s."
            )
            % {"format": FORMAT, "found": found(data.get("format"))}
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ServiceError(
            _("The export's “version” must be a whole number such as %(ours)d; found %(found)s.")
            % {"ours": VERSION, "found": found(version)}
        )
    if version not in READS:
        raise ServiceError(
            _(
                "This export has version %(version)d; this Meld reads versions %(oldest)d "
                "to %(ours)d."
            )
            % {"version": version, "oldest": READS[0], "ours": VERSION}
        )
    return version


def _listed(data: dict[str, Any], key: str, legacy: bool) -> Any:
    if key in data:
        return data[key]
    if legacy:  # an older export leaves out what it did not have (version 1: members, series)
        return []
    raise damaged(_("“%(list)s” is missing") % {"list": key})


def _event_info(data: dict[str, Any], legacy: bool) -> Any:
    info = data.get("event")
    if not legacy or not isinstance(info, dict):
        return info
    if "entry_modes" not in info:
        # Exported before the entry modes replaced quick entry.
        info = {**info, "entry_modes": ["totals"] if info.get("quick_entry") is True else ["deal"]}
    if "card_game" not in info and "game" in info:
        # Exported before version 5, which names the card game "card_game".
        info = {**info, "card_game": info["game"]}
    return info


def _read(data: dict[str, Any], version: int) -> tuple[Row, dict[str, list[Row]]]:
    """The event's row and every list's rows, each checked alone and then together."""
    legacy = version < VERSION
    info = shapes.EVENT.read_one(_event_info(data, legacy), legacy=legacy)
    rows = {
        schema.key: schema.read(_listed(data, schema.key, legacy), legacy=legacy)
        for schema in shapes.LISTS
    }
    checks.refs(shapes.LISTS, rows)
    checks.unique(shapes.LISTS, rows)
    checks.substitutes(rows["players"])
    checks.seating(rows)
    rules.setup(info)
    rules.rounds(info, rows)
    rules.players(rows)
    rules.teams(rows)
    rules.sides(rows)
    return info, rows


def _named_users(info: Row, rows: checks.Rows) -> dict[str, User]:
    names = [info["owner"], *info["co_directors"]]
    for row in rows["entries"]:
        names += [row["entered_by_user"], row["decided_by_user"]]
    names += [row["user"] for row in rows["audit"]]
    return club.users(names)


@transaction.atomic
def import_event(data: Any, *, owner: User | None = None) -> Event:
    """Create the exported event anew, owned by ``owner`` (else the exported director);
    tokens already in use are replaced by new ones. Refused whole (``ServiceError``)."""
    version = _version(data)
    checks.walk(data)
    info, rows = _read(data, version)
    director = club.owner_of(info["owner"], owner)
    home = club.club_of(info["club"], director)
    club.check_belongs(home, rows["members"], rows["series"])
    users = _named_users(info, rows)
    event = store.make_event(info, owner=director, club=home, users=users)
    rules.rheinisch(event)
    made: dict[str, Any] = {"members": []}
    if home is not None:
        made["members"] = club.link_members(home, rows["members"])
        for series in club.join_series(home, rows["series"]):
            series.events.add(event)
    store.make_rows(event, rows, made, users)
    rules.deals(made, rows)
    store.score_entries(event, made, rows["entries"])
    store.check_readable(made)
    store.recount(made)
    feed.record(event, feed.Kind.EVENT)
    if event.status == Event.Status.FINISHED:
        ratings.after_finishing(event)
    return event


__all__ = [
    "FORMAT",
    "MAX_EXPORT_BYTES",
    "READS",
    "VERSION",
    "export_event",
    "import_event",
    "read_export",
]
