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


@dataclass(frozen=True)
class Holder:
    """Who holds a number of the draw in a round: the player drawn for it, or from the round a
    substitute joined, the substitute (and a substitute's substitute from theirs)."""

    number: int
    player: Player
    plays: bool  # False: the holder has withdrawn (and nobody took over), or not joined yet
    replaced: Player | None = None  # the holder before this one, when it was handed over


JOINED_LATER, WITHDRAWN = "joined_later", "withdrawn"


def absence(joined_round: int, withdrawn_from_round: int | None, number: int) -> str:
    """Why a player who joined in ``joined_round`` (and withdrew from
    ``withdrawn_from_round``) does not play round ``number``: ``JOINED_LATER``,
    ``WITHDRAWN``, or "" when they play it."""
    if joined_round > number:
        return JOINED_LATER
    if withdrawn_from_round is not None and withdrawn_from_round <= number:
        return WITHDRAWN
    return ""


def _plays(player: Player, number: int) -> bool:
    return not absence(player.joined_round, player.withdrawn_from_round, number)


def number_holders(
    players: Iterable[Player], number: int, slot_of: dict[int, int] | None = None
) -> dict[int, Holder]:
    """Who holds each number of the draw in round ``number``: the one door every page, phone,
    printout and pairing asks (``players``: all of an event's, substitutes included).

    The numbers are the entrants' (late entries' numbers included); a substitute holds the
    number of the player they replace from the round they joined, and a withdrawn player's
    number stays drawn, held by them (``plays`` False). ``slot_of``, when given, is filled
    with the number each numbered player (and substitute) plays under.
    """
    players = list(players)
    by_pk = {player.pk: player for player in players}
    slot_of = {} if slot_of is None else slot_of
    held: dict[int, Holder] = {}
    for player in players:
        if player.substitute_for_id is None and player.number is not None:
            slot_of[player.pk] = player.number
            held[player.number] = Holder(player.number, player, _plays(player, number))
    substitutes = sorted(
        (p for p in players if p.substitute_for_id is not None),
        key=lambda p: (p.joined_round, p.pk),
    )
    for player in substitutes:
        slot = _root_slot(player, by_pk)
        if slot is None:
            continue
        slot_of[player.pk] = slot
        if player.joined_round <= number and slot in held:
            before = held[slot].player
            held[slot] = Holder(slot, player, _plays(player, number), before)
    return dict(sorted(held.items()))


def _root_slot(player: Player, by_pk: dict[int, Player]) -> int | None:
    seen = set()
    while player.substitute_for_id is not None and player.pk not in seen:
        seen.add(player.pk)
        player = by_pk.get(player.substitute_for_id, player)
    return player.number


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
        self.slot_of: dict[int, int] = {}
        self.present: dict[int, Player] = {}
        self.absent: dict[int, Player] = {}
        self.unnumbered: list[Player] = []
        players = list(event.players.all())
        for slot, holder in number_holders(players, number, self.slot_of).items():
            target = self.present if holder.plays else self.absent
            target[slot] = holder.player
        for player in players:
            if (
                player.substitute_for_id is None
                and player.number is None
                and _plays(player, number)
            ):
                self.unnumbered.append(player)

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
