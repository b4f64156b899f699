"""Each evening's standings, read for many evenings at once: a member's evenings on the
director's member page, and the final standings on the club's public pages.

Every evening is ranked by the event standings' own ranking (``ranked_rows``), from one
query per table whatever the number of evenings (two more when an evening ranks teams).
Players come with their member, whose choice of public name the club's pages honour.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Prefetch

from tournaments.charts import LineChart, line_chart
from tournaments.models import Bye, Event, Member, Player, Result, Team
from tournaments.services.scores.standings import (
    ByeRow,
    Metric,
    ResultRow,
    StandingRow,
    entrants_of,
    precedence,
    ranked_rows,
    ranks_teams,
)


@dataclass(frozen=True)
class MemberEvening:
    """What one evening gave a member: the standings' rank and total (its first metric)."""

    event: Event
    rank: int
    shared: bool
    points: int
    metric: Metric  # what ``points`` are: a Gin evening's plus/minus is not Canasta's points


@dataclass(frozen=True)
class SeasonChart:
    """A member's evenings of a season that rank by one metric, as one line."""

    metric: Metric
    chart: LineChart
    evenings: list[MemberEvening]  # its points, in words beside the picture


@dataclass(frozen=True)
class MemberSeason:
    """A member's evenings of one season, as their member page and private page show them."""

    seasons: list[int]  # every season they played, latest first
    season: int | None
    evenings: list[MemberEvening]
    charts: list[SeasonChart]  # one a metric: points and plus/minus are not one scale
    metric: Metric | None  # what every evening's total is, or None where they differ


def ranked_evenings(events: list[Event]) -> dict[int, list[StandingRow]]:
    """Every event's standings rows, best first, by event id."""
    players: defaultdict[int, list[Player]] = defaultdict(list)
    for player in Player.objects.select_related("member").filter(event__in=events):
        players[player.event_id].append(player)
    return ranked_with(events, players)


def ranked_with(
    events: list[Event], players: dict[int, list[Player]]
) -> dict[int, list[StandingRow]]:
    """Every event's standings rows from its ``players`` (by event id, as read by the
    caller), its rounds' results and byes, and its teams where it ranks teams."""
    results: defaultdict[int, list[ResultRow]] = defaultdict(list)
    result_rows = Result.objects.filter(round__event__in=events).values_list(
        "round__event_id", "player_id", "round__number", "points", "net", "match_points", "won"
    )
    for event_id, player_id, number, points, net, match_points, won in result_rows:
        results[event_id].append((player_id, number, points, net, match_points, won))
    byes: defaultdict[int, list[ByeRow]] = defaultdict(list)
    bye_rows = Bye.objects.filter(round__event__in=events).values_list(
        "round__event_id", "player_id", "round__number", "points"
    )
    for event_id, player_id, number, points in bye_rows:
        byes[event_id].append((player_id, number, points))
    teams: defaultdict[int, list[Team]] = defaultdict(list)
    team_events = [event for event in events if ranks_teams(event)]
    if team_events:
        for team in Team.objects.filter(event__in=team_events).prefetch_related(
            Prefetch("players", queryset=Player.objects.select_related("member"))
        ):
            teams[team.event_id].append(team)
    ranked = {}
    for event in events:
        entrants, key_of = entrants_of(teams[event.pk], players[event.pk], event.substitute_scoring)
        ranked[event.pk] = ranked_rows(event, entrants, key_of, results[event.pk], byes[event.pk])
    return ranked


def people_of(row: StandingRow) -> list[Player]:
    assert row.player is not None  # an event's standings: every row has its entrant
    return list(row.player.players.all()) if isinstance(row.player, Team) else [row.player]


def member_evenings(member: Member) -> list[MemberEvening]:
    """The evenings ``member`` played (a round at least), in date order; one still
    running gives the standings so far."""
    events = list(Event.objects.filter(players__member=member).distinct().order_by("date", "pk"))
    evenings = []
    ranked = ranked_evenings(events)
    for event in events:
        for row in ranked[event.pk]:
            if row.rounds and any(p.member_id == member.pk for p in people_of(row)):
                metric = precedence(event)[0]
                evenings.append(MemberEvening(event, row.rank, row.shared, row.total, metric))
                break
    return evenings


def member_season(member: Member, wanted: int | None) -> MemberSeason:
    """The member's evenings of season ``wanted`` (their latest when it is not one of theirs)."""
    evenings = member_evenings(member)
    seasons = sorted({evening.event.date.year for evening in evenings}, reverse=True)
    season = wanted if wanted in seasons else (seasons[0] if seasons else None)
    shown = [evening for evening in evenings if evening.event.date.year == season]
    metrics = list({evening.metric.key: evening.metric for evening in shown}.values())
    charts = []
    for metric in metrics:
        line = [evening for evening in shown if evening.metric == metric]
        if chart := line_chart([(f"{e.event.date:%d.%m.}", e.points) for e in line]):
            charts.append(SeasonChart(metric, chart, line))
    return MemberSeason(seasons, season, shown, charts, metrics[0] if len(metrics) == 1 else None)
