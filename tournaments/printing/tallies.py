"""Tallies like bridge tallies (RULES.md 3.1): one card per player, four to a page.

PLAYER NUMBER large at the top; per round the game (the whole plan at every
table for small progressive fields, else the player's own table and game, with
names once drawn); a SCORE box; NAME and TOTAL at the bottom. Swiss and
winner-moves-up tallies have rows to fill in; after the event the recorded
scores and the standings' total are printed in.
"""

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import override

from tournaments.card_games import card_game_of
from tournaments.formats import format_of
from tournaments.models import Event
from tournaments.printing import loaders
from tournaments.printing.data import TalliesData, Tally, TallyRow
from tournaments.printing.tally_pages import build
from tournaments.services.pages.tallies import recorded_scores

PLAN_TABLES = 3  # up to this many tables, every tally prints the whole plan


def game_label(side: tuple, other: tuple) -> str:
    return _("%(side)s vs. %(other)s") % {
        "side": "-".join(str(n) for n in side),
        "other": "-".join(str(n) for n in other),
    }


def names_lines(side: tuple[str, ...], *others: tuple[str, ...]) -> tuple[str, ...]:
    """The game with names, on two lines: ``A & B`` / ``vs. C & D``."""
    return (
        " & ".join(side),
        _("vs. %(names)s") % {"names": " / ".join(" & ".join(o) for o in others)},
    )


# Loading ---------------------------------------------------------------------------


def load(event: Event, round_number: int | None = None, blank: bool = False) -> TalliesData:
    info = loaders.event_info(event)
    players = loaders.entrants(event)
    schedule = loaders.schedule_rounds(event, len(players))
    rounds = loaders.planned_round_count(event, schedule)
    names = {} if blank else loaders.names_by_number(players)
    scores = {} if blank else recorded_scores(event)
    with override(event.language):
        if schedule is not None:
            mixed = format_of(event).by_gender
            data = _progressive(info, schedule, len(players), players, names, scores, blank, mixed)
        else:
            data = _open_rows(info, event, players, rounds, names, scores, blank)
    return data


def _progressive(info, schedule, size, players, names, scores, blank, mixed) -> TalliesData:
    by_number = {p.number: p for p in players if p.number is not None}
    tallies = []
    for player_number in range(1, size + 1):
        player = None if blank else by_number.get(player_number)
        per_round, total = scores.get(player.pk, ({}, None)) if player else ({}, None)
        rows = []
        for index, rnd in enumerate(schedule, start=1):
            row = TallyRow(round=index, sits_out=True, score=per_round.get(index))
            for table, (first, second) in enumerate(rnd.tables, start=1):
                if player_number in first + second:
                    row = TallyRow(
                        round=index,
                        table=table,
                        game=game_label(first, second),
                        names=names_lines(
                            *((names.get(n, "?") for n in pair) for pair in (first, second))
                        )
                        if names
                        else (),
                        score=per_round.get(index),
                    )
            rows.append(row)
        tallies.append(
            Tally(
                number=player_number,
                name=player.name if player else "",
                gender=("f" if player_number % 2 == 0 else "m") if mixed else "",
                rows=tuple(rows),
                total=total if per_round else None,
            )
        )
    plan, pauses = (), ()
    if max(len(r.tables) for r in schedule) <= PLAN_TABLES:
        plan = tuple(tuple(game_label(a, b) for a, b in r.tables) for r in schedule)
        pauses = tuple(", ".join(map(str, r.sitting_out)) for r in schedule)
    return TalliesData(
        event=info,
        tallies=tuple(tallies),
        plan=plan,
        pauses=pauses if any(pauses) else (),
        legend=tuple(sorted(names.items())) if plan and names else (),
        mixed=mixed,
    )


def _listed(seats) -> tuple[str, tuple[str, ...]]:
    """Players by number, and their names a line each once all are drawn."""
    names = tuple(seat.name for seat in seats)
    return ", ".join(str(seat.number) for seat in seats), names if all(names) else ()


def _open_rows(info, event, players, rounds, names, scores, blank) -> TalliesData:
    """Swiss, winner moves up, round robin, tables in draw order: rows for every round,
    filled where known."""
    seatings = {} if blank else loaders.seatings_from_db(event)
    listing = card_game_of(event).tally_others
    where: dict[tuple[int, int], TallyRow] = {}
    for round_number, seating in seatings.items():
        for table in seating.tables:
            sides = [tuple(s.number for s in table.side(i)) for i in range(table.sides)]
            name_sides = [tuple(s.name for s in table.side(i)) for i in range(table.sides)]
            for seat in table.seats:
                own = seat.side
                others = [i for i in range(table.sides) if i != own]
                partner, partner_names = "", ()
                if listing in ("opponents", "partner"):
                    # Three at a table meet both others; partners get a column of their own.
                    mates = [s for s in table.seats if s.number != seat.number]
                    if listing == "partner":
                        partner, partner_names = _listed([s for s in mates if s.side == own])
                        mates = [s for s in mates if s.side != own]
                    game, who = _listed(mates)
                elif len(sides[own]) == 1:  # one against one: the opponent is enough
                    game = " / ".join("-".join(map(str, sides[i])) for i in others)
                    who = tuple(" & ".join(name_sides[i]) for i in others)
                else:
                    game = " · ".join(game_label(sides[own], sides[i]) for i in others)
                    who = names_lines(name_sides[own], *(name_sides[i] for i in others))
                where[(round_number, seat.number)] = TallyRow(
                    round=round_number,
                    table=table.table,
                    game=game,
                    names=who,
                    partner=partner,
                    partner_names=partner_names,
                )
        for seat in seating.sitting_out:
            where[(round_number, seat.number)] = TallyRow(round=round_number, sits_out=True)
    tallies = []
    entrants = players if not blank else [None] * len(players)
    for position, player in enumerate(entrants, start=1):
        player_number = player.number if player else position
        per_round, total = scores.get(player.pk, ({}, None)) if player else ({}, None)
        rows = []
        for index in range(1, rounds + 1):
            row = where.get((index, player_number), TallyRow(round=index))
            rows.append(replace(row, score=per_round.get(index)))
        tallies.append(
            Tally(
                number=player_number,
                name=player.name if player else "",
                rows=tuple(rows),
                total=total if per_round else None,
            )
        )
    return TalliesData(event=info, tallies=tuple(tallies), others=listing)


# Drawing ---------------------------------------------------------------------------


__all__ = ["build", "load"]
