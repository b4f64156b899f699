"""Gin for three as a chouette (RULES.md 2.1, 2): one plays alone against two partners
who share a column and play as a crew, one of them at the table each hand while the
other advises.

A seating (``scoring.gin_three.ChouetteSeating``) names the lone player 0 (side A's
seat) and the partners 1 and 2 (side B's seats in order). A round is one game; the
next round at the same table goes on from its last hand won: a lone player who won
it stays alone, else the partner who won it plays alone (``seat_tables``).
"""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from meldcore.messages import Problem
from scoring import gin_three
from scoring.canasta import side_label
from scoring.gin_profiles import GinProfile
from tournaments.card_games.base import Outcome, Seated, SheetPart, in_order
from tournaments.card_games.entry import EntryForm
from tournaments.card_games.entry.gin_tables import ChouetteHandForm
from tournaments.card_games.gin import GinTotals, gin_hand, up_to_target
from tournaments.card_games.gin_tables.base import SeatedByHands, hand_number
from tournaments.card_games.sheets import Settlement
from tournaments.card_games.sides import Side, sides_of
from tournaments.kernel.deal import Scored, seats_prefetch
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.profiles import event_profile
from tournaments.models import Entry, Event, Game, Player, Seat


class GinChouette(SeatedByHands[gin_three.ChouetteSeating]):
    """Gin for three as a chouette: the game goes to the usual target, and the lone player
    wins or pays the margin to each partner."""

    table_kind = Event.TableKind.CHOUETTE
    # The two partners share a column all game: each one's tally names the other as partner.
    tally_others = "partner"

    def start(self) -> gin_three.ChouetteSeating:
        return gin_three.chouette_start()

    def step(
        self, seating: gin_three.ChouetteSeating, hand: Sequence[int]
    ) -> gin_three.ChouetteSeating:
        return gin_three.chouette_next(seating, hand)

    def seats(self, game: Game) -> tuple[Seat, ...]:
        sides = sides_of(game)
        if len(sides) != 2 or len(sides[0].seats) != 1 or len(sides[1].seats) != 2:
            raise ServiceError(_("A chouette needs one player alone against two partners."))
        return (sides[0].seats[0], *sides[1].seats)

    def seated(self, seating: gin_three.ChouetteSeating, names: list[str]) -> str:
        return _("%(lone)s against %(partner)s, advised by %(adviser)s") % {
            "lone": names[seating.lone],
            "partner": names[seating.partner],
            "adviser": names[seating.sitting_out],
        }

    def moved(
        self, entry: Entry, seating: gin_three.ChouetteSeating, seats: tuple[Seat, ...]
    ) -> dict[str, Any] | None:
        partner = seats[seating.partner]
        details = dict(entry.details or {})
        # By the player where the hand says so: a player renamed since changes no seat.
        if "partner_player" in details:
            moved = details["partner_player"] != partner.player_id
        else:
            moved = details.get("partner") != str(partner.player)
        if not moved:
            return None
        details.update(
            partner=str(partner.player),
            sitting_out=str(seats[seating.sitting_out].player),
            partner_player=partner.player_id,
        )
        return details

    # --- seating a round ----------------------------------------------------------

    def seat_tables(self, event: Event, number: int, tables: list[list[Player]]) -> Seated:
        """The highest card plays alone, the other two are partners, the higher one first;
        from the second round on, each table goes on from its game of the round before."""
        before = (
            Game.objects.filter(round__event=event, round__number=number - 1)
            .select_related("table")
            .prefetch_related(
                seats_prefetch(),
                Prefetch(
                    "entries",
                    queryset=Entry.objects.filter(status=Entry.Status.CONFIRMED).order_by("number"),
                ),
            )
        )
        games = {game.table.number: game for game in before}
        target = event_profile(event).target if games else 0
        seated: list[list[list[Player]]] = []
        notes: list[Problem] = []
        for table, players in enumerate(tables, 1):
            order, carried = self._carried(games.get(table), players, target)
            seated.append([order[:1], order[1:]])
            if carried:
                notes.append(
                    Problem(
                        gettext_noop(
                            "Table %(table)d: %(player)s plays alone, as the last hand won at "
                            "this table in round %(round)d decides."
                        ),
                        {"table": table, "player": str(order[0]), "round": number - 1},
                    )
                )
        return Seated(seated, notes)

    def _carried(
        self, game: Game | None, players: list[Player], target: int
    ) -> tuple[list[Player], bool]:
        """The table's players in the order they sit (alone, the partner who plays first, the
        other) and whether the last hand won at this table in the game before chose who plays
        alone. A substitute sits in the place of the player replaced, whose number he plays
        under; players new at the table follow in draw order."""
        if game is None:
            return players, False
        try:
            seats = self.seats(game)
        except ServiceError:
            return players, False
        hands = up_to_target(
            [tuple(entry.points) for entry in in_order(game.entries.all())], target
        )
        following = gin_three.chouette_next_game_after(hands)
        if following is None:
            return players, False
        chosen = [
            seats[index].player.number
            for index in (following.lone, following.partner, following.sitting_out)
        ]
        by_number = {player.number: player for player in players if player.number is not None}
        order = [by_number[number] for number in chosen if number in by_number]
        order += [player for player in players if player not in order]
        return order, order[0].number == chosen[0]

    # --- an entry -----------------------------------------------------------------

    def evaluate(self, game: Game, data: Mapping[str, Any], profile: GinProfile) -> Scored:
        number = hand_number(data)
        seats = self.seats(game)
        seating = self.seating_at(game, number)
        partner = seats[seating.partner]
        scored = gin_hand(data, profile)
        details = {
            **scored.details,
            "partner": str(partner.player),
            "sitting_out": str(seats[seating.sitting_out].player),
            "partner_player": partner.player_id,
        }
        return Scored(scored.points, details, hand=scored.hand, cards=scored.cards)

    def row_note(self, details: Mapping[str, Any], names: Mapping[int, str]) -> str:
        partner = partner_name(details, names)
        if partner is None:
            return ""
        return _("%(side)s: %(player)s") % {"side": side_label(1), "player": partner[:40]}

    def entry_form(
        self,
        game: Game,
        data: Mapping[str, Any] | None = None,
        *,
        sides: list[Side],
        **kwargs: Any,
    ) -> EntryForm:
        return ChouetteHandForm(game, data, sides=sides, card_game=self, **kwargs)

    # --- a game -------------------------------------------------------------------

    def sheet_part(
        self,
        result: Outcome,
        confirmed: list[Entry],
        profile: GinProfile,
        names: Mapping[int, str] | None = None,
    ) -> SheetPart:
        part = super().sheet_part(result, confirmed, profile)
        note = next_round_note(result, confirmed, profile.target, names or {})
        return replace(part, note=note)

    def pad_totals(self, result: Outcome, profile: GinProfile) -> GinTotals:
        """With who pays whom once the game is over, as the standings count it: the lone
        player wins or pays the margin to each of the two partners (RULES.md 2.1, 2)."""
        totals = super().pad_totals(result, profile)
        if not result.finished or result.winner is None or not result.net:
            return totals
        lone, partners = side_label(0), side_label(1)
        paid = (
            Settlement(partners, lone, result.net, each="payer")
            if result.winner == 0
            else Settlement(lone, partners, result.net, each="payee")
        )
        return replace(totals, payments=(paid,))

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
        result = super().outcome(
            confirmed, profile, sides=sides, side_size=1, kind=kind, stopped=stopped
        )
        lone, partners = result.totals
        if result.finished:
            by_winner: dict[int | None, int] = {0: result.net, 1: -result.net}
            ahead = by_winner.get(result.winner, 0)
        else:
            ahead = lone - partners
        # The lone player settles the margin with each partner: twice what one partner does.
        return replace(result, nets=(2 * ahead, -ahead))


def partner_name(details: Mapping[str, Any], names: Mapping[int, str]) -> str | None:
    """The name of the partner who played a hand: as they are named now where the hand
    says who they are (``partner_player``), else as they were named when it was entered."""
    player = details.get("partner_player")
    if isinstance(player, int) and player in names:
        return names[player]
    partner = details.get("partner")
    return partner if isinstance(partner, str) else None


def next_round_note(
    result: Outcome, confirmed: list[Entry], target: int, names: Mapping[int, str]
) -> str:
    """What the pad says about the next round at this table: once the game is over, who
    plays alone in it (``GinChouette.seat_tables`` seats it so)."""
    counted = confirmed[: len(up_to_target([tuple(e.points) for e in confirmed], target))]
    won = [entry for entry in counted if any(entry.points)]
    if result.finished and won:
        last = won[-1]
        if last.points[0]:
            return _(
                "Side A won the last hand: the lone player stays alone in the next round at "
                "this table."
            )
        partner = partner_name(last.details or {}, names)
        if partner is not None:
            return _(
                "%(player)s won the last hand for side B and plays alone in the next round "
                "at this table."
            ) % {"player": partner[:40]}
    return _(
        "This round is one chouette game. The last hand won decides who plays alone in the "
        "next round at this table."
    )
