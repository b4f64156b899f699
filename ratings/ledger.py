"""Replaying a club's evenings in played order, through openskill's Plackett–Luce model.

A rating depends on the order of the games: the club's list is therefore always the
replay of every finished evening in date order (``replay``), and a newly finished
evening, the latest, is rated on top of the list as it stands (``Ledger.rate_evening``).
Both give the same list, whichever way the evenings arrived.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce, PlackettLuceRating

from ratings.match import Evening, Match
from ratings.rating import START_MU, START_SIGMA, Rating

# A win by more than this many margins counts as one by this many. openskill weighs a win
# beyond its margin by ln(1 + difference / margin); past about 1.5 that turns a favourite's
# clear win into an upset, so the ratings of a club that plays for years drift apart without
# bound (a replay of ten seasons did). At 2.5 margins the weight stays at most ln 3.5 ≈ 1.25.
MOST_MARGINS = 2.5


class _RatedInPlace(list[list[PlackettLuceRating]]):
    """The teams of one game, for openskill to rate in place.

    openskill's ``rate`` deep-copies its teams so that the caller's ratings stay as they
    were; the ledger's working ratings are its own and take the result anyway, and the
    copy (a fresh uuid for every rating) was half of a replay's time. The results are
    openskill's own (``tests/engines/test_ratings.py`` holds the ledger to ``rate`` on copies).
    """

    def __deepcopy__(self, memo: dict[int, object]) -> "_RatedInPlace":
        return self


@cache
def _model(margin: float) -> PlackettLuce:
    return PlackettLuce(mu=START_MU, sigma=START_SIGMA, margin=margin)


@dataclass(frozen=True)
class EveningOutcome:
    """One member's evening: the rating before and after, and expected against scored.

    ``expected`` and ``scored`` add up over the member's games of the evening what the
    ratings before each game predicted (the chance to beat each other side) and what
    happened (1 for a side beaten, ½ for a draw, shared out over the other sides).
    """

    before: Rating
    after: Rating
    games: int
    expected: float
    scored: float


class Ledger:
    """The club's ratings as they stand, rated on by one evening after another.

    ``margin``: a win by more than this many points counts for more (openskill's
    margin of victory); 0 rates wins, draws and losses alone. Each game says its own.
    """

    def __init__(self, ratings: Mapping[int, Rating] | None = None, margin: float = 0.0) -> None:
        self.margin = margin
        self.model = _model(margin)
        # openskill's rating objects are kept and updated in place: making one costs a uuid.
        self._players: dict[int, PlackettLuceRating] = {}
        self._games: dict[int, int] = {}
        for key, rating in (ratings or {}).items():
            self._players[key] = PlackettLuceRating(rating.mu, rating.sigma)
            self._games[key] = rating.games

    @property
    def ratings(self) -> dict[int, Rating]:
        """Every member rated so far, by key."""
        return {key: self.rating(key) for key in self._players}

    def rating(self, key: int) -> Rating:
        player = self._players.get(key)
        if player is None:
            return Rating()
        return Rating(player.mu, player.sigma, self._games[key])

    def _player(self, key: int, before: dict[int, Rating]) -> PlackettLuceRating:
        """The member's working rating, noting in ``before`` how it stood first."""
        player = self._players.get(key)
        if player is None:  # a newcomer
            player = self._players[key] = PlackettLuceRating(START_MU, START_SIGMA)
            self._games[key] = 0
        if key not in before:
            before[key] = Rating(player.mu, player.sigma, self._games[key])
        return player

    def rate_evening(self, evening: Evening) -> dict[int, EveningOutcome]:
        """Rate the evening's games in order; what it meant for each member who played."""
        before: dict[int, Rating] = {}
        # Each member's games, expected and scored over the evening.
        sums: dict[int, list[float]] = {}
        for match in evening.matches:
            chances = self._rate(match, before)
            for side, chance, share in zip(match.sides, chances, match.shares(), strict=True):
                for key in side:
                    total = sums.get(key)
                    if total is None:
                        sums[key] = [1, chance, share]
                    else:
                        total[0] += 1
                        total[1] += chance
                        total[2] += share
        outcomes = {}
        for key, start in before.items():
            games, expected, scored = sums[key]
            outcomes[key] = EveningOutcome(start, self.rating(key), int(games), expected, scored)
        return outcomes

    def _rate(self, match: Match, before: dict[int, Rating]) -> list[float]:
        """Rate one game; each side's expected share of the sides beaten, as rated before it.
        A side's guests stand behind its members, each a newcomer of their own."""
        teams = _RatedInPlace([[self._player(key, before) for key in side] for side in match.sides])
        if match.guests:
            for team, count in zip(teams, match.guests, strict=True):
                team += (PlackettLuceRating(START_MU, START_SIGMA) for _ in range(count))
        chances = _chances(self.model, teams)
        scores = _capped(match.points, MOST_MARGINS * self.margin) if self.margin else match.points
        rated = self.model.rate(teams, scores=list(scores))
        games = self._games
        for side, team in zip(match.sides, rated, strict=True):
            # The members come first; the guests after them are forgotten.
            for key, new in zip(side, team, strict=False):
                player = self._players[key]
                player.mu, player.sigma = new.mu, new.sigma
                games[key] += 1
        return chances


def _capped(points: tuple[float, ...], most: float) -> tuple[float, ...]:
    """``points`` with each gap between one side and the next best closed to at most
    ``most``: the order and the draws stay, no win counts by more than ``most``."""
    if len(points) == 2:
        first, second = points
        if abs(first - second) <= most:
            return points
        return (first, first - most) if first > second else (second - most, second)
    order = sorted(range(len(points)), key=lambda side: -points[side])
    capped = list(points)
    for better, worse in zip(order, order[1:], strict=False):
        capped[worse] = capped[better] - min(points[better] - points[worse], most)
    return tuple(capped)


def _chances(model: PlackettLuce, teams: list[list[PlackettLuceRating]]) -> list[float]:
    """Each team's chance to beat another, averaged over the other teams."""
    if len(teams) == 2:
        return list(model.predict_win(teams))
    shares = [0.0] * len(teams)
    for i in range(len(teams)):
        for j in range(i + 1, len(teams)):
            win_i, win_j = model.predict_win([teams[i], teams[j]])
            shares[i] += win_i
            shares[j] += win_j
    return [share / (len(teams) - 1) for share in shares]


def replay(
    evenings: Iterable[Evening], margin: float = 0.0
) -> tuple[Ledger, dict[int, dict[int, EveningOutcome]]]:
    """Every evening rated from the start, in the order given (the caller's date order)."""
    ledger = Ledger(margin=margin)
    history = {evening.key: ledger.rate_evening(evening) for evening in evenings}
    return ledger, history
