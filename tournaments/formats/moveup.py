"""Winner moves up: the winners of a table move one table up, the losers stay (tables of four)."""

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from meldcore.messages import Problem
from pairings import moveup
from pairings.draw import draw_order
from tournaments.formats import plans
from tournaments.formats.base import Format, RoundsHint
from tournaments.formats.plans import Plan
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.lineup import Lineup
from tournaments.models import Event, Player, Seat

MOVEUP_ROUNDS = 4


def former_partners(event: Event, lineup: Lineup) -> set[frozenset[int]]:
    sides: dict[tuple[int, int], list[int]] = defaultdict(list)
    for game_id, side, player_id in Seat.objects.filter(round__event=event).values_list(
        "game_id", "side", "player_id"
    ):
        if player_id in lineup.slot_of:
            sides[(game_id, side)].append(lineup.slot_of[player_id])
    return {frozenset(members) for members in sides.values() if len(members) == 2}


class MoveUp(Format):
    key = Event.Format.MOVEUP
    help = gettext_lazy("Winners move one table up, losers stay (tables of four, 4 rounds).")
    teams_allowed = True
    round_by_round = True
    partners = True
    seeds_by_rating = True

    def format_problems(self, event: Event, players: list[Player]) -> list[str]:
        n = len(players)
        if n < 8 or n % 4:
            return [
                _(
                    "Winner moves up needs full tables of four and at least two tables: "
                    "8, 12, 16 … players; %(count)d entered."
                )
                % {"count": n}
            ]
        return []

    def suggested_rounds(self, entrants: int) -> int | None:
        return MOVEUP_ROUNDS

    def takes_late_entries(self, event: Event) -> bool:
        """The tables of the next round come from the last one's results: a newcomer has no
        seat to move to."""
        return False

    def takes_withdrawals(self, event: Event) -> bool:
        """A leaving player's seat moves on with the results: a substitute must take it."""
        return False

    def rounds_hint(self, players: int) -> RoundsHint | None:
        return RoundsHint(
            MOVEUP_ROUNDS,
            ngettext(
                "Winner moves up: %(count)s round, tables of four.",
                "Winner moves up: %(count)s rounds, tables of four.",
                MOVEUP_ROUNDS,
            )
            % {"count": MOVEUP_ROUNDS},
        )

    def plan_round(self, event: Event, number: int, lineup: Lineup) -> Plan:
        if number == 1:
            return self._first_round(event, lineup)
        present = lineup.present
        results, level_notes = _last_results(event, number, lineup)
        plan = Plan()
        plan.notes += moveup.explain_move(results)
        missing = []
        if event.fixed_partners:
            seatings = [[list(stay), list(arrive)] for stay, arrive in moveup.move_pairs(results)]
        else:
            seatings, drawn_notes = _drawn_tables(event, number, lineup, results)
            plan.notes += drawn_notes
        for sides in seatings:
            missing += [slot for side in sides for slot in side if slot not in present]
            plan.tables.append(
                [[present[slot] for slot in side if slot in present] for side in sides]
            )
        if missing:
            raise ServiceError(
                _(
                    "Number %(numbers)s would move to a table but is not here. Enter a substitute first."
                )
                % {"numbers": ", ".join(str(n) for n in sorted(missing))}
            )
        plan.notes = level_notes + plan.notes
        return plan

    def _first_round(self, event: Event, lineup: Lineup) -> Plan:
        """By number: team 1 against team 2 (or 1 and 2 against 3 and 4) at table 1, and so on;
        seeded by rating, the strongest at table 1 (``_seeded``)."""
        if self.seeds(event):
            return self._seeded(event, lineup)
        if event.fixed_partners and event.teams.exists():
            by_team = plans.teams(event, lineup)
            order = [by_team[key] for key in sorted(by_team)]
            if len(order) % 2:
                raise ServiceError(
                    _("Winner moves up needs an even number of teams, not %(count)d.")
                    % {"count": len(order)}
                )
            plan = Plan(tables=[plans.sides(order[i : i + 2]) for i in range(0, len(order), 2)])
            plan.notes.append(
                Problem(
                    gettext_noop(
                        "Round 1 by team number: team 1 against team 2 at table 1, and so on."
                    )
                )
            )
            return plan
        present = lineup.present
        slots = sorted(present)
        if len(slots) % 4:
            raise ServiceError(
                _("Winner moves up needs a multiple of four players, not %(count)d.")
                % {"count": len(slots)}
            )
        plan = Plan()
        for i in range(0, len(slots), 4):
            a, b, c, d = slots[i : i + 4]
            plan.tables.append([[present[a], present[b]], [present[c], present[d]]])
        plan.notes.append(
            Problem(
                gettext_noop("Round 1 by number: 1 and 2 against 3 and 4 at table 1, and so on.")
            )
        )
        return plan

    def _seeded(self, event: Event, lineup: Lineup) -> Plan:
        """The first tables by the club's rating list: the strongest four (or two teams) at
        table 1, the next at table 2, and so on; at a table of four the first and fourth
        seeded partner against the second and third, so both sides are alike."""
        teams = plans.teams(event, lineup) if self.uses_teams(event) else None
        entrants = plans.entrants(lineup, teams)
        size = 2 if teams else 4
        if len(entrants) % size:
            raise ServiceError(
                _("Winner moves up needs full tables of four, not %(count)d players.")
                % {"count": len(entrants) * (4 // size)}
            )
        order, note = plans.seeded(
            [entrants[key] for key in sorted(entrants)], lineup.ratings(), event.draw_seed
        )
        plan = Plan(notes=[note])
        for start in range(0, len(order), size):
            if teams:
                plan.tables.append(plans.sides(order[start : start + 2]))
            else:
                first, second, third, fourth = (e.members[0] for e in order[start : start + 4])
                plan.tables.append([[first, fourth], [second, third]])
        return plan


def _last_results(
    event: Event, number: int, lineup: Lineup
) -> tuple[list[moveup.Result[int]], list[Problem]]:
    """Each table of the round before, by table number: its winners and losers.

    A level table is decided by a recorded draw, which the notes tell.
    """
    previous = event.rounds.get(number=number - 1)
    games = list(previous.games.select_related("table").prefetch_related("seats__player"))
    games.sort(key=lambda game: game.table.number)
    results: list[moveup.Result[int]] = []
    level_notes: list[Problem] = []
    for game in games:
        sides = [
            tuple(sorted(lineup.slot_of[s.player_id] for s in game.seats.all() if s.side == side))
            for side in (0, 1)
        ]
        if game.winner_side in (0, 1):
            winners, losers = sides[game.winner_side], sides[1 - game.winner_side]
        else:
            level = draw_order(
                sides, f"{event.draw_seed}:round{number - 1}:table{game.table.number}"
            )[0]
            winners, losers = moveup.decide_table(
                sides[0], sides[1], game.score_0, game.score_1, level_winner=level
            )
            if game.score_0 == game.score_1:
                level_notes.append(
                    Problem(
                        gettext_noop(
                            "Table %(table)d ended level; a recorded draw made %(side)s the winners."
                        ),
                        {"table": game.table.number, "side": " & ".join(str(n) for n in level)},
                    )
                )
        results.append((winners, losers))
    return results, level_notes


def _drawn_tables(
    event: Event, number: int, lineup: Lineup, results: list[moveup.Result[int]]
) -> tuple[list[list[list[int]]], list[Problem]]:
    """New partners at each table: cards drawn, former partners kept apart where possible."""
    former = former_partners(event, lineup)
    seatings = []
    notes = []
    for table, four in enumerate(moveup.move(results), start=1):
        drawn = draw_order(sorted(four), f"{event.draw_seed}:round{number}:table{table}")
        seated = moveup.seat_table_explained(drawn, former)
        seatings.append([list(side) for side in seated.sides])
        notes.append(
            Problem(
                gettext_noop("Table %(table)d, cards drawn highest first: %(drawn)s. %(how)s"),
                {
                    "table": table,
                    "drawn": ", ".join(str(n) for n in drawn),
                    "how": seated.note,
                },
            )
        )
    return seatings, notes
