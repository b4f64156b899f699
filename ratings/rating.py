"""A member's rating as people read it: a cautious value, provisional at first."""

from dataclasses import dataclass

# openskill's defaults: every newcomer starts at μ 25, σ 25/3.
START_MU = 25.0
START_SIGMA = 25.0 / 3.0
# How many σ the shown value stays below μ: a newcomer's lucky night does not top the list.
CAUTION = 3.0
# A member's rating is provisional until this many rated games.
PROVISIONAL_GAMES = 12


@dataclass(frozen=True)
class Rating:
    """μ and σ of a member's skill (openskill's scale) and the rated games behind them."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The value on the list: μ − 3σ, so what is not yet known counts against it."""
        return self.mu - CAUTION * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def games_to_go(self) -> int:
        """Rated games still to play before the rating stops being provisional."""
        return max(PROVISIONAL_GAMES - self.games, 0)
