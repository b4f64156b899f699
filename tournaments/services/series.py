"""A club's series: saving one, and its standings from every evening's results.

The standings are computed on each request (a correction in any evening shows at
once) from five queries whatever the number of evenings (two more when an
evening ranks teams): every evening is ranked by the event standings' own
ranking, then the series rule (``tournaments.series_rules``) adds them up per member.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Bye, Club, Event, Member, Player, Result, Series, Team
from tournaments.series_rules import (
    TIE_BREAKS,
    Evening,
    MemberEvenings,
    Rule,
    SeriesRow,
    series_rows,
)
from tournaments.services.errors import ServiceError
from tournaments.services.standings import entrants_of, ranked_rows, ranks_teams

PLACING_POINTS_MAX = 100


@dataclass
class SeriesStandings:
    events: list[Event]
    rows: list[SeriesRow]


def club_events(club: Club):
    return Event.objects.filter(club=club)


def save_series(
    club: Club,
    series: Series | None = None,
    *,
    name: str,
    events: list[Event],
    rule: str,
    placing_points: list[int],
    best_of: int | None,
    minimum_evenings: int | None,
) -> Series:
    """Create or change a series; every event must be one of the club's."""
    name = " ".join(name.split())
    problems: dict[str, list[str]] = {}
    if not name:
        problems["name"] = [_("Give the series a name.")]
    if any(event.club_id != club.pk for event in events):
        problems["events"] = [_("A series holds only events of its club.")]
    if rule == Series.Rule.BEST and not best_of:
        problems["best_of"] = [_("Say how many of the best evenings count.")]
    if rule == Series.Rule.AVERAGE and not minimum_evenings:
        problems["minimum_evenings"] = [_("Say how many evenings a member must play.")]
    if rule == Series.Rule.PLACING and not placing_points:
        problems["placing_points"] = [_("Give the points for first place at least.")]
    if problems:
        raise ServiceError(_("The series was not saved."), problems)
    with transaction.atomic():
        series = series or Series(club=club)
        series.name = name
        series.rule = rule
        series.placing_points = placing_points
        series.best_of = best_of if rule == Series.Rule.BEST else None
        series.minimum_evenings = minimum_evenings if rule == Series.Rule.AVERAGE else None
        series.save()
        series.events.set(events)
    return series


def series_standings(series: Series) -> SeriesStandings:
    events = list(series.events.order_by("date", "pk"))
    results = defaultdict(list)
    for event_id, *row in Result.objects.filter(round__event__in=events).values_list(
        "round__event_id", "player_id", "round__number", "points", "net", "match_points", "won"
    ):
        results[event_id].append(row)
    byes = defaultdict(list)
    for event_id, *row in Bye.objects.filter(round__event__in=events).values_list(
        "round__event_id", "player_id", "round__number", "points"
    ):
        byes[event_id].append(row)
    players = defaultdict(list)
    event_players = Player.objects.filter(event__in=events)
    for player in event_players.only(
        "pk", "name", "number", "event_id", "member_id", "substitute_for_id"
    ):
        players[player.event_id].append(player)
    # Each member once, however many evenings they played.
    members = Member.objects.filter(pk__in=event_players.values("member_id")).in_bulk()
    teams = defaultdict(list)
    team_events = [event for event in events if ranks_teams(event)]
    if team_events:
        for team in Team.objects.filter(event__in=team_events).prefetch_related("players"):
            teams[team.event_id].append(team)

    member_of = {p.pk: members.get(p.member_id) for some in players.values() for p in some}
    evenings = defaultdict(dict)
    for event in events:
        entrants, key_of = entrants_of(teams[event.pk], players[event.pk], event.substitute_scoring)
        rows = ranked_rows(event, entrants, key_of, results[event.pk], byes[event.pk])
        for row in rows:
            if not row.rounds:
                continue  # on the list, but played no round: not an evening of theirs
            people = row.player.players.all() if row.is_team else [row.player]
            for person in people:
                member = member_of.get(person.pk)
                if member is not None and event.pk not in evenings[member]:
                    evenings[member][event.pk] = Evening(event.pk, row.rank, row.total, row.shared)
    members = [
        MemberEvenings(member, member.name, list(played.values()))
        for member, played in evenings.items()
    ]
    rows = series_rows(
        members,
        Rule(series.rule),
        placing_points=series.placing_points,
        best_of=series.best_of,
        minimum_evenings=series.minimum_evenings,
    )
    return SeriesStandings(events, rows)


def tie_break_line(rule: str) -> str:
    """The line under the series' table: what orders members level on the total."""
    phrases = {
        "evenings": _("more evenings played"),
        "best_evening": _("the better single evening"),
    }
    order = _(", then ").join(str(phrases[key]) for key in TIE_BREAKS[Rule(rule)])
    return _("Ties broken by: %(order)s; members level on everything share a place.") % {
        "order": order
    }
