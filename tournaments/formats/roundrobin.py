"""Round robin: everyone plays everyone once, by Berger tables (``pairings.roundrobin``)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from meldcore.messages import Problem
from pairings.roundrobin import schedule
from tournaments.formats import plans
from tournaments.formats.base import Format, RoundsHint
from tournaments.formats.plans import Plan
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.lineup import Lineup
from tournaments.models import Event


class RoundRobin(Format):
    key = Event.Format.ROUNDROBIN
    help = gettext_lazy("Everyone plays everyone once.")
    teams_allowed = True
    bye_is_a_win = True
    ranks_teams = True

    def most_rounds(self, players: int, entrants: int, *, balanced: bool = False) -> int:
        return entrants - 1 + entrants % 2

    def rounds_hint(self, players: int) -> RoundsHint | None:
        if players < 2:
            return None
        rounds = self.most_rounds(players, players)
        return RoundsHint(
            rounds,
            ngettext("Round robin: %(count)s round.", "Round robin: %(count)s rounds.", rounds)
            % {"count": rounds},
        )

    def plan_round(self, event: Event, number: int, lineup: Lineup) -> Plan:
        by_team = plans.teams(event, lineup) if self.uses_teams(event) else None
        # The whole field keeps its place in the tables; whoever is not here leaves a bye.
        if by_team is None:
            keys = lineup.slots
        else:
            keys = sorted(t.number for t in event.teams.all() if t.number is not None)
        rounds = schedule(len(keys))
        if number > len(rounds):
            raise ServiceError(
                _("The round robin has %(rounds)d rounds; all have been played.")
                % {"rounds": len(rounds)}
            )
        entrants = plans.entrants(lineup, by_team)
        plan = Plan()
        for first, second in rounds[number - 1]:
            pair = [keys[first - 1], keys[second - 1] if second is not None else None]
            here = [key for key in pair if key is not None and key in entrants]
            if len(here) == 2:
                plan.tables.append(plans.sides(entrants[key] for key in here))
            elif here:
                entrant = entrants[here[0]]
                plan.byes += [(player, event.bye_score) for player in entrant.members]
                plan.notes.append(
                    Problem(
                        gettext_noop("%(entrant)s has a bye this round."), {"entrant": str(entrant)}
                    )
                )
        plan.notes.insert(
            0,
            Problem(
                gettext_noop("Round %(round)d of %(rounds)d of the round robin (Berger tables)."),
                {"round": number, "rounds": len(rounds)},
            ),
        )
        return plan
