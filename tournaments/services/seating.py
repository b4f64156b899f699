"""Who sits where in a round: the players as they stand, and the plan of the event's format.

``plan_round`` hands the lineup to the registry entry of the event's format
(``tournaments.formats``), which calls its pairing engine and returns a
``Plan``: per table the sides (lists of players), the byes with their points,
and the engine's notes on how it seated them (untranslated: each reader sees them in their language).
``services.rounds.start_round`` writes the plan.
"""

from django.utils.translation import gettext as _

from tournaments.formats import format_of
from tournaments.formats.plans import Entrant, Plan, translate
from tournaments.formats.tables import table_kind_problem
from tournaments.models import Event, Player
from tournaments.services.errors import ServiceError
from tournaments.services.rating_lists import shown_ratings
from tournaments.services.standings import StandingRow, standings

__all__ = ["Entrant", "Lineup", "Plan", "check_setup", "plan_round", "translate"]


class Lineup:
    """The players of an event by number, as they stand in round ``number``.

    A substitute takes the number (and so the seat) of the player they replace
    from the round they joined; a late arrival plays from ``joined_round``; a
    withdrawn player is left out from ``withdrawn_from_round`` on. A format's
    ``plan_round`` reads it (and, pairing by results, its ``standings()``).
    """

    def __init__(self, event: Event, number: int) -> None:
        self.event = event
        self.number = number
        players = list(event.players.all())
        by_pk = {player.pk: player for player in players}
        self.slot_of: dict[int, int] = {}
        self.present: dict[int, Player] = {}
        self.absent: dict[int, Player] = {}
        self.unnumbered: list[Player] = []
        roots = [p for p in players if p.substitute_for_id is None]
        for player in roots:
            if player.number is None:
                if player.joined_round <= number and not self._withdrawn(player):
                    self.unnumbered.append(player)
                continue
            self.slot_of[player.pk] = player.number
            target = self.present if self._plays(player) else self.absent
            target[player.number] = player
        substitutes = sorted(
            (p for p in players if p.substitute_for_id is not None),
            key=lambda p: (p.joined_round, p.pk),
        )
        for player in substitutes:
            slot = self._root_slot(player, by_pk)
            if slot is None:
                continue
            self.slot_of[player.pk] = slot
            if self._plays(player):
                self.absent.pop(slot, None)
                self.present[slot] = player
            elif player.joined_round <= number and slot in self.present:
                # The substitute has withdrawn too: the number is empty again.
                self.absent[slot] = self.present.pop(slot)

    def _withdrawn(self, player: Player) -> bool:
        return (
            player.withdrawn_from_round is not None and player.withdrawn_from_round <= self.number
        )

    def _plays(self, player: Player) -> bool:
        return player.joined_round <= self.number and not self._withdrawn(player)

    def _root_slot(self, player: Player, by_pk: dict[int, Player]) -> int | None:
        seen = set()
        while player.substitute_for_id is not None and player.pk not in seen:
            seen.add(player.pk)
            player = by_pk.get(player.substitute_for_id, player)
        return player.number

    @property
    def slots(self) -> list[int]:
        """Every number of the draw, present or not."""
        return sorted({*self.present, *self.absent})

    def entrant(self, slot: int) -> Entrant:
        player = self.present[slot]
        return Entrant(slot, f"{slot} {player.name}", (player,))

    def ratings(self) -> dict[int, float]:
        """The shown rating of each present player on the club's list of the event's game
        (player id → value): what a format seeding by rating reads."""
        members = {p.pk: p.member_id for p in self.present.values() if p.member_id is not None}
        if self.event.club_id is None or not members:
            return {}
        values = shown_ratings(self.event.club_id, self.event.game, members.values())
        return {pk: values[member] for pk, member in members.items() if member in values}

    def standings(self) -> list[StandingRow]:
        """The ranking after the closed rounds: what a system pairing by results pairs from."""
        return standings(self.event, closed_only=True)


def check_setup(event: Event, lineup: Lineup) -> None:
    if lineup.unnumbered:
        names = ", ".join(p.name for p in lineup.unnumbered[:5])
        raise ServiceError(
            _("Draw the numbers first: %(names)s have no number yet.") % {"names": names}
        )
    mismatch = table_kind_problem(event)
    if mismatch:
        raise ServiceError(mismatch)
    if len(lineup.present) < 2:
        raise ServiceError(_("At least two players with a number are needed to start a round."))


def plan_round(event: Event, number: int, lineup: Lineup) -> Plan:
    return format_of(event).plan_round(event, number, lineup)
