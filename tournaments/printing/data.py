"""Plain data the PDF builders draw from, prepared by ``loaders`` from the database.

Builders take only these (no model, no query), so they can be timed and tested
on data made up in memory.
"""

import datetime
from dataclasses import dataclass

from tournaments.card_games.sheets import CanastaRules, GinRules, GinSheetTotals


@dataclass(frozen=True)
class EventInfo:
    name: str
    date: datetime.date
    club: str = ""
    language: str = "en"
    paper: str = "A4"  # "A4" or "letter"
    card_game: str = "canasta"  # "canasta" or "gin"
    # The format fixes every round ahead (progressive): the tallies print each round's game.
    schedule_ahead: bool = True
    scoring_mode: str = "tally"
    profile_name: str = ""  # English for a preset: printouts translate it in the event's language
    slug: str = "event"


@dataclass(frozen=True)
class SeatInfo:
    position: int  # chair at the table, 1 to 6 clockwise
    side: int  # 0, 1 (or 2)
    number: int | None
    name: str


@dataclass(frozen=True)
class TableSeating:
    """Who sits where at one table in one round."""

    table: int
    seats: tuple[SeatInfo, ...] = ()

    def side(self, index: int) -> tuple[SeatInfo, ...]:
        return tuple(seat for seat in self.seats if seat.side == index)

    @property
    def sides(self) -> int:
        return max((seat.side for seat in self.seats), default=1) + 1


@dataclass(frozen=True)
class RoundSeating:
    round: int
    tables: tuple[TableSeating, ...]
    sitting_out: tuple[SeatInfo, ...] = ()  # position and side unused


# Tallies ------------------------------------------------------------------------


@dataclass(frozen=True)
class TallyRow:
    round: int
    table: int | None = None  # the player's table; None while unknown or sitting out
    game: str = ""  # "1-6 vs. 2-5"; empty to be filled in by hand
    names: tuple[str, ...] = ()  # the same game with names once drawn, a line per side
    sits_out: bool = False
    score: int | None = None
    partner: str = ""  # the partners' numbers, where the tally has a column for them
    partner_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tally:
    number: int | None
    name: str = ""
    gender: str = ""  # "f" lady, "m" gentleman (mixed pairs)
    rows: tuple[TallyRow, ...] = ()
    total: int | None = None


@dataclass(frozen=True)
class TalliesData:
    event: EventInfo
    tallies: tuple[Tally, ...]
    # The whole plan, printed on every tally of a small progressive field:
    # plan[round index][table index] is "1-6 vs. 2-5"; pauses[round index] who sits out.
    plan: tuple[tuple[str, ...], ...] = ()
    pauses: tuple[str, ...] = ()
    # number → name, printed under the plan once the numbers are drawn.
    legend: tuple[tuple[int, str], ...] = ()
    mixed: bool = False
    others: str = ""  # the game's ``tally_others``


# Table cards ---------------------------------------------------------------------


@dataclass(frozen=True)
class TableCard:
    table: int
    link: str
    code: str
    seating: TableSeating | None = None


@dataclass(frozen=True)
class TableCardsData:
    """``round``: the round whose seating the cards show; ``planned``: that round has not
    started, its seating is the schedule's (progressive, once the numbers are drawn);
    ``follows``: the round the tables wait for, whose seating is not known before it starts
    (the cards say so rather than stand blank)."""

    event: EventInfo
    base_url: str
    round: int | None
    cards: tuple[TableCard, ...]
    planned: bool = False
    follows: int | None = None


# Player cards ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerCardWords:
    """The phones' words for a deal of the event's card game, in its language ("Send deal …")."""

    send: str
    confirm: str
    change: str
    saved_offline: str


@dataclass(frozen=True)
class EveningCard:
    """A player's own card: their private link to their evening (issue 36)."""

    number: int | None
    name: str
    link: str


@dataclass(frozen=True)
class EveningCardsData:
    event: EventInfo
    cards: tuple[EveningCard, ...]


@dataclass(frozen=True)
class PlayerCardsData:
    """One card per table: how its players enter and confirm scores on their phones; then
    each player's own card with the private link to their evening (none when blank)."""

    event: EventInfo
    base_url: str
    round: int | None
    cards: tuple[TableCard, ...]
    words: PlayerCardWords
    minimum_meld: bool  # the score pad shows each side's next minimum meld (Canasta)
    own: tuple[EveningCard, ...] = ()


# Score sheets --------------------------------------------------------------------


@dataclass(frozen=True)
class DealRow:
    """One confirmed deal (Canasta) or hand (Gin) as the score sheet shows it."""

    points: tuple[int, ...]  # per side
    totals: tuple[int, ...]  # running totals after it
    minimums: tuple[int, ...] = ()  # Canasta: each side's minimum meld for the next deal


@dataclass(frozen=True)
class ScoreSheet:
    table: int | None
    seating: TableSeating | None = None
    sides: int = 2
    rows: tuple[DealRow, ...] = ()
    gin: GinSheetTotals | None = None


@dataclass(frozen=True)
class ScoreSheetsData:
    event: EventInfo
    round: int | None
    sheets: tuple[ScoreSheet, ...]
    canasta: CanastaRules | None = None
    gin: GinRules | None = None
    name_lines: int = 2  # per side, on a sheet printed without names
    deals: int | None = None  # a round of a fixed number of deals (or hands): that many rows


# Guide cards and seating lists ---------------------------------------------------


@dataclass(frozen=True)
class GuideRow:
    round: int
    table: int | None = None
    seat: int | None = None
    sits_out: bool = False


@dataclass(frozen=True)
class GuideCard:
    number: int | None
    name: str
    rows: tuple[GuideRow, ...]


@dataclass(frozen=True)
class GuidesData:
    event: EventInfo
    cards: tuple[GuideCard, ...]


@dataclass(frozen=True)
class SeatingData:
    event: EventInfo
    seating: RoundSeating


# Standings -----------------------------------------------------------------------


@dataclass(frozen=True)
class StandingRow:
    rank: int
    number: int | None
    name: str
    per_round: dict[int, int]
    total: int
    shared: bool = False  # level on every metric with the row above: printed "3="


@dataclass(frozen=True)
class StandingsData:
    event: EventInfo
    rounds: tuple[int, ...]
    rows: tuple[StandingRow, ...]
    through_round: int | None = None  # None: final (or as far as played)
    final: bool = False
    metric_keys: tuple[str, ...] = ("points",)  # what ranks, then the tie-breaks
    open_round: int | None = None  # shown while it is played: the standings are provisional
    # How a substitute's results count (``Event.SubstituteScoring``), where one played: the
    # line the standings pages say under their table; "" where none played.
    substitute_scoring: str = ""


# Series standings ----------------------------------------------------------------


@dataclass(frozen=True)
class SeriesEveningInfo:
    date: datetime.date
    name: str


@dataclass(frozen=True)
class SeriesStandingRow:
    rank: int | None  # None: below the series' minimum of evenings, listed unranked
    name: str
    played: int
    # Per evening of the series, in order: what it is worth under the rule (None: not played),
    # whether it counts, and the evening's place ("3=") where the rule gives placing points.
    values: tuple[int | None, ...]
    counted: tuple[bool, ...]
    places: tuple[str, ...]
    total: int | float  # a float only for the average rule, to one decimal
    shared: bool = False


@dataclass(frozen=True)
class SeriesStandingsData:
    # The series as the heading shows it: its name, club, the last evening's date.
    series: EventInfo
    rule: str  # a value of tournaments.series_rules.Rule
    evenings: tuple[SeriesEveningInfo, ...]
    rows: tuple[SeriesStandingRow, ...]
    best_of: int | None = None
    minimum_evenings: int | None = None
    placing_points: tuple[int, ...] = ()
