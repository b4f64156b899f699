"""Swiss system: after each round, entrants with similar scores meet; nobody meets twice."""

from collections import defaultdict

from django.utils.translation import gettext_lazy, ngettext

from meldcore.messages import DomainError
from pairings import swiss
from tournaments.card_games import card_game_of
from tournaments.formats import plans
from tournaments.formats.base import Format, RoundsHint
from tournaments.formats.plans import Entrant, Plan
from tournaments.kernel.lineup import Lineup
from tournaments.models import Bye, Event, Seat


def swiss_rounds(entrants: int) -> int:
    """RULES.md 3.4: ⌈log2 n⌉ rounds."""
    try:
        return swiss.rounds_for(entrants)
    except DomainError:
        return 1


def history(event: Event, entrant_of: dict[int, int]) -> tuple[set[frozenset[int]], set[int]]:
    """Which entrants have met (in any earlier round) and who has had a bye."""
    sides: dict[tuple[int, int], set[int]] = defaultdict(set)
    for game_id, side, player_id in Seat.objects.filter(round__event=event).values_list(
        "game_id", "side", "player_id"
    ):
        if player_id in entrant_of:
            sides[(game_id, side)].add(entrant_of[player_id])
    games: dict[int, list[set[int]]] = defaultdict(list)
    for (game_id, _side), members in sides.items():
        games[game_id].append(members)
    played = set()
    for groups in games.values():
        for i, group in enumerate(groups):
            for other in groups[i + 1 :]:
                played |= {frozenset((a, b)) for a in group for b in other if a != b}
    had_bye = {
        entrant_of[player_id]
        for player_id in Bye.objects.filter(round__event=event).values_list("player_id", flat=True)
        if player_id in entrant_of
    }
    return played, had_bye


def ranking(
    lineup: Lineup, entrant_of: dict[int, int], entrants: dict[int, Entrant]
) -> list[Entrant]:
    """Present entrants best first by the standings of the closed rounds (ties drawn)."""
    ranked: list[Entrant] = []
    seen: set[int] = set()
    for row in lineup.standings():
        key = row.number if row.is_team else entrant_of.get(row.player.pk)
        if key in entrants and key not in seen:
            seen.add(key)
            ranked.append(entrants[key])
    ranked += [entrants[key] for key in sorted(entrants) if key not in seen]
    return ranked


class Swiss(Format):
    key = Event.Format.SWISS
    help = gettext_lazy(
        "After each round, players (or teams) with similar scores meet; nobody meets twice."
    )
    teams_allowed = True
    round_by_round = True
    asks_bye_score = True
    bye_is_a_win = True
    ranks_teams = True
    seeds_by_rating = True

    def suggested_rounds(self, entrants: int) -> int | None:
        return swiss_rounds(entrants) if entrants >= 2 else None

    def most_rounds(self, players: int, entrants: int, *, balanced: bool = False) -> int | None:
        return max(entrants - 1, 0)

    def rounds_hint(self, players: int) -> RoundsHint | None:
        rounds = self.suggested_rounds(players)
        if not rounds:
            return None
        return RoundsHint(
            rounds,
            ngettext(
                "Swiss system: %(count)s round suggested.",
                "Swiss system: %(count)s rounds suggested.",
                rounds,
            )
            % {"count": rounds},
        )

    def plan_round(self, event: Event, number: int, lineup: Lineup) -> Plan:
        by_team = plans.teams(event, lineup) if self.uses_teams(event) else None
        entrants = plans.entrants(lineup, by_team)
        by_number = [entrants[key] for key in sorted(entrants)]
        seeding = None
        if number == 1 and self.seeds(event):
            order, seeding = plans.seeded(by_number, lineup.ratings(), event.draw_seed)
            pairing = swiss.seeded_first_round(order)
        elif number == 1:
            pairing = swiss.first_round(by_number, event.draw_seed)
        else:
            entrant_of = plans.entrant_of_player(event, lineup, by_team)
            played, had_bye = history(event, entrant_of)
            pairing = swiss.pair_round(
                ranking(lineup, entrant_of, entrants),
                {frozenset(Entrant(n) for n in pair) for pair in played},
                [Entrant(n) for n in had_bye],
            )
        plan = Plan(tables=[plans.sides(pair) for pair in pairing.pairs])
        if pairing.bye is not None:
            plan.byes = [(player, event.bye_score) for player in pairing.bye.members]
        plan.notes = [*([seeding] if seeding else []), *getattr(pairing, "notes", [])]
        return plan

    def sheet_name_lines(self, event: Event) -> int:
        return card_game_of(event).name_lines
