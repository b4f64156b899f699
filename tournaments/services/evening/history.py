"""A member's own history across evenings: the member page as the member sees it from their
private link (the director's member page, ``views.director_members.member_page``, reads the
same ``member_evenings``), each evening linking to that evening's private page."""

from dataclasses import dataclass

from tournaments.charts import LineChart, line_chart
from tournaments.models import Event, Member, Player
from tournaments.services.club.evenings import member_evenings


@dataclass(frozen=True)
class HistoryEvening:
    event: Event
    rank: int
    shared: bool
    points: int
    token: str  # the member's private link to that evening


@dataclass(frozen=True)
class History:
    member: Member
    seasons: list[int]
    season: int | None
    evenings: list[HistoryEvening]
    chart: LineChart | None


def member_history(member: Member, season: int | None = None) -> History:
    """The member's evenings of ``season`` (their latest season when it is not one of
    theirs), with the seasons they played and the chart of their points."""
    evenings = member_evenings(member)
    tokens: dict[int, str] = {}
    for event_id, token in (
        Player.objects.filter(member=member).order_by("pk").values_list("event_id", "evening_token")
    ):
        tokens.setdefault(event_id, token)
    seasons = sorted({evening.event.date.year for evening in evenings}, reverse=True)
    chosen = season if season in seasons else (seasons[0] if seasons else None)
    shown = [
        HistoryEvening(e.event, e.rank, e.shared, e.points, tokens.get(e.event.pk, ""))
        for e in evenings
        if e.event.date.year == chosen
    ]
    chart = line_chart([(f"{e.event.date:%d.%m.}", e.points) for e in shown])
    return History(member, seasons, chosen, shown, chart)
