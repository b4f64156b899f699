"""The standings: every entrant's score, ranked, from ``Result`` and ``Bye`` rows (RULES.md 3.5).

The ranking reads three tables in three queries (results, byes, players; two more
for teams), whatever the size of the field. What counts is a small registry of
metrics: the event's scoring mode lists their precedence, and a final recorded
draw (seeded with ``event.draw_seed``) orders whoever is still level.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pairings.draw import draw_order
from tournaments.formats import format_of
from tournaments.models import Bye, Event, Player, Result, Round, Team


@dataclass(frozen=True)
class Metric:
    """One figure the standings can rank by."""

    key: str
    label: Promise  # a column heading
    phrase: Promise  # inside a sentence: "Ties broken by: match points, then …"
    descending: bool = True


METRICS: dict[str, Metric] = {
    metric.key: metric
    for metric in (
        Metric("points", _("Points"), _("points")),
        Metric("net", _("Plus/minus"), _("plus/minus")),
        Metric("match_points", _("Match points"), _("match points")),
        Metric("wins", _("Games won"), _("games won")),
    )
}

# The event's scoring mode decides what ranks first; the second metric, where there
# is one, is the chosen tie-break.
PRECEDENCE: dict[str, tuple[str, ...]] = {
    Event.ScoringMode.TALLY: ("points",),
    Event.ScoringMode.NET: ("net",),
    Event.ScoringMode.MATCH: ("match_points", "points"),
}

# Where the event's format says a bye is a win (Swiss, round robin), it counts as a game
# won in match points; elsewhere a sitter-out scores nothing but the bye's points.
BYE_MATCH_POINTS = 2


def precedence(event: Event) -> list[Metric]:
    return [METRICS[key] for key in PRECEDENCE.get(event.scoring_mode, ("points",))]


@dataclass(frozen=True)
class RoundScore:
    """What one round gives an entrant, in every metric."""

    points: int = 0
    net: int = 0
    match_points: int = 0
    won: bool = False

    def value(self, key: str) -> int:
        return int(self.won) if key == "wins" else getattr(self, key)


def bye_score(event: Event, points: int) -> RoundScore:
    """What a bye worth ``points`` counts, by the event's format."""
    win = format_of(event).bye_is_a_win
    return RoundScore(
        points=points, net=points, match_points=BYE_MATCH_POINTS if win else 0, won=win
    )


@dataclass
class StandingRow:
    rank: int
    player: Player | Team | None  # None: a series' plain row, ranked on its figures alone
    number: int | None
    name: str
    per_round: dict[int, int] = field(default_factory=dict)
    # Every round's score in every metric: what the tallies print.
    rounds: dict[int, RoundScore] = field(default_factory=dict)
    total: int = 0
    tiebreak: int | None = None
    match_points: int = 0
    net: int = 0
    points: int = 0
    wins: int = 0
    bye_rounds: set[int] = field(default_factory=set)
    key: Any = None  # the entrant's key in ``entrants``
    # A substitute's results are in this row (or it is a substitute's own).
    substitutes: bool = False
    # Level with a neighbour on every metric: the same place, shown "3=".
    tied: bool = False
    shared: bool = False
    # The round columns a page shows, filled in by the page (the public standings).
    cells: list[int | None] = field(default_factory=list)

    @property
    def is_team(self) -> bool:
        return isinstance(self.player, Team)

    def value(self, key: str) -> int:
        found: int = getattr(self, key)  # one of the figures above
        return found


SUBSTITUTE_LINES: dict[str, Promise] = {
    Event.SubstituteScoring.REPLACED: _("A substitute's results count for the player replaced."),
    Event.SubstituteScoring.SUBSTITUTE: _(
        "The results of a player who was replaced count for the substitute."
    ),
    Event.SubstituteScoring.EACH: _(
        "A substitute and the player replaced each have the results of the rounds they played."
    ),
}


def draw_seed(event: Event) -> str:
    """The seed of the event's recorded draw (stable even before one was stored)."""
    return event.draw_seed or f"event-{event.pk}"


# Who is ranked and whom each player plays for, as ``entrants`` reads them.
Entrants = tuple[dict[Any, Player | Team], dict[int, Any]]


def standings(
    event: Event,
    *,
    through_round: int | None = None,
    closed_only: bool = False,
    read: Entrants | None = None,
) -> list[StandingRow]:
    """The ranking after ``through_round`` (all rounds when None), best first; ``read``: the
    event's ``entrants`` as the caller read them already."""
    results = Result.objects.filter(round__event=event)
    byes = Bye.objects.filter(round__event=event)
    if through_round is not None:
        results = results.filter(round__number__lte=through_round)
        byes = byes.filter(round__number__lte=through_round)
    if closed_only:
        results = results.filter(round__status="closed")
        byes = byes.filter(round__status="closed")
    result_rows = results.values_list(
        "player_id", "round__number", "points", "net", "match_points", "won"
    )
    bye_rows = byes.values_list("player_id", "round__number", "points")

    ranked_entrants, key_of = read or entrants(event)
    return ranked_rows(event, ranked_entrants, key_of, result_rows, bye_rows)


# A result as ``ranked_rows`` reads it: player id, round number, points, net, match points, won.
ResultRow = tuple[int, int, int, int, int, bool]
# A bye: player id, round number, points.
ByeRow = tuple[int, int, int]


def ranked_rows(
    event: Event,
    entrants: dict[Any, Player | Team],
    key_of: dict[int, Any],
    result_rows: Iterable[ResultRow],
    bye_rows: Iterable[ByeRow],
) -> list[StandingRow]:
    """The ranking from rows already read: ``(player_id, round number, points, net,
    match points, won)`` results and ``(player_id, round number, points)`` byes.

    A series reads every evening's rows in one query each and ranks them here.
    """
    rows = {
        key: StandingRow(
            rank=0, player=entrant, number=entrant.number, name=_name(entrant), key=key
        )
        for key, entrant in entrants.items()
    }
    for player_id, key in key_of.items():
        if key != player_id and not isinstance(key, tuple):
            rows[key].substitutes = True
    for row in rows.values():
        assert row.player is not None  # built from ``entrants`` above
        members = row.player.players.all() if isinstance(row.player, Team) else [row.player]
        row.substitutes = row.substitutes or any(p.substitute_for_id for p in members)
    # A team's round counts once, whichever partner's result carries it.
    counted: set[tuple[Any, int]] = set()
    net_mode = event.scoring_mode == Event.ScoringMode.NET
    for player_id, number, points, net, match_points, won in result_rows:
        key = key_of.get(player_id)
        if key is None or (key, number) in counted:
            continue
        counted.add((key, number))
        _add(rows[key], number, RoundScore(points, net, match_points, won), net_mode)
    for player_id, number, points in bye_rows:
        key = key_of.get(player_id)
        if key is None or (key, number) in counted:
            continue
        counted.add((key, number))
        rows[key].bye_rounds.add(number)
        _add(rows[key], number, bye_score(event, points), net_mode)
    return rank(event, list(rows.values()))


def _add(row: StandingRow, number: int, score: RoundScore, net_mode: bool) -> None:
    row.points += score.points
    row.net += score.net
    row.match_points += score.match_points
    row.wins += int(score.won)
    row.rounds[number] = score
    row.per_round[number] = score.net if net_mode else score.points


def rank(event: Event, rows: list[StandingRow]) -> list[StandingRow]:
    """Order ``rows`` by the event's metrics, then by the recorded draw; set ranks."""
    metrics = precedence(event)
    for row in rows:
        row.total = row.value(metrics[0].key)
        row.tiebreak = row.value(metrics[1].key) if len(metrics) > 1 else None
    # Each row's figures once: a series ranks every one of its evenings through here.
    figures = {
        id(row): tuple(row.value(m.key) if m.descending else -row.value(m.key) for m in metrics)
        for row in rows
    }

    def values(row: StandingRow) -> tuple[int, ...]:
        return figures[id(row)]

    # The draw orders only entries level on every metric: without any, none is needed.
    position = _drawn(event, rows) if len(set(figures.values())) < len(rows) else {}
    # RULES.md 3.6: ties are broken by the recorded draw unless the director chose a
    # tie-break; then entries level on every metric share a place.
    ranked = sorted(
        rows, key=lambda row: tuple(-v for v in values(row)) + (position.get(id(row), 0),)
    )
    tie_break_chosen = len(metrics) > 1
    for i, row in enumerate(ranked):
        level_before = i > 0 and values(ranked[i - 1]) == values(row)
        level_after = i + 1 < len(ranked) and values(ranked[i + 1]) == values(row)
        row.tied = level_before or level_after
        if level_before and tie_break_chosen:
            row.rank = ranked[i - 1].rank
            row.shared = ranked[i - 1].shared = True
        else:
            row.rank = i + 1
    return ranked


def _drawn(event: Event, rows: list[StandingRow]) -> dict[int, int]:
    """id(row) → place in the recorded draw: entrants listed by number, shuffled by the
    event's seed. Entrants without a number are listed by their key (the order they were
    added), never by name: public lists would tell where a withheld name falls."""
    by_number = sorted(rows, key=lambda row: (row.number is None, row.number or 0, row.key))
    order = draw_order(range(len(by_number)), draw_seed(event))
    return {id(by_number[index]): place for place, index in enumerate(order)}


def tie_break_lines(metric_keys: list[str], shared: bool) -> list[str]:
    """The lines under a standings table: what breaks ties, and what "3=" means."""
    then = gettext(", then ")
    tie_breaks = [str(METRICS[key].phrase) for key in metric_keys[1:]] + [gettext("the draw")]
    lines = [gettext("Ties broken by: %(order)s.") % {"order": then.join(tie_breaks)}]
    if shared:
        lines.append(
            gettext(
                "“3=” is a shared place: level on everything. The draw only decides the order "
                "of the list."
            )
        )
    return lines


def open_round(event: Event) -> int | None:
    """The number of the round being played, if one is."""
    return event.rounds.filter(status=Round.Status.OPEN).values_list("number", flat=True).first()


def provisional_line(number: int | None) -> str:
    """Standings change until the round being played is closed: say so."""
    if number is None:
        return ""
    return gettext("Provisional: round %(round)d is being played.") % {"round": number}


class Notes(TypedDict):
    """What a standings page says around its table (``notes``)."""

    scored: bool
    provisional: str
    ties: list[str]
    substitutes: str


def notes(event: Event, rows: list[StandingRow]) -> Notes:
    """What a standings page says around its table (``provisional`` above, ``ties`` and
    how a substitute counts below), and whether there is a table to show: before the first
    score (a result or a bye) everyone would be ranked on nothing."""
    has_substitutes = any(row.substitutes for row in rows)
    return {
        "scored": any(row.rounds for row in rows),
        "provisional": provisional_line(open_round(event)),
        "ties": tie_break_lines(
            [m.key for m in precedence(event)], any(row.shared for row in rows)
        ),
        "substitutes": str(SUBSTITUTE_LINES[event.substitute_scoring]) if has_substitutes else "",
    }


def entrants(event: Event) -> Entrants:
    """Who is ranked (players, or teams in a team event) and which entrant each player plays for."""
    teams = []
    if ranks_teams(event):
        teams = list(Team.objects.filter(event=event).prefetch_related("players"))
    players = (
        []
        if teams
        else list(
            Player.objects.filter(event=event).only(
                "pk", "name", "number", "event_id", "substitute_for_id"
            )
        )
    )
    return entrants_of(teams, players, event.substitute_scoring)


def ranks_teams(event: Event) -> bool:
    return event.fixed_partners and format_of(event).ranks_teams


def entrants_of(
    teams: list[Team], players: list[Player], substitute_scoring: str
) -> tuple[dict[Any, Player | Team], dict[int, Any]]:
    """The teams when there are any (with their players prefetched), else the players
    whose rows count (the event's ``substitute_scoring`` decides a substitute's)."""
    if teams:
        key_of: dict[int, Any] = {
            player.pk: ("team", team.pk) for team in teams for player in team.players.all()
        }
        return {("team", team.pk): team for team in teams}, key_of
    key_of = _counted_for(players, substitute_scoring)
    return {player.pk: player for player in players if key_of[player.pk] == player.pk}, key_of


def _counted_for(players: list[Player], scoring: str) -> dict[int, int]:
    """Player id → the player whose standings row counts their results (the event's
    ``substitute_scoring``: the first of a line of substitutes, the last, or each their own)."""
    replaced = {p.pk: p.substitute_for_id for p in players if p.substitute_for_id}
    substitute = {old: new for new, old in replaced.items()}
    if scoring == Event.SubstituteScoring.REPLACED:
        step = replaced
    elif scoring == Event.SubstituteScoring.SUBSTITUTE:
        step = substitute
    else:
        step = {}
    key_of = {}
    for player in players:
        key, seen = player.pk, {player.pk}
        while key in step:
            key = step[key]
            if key in seen:
                # A line that comes back round (Meld never stores one): each counts alone.
                key = player.pk
                break
            seen.add(key)
        key_of[player.pk] = key
    return key_of


def _name(entrant: Player | Team) -> str:
    return entrant.name


def rounds_in(rows: list[StandingRow]) -> list[int]:
    """The round numbers that appear in any row, in order (the standings' round columns)."""
    return sorted({number for row in rows for number in row.per_round})
