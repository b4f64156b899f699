"""Tallies like bridge tallies (RULES.md 3.1): one card per player, four to a page.

PLAYER NUMBER large at the top; per round the game (the whole plan at every
table for small progressive fields, else the player's own table and game, with
names once drawn); a SCORE box; NAME and TOTAL at the bottom. Swiss and
winner-moves-up tallies have rows to fill in; after the event the recorded
scores and the standings' total are printed in.
"""

from collections.abc import Sequence
from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import override

from pairings import schedule_model
from tournaments.card_games import card_game_of
from tournaments.formats import format_of
from tournaments.models import Event, Player
from tournaments.printing import loaders
from tournaments.printing.data import EventInfo, SeatInfo, TalliesData, Tally, TallyRow
from tournaments.printing.tally_pages import build
from tournaments.services.pages.tallies import recorded_scores
from tournaments.services.setup.player_changes import next_round

PLAN_TABLES = 3  # up to this many tables, every tally prints the whole plan
# Player id → (round → the score recorded, the standings' total): ``recorded_scores``.
Scores = dict[int, tuple[dict[int, int], int]]
# Each number's name from the next round on, and each round's names by number.
Named = tuple[dict[int, str], dict[int, dict[int, str]]]


def game_label(side: tuple[int | None, ...], other: tuple[int | None, ...]) -> str:
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
    # Each number under who holds it from now on (a substitute from the round they play),
    # and each round's games under who holds each number in that round.
    names = {} if blank else loaders.holder_names(event, next_round(event))
    scores = {} if blank else recorded_scores(event)
    with override(event.language):
        if schedule is not None:
            mixed = format_of(event).by_gender
            in_round = (
                {}
                if blank
                else {n: loaders.holder_names(event, n) for n in range(1, len(schedule) + 1)}
            )
            data = _progressive(
                info, schedule, len(players), players, (names, in_round), scores, blank, mixed
            )
        else:
            data = _open_rows(info, event, players, rounds, names, scores, blank)
    return data


def _progressive(
    info: EventInfo,
    schedule: list[schedule_model.Round],
    size: int,
    players: list[Player],
    named: Named,
    scores: Scores,
    blank: bool,
    mixed: bool,
) -> TalliesData:
    names, in_round = named
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
                            *(
                                tuple(in_round.get(index, names).get(n, "?") for n in pair)
                                for pair in (first, second)
                            )
                        )
                        if names
                        else (),
                        score=per_round.get(index),
                    )
            rows.append(row)
        tallies.append(
            Tally(
                number=player_number,
                name=names.get(player_number, player.name) if player else "",
                gender=("f" if player_number % 2 == 0 else "m") if mixed else "",
                rows=tuple(rows),
                total=total if per_round else None,
            )
        )
    plan: tuple[tuple[str, ...], ...] = ()
    pauses: tuple[str, ...] = ()
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


def _listed(seats: Sequence[SeatInfo]) -> tuple[str, tuple[str, ...]]:
    """Players by number, and their names a line each once all are drawn."""
    names = tuple(seat.name for seat in seats)
    return ", ".join(str(seat.number) for seat in seats), names if all(names) else ()


def _open_rows(
    info: EventInfo,
    event: Event,
    players: list[Player],
    rounds: int,
    names: dict[int, str],
    scores: Scores,
    blank: bool,
) -> TalliesData:
    """Swiss, winner moves up, round robin, tables in draw order: rows for every round,
    filled where known."""
    seatings = {} if blank else loaders.seatings_from_db(event)
    listing = card_game_of(event).tally_others
    where: dict[tuple[int, int | None], TallyRow] = {}
    for round_number, seating in seatings.items():
        for table in seating.tables:
            sides = [tuple(s.number for s in table.side(i)) for i in range(table.sides)]
            name_sides = [tuple(s.name for s in table.side(i)) for i in range(table.sides)]
            for seat in table.seats:
                own = seat.side
                others = [i for i in range(table.sides) if i != own]
                partner = ""
                partner_names: tuple[str, ...] = ()
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
    entrants: list[Player | None] = [*players] if not blank else [None] * len(players)
    for position, player in enumerate(entrants, start=1):
        player_number = player.number if player else position
        per_round, total = scores.get(player.pk, ({}, None)) if player else ({}, None)
        rows = []
        for index in range(1, rounds + 1):
            row = where.get((index, player_number), TallyRow(round=index))
            rows.append(replace(row, score=per_round.get(index)))
        name = ""
        if player:
            name = player.name if player_number is None else names.get(player_number, player.name)
        tallies.append(
            Tally(
                number=player_number,
                name=name,
                rows=tuple(rows),
                total=total if per_round else None,
            )
        )
    return TalliesData(event=info, tallies=tuple(tallies), others=listing)


# Drawing ---------------------------------------------------------------------------


__all__ = ["build", "load"]
