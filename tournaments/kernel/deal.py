"""What a table enters for one deal (Canasta) or hand (Gin): the scored entry and its seats.

Each card game (``tournaments.card_games``) scores the submitted data
with ``evaluate``: it returns a ``Scored`` (each side's points and the
``details`` an ``Entry`` keeps) or raises ``ServiceError`` whose
``field_errors`` name the form fields the engine's problems concern
(``__all__`` for the whole entry). The entry forms and the entry services both
call it, so a deal is checked by exactly one piece of code.
"""

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch

from tournaments.models import Game, Seat


@dataclass(frozen=True)
class Scored:
    """A valid entry: points per side, what to store, and what the preview shows."""

    points: tuple[int, ...]
    details: dict[str, Any]
    parts: tuple[Any, ...] = ()  # Canasta: scoring.canasta.SideScore per side
    hand: Any = None  # Gin: scoring.gin.HandScore (None for a no game)
    cards: dict[str, Any] = field(default_factory=dict)  # Gin card mode: melds, deadwood, discard


def seats_prefetch() -> Prefetch:
    """Load a game's seats with their players once (``prefetch_related``): the sides,
    the entry forms and the score pad then read them without another query."""
    return Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))


def seats_of(game: Game) -> list[Seat]:
    """The game's seats by position with their players: the prefetched ones if loaded."""
    loaded = getattr(game, "_prefetched_objects_cache", {}).get("seats")
    if loaded is not None:  # the loaded rows themselves (.all() makes a new query set each time)
        return sorted(loaded, key=lambda seat: seat.position)
    return list(game.seats.select_related("player").order_by("position"))
