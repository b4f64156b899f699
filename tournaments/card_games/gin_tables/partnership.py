"""Gin for four or six at a table (RULES.md 2.2): two partnerships, each partner playing
his own game against one opponent every hand, the partners moving on to the next
opponent after every hand. A hand is entered as all these games, by deadwood or by
the cards of each (the card picker), and counts for each partnership as the sum of its
partners' results plus the box (``scoring.gin_game.partnership_hand``).
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from scoring import gin_game
from scoring.gin_profiles import GinProfile
from tournaments.card_games.entry import HAND_KINDS, EntryForm
from tournaments.card_games.entry.gin_tables import PartnershipHandForm
from tournaments.card_games.gin import Gin, gin_hand, tapped_lines
from tournaments.card_games.sides import Side, sides_of
from tournaments.kernel.deal import Scored
from tournaments.kernel.errors import ServiceError
from tournaments.models import Event, Game, Player, Seat


class GinPartnership(Gin):
    """Gin for four at a table: two partnerships of two, each partner playing his own game
    (RULES.md 2.2); a hand adds both games up for each partnership, plus the box."""

    table_kind = Event.TableKind.PARTNERSHIP
    players_per_table = 4
    players_per_side = 2
    tally_others = "partner"

    def hand_pairs(self, game: Game, number: int) -> tuple[tuple[Seat, Seat], ...]:
        """Who plays whom in hand ``number``: partners move on to the next opponent after
        every hand (``scoring.gin_game.partnership_opponents``), side A's player first in
        each pair."""
        size = self.players_per_side
        sides = sides_of(game)
        if len(sides) != 2 or any(len(side.seats) != size for side in sides):
            raise ServiceError(
                _("Partnership Gin needs %(count)d partners on each side.") % {"count": size}
            )
        by_pk = {seat.pk: seat for side in sides for seat in side.seats}
        pairs = gin_game.partnership_opponents(
            [seat.pk for seat in sides[0].seats], [seat.pk for seat in sides[1].seats], number - 1
        )
        return tuple((by_pk[a], by_pk[b]) for a, b in pairs)

    def evaluate(self, game: Game, data: Mapping[str, Any], profile: GinProfile) -> Scored:
        played = data.get("games")
        if not isinstance(played, list | tuple) or len(played) != self.players_per_side:
            raise ServiceError(_("The entry could not be read."))
        results: list[int] = []
        games: list[dict[str, Any]] = []
        field_errors: dict[str, list[str]] = {}
        for index, one in enumerate(played):
            if not isinstance(one, Mapping):
                raise ServiceError(_("The entry could not be read."))
            try:
                scored = gin_hand(one, profile)
            except ServiceError as error:
                for name, messages in error.field_errors.items():
                    field_errors[f"g{index}_{name}"] = messages
                continue
            side_a, side_b = scored.points
            results.append(side_a - side_b)
            games.append({**scored.details, "result": side_a - side_b})
        if field_errors:
            raise ServiceError(_("This cannot be right: see the marked fields."), field_errors)
        number = data.get("number")
        if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
            pairs = self.hand_pairs(game, number)
            for one, (a, b) in zip(games, pairs, strict=True):
                one["players"] = [a.player_id, b.player_id]
        points = gin_game.partnership_hand(results)
        return Scored(points, {"mode": "partnership", "games": games})

    def entered(self, details: Mapping[str, Any], sides: list[Side]) -> list[str]:
        players = {seat.player_id: seat.player for side in sides for seat in side.seats}
        lines: list[str] = []
        for one in details.get("games", ()):
            lines += [_game_line(one, players), *tapped_lines(one)]
        return lines

    def entry_form(
        self,
        game: Game,
        data: Mapping[str, Any] | None = None,
        *,
        sides: list[Side],
        **kwargs: Any,
    ) -> EntryForm:
        return PartnershipHandForm(game, data, sides=sides, card_game=self, **kwargs)


def _game_line(one: Mapping[str, Any], players: dict[int, Player]) -> str:
    """One partner's game as entered: who played whom, how it ended, the deadwoods."""
    pair = [str(players.get(pk, "?")) for pk in one.get("players", ())]
    scorer = dict(enumerate(pair)).get(one.get("knocker", -1), "")
    label = dict(HAND_KINDS).get(one.get("kind", ""), "")
    parts = [
        " – ".join(pair),
        f"{label}: {scorer}" if scorer and one.get("kind") != "no_game" else label,
    ]
    if one.get("kind") != "no_game":
        parts.append(
            _("Deadwood: knocker %(knocker)s, defender %(defender)s.")
            % {
                "knocker": one.get("knocker_deadwood"),
                "defender": one.get("defender_deadwood"),
            }
        )
    return " · ".join(str(part) for part in parts)


class GinSixPartnership(GinPartnership):
    """Gin for six at a table: two partnerships of three, each partner playing his own game
    every hand, to the six-player target (RULES.md 2.2)."""

    table_kind = Event.TableKind.PARTNERSHIP_SIX
    players_per_table = 6
    players_per_side = 3
