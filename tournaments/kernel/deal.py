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

from django.db.models import Prefetch, prefetch_related_objects

from scoring.canasta import SideScore
from scoring.gin import HandScore
from tournaments.models import Game, Seat


@dataclass(frozen=True)
class Scored:
    """A valid entry: points per side, what to store, and what the preview shows."""

    points: tuple[int, ...]
    details: dict[str, Any]
    parts: tuple[SideScore, ...] = ()  # Canasta: each side's
    hand: HandScore | None = None  # Gin (None for a no game)
    cards: dict[str, Any] = field(default_factory=dict)  # Gin card mode: melds, deadwood, discard


LOADED_SEATS = "loaded_seats"


def seats_prefetch() -> "Prefetch[str]":
    """Load a game's seats with their players once (``prefetch_related``) as the game's
    ``loaded_seats`` list: the sides, the entry forms and the score pad then read them
    (``seats_of``) without another query."""
    return Prefetch(
        "seats",
        queryset=Seat.objects.select_related("player").order_by("position"),
        to_attr=LOADED_SEATS,
    )


def seats_loaded(game: Game) -> bool:
    """Whether the game's seats with their players are loaded (``seats_prefetch``)."""
    return hasattr(game, LOADED_SEATS)


def keep_seats(game: Game, seats: list[Seat]) -> None:
    """``seats`` (by position, with their players) as the game's loaded seats."""
    setattr(game, LOADED_SEATS, seats)


def seats_of(game: Game) -> list[Seat]:
    """The game's seats by position with their players, loaded once."""
    if not seats_loaded(game):
        prefetch_related_objects([game], seats_prefetch())
    return list(getattr(game, LOADED_SEATS))


def player_names(game: Game) -> dict[int, str]:
    """The game's players' names as the table sees them now, by player id (a deal's details
    keep the id of who played it: a player renamed since is named anew)."""
    return {seat.player_id: str(seat.player) for seat in seats_of(game)}
