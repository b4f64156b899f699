"""Reading the club's rating lists (``services.ratings`` writes them): the list of a card
game, a member's ratings with their history, and the ratings a seeding reads.

The list is ordered by the shown value (μ − 3σ, ``ratings.Rating.shown``) as it is
shown, to one decimal: members whose shown values read the same share their rank. Each
read is one query, whatever the number of members or evenings.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.utils.translation import ngettext

from ratings import Rating
from tournaments.card_games import CARD_GAMES
from tournaments.kernel.names import family_key, lot
from tournaments.models import Club, Event, Member, MemberRating, RatingHistory

SHOWN_DIGITS = 1


def shown(rating: Rating) -> float:
    """The value on the list, as it is shown."""
    return round(rating.shown, SHOWN_DIGITS)


def provisional(rating: Rating) -> str:
    """ "provisional — after 8 more games" while the rating is provisional, else ""."""
    if not rating.provisional:
        return ""
    return ngettext(
        "provisional — after %(count)d more game",
        "provisional — after %(count)d more games",
        rating.games_to_go,
    ) % {"count": rating.games_to_go}


@dataclass
class ListRow:
    """One member on a rating list: their place (``shared`` with others), their rating."""

    member: Member
    rating: Rating
    rank: int = 0
    shared: bool = False
    name: str = ""

    @property
    def value(self) -> float:
        return shown(self.rating)


def rated_card_games() -> list[tuple[str, str]]:
    """The card games a club has a list of: (key, label)."""
    return [(key, card_game.label) for key, card_game in CARD_GAMES.items()]


def rating_list(
    club: Club, card_game: str, *, name: Callable[[Member], str] | None = None
) -> list[ListRow]:
    """The club's list in ``card_game``, best first. ``name`` gives each row's name (the
    member's full name when None); members whose values are equal stand in the order of
    those names, then by lot (``names.lot``: withheld names are alike)."""
    rows = [
        ListRow(row.member, Rating(row.mu, row.sigma, row.games))
        for row in MemberRating.objects.filter(
            member__club=club, card_game=card_game
        ).select_related("member")
    ]
    for row in rows:
        row.name = name(row.member) if name else row.member.name
    scope = f"rating-{club.pk}-{card_game}"
    rows.sort(key=lambda row: (-row.value, family_key(row.name), lot(scope, row.member.pk)))
    _rank(rows)
    return rows


def _rank(rows: list[ListRow]) -> None:
    counts: dict[float, int] = defaultdict(int)
    for row in rows:
        counts[row.value] += 1
    rank = 0
    for index, row in enumerate(rows):
        if index == 0 or row.value != rows[index - 1].value:
            rank = index + 1
        row.rank, row.shared = rank, counts[row.value] > 1


@dataclass(frozen=True)
class RatedEvening:
    """What one evening did to a member's rating."""

    event: Event
    before: Rating
    after: Rating
    games: int
    expected: float
    scored: float

    @property
    def change(self) -> float:
        return shown(self.after) - shown(self.before)


@dataclass
class CardGameRating:
    """A member's rating in one card game, and the evenings that made it."""

    card_game: str
    label: str
    rating: Rating
    evenings: list[RatedEvening]


def member_ratings(member: Member) -> list[CardGameRating]:
    """The member's rating in each card game they have one in, in the registry's order."""
    current = {row.card_game: row for row in MemberRating.objects.filter(member=member)}
    evenings: dict[str, list[RatedEvening]] = defaultdict(list)
    for row in (
        RatingHistory.objects.filter(member=member)
        .select_related("event")
        .order_by("event__date", "event_id")
    ):
        evenings[row.card_game].append(
            RatedEvening(
                row.event,
                Rating(row.mu_before, row.sigma_before, row.games_before),
                Rating(row.mu_after, row.sigma_after, row.games_before + row.games),
                row.games,
                row.expected,
                row.scored,
            )
        )
    return [
        CardGameRating(
            key,
            label,
            Rating(current[key].mu, current[key].sigma, current[key].games),
            evenings[key],
        )
        for key, label in rated_card_games()
        if key in current
    ]


def shown_ratings(club_id: int, card_game: str, member_ids: Iterable[int]) -> dict[int, float]:
    """The shown value of each of ``member_ids`` who has a rating in the club's ``card_game``."""
    return {
        member_id: shown(Rating(mu, sigma, games))
        for member_id, mu, sigma, games in MemberRating.objects.filter(
            member__club_id=club_id, card_game=card_game, member_id__in=set(member_ids)
        ).values_list("member_id", "mu", "sigma", "games")
    }
