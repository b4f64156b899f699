"""Club ratings (pure Python): who plays best, with partners and opponents weighed.

The rating maths is openskill's (Weng–Lin, Plackett–Luce model): this package only
says what a rated game is (``Match``: its sides and their places), replays a club's
evenings in date order (``Ledger``) and words a rating for people (``Rating``:
the conservative value μ − kσ, provisional until enough games are played).
"""

from ratings.ledger import EveningOutcome, Ledger, replay
from ratings.match import Evening, Match, table_matches
from ratings.rating import PROVISIONAL_GAMES, Rating

__all__ = [
    "PROVISIONAL_GAMES",
    "Evening",
    "EveningOutcome",
    "Ledger",
    "Match",
    "Rating",
    "replay",
    "table_matches",
]
