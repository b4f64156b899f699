"""Three at a table (rotation, chouette): the hands before one decide who plays it.

Both kinds replay the game's hands as entered from the seating of the first hand
(``scoring.gin_three.replay``, one loop): to name who plays the next hand, to check
an entry, and to find the later hands a changed one seats otherwise. Each kind says
how a hand seats the next (``step``), which seat is which player (``seats``), and
what a re-seated hand keeps in its details (``moved``).
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import gin_three
from scoring.gin_profiles import GinProfile
from tournaments.card_games.base import LaterHand
from tournaments.card_games.gin import Gin
from tournaments.kernel.errors import ServiceError
from tournaments.models import Entry, Game, Seat

# A kind's seating of a hand: the rotation's, or the chouette's.
S = TypeVar("S", bound=gin_three.Seating | gin_three.ChouetteSeating)


def as_entered(game: Game) -> dict[int, Entry]:
    """Each hand of the game by number, as entered: its confirmed version, else the
    pending one."""
    current: dict[int, Entry] = {}
    for entry in game.entries.exclude(status=Entry.Status.SUPERSEDED).order_by("number", "version"):
        if entry.status == Entry.Status.CONFIRMED or entry.number not in current:
            current[entry.number] = entry
    return current


def hand_number(data: Mapping[str, Any]) -> int:
    """The number of the hand an entry is for: it decides who plays it."""
    number = data.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ServiceError(_("The entry could not be read."))
    return number


class SeatedByHands(Gin, ABC, Generic[S]):
    """Gin for three at a table, each hand seated by the hands before it. A seating names
    the players by index (``seats``: their seats in that order)."""

    players_per_table = 3
    tally_others = "opponents"
    seats_by_earlier_hands = True
    # The director's choice to re-seat the later hands a corrected one changes, explained.
    reseat_help = gettext_lazy(
        "Where this hand changes who plays later hands: they keep their points with the "
        "players who play them now."
    )

    # --- what each kind says ------------------------------------------------------

    @abstractmethod
    def start(self) -> S:
        """The seating of a game's first hand."""

    @abstractmethod
    def step(self, seating: S, hand: Sequence[int]) -> S:
        """The seating of the hand after ``hand`` (its points as stored); raises
        ``InvalidHand`` for a hand this seating cannot have played."""

    @abstractmethod
    def seats(self, game: Game) -> tuple[Seat, ...]:
        """The game's seats by the index a seating names them with."""

    @abstractmethod
    def seated(self, seating: S, names: list[str]) -> str:
        """Who plays a hand of this seating, in a line (a re-seated later hand)."""

    @abstractmethod
    def moved(self, entry: Entry, seating: S, seats: tuple[Seat, ...]) -> dict[str, Any] | None:
        """A later hand's details as this seating plays it; None where they already say so."""

    # --- the replay ---------------------------------------------------------------

    def replay(self, hands: Sequence[Sequence[int]], start: S | None = None) -> gin_three.Replay[S]:
        return gin_three.replay(self.start() if start is None else start, hands, self.step)

    def seating_at(self, game: Game, number: int) -> S:
        """Who plays hand ``number``: the hands before it as entered, replayed."""
        entered = as_entered(game)
        missing = next((before for before in range(1, number) if before not in entered), None)
        if missing is not None:
            raise ServiceError(
                _("Enter hand %(number)s first: it decides who plays the next.")
                % {"number": missing}
            )
        played = self.replay([entered[before].points for before in range(1, number)])
        if played.refused is not None:
            raise ServiceError(
                _("Hand %(number)s was won by the player who sat it out: correct it first.")
                % {"number": played.refused + 1}
            )
        return played.after

    def later_hands(self, game: Game, number: int, points: list[int]) -> list[LaterHand]:
        entered = as_entered(game)
        if any(before not in entered for before in range(1, number)):
            return []
        played = self.replay([*(entered[before].points for before in range(1, number)), points])
        if played.refused is not None:
            return []
        try:
            seats = self.seats(game)
        except ServiceError:
            return []
        names = [str(seat.player) for seat in seats]
        later = [entered[after] for after in sorted(entered) if after > number]
        walk = self.replay([entry.points for entry in later], played.after)
        changes = []
        for entry, seating in zip(later, walk.seatings, strict=False):
            details = self.moved(entry, seating, seats)
            if details is not None:
                changes.append(self._later(entry, seating, names, details))
        if walk.refused is not None:
            changes += [
                self._later(entry, walk.after, names, None) for entry in later[walk.refused :]
            ]
        return changes

    def _later(
        self, entry: Entry, seating: S, names: list[str], details: dict[str, Any] | None
    ) -> LaterHand:
        return LaterHand(entry, self.seated(seating, names), names[seating.sitting_out], details)

    def target(self, profile: GinProfile, side_size: int) -> int:
        return profile.target
