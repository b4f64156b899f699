"""The hand forms of Gin beyond two players a table (``tournaments.card_games.gin_tables``).

Each asks its card game (``card_game``) who plays the hand it is for: the seating
of the rotation or the chouette (``card_game.seating_at``, the engine's seating), or the
pairs of partnership Gin (``card_game.hand_pairs``). So the form names the players of
its hand, and changes from hand to hand.
"""

from typing import Any, Protocol, TypeVar

from django.utils.translation import gettext as _

from scoring.gin_three import ChouetteSeating, Seating
from tournaments.card_games.entry.base import Scorer
from tournaments.card_games.entry.gin import (
    GinHandForm,
    arranged,
    game_data,
    game_fields,
    game_initial,
    mode_field,
)
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import choice_field
from tournaments.models import Game, Seat

S_co = TypeVar("S_co", covariant=True)


# What each form asks of its card game (``card_games/gin_tables/``, which makes the form and
# imports it: named by use, so the forms do not import it back).
class SeatsHands(Scorer, Protocol[S_co]):
    """Rotation and chouette (``SeatedByHands``): who plays hand ``number``."""

    def seating_at(self, game: Game, number: int) -> S_co: ...


class SeatsChouette(SeatsHands[ChouetteSeating], Protocol):
    """The chouette (``GinChouette``): its seats besides, by the index a seating names them."""

    def seats(self, game: Game) -> tuple[Seat, ...]: ...


class PairsHands(Scorer, Protocol):
    """Partnership Gin (``GinPartnership``): the partners a side, who plays whom in a hand."""

    players_per_side: int

    def hand_pairs(self, game: Game, number: int) -> tuple[tuple[Seat, Seat], ...]: ...


GAME_FIELDS = ("kind", "knocker", "knocker_deadwood", "defender_deadwood")
CARD_FIELDS = ("knocker_cards", "defender_cards")


class SeatedHandForm(GinHandForm):
    """A hand of three at a table: its form names who plays it. ``seating`` is None where
    the hands before it do not tell yet (it is refused when it is scored); each kind's
    ``build`` goes on from it to the players it offers."""

    card_game: SeatsHands[Any]
    seating: Seating | ChouetteSeating | None

    def build(self) -> None:
        super().build()
        number = self.deal_number
        try:
            self.seating = self.card_game.seating_at(self.game, number) if number else None
        except ServiceError:
            self.seating = None

    def entry_data(self) -> dict[str, Any]:
        return {**super().entry_data(), "number": self.deal_number}


class RotationHandForm(SeatedHandForm):
    """A hand of the rotation: the two who play it are named, the one out is not offered."""

    fields_template = "tournaments/table/partials/gin_rotation_fields.html"
    card_game: SeatsHands[Seating]
    seating: Seating | None

    def build(self) -> None:
        super().build()
        playing = self.seating.playing if self.seating else range(len(self.names))
        choice_field(self, "knocker").choices = [(side, self.names[side]) for side in playing]

    def who_plays(self) -> dict[str, str] | None:
        """The names of the leader, the dealer and the one out, for the form's heading."""
        seating = self.seating
        if seating is None:
            return None
        return {
            "leader": self.names[seating.leader],
            "dealer": self.names[seating.dealer],
            "out": self.names[seating.sitting_out],
        }


class ChouetteHandForm(SeatedHandForm):
    """A chouette hand: the lone player (side A) against the partner at the table for side
    B, the other partner advising."""

    fields_template = "tournaments/table/partials/gin_chouette_fields.html"
    card_game: SeatsChouette
    seating: ChouetteSeating | None

    def build(self) -> None:
        super().build()
        try:
            self.players = [str(seat.player) for seat in self.card_game.seats(self.game)]
        except ServiceError:
            self.players = []
        if self.seating is not None and self.players:
            choice_field(self, "knocker").choices = [
                (0, self.players[self.seating.lone]),
                (1, self.players[self.seating.partner]),
            ]

    def who_plays(self) -> dict[str, str] | None:
        """The names of the lone player, the partner at the table, the one advising him and
        the dealer, for the form's heading."""
        seating = self.seating
        if seating is None or not self.players:
            return None
        return {
            "lone": self.players[seating.lone],
            "partner": self.players[seating.partner],
            "adviser": self.players[seating.sitting_out],
            "dealer": self.players[seating.dealer],
        }


class PartnershipHandForm(GinHandForm):
    """A hand of partnership Gin: how each partner's game ended, and both deadwoods or both
    players' cards (one choice of deadwood or cards for all the games)."""

    fields_template = "tournaments/table/partials/gin_partnership_fields.html"
    preview_template = "tournaments/table/partials/gin_partnership_preview.html"
    card_game: PairsHands
    pairs: tuple[tuple[Seat, Seat], ...]

    def build(self) -> None:
        # Each partner plays his own game every hand: as many games as partners a side.
        self.game_count = self.card_game.players_per_side
        try:
            self.pairs = self.card_game.hand_pairs(self.game, self.deal_number or 1)
        except ServiceError:
            self.pairs = ()
        self.fields["mode"] = mode_field()
        for index in range(self.game_count):
            names = [str(seat.player) for seat in self.pairs[index]] if self.pairs else ["", ""]
            self.fields.update(game_fields(names, f"g{index}_"))

    def games(self) -> list[dict[str, Any]]:
        """Each partner's game: its players, its fields and its cards, for the template."""
        played = (self.scored.details.get("games", ()) if self.scored else ()) or ()
        return [
            {
                "prefix": f"g{index}_",
                "players": self.pairs[index] if self.pairs else (),
                "fields": [self[f"g{index}_{name}"] for name in GAME_FIELDS],
                "cards": [self[f"g{index}_{name}"] for name in CARD_FIELDS],
                "shown": arranged(played[index]) if index < len(played) else {},
                "points": played[index].get("defender_deadwood") if index < len(played) else None,
            }
            for index in range(self.game_count)
        ]

    def groups(self) -> list[tuple[str | None, list[Any]]]:
        """The director's correction: the choice of deadwood or cards, then each game under
        its players."""
        groups: list[tuple[str | None, list[Any]]] = [(None, [self["mode"]])]
        for game in self.games():
            players = game["players"]
            heading = None
            if players:
                names = {"first": players[0].player, "second": players[1].player}
                heading = _("%(first)s against %(second)s") % names
            groups.append((heading, game["fields"] + game["cards"]))
        return groups

    def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
        played = details.get("games", ())
        cards = any(one.get("mode") == "cards" for one in played)
        initial: dict[str, Any] = {"mode": "cards" if cards else "hand"}
        for index, one in enumerate(played):
            initial.update(game_initial(one, f"g{index}_"))
        return initial

    def entry_data(self) -> dict[str, Any]:
        return {
            "number": self.deal_number,
            "games": [
                game_data(self.cleaned_data, f"g{index}_") for index in range(self.game_count)
            ],
        }
