"""Tables in draw order, rotating: for games that seat more than two a table (Gin for three
or four).

The players stand in number order in rows as long as there are tables; table
``t`` of round 1 takes column ``t``. Each round, row ``k`` moves ``k`` tables on,
so players of different rows meet others in later rounds. Players left over
(fewer than a table) sit out in turn with the event's bye score.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from meldcore.messages import Problem
from scoring.canasta_profiles import CanastaProfile
from tournaments.card_games import card_game_of
from tournaments.formats.base import Format
from tournaments.formats.plans import Plan
from tournaments.kernel.lineup import Lineup
from tournaments.kernel.profiles import event_profile
from tournaments.models import Event, Player


def seats_per_table(event: Event) -> int:
    """What the event's card game and table kind seat a table (two unless the kind says more)."""
    return card_game_of(event).players_per_table or 2


def table_kind_problem(event: Event) -> str:
    """Why the event's format cannot seat its table kind (three, four or six at a table); empty
    when it can."""
    from tournaments.formats import format_of

    if seats_per_table(event) > 2 and not format_of(event).groups:
        return _(
            "With three, four or six at a table the tables are seated in draw order: choose the format "
            "“Tables in draw order, rotating”."
        )
    return ""


def rheinisch_problem(event: Event) -> str:
    """``rheinisch_misfit``, asked while the event is set up: one started by an older Meld
    with such rules (locked since) plays on as it began, rather than stop halfway."""
    return rheinisch_misfit(event) if event.status == Event.Status.SETUP else ""


def rheinisch_misfit(event: Event) -> str:
    """Why the event's Canasta rules do not fit how it seats its players (RULES.md 1.4: the
    house option ``rheinisch`` is for a two-player event); empty when they do."""
    from tournaments.formats import format_of

    profile = event_profile(event)
    rheinisch = isinstance(profile, CanastaProfile) and profile.rheinisch
    if rheinisch and format_of(event).partnership(event):
        return _(
            "Rheinisch going out is for games of two players, but this event seats "
            "partnerships: switch it off in the rules, or choose a format where each "
            "plays alone."
        )
    return ""


class TablesInOrder(Format):
    key = Event.Format.TABLES
    help = gettext_lazy(
        "For Gin with three, four or six at a table: tables in draw order, the players moving on each round; "
        "players left over sit out in turn."
    )
    asks_bye_score = True
    round_by_round = True
    groups = True

    def tables_needed(self, event: Event, players: int) -> int:
        return max(players // seats_per_table(event), 1)

    def format_problems(self, event: Event, players: list[Player]) -> list[str]:
        size = seats_per_table(event)
        if size < 3:
            return [
                _(
                    "Tables in draw order are for Gin with three, four or six at a table: choose "
                    "that table kind, or another format."
                )
            ]
        if len(players) < size:
            return [
                _("At least %(size)d players are needed; %(count)d entered.")
                % {"size": size, "count": len(players)}
            ]
        return []

    def plan_round(self, event: Event, number: int, lineup: Lineup) -> Plan:
        size = seats_per_table(event)
        slots = sorted(lineup.present)
        plan = Plan()
        tables = len(slots) // size
        left = len(slots) - tables * size
        if tables == 0:
            plan.byes = [(lineup.present[slot], event.bye_score) for slot in slots]
            return plan
        # The ones left over sit out in turn: the last numbers first, moving back each round.
        start = (-(number - 1) * left) % len(slots) if left else 0
        order = slots[start:] + slots[:start]
        playing, out = order[: tables * size], order[tables * size :]
        for slot in out:
            player = lineup.present[slot]
            plan.byes.append((player, event.bye_score))
            plan.notes.append(
                Problem(gettext_noop("%(entrant)s has a bye this round."), {"entrant": str(player)})
            )
        at_table: list[list[int]] = [[] for _ in range(tables)]
        for index, slot in enumerate(playing):
            row, column = divmod(index, tables)
            at_table[(column + row * (number - 1)) % tables].append(slot)
        # Each table in draw order (the card game's seating reads it so: at three, the
        # highest card leads the first hand), whoever the turn of the byes brought first.
        seated = [[lineup.present[slot] for slot in sorted(table)] for table in at_table]
        grouped = card_game_of(event).seat_tables(event, number, seated)
        plan.tables = grouped.tables
        plan.notes[:0] = [
            Problem(
                gettext_noop("Round %(round)d: tables of %(size)d in draw order, rotating."),
                {"round": number, "size": size},
            ),
            *grouped.notes,
        ]
        return plan
