"""A member's own history across evenings: the member page as the member sees it from their
private link (the director's member page, ``views.director_members.member_page``, reads the
same ``member_season``), each evening linking to that evening's private page."""

from dataclasses import dataclass

from tournaments.models import Event, Member, Player
from tournaments.services.club.evenings import MemberSeason, member_season
from tournaments.services.scores.standings import Metric


@dataclass(frozen=True)
class HistoryEvening:
    event: Event
    rank: int
    shared: bool
    points: int
    metric: Metric
    token: str  # the member's private link to that evening


@dataclass(frozen=True)
class History:
    member: Member
    season: MemberSeason
    evenings: list[HistoryEvening]


def member_history(member: Member, season: int | None = None) -> History:
    """The member's evenings of ``season`` (their latest season when it is not one of
    theirs), with the seasons they played and the charts of their totals."""
    found = member_season(member, season)
    tokens: dict[int, str] = {}
    for event_id, token in (
        Player.objects.filter(member=member).order_by("pk").values_list("event_id", "evening_token")
    ):
        tokens.setdefault(event_id, token)
    shown = [
        HistoryEvening(e.event, e.rank, e.shared, e.points, e.metric, tokens.get(e.event.pk, ""))
        for e in found.evenings
    ]
    return History(member, found, shown)
