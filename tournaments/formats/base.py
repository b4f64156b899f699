"""The base class of a format: a pairing system in the registry (see ``tournaments.formats``)."""

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from pairings.draw import draw_order
from pairings.schedule_model import Round
from tournaments.card_games import CardGame
from tournaments.formats.plans import Plan
from tournaments.formats.schedule_preview import SchedulePreview
from tournaments.kernel.lineup import Lineup
from tournaments.models import Event, Player, Team

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


@dataclass(frozen=True)
class RoundsHint:
    """What the Format step says a system plays with n players: the rounds, in a sentence."""

    rounds: int
    text: str


class Format(ABC):
    """Everything one pairing system decides, asked by the services instead of ``event.format``.

    The class attributes answer yes or no; the methods work out what depends on
    the event or the size of the field. ``plan_round`` is each system's own: it
    reads what its engine needs, calls the engine and returns the round's plan.
    """

    key: str  # the ``Event.Format`` value
    help: "StrPromise"  # the Format step's line under the choice

    # What the Format step lets the director combine with the system.
    teams_allowed: bool = False  # fixed partners: the players are entered as teams of two
    balanced_schedule_allowed: bool = False
    odd_tables_allowed: bool = False  # a table of five, six or three for the players left over

    # Players and their numbers.
    by_gender: bool = False  # ladies draw the even numbers, gentlemen the odd ones
    # Paired after each round from the results: players may enter late or withdraw,
    # and the director may play more rounds than suggested.
    round_by_round: bool = False
    # Sides are pairs of partners at tables of four even without fixed partners.
    partners: bool = False
    # Seats the tables a game's table kind asks for (three, four or six at a table), and only those.
    groups: bool = False

    # Byes and standings.
    asks_bye_score: bool = False  # the Scoring step asks what a bye scores
    bye_is_a_win: bool = False  # a bye counts as a game won (match points, games won)
    ranks_teams: bool = False  # with fixed partners the standings rank the teams

    # The club's rating list: round 1 (the first tables) can be seeded by it, an event
    # setting the Format step offers only where this is set.
    seeds_by_rating: bool = False

    # Printing: a schedule fixes every round before the first starts, so tallies,
    # guide cards and the seating of rounds not started yet can be printed ahead.
    schedule_ahead: bool = False

    @property
    def label(self) -> str:
        return str(Event.Format(self.key).label)

    def plays(self, card_game: CardGame[Any]) -> bool:
        """Whether the system can seat ``card_game`` (table kinds and all): partners at
        tables of four need a partnership card game, tables of three or more a card game
        with such table kinds."""
        if self.partners and not card_game.partner_tables:
            return False
        return not self.groups or bool(card_game.table_kinds())

    # --- set-up -------------------------------------------------------------------

    def uses_teams(self, event: Event) -> bool:
        """Fixed partners: the players are entered (and paired) in teams of two."""
        return self.teams_allowed and event.fixed_partners

    def partnership(self, event: Event) -> bool:
        """Whether sides are pairs of partners (tables of four) or single players."""
        return self.partners or self.uses_teams(event)

    def entrants(self, players: int, fixed_partners: bool) -> int:
        """What the engine pairs: the teams with fixed partners, else the players."""
        return players // 2 if self.teams_allowed and fixed_partners else players

    def tables_needed(self, event: Event, players: int) -> int:
        """Physical tables: a table seats four (two sides of partners) or two single players."""
        if self.uses_teams(event):
            return math.ceil((players // 2) / 2)
        return math.ceil(players / (4 if self.partners else 2))

    def format_problems(self, event: Event, players: list[Player]) -> list[str]:
        """Why the players entered do not (yet) fit the system; empty when they do."""
        n = len(players)
        if self.uses_teams(event):
            if n < 4 or n % 2:
                return [
                    _(
                        "Fixed partners need an even number of players, at least 4; %(count)d entered."
                    )
                    % {"count": n}
                ]
            return []
        if n < 2:
            return [_("At least 2 players are needed; %(count)d entered.") % {"count": n}]
        return []

    def seeds(self, event: Event) -> bool:
        """Whether round 1 is seeded by the club's rating list (a setting of the event)."""
        return self.seeds_by_rating and event.seed_by_rating and event.club_id is not None

    def rated_by_places(self, event: Event) -> bool:
        """Whether the club's rating counts only who won each game, not by how much: where
        the standings count match points, a game is played to be won, not to be won by much
        (otherwise each side's points count, from the game's margin on)."""
        return event.scoring_mode == Event.ScoringMode.MATCH

    # --- rounds -------------------------------------------------------------------

    def suggested_rounds(self, entrants: int) -> int | None:
        """The rounds the system suggests; None: as many as it has (``most_rounds``)."""
        return None

    def most_rounds(self, players: int, entrants: int, *, balanced: bool = False) -> int | None:
        """The most rounds the system can have with this field; None when unknown or unlimited."""
        return None

    def rounds_hint(self, players: int) -> RoundsHint | None:
        """The Format step's line on how many rounds the system plays with ``players``."""
        return None

    def schedule_previews(self, players: int) -> list[tuple[str, SchedulePreview]]:
        """The schedules the Format step checks for ``players``, each with its label."""
        return []

    @abstractmethod
    def plan_round(self, event: Event, number: int, lineup: Lineup) -> Plan:
        """Seat round ``number``: the tables, the byes with their points, the engine's notes."""

    # --- players and numbers --------------------------------------------------------

    def draw_numbers(self, players: list[Player], seed: str) -> dict[int, int]:
        """Every player's number by lot (player id → number); teams are drawn by the service."""
        return {p.pk: i for i, p in enumerate(draw_order(players, seed), start=1)}

    def typed_number_problem(self, unit: Player | Team, number: int) -> str:
        """What is wrong with ``number`` typed in for ``unit``; empty when it fits."""
        return ""

    def typed_numbers_problem(self, units: list[Player | Team]) -> str:
        """What is wrong with the numbered field as a whole; empty when it fits."""
        return ""

    def takes_late_entries(self, event: Event) -> bool:
        """Whether a player may join after round 1 (a team cannot gain a member)."""
        return self.round_by_round and not self.uses_teams(event)

    def takes_withdrawals(self, event: Event) -> bool:
        """Whether a player may leave; where every seat is planned ahead, a substitute must come."""
        return self.round_by_round

    # --- printing -----------------------------------------------------------------

    def schedule_rounds(self, event: Event, players: int) -> list[Round] | None:
        """The rounds a schedule fixes ahead (each ``.tables``, ``.sitting_out``), cut to the
        planned rounds; None when the system pairs as it goes."""
        return None

    def sheet_name_lines(self, event: Event) -> int:
        """Lines for each side's names on a score sheet printed without them."""
        return 2
