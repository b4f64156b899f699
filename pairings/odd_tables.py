"""Seat everyone: the club's odd tables instead of sitting out (RULES.md 1.2).

With a head count that is not a multiple of 4, a schedule leaves 1, 2 or 3
players out each round. The club may seat them instead: one sitter joins a
4-player table as a table of five (2 vs 3), two join one as a table of six (3
vs 3, or three teams of 2), three play a table of three (each for himself).
The 4-player table that grows rotates from round to round, so the larger table
does not always fall on the same players.
"""

from dataclasses import replace

from meldcore.messages import DomainError, Problem, gettext_noop
from pairings.schedule_model import OddTable, Round, Schedule, TableKind

_KINDS_BY_SITTERS: dict[int, tuple[TableKind, ...]] = {
    1: (TableKind.FIVE,),
    2: (TableKind.SIX_TWO_SIDES, TableKind.SIX_THREE_TEAMS),
    3: (TableKind.THREE,),
}


def odd_table_kinds(n_players: int) -> tuple[TableKind, ...]:
    """The odd tables that seat everyone for this head count (the first is the default)."""
    return _KINDS_BY_SITTERS.get(n_players % 4, ())


def _odd_table(round_: Round, index: int, kind: TableKind) -> Round:
    out = round_.sitting_out
    if kind is TableKind.THREE:
        extra = OddTable(kind, tuple((p,) for p in out))
        return replace(round_, sitting_out=(), odd_tables=[*round_.odd_tables, extra])
    if not round_.tables:
        raise DomainError(
            [Problem(gettext_noop("A table of five or six needs a 4-player table to grow from."))]
        )
    grow = index % len(round_.tables)
    (a, b), (c, d) = round_.tables[grow]
    sides: tuple[tuple[int, ...], ...]
    if kind is TableKind.FIVE:
        sides = ((a, b), (c, d, *out))
    elif kind is TableKind.SIX_TWO_SIDES:
        sides = ((a, b, out[0]), (c, d, out[1]))
    else:
        sides = ((a, b), (c, d), out)
    tables = round_.tables[:grow] + round_.tables[grow + 1 :]
    return Round(
        tables=tables, sitting_out=(), odd_tables=[*round_.odd_tables, OddTable(kind, sides)]
    )


def seat_everyone(schedule: Schedule, kind: TableKind | None = None) -> Schedule:
    """The schedule with every round's sitters seated at an odd table of ``kind``.

    Partners and opponents at the odd table follow the table's own rules; the
    4-player tables are unchanged. Raises ``ValueError`` when ``kind`` does not
    fit the number of sitters (a ``DomainError``).
    """
    kinds = odd_table_kinds(schedule.n_players)
    if not kinds:
        return replace(schedule, rounds=list(schedule.rounds))
    chosen = kind or kinds[0]
    if chosen not in kinds:
        raise DomainError(
            [
                Problem(
                    gettext_noop(
                        "A %(kind)s table does not fit %(n)d players (%(left)d left over each "
                        "round); possible: %(kinds)s."
                    ),
                    {
                        "kind": chosen.value,
                        "n": schedule.n_players,
                        "left": schedule.n_players % 4,
                        "kinds": ", ".join(k.value for k in kinds),
                    },
                )
            ]
        )
    rounds = []
    for index, round_ in enumerate(schedule.rounds):
        if len(round_.sitting_out) != schedule.n_players % 4:
            raise DomainError(
                [
                    Problem(
                        gettext_noop(
                            "Round %(round)d has %(count)d player(s) sitting out, expected "
                            "%(expected)d."
                        ),
                        {
                            "round": index + 1,
                            "count": len(round_.sitting_out),
                            "expected": schedule.n_players % 4,
                        },
                    )
                ]
            )
        rounds.append(_odd_table(round_, index, chosen))
    return replace(schedule, rounds=rounds)
