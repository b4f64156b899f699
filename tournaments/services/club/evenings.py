"""Each evening's standings, read for many evenings at once: a member's evenings on the
director's member page, and the final standings on the club's public pages.

Every evening is ranked by the event standings' own ranking (``ranked_rows``), from one
query per table whatever the number of evenings (two more when an evening ranks teams).
Players come with their member, whose choice of public name the club's pages honour.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Prefetch

from tournaments.models import Bye, Event, Member, Player, Result, Team
from tournaments.services.scores.standings import (
    ByeRow,
    ResultRow,
    StandingRow,
    entrants_of,
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
                evenings.append(MemberEvening(event, row.rank, row.shared, row.total))
                break
    return evenings
