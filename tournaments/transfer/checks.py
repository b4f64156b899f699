"""Checks of an export as a whole, before anything is stored.

``walk`` bounds the file itself (how deep it nests, and that every text in it is
plain and every number finite, also inside the values kept as they are); the
others check what no single row can: references, what must be unique, and that
substitutes form lines that end.
"""

import math
from collections.abc import Mapping
from typing import Any

from django.db.models import Model
from django.utils.translation import gettext as _

from tournaments.kernel.text import plain_text
from tournaments.transfer.schema import USERS, Key, Row, Schema, damaged, found, row_problem

# Meld nests a file ten levels deep at most (an audit row's snapshot of a Gin hand's cards).
MAX_DEPTH = 32
Rows = Mapping[str, list[Row]]
# Where a value is in the file: the names and list positions (from 0) that lead to it.
Path = tuple[str | int, ...]


def _where(path: Path) -> str:
    return " → ".join(str(step + 1) if isinstance(step, int) else step for step in path)


def walk(data: Any) -> None:
    """Every value of ``data``, without recursion: at most ``MAX_DEPTH`` deep, texts plain
    (no control characters or lone surrogates), numbers finite."""
    stack: list[tuple[Any, Path]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise damaged(_("it nests deeper than %(most)d levels") % {"most": MAX_DEPTH})
        if isinstance(value, str):
            if plain_text(value) != value:
                raise damaged(
                    _("a text holds control characters: %(where)s") % {"where": _where(path)}
                )
        elif isinstance(value, float) and not math.isfinite(value):
            raise damaged(_("a number is not finite: %(where)s") % {"where": _where(path)})
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str) or plain_text(key) != key:
                    raise damaged(
                        _("a name holds control characters: %(where)s") % {"where": _where(path)}
                    )
                stack.append((item, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, index)) for index, item in enumerate(value))


def refs(schemas: tuple[Schema[Model], ...], rows: Rows) -> None:
    """Every column that names another row names one the export has."""
    for schema in schemas:
        for column, ref in schema.refs.items():
            if ref.target == USERS:
                continue
            target = rows[ref.target]
            known = {row[ref.key] for row in target} if ref.key else range(len(target))
            for position, row in enumerate(rows[schema.key], start=1):
                values = row[column] if ref.many else [row[column]]
                for value in values:
                    if value is not None and value not in known:
                        raise row_problem(
                            schema.key,
                            position,
                            column,
                            _("it must name a row of “%(list)s”; found %(found)s")
                            % {"list": ref.target, "found": found(value)},
                        )


def unique(schemas: tuple[Schema[Model], ...], rows: Rows) -> None:
    """No two rows of a list share what the database keeps unique."""
    for schema in schemas:
        for rule in schema.unique:
            seen: dict[Key, int] = {}
            for position, row in enumerate(rows[schema.key], start=1):
                key = rule.key(row)
                if key is None:
                    continue
                if key in seen:
                    raise damaged(
                        _("“%(list)s” %(first)d and %(second)d have the same %(columns)s")
                        % {
                            "list": schema.key,
                            "first": seen[key],
                            "second": position,
                            "columns": rule.label,
                        }
                    )
                seen[key] = position


def substitutes(players: list[Row]) -> None:
    """A substitute replaces another player, each player at most once, and every line of
    substitutes ends: following it never comes back to where it started."""
    replaced: dict[int, int] = {}
    for index, row in enumerate(players):
        target = row["substitute_for"]
        if target is None:
            continue
        if target in replaced.values():
            raise row_problem(
                "players", index + 1, "substitute_for", _("that player is replaced twice")
            )
        replaced[index] = target
    ends: set[int] = set()  # players from whom the line is known to end
    for start in replaced:
        path, index = {start}, start
        while index in replaced and index not in ends:
            index = replaced[index]
            if index in path:
                raise row_problem(
                    "players",
                    start + 1,
                    "substitute_for",
                    _("the player substitutes for themselves, directly or through others"),
                )
            path.add(index)
        ends.update(path)


def seating(rows: Rows) -> None:
    """A player has one seat a round; an entry's seats are at its own game, and an audit
    row's entry is of its game."""
    round_of = [game["round"] for game in rows["games"]]
    seated: dict[tuple[int, int], int] = {}
    for position, seat in enumerate(rows["seats"], start=1):
        key = (round_of[seat["game"]], seat["player"])
        if key in seated:
            raise damaged(
                _("“seats” %(first)d and %(second)d seat one player twice in a round")
                % {"first": seated[key], "second": position}
            )
        seated[key] = position
    seats = rows["seats"]
    for position, entry in enumerate(rows["entries"], start=1):
        for column in ("entered_by_seat", "decided_by_seat"):
            seat = entry[column]
            if seat is not None and seats[seat]["game"] != entry["game"]:
                raise row_problem("entries", position, column, _("the seat is at another game"))
    entries = rows["entries"]
    for position, row in enumerate(rows["audit"], start=1):
        entry, game = row["entry"], row["game"]
        if entry is not None and game is not None and entries[entry]["game"] != game:
            raise row_problem("audit", position, "entry", _("the entry is of another game"))
