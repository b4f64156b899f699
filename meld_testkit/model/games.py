"""A table's game in the model: who sits where, and every version of every deal.

A deal's versions are kept as entered (RULES.md; the handbook): the one that counts or
waits, and those set aside. Deals count in order, up to the one that ends the game.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from meld_testkit.model import chouette
from meld_testkit.model.chouette import CHOUETTE, Turn
from meld_testkit.model.deals import PARTNERS_TARGET, WIENER, canasta_over, gin_over, gin_totals
from meld_testkit.model.rotation import ROTATION, after, rotation_over, rotation_totals, seatings
from scoring.canasta_profiles import CanastaProfile
from scoring.gin_three import Seating

ENTERED, CONFIRMED, DISPUTED, SUPERSEDED = "entered", "confirmed", "disputed", "superseded"
PENDING = (ENTERED, DISPUTED)
# Three at a table: the hands before one decide who plays it.
SEATED_BY_HANDS = (ROTATION, CHOUETTE)
# Who played a hand there: the rotation's two and the one out, or the chouette's partner.
HandSeating = Seating | Turn


@dataclass
class Version:
    """One version of a deal's entry."""

    number: int
    points: tuple[int, ...]
    status: str
    side: int | None  # the side whose phone entered it; None: the director's own version
    device: str | None
    mode: str
    went_out: int | None
    step: int  # when it was entered (the evening's step counter)
    # Gin for three: who played the hand, as entered (or as the director re-seated it)
    seated: HandSeating | None = None


@dataclass
class Game:
    """One table's game in a round: who sits where, and every version of every deal."""

    round: int
    table: int
    sides: tuple[tuple[int, ...], ...]  # the players' numbers, side by side
    # "canasta", "gin" (two at a table), "gin4" (two partnerships of two), "gin3" (three at a
    # table, rotating: each player a side of their own), "chouette" (three: one alone, side
    # A, against two partners, side B)
    card_game: str
    versions: list[Version] = field(default_factory=list)
    ended: bool = False  # ended by the director (a timed round), or by closing it when done
    # The director's last decision while it is the newest thing at the game:
    # (what: "settled", "accepted", "set_aside", "corrected"; the deal; its points).
    decision: tuple[str, int, tuple[int, ...]] | None = None
    rules: CanastaProfile = WIENER  # a Canasta game's rule profile

    def side_of(self, player: int) -> int | None:
        return next((i for i, side in enumerate(self.sides) if player in side), None)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(player for side in self.sides for player in side)

    def current(self, number: int) -> Version | None:
        return next(
            (v for v in self.versions if v.number == number and v.status != SUPERSEDED), None
        )

    def rows(self) -> list[Version]:
        """The deals on the score pad: each one's current version, in deal order."""
        return sorted((v for v in self.versions if v.status != SUPERSEDED), key=lambda v: v.number)

    def top(self) -> int:
        """The highest deal number any version was entered for."""
        return max((v.number for v in self.versions), default=0)

    def next_number(self) -> int:
        """The deal to enter next: the first one without a version that counts or waits (a
        deal set aside is entered again before the next new one)."""
        numbers = {v.number for v in self.rows()}
        number = 1
        while number in numbers:
            number += 1
        return number

    def confirmed(self) -> list[Version]:
        return [v for v in self.rows() if v.status == CONFIRMED]

    def in_order(self) -> list[Version]:
        """The confirmed deals that count: in order from deal 1, as on a paper score sheet (a
        deal confirmed while an earlier one waits counts once that one does)."""
        counted = []
        for number, version in enumerate(self.confirmed(), start=1):
            if version.number != number:
                break
            counted.append(version)
        return counted

    def end(self) -> int | None:
        """The deal that ended the game by the rules (a side reached the target), if any."""
        return self.over_at(self.in_order())

    def counted(self) -> list[Version]:
        """The confirmed deals that make the game: in order, up to the one that ends it."""
        counted = self.in_order()
        end = self.over_at(counted)
        return counted if end is None else counted[:end]

    def over_at(self, confirmed: list[Version]) -> int | None:
        points = [v.points for v in confirmed]
        if self.card_game in ("gin", CHOUETTE):
            return gin_over(points)
        if self.card_game == "gin4":
            return gin_over(points, PARTNERS_TARGET)
        if self.card_game == ROTATION:
            return rotation_over(points)
        return canasta_over(points, [v.went_out for v in confirmed], self.rules)

    # --- Gin for three: the hands before one decide who plays it (RULES.md 2.1) ---------

    def seat(
        self, number: int, points: tuple[int, ...]
    ) -> tuple[HandSeating, list[tuple[Version, HandSeating | None]]] | None:
        """Who plays hand ``number``, and the later hands that a hand of ``points`` has
        played by others (``later_hands``, ``later_turns``); None where the hands before
        do not tell yet."""
        if self.card_game == CHOUETTE:
            turn = self.turn_at(number)
            return None if turn is None else (turn, self.later_turns(number, points, turn))
        seating = self.seating_at(number)
        return None if seating is None else (seating, self.later_hands(number, points, seating))

    def _before(self, number: int) -> list[tuple[int, ...]] | None:
        """The points of the hands before ``number`` as entered (each one's current
        version, confirmed or waiting); None while one of them is missing, as nobody knows
        yet who lost it."""
        current = {v.number: v for v in self.rows()}
        if any(before not in current for before in range(1, number)):
            return None
        return [current[before].points for before in range(1, number)]

    def seating_at(self, number: int) -> Seating | None:
        """The rotation: who plays hand ``number``, the hands before it one after the
        other; None while one is missing or was won by the one who sat it out."""
        hands = self._before(number)
        played = seatings(hands) if hands is not None else None
        return None if played is None or played.refused is not None else played.after

    def turn_at(self, number: int) -> Turn | None:
        """The chouette: which partner plays hand ``number`` and who deals it."""
        hands = self._before(number)
        return None if hands is None else chouette.turns(hands)[1]

    def later_hands(
        self, number: int, points: tuple[int, ...], seating: Seating
    ) -> list[tuple[Version, HandSeating | None]]:
        """The rotation: the hands entered after ``number`` that a hand of ``points``,
        played by ``seating``, has played by others: each with who plays it now, or None
        from the first one whose winner would now have sat it out."""
        following = after(seating, points)
        if following is None:
            return []
        later = [v for v in self.rows() if v.number > number]
        walk = seatings([v.points for v in later], following)
        changes: list[tuple[Version, HandSeating | None]] = [
            (version, now)
            for version, now in zip(later, walk.seatings, strict=False)
            if version.seated != now
        ]
        if walk.refused is not None:
            changes += [(version, None) for version in later[walk.refused :]]
        return changes

    def later_turns(
        self, number: int, points: tuple[int, ...], turn: Turn
    ) -> list[tuple[Version, HandSeating | None]]:
        """The chouette: the hands entered after ``number`` that another partner plays once
        hand ``number``, played by ``turn``, has ``points`` (who deals plays no part)."""
        later = [v for v in self.rows() if v.number > number]
        now = chouette.after(turn, points)
        changes: list[tuple[Version, HandSeating | None]] = []
        for version in later:
            seated = version.seated
            if not isinstance(seated, Turn) or seated.partner != now.partner:
                changes.append((version, now))
            now = chouette.after(now, version.points)
        return changes

    def reseat(
        self,
        changes: list[tuple[Version, HandSeating | None]],
        set_aside: Callable[["Game", Version], None],
    ) -> None:
        """The director said to re-seat the later hands: each keeps its points with the
        players who play it now; from the first one whose winner would sit it out they are
        set aside (``set_aside``: with the call a disputed one raised), to be entered again
        in order."""
        for version, now in changes:
            if now is None:
                set_aside(self, version)
            else:
                version.seated = now

    def counted_points(self) -> tuple[int, ...]:
        """Each side's score of the game as it counts: the confirmed deals that make it."""
        counted = [v.points for v in self.counted()]
        if self.card_game == ROTATION:
            return rotation_totals(counted)
        if self.card_game in ("gin", CHOUETTE):
            return gin_totals(counted)
        if self.card_game == "gin4":
            return gin_totals(counted, PARTNERS_TARGET)
        return tuple(sum(points[i] for points in counted) for i in range(len(self.sides)))

    def pending(self) -> list[Version]:
        return [v for v in self.rows() if v.status in PENDING]

    def disputed(self) -> list[Version]:
        return [v for v in self.rows() if v.status == DISPUTED]
