"""Who sits where in a round: the lineup as the players stand, and the plan of the event's format.

``plan_round`` hands the lineup (``kernel.lineup``) to the event's format
(``tournaments.formats``), which calls its pairing engine and returns a
``Plan``: per table the sides (lists of players), the byes with their points,
and the engine's notes on how it seated them (untranslated: each reader sees them in their language).
``services.rounds.steps.start_round`` writes the plan.
"""

from collections.abc import Iterable
from functools import partial

from django.utils.translation import gettext as _

from tournaments.formats import format_of
from tournaments.formats.plans import Plan
from tournaments.formats.tables import rheinisch_problem, table_kind_problem
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.lineup import Lineup
from tournaments.models import Event, Player
from tournaments.services.ratings.lists import shown_ratings
from tournaments.services.scores.standings import standings


def lineup_of(event: Event, number: int) -> Lineup:
    """The players as they stand in round ``number``, with the ranking after the closed
    rounds for a format that pairs by results and the club's ratings for one that seeds
    by rating (each read only if the format asks)."""
    return Lineup(
        event,
        number,
        partial(standings, event, closed_only=True),
        partial(player_ratings, event),
    )


def player_ratings(event: Event, players: Iterable[Player]) -> dict[int, float]:
    """The shown rating of each of ``players`` on the club's list of the event's card game
    (player id → value); members without a rating and guests are left out."""
    members = {p.pk: p.member_id for p in players if p.member_id is not None}
    if event.club_id is None or not members:
        return {}
    values = shown_ratings(event.club_id, event.card_game, members.values())
    return {pk: values[member] for pk, member in members.items() if member in values}


def check_setup(event: Event, lineup: Lineup) -> None:
    if lineup.unnumbered:
        names = ", ".join(p.name for p in lineup.unnumbered[:5])
        raise ServiceError(
            _("Draw the numbers first: %(names)s have no number yet.") % {"names": names}
        )
    mismatch = table_kind_problem(event) or rheinisch_problem(event)
    if mismatch:
        raise ServiceError(mismatch)
    if len(lineup.present) < 2:
        raise ServiceError(_("At least two players with a number are needed to start a round."))


def plan_round(event: Event, number: int, lineup: Lineup) -> Plan:
    return format_of(event).plan_round(event, number, lineup)
