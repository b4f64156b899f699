"""A round's seating as the director's seating page and the public page show it."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from tournaments.card_games import group_sides
from tournaments.models import Bye, Player, Round, Seat


@dataclass(frozen=True)
class Shown:
    """A seated player as the event's public pages name them."""

    pk: int
    number: int | None
    name: str


# Who a seating shows: the players themselves (the director's page) or as ``Shown``.
P = TypeVar("P", bound=Player | Shown)


@dataclass
class SeatedTable(Generic[P]):
    number: int
    game_id: int
    sides: list[list[P]]


@dataclass
class NameLine(Generic[P]):
    player: P
    table: int | None
    position: int | None
    partner: list[P]


def seating_of(
    rnd: Round,
) -> tuple[list[SeatedTable[Player]], list[NameLine[Player]], list[Bye]]:
    """The round's tables with their sides, everyone by name, and who sits out (3 queries)."""
    seats = list(
        Seat.objects.filter(round=rnd)
        .select_related("player", "game__table")
        .order_by("game__table__number", "position")
    )
    by_game: dict[int, list[Seat]] = {}
    for seat in seats:
        by_game.setdefault(seat.game_id, []).append(seat)
    tables: dict[int, SeatedTable[Player]] = {}
    for game_seats in by_game.values():
        number = game_seats[0].game.table.number
        sides = [[seat.player for seat in side] for side in group_sides(game_seats)]
        tables[number] = SeatedTable(number, game_seats[0].game_id, sides)
    byes = list(Bye.objects.filter(round=rnd).select_related("player").order_by("player__number"))
    names: list[NameLine[Player]] = []
    for seat in seats:
        side = tables[seat.game.table.number].sides[seat.side]
        names.append(
            NameLine(
                seat.player,
                seat.game.table.number,
                seat.position,
                [p for p in side if p.pk != seat.player.pk],
            )
        )
    names += [NameLine(bye.player, None, None, []) for bye in byes]
    _by_name(names)
    return list(tables.values()), names, byes


def _by_name(names: list[NameLine[P]]) -> None:
    # Equal names (two "(name withheld)") by number, then seat: never by another name.
    names.sort(
        key=lambda line: (
            line.player.name.casefold(),
            line.player.number or 0,
            line.table or 0,
            line.position or 0,
        )
    )


def public_seating(
    seating: tuple[list[SeatedTable[Player]], list[NameLine[Player]], list[Bye]],
    name_of: Callable[[Player], str],
) -> tuple[list[SeatedTable[Shown]], list[NameLine[Shown]], list[NameLine[Shown]]]:
    """``seating_of``'s answer with every player under their public name (``name_of``), the
    list by name sorted by those names; the byes come as lines by name."""
    tables, lines, byes = seating

    def shown(player: Player) -> Shown:
        return Shown(player.pk, player.number, name_of(player))

    public_tables = [
        SeatedTable(t.number, t.game_id, [[shown(p) for p in side] for side in t.sides])
        for t in tables
    ]
    public_lines = [
        NameLine(shown(line.player), line.table, line.position, [shown(p) for p in line.partner])
        for line in lines
    ]
    _by_name(public_lines)
    public_byes = [NameLine(shown(bye.player), None, None, []) for bye in byes]
    return public_tables, public_lines, public_byes
