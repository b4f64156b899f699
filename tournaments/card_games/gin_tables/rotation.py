"""Gin for three at a table, the loser of a hand sitting out (RULES.md 2.1, 1).

Each player is his own side (0, 1, 2 in seat order, the order of the draw). A hand
is entered as in two-player Gin between the two who played it and stored with three
columns, the winner's points in his own. The game's seating is the engine's
(``scoring.gin_three.Seating``), its sides' indices naming the players.
"""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import gin_three
from scoring.canasta import side_label
from scoring.gin_profiles import GinProfile
from tournaments.card_games.base import Outcome, leader, margin
from tournaments.card_games.entry import EntryForm
from tournaments.card_games.entry.gin_tables import RotationHandForm
from tournaments.card_games.gin import GinTotals, gin_hand, pad_totals, up_to_target
from tournaments.card_games.gin_tables.base import SeatedByHands, hand_number
from tournaments.card_games.sheets import Settlement
from tournaments.card_games.sides import Side, sides_of
from tournaments.kernel.deal import Scored
from tournaments.kernel.errors import ServiceError
from tournaments.models import Entry, Event, Game, Seat

SIDES = 3


class GinRotation(SeatedByHands[gin_three.Seating]):
    """Gin for three at a table, the loser of a hand sitting out (RULES.md 2.1, 1)."""

    table_kind = Event.TableKind.ROTATION
    reseat_help = gettext_lazy(
        "Where this hand changes who plays later hands: they keep their points with the "
        "players who play them now, or are set aside from the first one whose winner would "
        "sit it out."
    )

    def start(self) -> gin_three.Seating:
        return gin_three.three_player_start()

    def step(self, seating: gin_three.Seating, hand: Sequence[int]) -> gin_three.Seating:
        return gin_three.rotation_next(seating, hand)

    def seats(self, game: Game) -> tuple[Seat, ...]:
        return tuple(seat for side in sides_of(game) for seat in side.seats[:1])

    def seated(self, seating: gin_three.Seating, names: list[str]) -> str:
        return _("%(first)s against %(second)s, %(out)s sits out") % {
            "first": names[seating.leader],
            "second": names[seating.dealer],
            "out": names[seating.sitting_out],
        }

    def moved(
        self, entry: Entry, seating: gin_three.Seating, seats: tuple[Seat, ...]
    ) -> dict[str, Any] | None:
        playing = list(seating.playing)
        details = dict(entry.details or {})
        if details.get("players") == playing and details.get("sitting_out") == (
            seating.sitting_out
        ):
            return None
        details.update(players=playing, sitting_out=seating.sitting_out)
        if "knocker" in details and details["knocker"] not in playing:
            # An undercut: the defender won, so the knocker is the other one playing.
            winner = gin_three.hand_winner(entry.points)
            details["knocker"] = next(side for side in playing if side != winner)
        return details

    # --- an entry -----------------------------------------------------------------

    def evaluate(self, game: Game, data: Mapping[str, Any], profile: GinProfile) -> Scored:
        seating = self.seating_at(game, hand_number(data))
        asked = data.get("knocker")
        if data.get("kind") in ("knock", "gin") and asked not in seating.playing:
            raise ServiceError(
                _("Say who knocked."),
                {"knocker": [_("Choose who knocked or went gin.")]},
            )
        leader, dealer = seating.playing
        knocker, defender = (leader, dealer) if asked == leader else (dealer, leader)
        scored = gin_hand({**data, "knocker": 0}, profile)
        points = [0] * SIDES
        if scored.hand is not None:
            points[knocker], points[defender] = scored.points
        details = {
            **scored.details,
            "players": list(seating.playing),
            "sitting_out": seating.sitting_out,
        }
        if scored.hand is not None:
            details["knocker"] = knocker
        return Scored(tuple(points), details, hand=scored.hand, cards=scored.cards)

    def row_note(self, details: Mapping[str, Any], names: Mapping[int, str]) -> str:
        out = details.get("sitting_out")
        if not isinstance(out, int) or out not in range(SIDES):
            return ""
        return _("%(side)s sits out") % {"side": side_label(out)}

    def entry_form(
        self,
        game: Game,
        data: Mapping[str, Any] | None = None,
        *,
        sides: list[Side],
        **kwargs: Any,
    ) -> EntryForm:
        return RotationHandForm(game, data, sides=sides, card_game=self, **kwargs)

    # --- a game -------------------------------------------------------------------

    def outcome(
        self,
        confirmed: list[Entry],
        profile: GinProfile,
        *,
        sides: int,
        side_size: int,
        kind: str,
        stopped: bool,
    ) -> Outcome:
        hands = counted([tuple(entry.points) for entry in confirmed], profile.target)
        score = gin_three.score_three_player_game(hands, profile)
        totals = tuple(score.totals)
        if kind == Event.RoundKind.GAME or score.finished:
            finished, winner = score.finished, score.winner
        else:
            finished = stopped
            winner = leader(totals) if finished else None
        nets = tuple(score.net) if score.finished else _margins(totals)
        net = margin(totals, winner)
        return Outcome(totals, finished, winner, net, None, score, nets=nets, counted=len(hands))

    def pad_totals(self, result: Outcome, profile: GinProfile) -> GinTotals:
        """With who pays whom once the game is over, as the standings count it: at the target
        the rules' settlement (the shutout bonus paid by the player without points, not added
        to a total); stopped short of it, the settlement of the totals as they stand."""
        score = result.gin_score
        if not isinstance(score, gin_three.ThreePlayerScore):
            raise TypeError(f"a rotation's pad counts a game of three, not {score!r}")
        settled = score.payments  # none before the target
        if result.finished and not score.finished:  # its hands played, or ended
            settled = _stopped_short(tuple(score.totals))
        payments = tuple(
            Settlement(side_label(p.payer), side_label(p.payee), p.amount) for p in settled
        )
        totals = pad_totals(score, profile, shutout=(0,) * SIDES)
        return replace(totals, payments=payments)

    # --- printing -----------------------------------------------------------------

    def sheet_rules(self, profile: GinProfile, side_size: int) -> dict[str, Any]:
        return super().sheet_rules(profile, 1)


def counted(hands: list[tuple[int, ...]], target: int) -> list[tuple[int, ...]]:
    """The hands up to the one in which a player reached the target, each in three columns.
    A hand won by the one who sat it out is never stored (a change of an earlier hand
    re-seats or sets aside the later ones); should one be, the count stops before it."""
    hands = [tuple(hand[:SIDES]) + (0,) * (SIDES - len(hand)) for hand in hands]
    played = gin_three.replay(gin_three.three_player_start(), hands, gin_three.rotation_next)
    return up_to_target(hands[: len(played.seatings)], target)


def _stopped_short(totals: tuple[int, ...]) -> tuple[gin_three.Payment, ...]:
    """Who pays whom in a game ended before anyone reached the target: the settlement of a
    game ended now, without the shutout, which only a player who reached the target
    collects."""
    return gin_three.settle_three(totals, totals, None, 0)


def _margins(totals: tuple[int, ...]) -> tuple[int, ...]:
    """Each player's plus/minus while nobody has reached the target (or a round stopped
    short of it): the payments of a game ended now (``_stopped_short``)."""
    net = [0] * SIDES
    for payment in _stopped_short(totals):
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    return tuple(net)
