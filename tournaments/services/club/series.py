"""A club's series: saving one, and its standings from every evening's results.

The standings are computed on each request (a correction in any evening shows at
once) from five queries whatever the number of evenings. A plain evening is
ranked from each player's sums, which the database adds up; an evening with teams
or substitutes from every round's rows (two more queries, and two for its teams).
Either way the event standings' own ranking places them, then the series rule
(``tournaments.series_rules``) adds the evenings up per member.
"""

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Sum
from django.utils.translation import gettext as _

from tournaments.formats import format_of
from tournaments.kernel import names
from tournaments.kernel.errors import ServiceError
from tournaments.models import Bye, Club, Event, Member, Player, Result, Series, Team
from tournaments.series_rules import (
    TIE_BREAKS,
    Evening,
    MemberEvenings,
    Rule,
    SeriesRow,
    series_rows,
)
from tournaments.services.club.evenings import ranked_with
from tournaments.services.scores.standings import BYE_MATCH_POINTS, StandingRow, rank, ranks_teams

PLACING_POINTS_MAX = 100


@dataclass
class SeriesStandings:
    events: list[Event]
    rows: list[SeriesRow]


# A player as a series reads them: id, name, number, member id, whom they substitute for.
PlayerRow = tuple[int, str, int | None, int | None, int | None]


def club_events(club: Club) -> QuerySet[Event]:
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


def _counted(series: Series, public: bool) -> list[Event]:
    """The series' evenings by date; ``public``: as the club's public page shows them, the
    finished evenings (their final standings are on that page too) and those still played
    whose own page is public: another evening's results so far are the director's and its
    players' only."""
    counted = series.events.all()
    if public:
        counted = counted.filter(Q(status=Event.Status.FINISHED) | Q(public=True))
    return list(counted.order_by("date", "pk"))


def series_standings(series: Series, *, public: bool = False) -> SeriesStandings:
    """The series' standings over its evenings (``public``: those ``_counted`` shows)."""
    events = _counted(series, public)
    players: defaultdict[int, list[PlayerRow]] = defaultdict(list)
    for pk, name, number, event_id, member_id, substitute_for_id in Player.objects.filter(
        event__in=events
    ).values_list("pk", "name", "number", "event_id", "member_id", "substitute_for_id"):
        players[event_id].append((pk, name, number, member_id, substitute_for_id))
    # Each member once, however many evenings they played.
    members = Member.objects.filter(
        pk__in=Player.objects.filter(event__in=events).values("member_id")
    ).in_bulk()
    # A member removed since the players were read is no longer in the series.
    member_of = {p[0]: p[3] for some in players.values() for p in some if p[3] in members}
    # A plain evening (players ranked alone, nobody substituted) ranks by each player's
    # sums, which the database adds up; teams and substitutes need every round's row.
    by_round = {
        event.pk
        for event in events
        if ranks_teams(event) or any(p[4] is not None for p in players[event.pk])
    }
    plain = [event for event in events if event.pk not in by_round]
    evenings: dict[int, dict[int, Evening]] = defaultdict(dict)

    def add(event: Event, row: StandingRow, people: list[int]) -> None:
        for person in people:
            member = member_of.get(person)
            if member is not None and event.pk not in evenings[member]:
                evenings[member][event.pk] = Evening(event.pk, row.rank, row.total, row.shared)

    sums = _sums(plain)
    for event in plain:
        for row in _plain_rows(event, players[event.pk], sums):
            add(event, row, [row.key])
    for event, ranked in _rows_by_round([e for e in events if e.pk in by_round], players):
        for row in ranked:
            if row.rounds:  # on the list, but played no round: not an evening of theirs
                add(
                    event,
                    row,
                    [p.pk for p in row.player.players.all()]
                    if isinstance(row.player, Team)
                    else [row.key],
                )
    order = {event.pk: index for index, event in enumerate(events)}
    entries = [
        MemberEvenings(
            members[member_id],
            members[member_id].name,
            sorted(played.values(), key=lambda e: order[e.event]),
            order=lot(series, member_id),
        )
        for member_id, played in evenings.items()
    ]
    rows = series_rows(
        entries,
        Rule(series.rule),
        placing_points=series.placing_points,
        best_of=series.best_of,
        minimum_evenings=series.minimum_evenings,
    )
    return SeriesStandings(events, rows)


def lot(series: Series, member_id: int) -> str:
    """Where a member stands among those level on everything (``names.lot``)."""
    return names.lot(f"series-{series.pk}", member_id)


def _sums(events: list[Event]) -> dict[tuple[int, int], list[int]]:
    """(event, player) → [points, net, match points, wins, bye points, byes], two queries."""
    sums: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    if not events:
        return sums
    results = (
        Result.objects.filter(round__event__in=events)
        .order_by()
        .values_list("round__event_id", "player_id")
        .annotate(
            total_points=Sum("points"),
            total_net=Sum("net"),
            total_match_points=Sum("match_points"),
            wins=Count("pk", filter=Q(won=True)),
        )
    )
    for event_id, player_id, points, net, match_points, wins in results:
        sums[event_id, player_id][:4] = [points, net, match_points, wins]
    # The standings count a round once: a bye beside a result in the same round is not added.
    byes = (
        Bye.objects.filter(round__event__in=events)
        .exclude(Exists(Result.objects.filter(round=OuterRef("round"), player=OuterRef("player"))))
        .order_by()
        .values_list("round__event_id", "player_id")
        .annotate(total_points=Sum("points"), byes=Count("pk"))
    )
    for event_id, player_id, points, count in byes:
        sums[event_id, player_id][4:] = [points, count]
    return sums


def _plain_rows(
    event: Event, players: list[PlayerRow], sums: dict[tuple[int, int], list[int]]
) -> list[StandingRow]:
    """The event's standings rows of every player who played a round, from their sums,
    ranked by the event standings' own ``rank``: the same places and the same draw."""
    win = format_of(event).bye_is_a_win
    rows, played = [], set()
    for pk, name, number, _member, _substitute in players:
        row = StandingRow(rank=0, player=None, number=number, name=name, key=pk)
        figures = sums.get((event.pk, pk))
        if figures is not None:
            points, net, match_points, wins, bye_points, byes = figures
            row.points = points + bye_points
            row.net = net + bye_points
            row.match_points = match_points + (BYE_MATCH_POINTS * byes if win else 0)
            row.wins = wins + (byes if win else 0)
            played.add(pk)
        rows.append(row)
    return [row for row in rank(event, rows) if row.key in played]


def _rows_by_round(
    events: list[Event], players: dict[int, list[PlayerRow]]
) -> Iterator[tuple[Event, list[StandingRow]]]:
    """(event, its ranked standings rows) from every round's rows, as the event's standings."""
    if not events:
        return
    people = {
        event.pk: [
            Player(pk=pk, name=name, number=number, event_id=event.pk, substitute_for_id=sub)
            for pk, name, number, _member, sub in players[event.pk]
        ]
        for event in events
    }
    ranked = ranked_with(events, people)
    for event in events:
        yield event, ranked[event.pk]


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
