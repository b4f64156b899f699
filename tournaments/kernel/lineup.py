"""Who plays in a round: the players of an event by number as they stand, and the entrants
a pairing engine pairs.

A format's ``plan_round`` (``tournaments.formats``) reads the lineup the round service
builds (``services.rounds.seating``); a format that pairs by results reads the standings
the service hands in with it, so the formats never reach up into the services.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Event, Player


@dataclass(frozen=True)
class Entrant:
    """What a pairing engine pairs: a player's number (or a team's), printed with the name."""

    number: int
    label: str = field(default="", compare=False)
    members: tuple[Player, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return self.label or str(self.number)


class Lineup:
    """The players of an event by number, as they stand in round ``number``.

    A substitute takes the number (and so the seat) of the player they replace
    from the round they joined; a late arrival plays from ``joined_round``; a
    withdrawn player is left out from ``withdrawn_from_round`` on. A format's
    ``plan_round`` reads it (and, pairing by results, its ``standings()``: ``ranking``;
    seeding by rating, its ``ratings()``: ``ratings``; both passed in by the service that
    builds the lineup).
    """

    def __init__(
        self,
        event: Event,
        number: int,
        ranking: Callable[[], Sequence[Any]],
        ratings: Callable[[Iterable[Player]], dict[int, float]] = lambda players: {},
    ) -> None:
        self.event = event
        self.number = number
        self._ranking = ranking
        self._ratings = ratings
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
        """The shown rating of each present player on the club's list of the event's card game
        (player id → value): what a format seeding by rating reads (``rating``, which the
        service that builds the lineup passes in, read only when a format asks)."""
        return self._ratings(self.present.values())

    def standings(self) -> Sequence[Any]:
        """The ranking after the closed rounds: what a system pairing by results pairs from
        (the standings' rows, read only when a format asks)."""
        return self._ranking()
