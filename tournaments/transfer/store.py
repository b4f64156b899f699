"""Storing an export's checked rows, then what only the stored rows can tell.

Every row is made from its schema (``Schema.values`` and its refs); a table token,
table code, public link or idempotency key already in use here is replaced. Then
each entry is scored again by the card game (``tournaments.card_games.evaluate``): an entry
whose points are not what its deal scores is refused. The games' scores and the
players' results are counted afresh from the entries (``services.scores.results``),
never read from the file, and every round note and audit row must read as a
sentence, as the pages show them.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.db.models import Manager, Model
from django.db.models.query import prefetch_related_objects
from django.utils.translation import gettext as _

from meldcore.messages import DomainError
from tournaments.card_games import card_game_of, evaluate
from tournaments.kernel.deal import seats_prefetch
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.profiles import event_profile, presets
from tournaments.models import AuditEntry, Club, Entry, Event, Player, Round, Table
from tournaments.services.scores.audit import describe
from tournaments.services.scores.results import refresh_game
from tournaments.services.setup.players import admit_players
from tournaments.transfer import club as clubs
from tournaments.transfer import shapes
from tournaments.transfer.schema import USERS, Row, Schema, row_problem

# What reading a stored value may raise where its shape is not what Meld writes.
UNREADABLE = (KeyError, TypeError, ValueError, AttributeError, IndexError)
# The model a schema makes (``build``) and stores (``_create``).
T = TypeVar("T", bound=Model)
# What ``_readable`` reads (a stored round, an audit row).
Item = TypeVar("Item")
# This server's users an export names, by user name (``club.users``).
Users = Mapping[str, User]


def make_event(row: Row, *, owner: User, club: Club | None, users: Users) -> Event:
    """The event of the export, playing by a rule profile that is valid here."""
    values = shapes.EVENT.values(row)
    if Event.objects.filter(public_token=values["public_token"]).exists():
        values["public_token"] = ""
    event = Event.objects.create(owner=owner, club=club, **values)
    if not event.profile and event.profile_slug not in presets(event.card_game):
        raise _profile_problem(
            _("there is no rule profile “%(slug)s”") % {"slug": event.profile_slug}
        )
    try:
        event_profile(event)  # a profile outside the rules' ranges could not be played
    except DomainError as error:
        raise _profile_problem(" ".join(p.translated(_) for p in error.problems)) from error
    except UNREADABLE as error:
        raise _profile_problem(str(error)) from error
    event.co_directors.set(clubs.co_directors(row["co_directors"], users, owner))
    return event


def _profile_problem(problems: str) -> ServiceError:
    return ServiceError(
        _("The export's rule profile is not valid here: %(problems)s") % {"problems": problems}
    )


def build(schema: Schema[T], row: Row, made: dict[str, Any], users: Users, **extra: Any) -> T:
    """An unsaved row of ``schema``'s model: its values, the rows its refs name, ``extra``
    (which takes the place of a value or ref of the same name)."""
    values = schema.values(row)
    for column, ref in schema.refs.items():
        if ref.many or column in extra:
            continue
        attribute = schema.attributes.get(column, column)
        assert isinstance(attribute, str)  # a ref is one attribute: only plain columns spread
        value = row[column]
        if value is None:
            values[attribute] = None
        elif ref.target == USERS:
            values[attribute] = users.get(value)
        else:
            values[attribute] = made[ref.target][value]
    return schema.model(**{**values, **extra})


def _create(schema: Schema[T], objects: list[T], rows: list[Row]) -> list[T]:
    """Stores ``objects``; their ``auto_now_add`` columns then take the export's values."""
    # Every schema's model has its ``objects``; django-stubs declares it per concrete model.
    manager: Manager[T] = schema.model.objects  # type: ignore[attr-defined]  # see above
    created = manager.bulk_create(objects)
    if schema.timestamped:
        for obj, row in zip(created, rows, strict=True):
            for column in schema.timestamped:
                setattr(obj, column, row[column])
        manager.bulk_update(created, list(schema.timestamped), batch_size=500)
    return created


def make_rows(event: Event, rows: dict[str, list[Row]], made: dict[str, Any], users: Users) -> None:
    """The event's players, teams, tables, rounds, games, seats, byes, entries and audit
    rows, each list after the ones it refers to (``made`` holds the members already)."""
    _players(event, rows, made, users)
    for row in rows["teams"]:
        team = build(shapes.TEAMS, row, made, users, event=event)
        team.save()
        team.players.set(made["players"][index] for index in row["players"])
    tables = [build(shapes.TABLES, row, made, users, event=event) for row in rows["tables"]]
    _fresh_tokens(tables)
    made["tables"] = _create(shapes.TABLES, tables, rows["tables"])
    rounds = [build(shapes.ROUNDS, row, made, users, event=event) for row in rows["rounds"]]
    made["rounds"] = {r.number: r for r in _create(shapes.ROUNDS, rounds, rows["rounds"])}
    games = [build(shapes.GAMES_SCHEMA, row, made, users) for row in rows["games"]]
    made["games"] = _create(shapes.GAMES_SCHEMA, games, rows["games"])
    seats = [
        build(shapes.SEATS, row, made, users, round=made["games"][row["game"]].round)
        for row in rows["seats"]
    ]
    made["seats"] = _create(shapes.SEATS, seats, rows["seats"])
    byes = [build(shapes.BYES, row, made, users) for row in rows["byes"]]
    _create(shapes.BYES, byes, rows["byes"])
    entries = [build(shapes.ENTRIES, row, made, users) for row in rows["entries"]]
    _fresh_keys(entries)
    made["entries"] = _create(shapes.ENTRIES, entries, rows["entries"])
    audit = [build(shapes.AUDIT, row, made, users, event=event) for row in rows["audit"]]
    made["audit"] = _create(shapes.AUDIT, audit, rows["audit"])


def _players(event: Event, rows: dict[str, list[Row]], made: dict[str, Any], users: Users) -> None:
    """The players, through the one door every player comes in by (a player the export
    does not link to a member is linked by name, as a pasted one is), then who
    substitutes for whom (a player may replace a later row).

    A substitute comes in without the number it took over: until it replaces someone, the
    database keeps that number for the player it replaces; both are written together."""
    players = [
        build(
            shapes.PLAYERS,
            row,
            made,
            users,
            event=event,
            substitute_for=None,
            number=None if row["substitute_for"] is not None else row["number"],
        )
        for row in rows["players"]
    ]
    made["players"] = admit_players(event, players).players
    substitutes = []
    for player, row in zip(made["players"], rows["players"], strict=True):
        if row["substitute_for"] is not None:
            player.substitute_for = made["players"][row["substitute_for"]]
            player.number = row["number"]
            substitutes.append(player)
    Player.objects.bulk_update(substitutes, ["substitute_for", "number"], batch_size=500)


def _fresh_tokens(tables: list[Table]) -> None:
    """A table whose link or code another table here has gets new ones."""
    taken_tokens = set(
        Table.objects.filter(token__in=[t.token for t in tables]).values_list("token", flat=True)
    )
    taken_codes = set(
        Table.objects.filter(code__in=[t.code for t in tables]).values_list("code", flat=True)
    )
    for table in tables:
        if table.token in taken_tokens or table.code in taken_codes:
            table.renew_token()


def _fresh_keys(entries: list[Entry]) -> None:
    """An idempotency key another entry here has is dropped (it only guards a resend)."""
    keys = [entry.idempotency_key for entry in entries if entry.idempotency_key]
    taken = set(
        Entry.objects.filter(idempotency_key__in=keys).values_list("idempotency_key", flat=True)
    )
    for entry in entries:
        if entry.idempotency_key in taken:
            entry.idempotency_key = None


def score_entries(event: Event, made: dict[str, Any], rows: list[Row]) -> None:
    """Each entry scored again by its card game: refused where the points are not what the
    deal scores; the details are kept as the card game writes them (with this server's
    players).

    Where earlier hands decide who plays a later one (Gin for three), a version replaced
    since was scored with the hands as they were then: only the versions that stand are
    scored again, and their points compared side by side in any order of the seats.
    """
    card_game = card_game_of(event)
    profile = event_profile(event)
    prefetch_related_objects(made["games"], seats_prefetch())
    changed = []
    for position, (entry, row) in enumerate(zip(made["entries"], rows, strict=True), start=1):
        if card_game.seats_by_earlier_hands and entry.status == Entry.Status.SUPERSEDED:
            continue
        game = made["games"][row["game"]]
        data = {**card_game.submitted(entry.details), "number": entry.number}
        try:
            scored = evaluate(game, data, profile=profile)
        except ServiceError as error:
            problems = [m for messages in error.field_errors.values() for m in messages]
            raise row_problem(
                "entries", position, "details", " ".join(problems or [error.message])
            ) from None
        points, expected = list(entry.points), list(scored.points)
        if card_game.seats_by_earlier_hands:
            points, expected = sorted(points), sorted(expected)
        if points != expected:
            raise row_problem(
                "entries",
                position,
                "points",
                _("the deal scores %(scored)s, not %(points)s")
                % {"scored": list(scored.points), "points": list(entry.points)},
            )
        if scored.details != entry.details:
            entry.details = scored.details
            changed.append(entry)
    Entry.objects.bulk_update(changed, ["details"], batch_size=500)


def recount(made: dict[str, Any]) -> None:
    """The scores and players' results of every game something happened at (an entry, or
    the director ending it), counted from its confirmed entries as the services count them;
    a game nothing happened at has none yet, as on the server it came from."""
    touched = {entry.game_id for entry in made["entries"]}
    touched |= {row.game_id for row in made["audit"] if row.game_id}
    for game in made["games"]:
        if game.pk in touched:
            refresh_game(game)


def _readable(key: str, column: str, items: Sequence[Item], read: Callable[[Item], object]) -> None:
    for position, item in enumerate(items, start=1):
        try:
            read(item)
        except UNREADABLE:
            raise row_problem(key, position, column, _("it cannot be read")) from None


def check_readable(made: dict[str, Any]) -> None:
    """Every round note and audit row reads as the pages show it."""
    rounds: list[Round] = list(made["rounds"].values())  # in the export's order
    _readable("rounds", "explanation", rounds, lambda rnd: rnd.explanation)
    audit: list[AuditEntry] = made["audit"]
    _readable("audit", "new", audit, describe)
