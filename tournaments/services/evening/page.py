"""A player's own evening, as their private link shows it (and their results mail says it).

The rounds are the player's tally (``services.pages.tallies.tally``: the same rounds and the
same score per round as the standings, a substitute's rounds included where the event
counts them together), each with its game's confirmed deals from the score pad
(``services.scores.results.game_sheet``); rank and total are the standings' own row
(``services.scores.standings``). Everyone but the player is named by their public name.
"""

from dataclasses import dataclass, field, replace
from fractions import Fraction

from scoring.canasta_entry import side_label
from tournaments.card_games import card_game_of
from tournaments.kernel.deal import seats_prefetch
from tournaments.models import Event, Game, Member, Player, Seat, Series
from tournaments.services.club.public_names import Namer, public_names
from tournaments.services.club.series import series_standings
from tournaments.services.pages.tallies import TallyLine, counted_together, tally
from tournaments.services.ratings import lists as rating_lists
from tournaments.services.scores.results import game_sheet
from tournaments.services.scores.standings import (
    StandingRow,
    entrants,
    notes,
    precedence,
    standings,
)


@dataclass(frozen=True)
class DealLine:
    """One confirmed deal (hand): each side's points and running total, in side order."""

    number: int
    name: str  # "Deal 3" / "Hand 3"
    points: tuple[int, ...]
    totals: tuple[int, ...] | None


@dataclass(frozen=True)
class SideView:
    label: str  # "A", "B", "C"
    names: tuple[str, ...]
    mine: bool
    total: int


@dataclass(frozen=True)
class RoundView:
    number: int
    table: int | None = None
    bye: bool = False
    partners: tuple[str, ...] = ()
    opponents: tuple[str, ...] = ()
    sides: tuple[SideView, ...] = ()
    deals: tuple[DealLine, ...] = ()
    score: int | None = None  # the round's score as the standings count it (first metric)
    running: int = 0
    won: bool = False
    finished: bool = False  # the game reached its end


@dataclass(frozen=True)
class SeriesPlace:
    name: str
    rank: int | None  # None: below the series' minimum of evenings
    shared: bool
    total: int | float
    played: int
    members: int


@dataclass(frozen=True)
class RatingChange:
    label: str  # the card game
    before: float
    after: float
    change: float
    games: int


@dataclass
class Evening:
    event: Event
    player: Player
    rounds: list[RoundView]
    metric: str  # what the total counts ("Points", "Match points", …)
    rank: int | None = None
    shared: bool = False
    total: int = 0
    entrants: int = 0
    provisional: str = ""
    series: list[SeriesPlace] = field(default_factory=list)
    ratings: list[RatingChange] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.event.status == Event.Status.FINISHED

    @property
    def place(self) -> str:
        return "" if self.rank is None else f"{self.rank}{'=' if self.shared else ''}"

    @property
    def deals(self) -> int:
        return sum(len(r.deals) for r in self.rounds)


def _row_of(event: Event, player: Player, rows: list[StandingRow]) -> StandingRow | None:
    _ranked, key_of = entrants(event)
    key = key_of.get(player.pk, player.pk)
    return next((row for row in rows if row.key == key), None)


def _games(lines: list[TallyLine]) -> dict[int, Game]:
    ids = [line.game.pk for line in lines if line.game is not None]
    return (
        Game.objects.select_related("round__event", "table")
        .prefetch_related(seats_prefetch())
        .in_bulk(ids)
    )


def _sides(
    game: Game, mine: set[int], name_of: Namer, totals: tuple[int, ...]
) -> tuple[SideView, ...]:
    sides: dict[int, list[Seat]] = {}
    for seat in getattr(game, "loaded_seats", []):
        sides.setdefault(seat.side, []).append(seat)
    return tuple(
        SideView(
            side_label(index),
            tuple(name_of(seat.player) for seat in seats),
            any(seat.player_id in mine for seat in seats),
            totals[index] if index < len(totals) else 0,
        )
        for index, seats in sorted(sides.items())
    )


def _round(
    line: TallyLine, game: Game | None, key: str, mine: set[int], name_of: Namer
) -> RoundView:
    score = line.score
    base = RoundView(
        number=line.round,
        bye=line.bye,
        score=None if score is None else score.value(key),
        running=line.running,
        won=bool(score and score.won),
    )
    if line.bye or game is None:
        return base
    sheet = game_sheet(game)
    words = card_game_of(game.round.event).words
    deals = tuple(
        DealLine(row.number, words.deal_name(row.number, start=True), row.points, row.totals)
        for row in sheet.rows
        if row.counted
    )
    return replace(
        base,
        table=game.table.number,
        partners=tuple(name_of(p) for p in line.partners),
        opponents=tuple(name_of(p) for p in line.opponents),
        sides=_sides(game, mine, name_of, sheet.grand_totals),
        deals=deals,
        finished=sheet.finished,
    )


def player_evening(player: Player, *, with_member: bool = True) -> Evening:
    """``player``'s evening (their event loaded with them); ``with_member``: their series
    places and rating change too, when they are a member."""
    event = player.event
    metric = precedence(event)[0]
    public = public_names(event)

    def name_of(other: Player) -> str:  # the player sees their own name as entered
        return other.name if other.pk == player.pk else public(other)

    mine = counted_together(event, player)
    lines = tally(event, player)
    games = _games(lines)
    rounds = [
        _round(line, games.get(line.game.pk) if line.game else None, metric.key, mine, name_of)
        for line in lines
    ]
    rows = standings(event)
    row = _row_of(event, player, rows)
    evening = Evening(
        event=event,
        player=player,
        rounds=rounds,
        metric=str(metric.label),
        rank=row.rank if row is not None and row.rounds else None,
        shared=bool(row and row.shared),
        total=row.total if row is not None else 0,
        entrants=sum(1 for r in rows if r.rounds),
        provisional=notes(event, rows)["provisional"],
    )
    if with_member and player.member_id is not None:
        evening.series = series_places(event, player.member_id)
        assert player.member is not None  # its ``member_id`` is set
        evening.ratings = rating_changes(event, player.member)
    return evening


def series_places(event: Event, member_id: int) -> list[SeriesPlace]:
    """The member's place in every series that holds ``event``."""
    places = []
    for series in Series.objects.filter(events=event).order_by("name", "pk"):
        found = series_standings(series)
        row = next((r for r in found.rows if r.member.pk == member_id), None)
        if row is None:
            continue
        places.append(
            SeriesPlace(
                series.name,
                row.rank,
                row.shared,
                _number(row.total),
                row.played,
                sum(1 for r in found.rows if r.qualified),
            )
        )
    return places


def _number(value: int | Fraction) -> int | float:
    """A series total as shown: whole, or an average to one decimal."""
    if getattr(value, "denominator", 1) == 1:
        return int(value)
    return round(float(value), 1)


def rating_changes(event: Event, member: Member) -> list[RatingChange]:
    """What ``event`` did to the member's rating (none before the evening is rated)."""
    changes = []
    for item in rating_lists.member_ratings(member):
        for rated in item.evenings:
            if rated.event.pk == event.pk:
                changes.append(
                    RatingChange(
                        item.label,
                        rating_lists.shown(rated.before),
                        rating_lists.shown(rated.after),
                        round(rated.change, rating_lists.SHOWN_DIGITS),
                        rated.games,
                    )
                )
    return changes
