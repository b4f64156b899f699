"""Gin Rummy (RULES.md 2): the public engine API (docs/design.md) and its helpers.

Cards are ``Card`` objects or their notation (``"7H"``, ``"TD"``, ``"10D"``, or
one string of them); every function refuses jokers and repeated cards.
The work is split by concept:

- ``scoring.gin_melds``: card values, least deadwood, knocking, lay-offs;
- ``scoring.gin_game``: scoring a hand and a game, the next dealer, partnerships (2.2);
- ``scoring.gin_three``: three players, the rotation game and chouette (2.1).
"""

from scoring.gin_game import (
    MAX_DEADWOOD,
    GameScore,
    HandScore,
    next_dealer,
    partnership_hand,
    partnership_opponents,
    partnership_target,
    score_game,
    score_hand,
    score_partnership_game,
)
from scoring.gin_melds import (
    Arrangement,
    InvalidHand,
    best_arrangement,
    deadwood_value,
    knock_deadwood,
    layoff_deadwood,
    min_deadwood,
)
from scoring.gin_three import (
    ChouetteScore,
    ChouetteSeating,
    Payment,
    Replay,
    Seating,
    ThreePlayerScore,
    chouette_next,
    chouette_next_game,
    chouette_next_game_after,
    chouette_start,
    hand_winner,
    replay,
    rotation_next,
    score_chouette_game,
    score_three_player_game,
    settle_three,
    three_player_next,
    three_player_start,
)

__all__ = [
    "MAX_DEADWOOD",
    "Arrangement",
    "ChouetteScore",
    "ChouetteSeating",
    "GameScore",
    "HandScore",
    "InvalidHand",
    "Payment",
    "Replay",
    "Seating",
    "ThreePlayerScore",
    "best_arrangement",
    "chouette_next",
    "chouette_next_game",
    "chouette_next_game_after",
    "chouette_start",
    "deadwood_value",
    "hand_winner",
    "knock_deadwood",
    "layoff_deadwood",
    "min_deadwood",
    "next_dealer",
    "partnership_hand",
    "partnership_opponents",
    "partnership_target",
    "replay",
    "rotation_next",
    "score_chouette_game",
    "score_game",
    "score_hand",
    "score_partnership_game",
    "score_three_player_game",
    "settle_three",
    "three_player_next",
    "three_player_start",
]
