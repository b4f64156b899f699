"""The base class of a card game in the registry (see ``tournaments.card_games``)."""

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from django.utils.functional import cached_property

from meldcore.messages import Problem
from ratings import Match, table_matches
from scoring.profiles import Profile
from tournaments.card_games.entry import EntryForm
from tournaments.card_games.sides import Side
from tournaments.card_games.words import Words
from tournaments.kernel.deal import Scored
from tournaments.models import Entry, Event, Game, Player

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

# The rule profile a card game plays by (Canasta's or Gin's): the registry hands each card
# game its own event's profile, since both come from the event's card game.
P = TypeVar("P", bound=Profile)


@dataclass(frozen=True)
class Outcome:
    """A game's state after its confirmed entries."""

    totals: tuple[int, ...]
    finished: bool
    winner: int | None
    net: int  # the winner's margin (0 while unfinished or on a draw)
    canasta_sheet: Any = None  # scoring.canasta.ScoreSheet
    gin_score: Any = None  # scoring.gin.GameScore
    # Each side's plus/minus where sides settle with each other, not only with the winner
    # (Gin for three: ``scoring.gin_three.settle_three``); None: the winner's margin.
    nets: tuple[int, ...] | None = None
    # How many of the deals (in order) make the game: the one that ended it and those before.
    counted: int = 0


@dataclass(frozen=True)
class SheetPart:
    """What the score pad shows that each card game counts its own way.

    ``running``: deal number → (running totals, minimums) of the counted deals;
    ``totals``: the points shown at the bottom; ``minimums``: each side's
    minimum meld for the next deal (Canasta); ``gin``: the boxes and bonuses (Gin).
    """

    running: dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
    totals: tuple[int, ...]
    minimums: tuple[int, ...] = ()
    gin: Any = None
    note: str = ""  # a line under the pad about how the game is played on (a chouette)


@dataclass(frozen=True)
class Seated:
    """A round's tables grouped into sides (per table its sides, each a list of players), and
    notes on how (untranslated, as a round keeps them)."""

    tables: list[list[list[Player]]]
    notes: list[Problem] = field(default_factory=list)


@dataclass(frozen=True)
class LaterHand:
    """A later hand that a changed hand seats otherwise: who plays it now, in the table
    kind's words (``seated``), and its details re-seated with its points kept; ``details``
    None: its winner (``out``) would now sit it out, so it is set aside with the hands after
    it."""

    entry: Entry
    seated: str
    out: str
    details: dict[str, Any] | None


@dataclass(frozen=True)
class PlayedGame:
    """A game of a finished evening as the ratings read it, in bulk: each side's players
    (their ids, in seat order) and each side's points (the game's totals)."""

    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


def in_order(confirmed: Iterable[Entry]) -> list[Entry]:
    """The confirmed deals that count: deals count in order, as on a paper score sheet (a
    deal's minimum meld and the end of the game follow from the totals before it), so a
    deal confirmed while an earlier one still waits counts once that one does (never,
    where the round closed first)."""
    counted = []
    for number, entry in enumerate(confirmed, start=1):
        if entry.number != number:
            break
        counted.append(entry)
    return counted


def leader(totals: tuple[int, ...]) -> int | None:
    """The side with the most points, None on a tie."""
    best = max(totals)
    leaders = [i for i, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def margin(totals: tuple[int, ...], winner: int | None) -> int:
    """What the winner wins by: the difference to the best other total, counted for the
    winner also where a side wins with the lower total (Canasta's ``house`` rule: the side
    over the target that went out wins, RULES.md 1.6)."""
    if winner is None:
        return 0
    return abs(totals[winner] - max(t for i, t in enumerate(totals) if i != winner))


class CardGame(ABC, Generic[P]):
    """Everything one card game decides, asked by the services, views and printouts instead
    of ``event.card_game``: how an entry is scored, the forms that take it, how a game is
    counted and ended, the words for a deal, and what the table page and the printouts show."""

    key: str  # the ``Event.CardGame`` value
    default_scoring_mode: str  # what a new event of this card game counts in the standings
    calculator: bool = False  # the table page offers the card calculator for melds
    minimum_meld: bool = False  # the score pad shows each side's next minimum meld
    # How a printed tally of rounds seated one by one names the others at the player's table:
    # "opponent" (one opponent), "opponents" (everyone else at the table, each by name),
    # "partner" (a column for the partners, one for the opponents); "": the game, own side
    # against the others.
    tally_others: str = ""
    name_lines: int = 2  # lines for each side's names on a score sheet printed without them
    # The ways a phone can enter a deal (``Event.EntryMode`` values), the first the
    # usual one; the event chooses among them. Empty: the card game has one way.
    entry_modes: tuple[str, ...] = ()
    # Played by two partnerships at a table of four, so the pairing systems that seat
    # partners (progressive, winner moves up) can seat it.
    partner_tables: bool = False
    # Players a table seats where the event's table kind fixes it (None: the format decides).
    players_per_table: int | None = None
    players_per_side: int = 1  # with ``players_per_table``: partners a side (high two vs low two)
    # The Round step's field for a round of so many deals (hands).
    round_deals_label: "StrPromise"
    round_deals_help: "StrPromise"
    # Where earlier hands seat later ones: the director's choice to re-seat them, explained.
    reseat_help: "StrPromise"

    @property
    def label(self) -> str:
        return str(Event.CardGame(self.key).label)

    def seat_tables(self, event: Event, number: int, tables: list[list[Player]]) -> Seated:
        """Round ``number``'s tables (each its players in draw order, by table number) grouped
        into their sides, ``players_per_side`` each."""
        size = self.players_per_side
        return Seated(
            [[players[at : at + size] for at in range(0, len(players), size)] for players in tables]
        )

    def table_kinds(self) -> list[tuple[str, str]]:
        """The table kinds (``Event.TableKind``) the Format step offers; empty: two sides only."""
        return []

    def for_event(self, event: Event) -> "CardGame[P]":
        """The card game that plays the event's table kind (this one unless a kind differs)."""
        return self

    def round_kinds(self) -> list[tuple[str, str]]:
        """What the Round step offers a round to be, in the card game's words."""
        return [(value, str(label)) for value, label in Event.RoundKind.choices]

    # --- words ----------------------------------------------------------------------

    # What pages say about a deal (hand) in this card game's words, by key (``words.Words``).
    texts: dict[str, "StrPromise"]
    summary_rules: tuple[str, ...]

    @cached_property
    def words(self) -> Words:
        return Words(self.texts)

    # --- an entry -----------------------------------------------------------------

    def entry_note(self, details: Mapping[str, Any]) -> str:
        """How an entry was made, where its points do not tell (the audit trail), else ""."""
        return ""

    @abstractmethod
    def evaluate(self, game: Game, data: Mapping[str, Any], profile: P) -> Scored:
        """Score the submitted ``data`` or raise ``ServiceError`` naming the fields at fault."""

    def submitted(self, details: Mapping[str, Any]) -> Mapping[str, Any]:
        """What a table sent for an entry stored with ``details``: ``evaluate`` scores it
        to the same entry again (an import checks every entry so)."""
        return details

    @abstractmethod
    def entry_form(
        self,
        game: Game,
        data: Mapping[str, Any] | None = None,
        *,
        sides: list[Side],
        **kwargs: Any,
    ) -> EntryForm:
        """The table's form for this game's entries (``kwargs`` as ``EntryForm`` takes them)."""

    @abstractmethod
    def entered(self, details: Mapping[str, Any], sides: list[Side]) -> list[str]:
        """What a phone entered, line by line, for the other side to check before it
        confirms (the score pad shows only the totals)."""

    def row_note(self, details: Mapping[str, Any], names: Mapping[int, str]) -> str:
        """A short line the score pad shows beside a deal's number (who sat out); often none.
        ``names``: the game's players' names now, by player id (``kernel.deal.player_names``):
        a player renamed since the deal is named anew."""
        return ""

    # Whether earlier hands decide who plays a later one (Gin for three at a table).
    seats_by_earlier_hands = False

    def later_hands(self, game: Game, number: int, points: list[int]) -> list[LaterHand]:
        """The later hands that deal ``number`` scored ``points`` seats otherwise, in order."""
        return []

    # --- a game -------------------------------------------------------------------

    def target(self, profile: P, side_size: int) -> int:
        """The points a game is played to, with ``side_size`` players a side."""
        return profile.target

    @abstractmethod
    def outcome(
        self,
        confirmed: list[Entry],
        profile: P,
        *,
        sides: int,
        side_size: int,
        kind: str,
        stopped: bool,
    ) -> Outcome:
        """The game's totals, end and winner from its confirmed entries in deal order.

        ``kind``: the event's round kind; ``stopped``: a round of so many deals has
        had them all, or the director ended the timed game.
        """

    @abstractmethod
    def sheet_part(
        self,
        result: Outcome,
        confirmed: list[Entry],
        profile: P,
        names: Mapping[int, str] | None = None,
    ) -> SheetPart:
        """The score pad's running totals and bottom lines (``names`` as ``row_note``'s)."""

    # --- the club's rating list ---------------------------------------------------

    # From this margin of victory on (in the game's points) a won game counts for more
    # in the rating (openskill's ``margin``); 0: only who won counts.
    rating_margin: float = 0.0

    def rated_matches(
        self, played: PlayedGame, members: Mapping[int, int], *, places: bool = False
    ) -> tuple[Match, ...]:
        """What ``played`` counts for the club's rating list: each side as seated, with its
        points (the game's totals; ``places``: only who won). ``members`` maps a player to
        their member; a player who is none (a guest) is counted at the starting rating and
        not rated, and a side without a member makes the game unrated for everyone. A side
        that takes turns at the table (a chouette's crew, three at a table of five) is
        rated by each group of it that can sit down (``ratings.table_matches``). A game in
        which nobody scored is not rated."""
        if len(played.scores) != len(played.sides) or not any(played.scores):
            return ()
        sides = [[members.get(player) for player in side] for side in played.sides]
        return table_matches(sides, played.scores, places=places)

    # --- printing -----------------------------------------------------------------

    @abstractmethod
    def sheet_rules(self, profile: P, side_size: int) -> dict[str, Any]:
        """The rules a printed score sheet shows: ``ScoreSheetsData``'s ``canasta`` or ``gin``."""
