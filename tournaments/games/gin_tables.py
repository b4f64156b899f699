"""Gin Rummy beyond two players a table (RULES.md 2.1, 2.2): the table kinds of ``Gin``.

``GinRotation``: three players, each his own side (0, 1, 2 in seat order, which
is the order of the draw, highest card first). Two play each hand; the loser
sits out and the one who sat out deals the next (``scoring.gin_three``). A hand
is entered as in two-player Gin between the two who played it, and stored with
three columns, the winner's points in his own.

``GinChouette``: three players, one alone (side A) against two partners sharing
side B's column; the partner playing keeps his seat until he loses a hand, then
the other takes over (``scoring.gin_three.chouette_next``).

``GinPartnership``: four players, two partnerships of two (sides A and B, partners
opposite); ``GinSixPartnership``: six, partnerships of three. Every hand each
partner plays his own game against one opponent, the partners moving on to the
next opponent after every hand; a hand is entered as all these games, and counts
for each partnership as the sum of its partners' results
(``scoring.gin_game.partnership_hand``), to the four- or six-player target.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from scoring import gin_game, gin_three
from scoring.canasta import side_label
from scoring.gin_melds import InvalidHand
from tournaments.forms.entry import HAND_KINDS, EntryForm, GinHandForm
from tournaments.forms.entry.base import NumberPad, Radios
from tournaments.games.base import LaterHand, Outcome, SheetPart, margin
from tournaments.games.gin import Gin, GinTotals, gin_hand
from tournaments.games.sheets import GinSheetTotals
from tournaments.games.sides import sides_of
from tournaments.models import Entry, Event, Game, Seat
from tournaments.numbers import BoundedIntegerField
from tournaments.services.deal_data import Scored
from tournaments.services.errors import ServiceError

SIDES = 3


@dataclass(frozen=True)
class HandPlayers:
    """Who plays a hand of the rotation: side indices of the leader, the dealer and the one out."""

    leader: int
    dealer: int
    sitting_out: int

    @property
    def playing(self) -> tuple[int, int]:
        return (self.leader, self.dealer)


@dataclass(frozen=True)
class Settlement:
    """One payment after a rotation game, by side letters."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class RotationTotals(GinTotals):
    """The score pad's bottom lines of a rotation game, with who pays whom once it is
    over (the shutout bonus is paid, not added)."""

    payments: tuple[Settlement, ...] = ()


def _players(seating: gin_three.Seating) -> HandPlayers:
    return HandPlayers(seating.leader, seating.dealer, seating.sitting_out)


def _winner(points: list[int]) -> int | None:
    return next((side for side, p in enumerate(points) if p), None)


def _current_points(game: Game, number: int) -> dict[int, list[int]]:
    """The points of every hand before ``number`` as entered: confirmed, else pending."""
    current: dict[int, list[int]] = {}
    for entry in (
        game.entries.filter(number__lt=number)
        .exclude(status=Entry.Status.SUPERSEDED)
        .order_by("number", "version")
    ):
        if entry.status == Entry.Status.CONFIRMED or entry.number not in current:
            current[entry.number] = entry.points
    return current


def _later_entries(game: Game, number: int) -> list[Entry]:
    """The hands after ``number`` as entered (a confirmed version, else the pending one)."""
    current: dict[int, Entry] = {}
    for entry in (
        game.entries.filter(number__gt=number)
        .exclude(status=Entry.Status.SUPERSEDED)
        .order_by("number", "version")
    ):
        if entry.status == Entry.Status.CONFIRMED or entry.number not in current:
            current[entry.number] = entry
    return [current[n] for n in sorted(current)]


def _rotation_after(game: Game, number: int, points: list[int]) -> gin_three.Seating | None:
    """The rotation's seating after hand ``number`` scored ``points``; None when the hands
    before it do not tell."""
    current = _current_points(game, number)
    seating = gin_three.three_player_start()
    try:
        for hand in [*(current.get(before) for before in range(1, number)), points]:
            if hand is None:
                return None
            seating = gin_three.three_player_next(seating, _winner(list(hand)))
    except InvalidHand:
        return None
    return seating


def hand_players(game: Game, number: int) -> HandPlayers:
    """Who plays hand ``number``: the rotation from the game's start over the hands before it,
    as entered (a confirmed version, else the pending one)."""
    current = _current_points(game, number)
    seating = gin_three.three_player_start()
    for before in range(1, number):
        if before not in current:
            raise ServiceError(
                _("Enter hand %(number)s first: it decides who plays the next.")
                % {"number": before}
            )
        try:
            seating = gin_three.three_player_next(seating, _winner(current[before]))
        except InvalidHand:
            raise ServiceError(
                _("Hand %(number)s was won by the player who sat it out: correct it first.")
                % {"number": before}
            ) from None
    return _players(seating)


class NamedHandForm(GinHandForm):
    """A hand of three at a table: its form names who plays it, so it changes from hand to
    hand. Each kind reads its hand (``hand_at``) and shows it (``show_hand``)."""

    same_each_deal = False
    fields_template = "tournaments/table/partials/gin_rotation_fields.html"

    def build(self) -> None:
        super().build()
        number = self.deal_number
        try:
            hand = self.hand_at(number) if number else None
        except ServiceError:
            hand = None  # a hand that cannot be played yet is refused when it is scored
        self.show_hand(hand)

    def hand_at(self, number: int):
        raise NotImplementedError

    def show_hand(self, hand) -> None:
        raise NotImplementedError

    def entry_data(self) -> dict[str, Any]:
        return {**super().entry_data(), "number": self.deal_number}


class RotationHandForm(NamedHandForm):
    """A hand of the rotation: the two who play it are named, the one out is not offered."""

    def hand_at(self, number: int) -> HandPlayers:
        return hand_players(self.game, number)

    def show_hand(self, hand: HandPlayers | None) -> None:
        self.players = hand
        playing = hand.playing if hand else range(SIDES)
        self.fields["knocker"].choices = [(side, self.names[side]) for side in playing]

    def who_plays(self) -> dict[str, str] | None:
        """The names of the leader, the dealer and the one out, for the form's heading."""
        if self.players is None:
            return None
        return {
            "leader": self.names[self.players.leader],
            "dealer": self.names[self.players.dealer],
            "out": self.names[self.players.sitting_out],
        }


class GinRotation(Gin):
    """Gin for three at a table, the loser of a hand sitting out (RULES.md 2.1, 1)."""

    table_kind = Event.TableKind.ROTATION
    players_per_table = 3
    tally_others = "opponents"
    seats_by_earlier_hands = True

    def evaluate(self, game: Game, data: Mapping[str, Any], profile) -> Scored:
        number = data.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise ServiceError(_("The entry could not be read."))
        players = hand_players(game, number)
        knocker = data.get("knocker")
        kind = data.get("kind")
        if kind in ("knock", "gin") and knocker not in players.playing:
            raise ServiceError(
                _("Say who knocked."),
                {"knocker": [_("Choose who knocked or went gin.")]},
            )
        defender = players.dealer if knocker == players.leader else players.leader
        scored = gin_hand({**data, "knocker": 0}, profile)
        points = [0] * SIDES
        if scored.hand is not None:
            points[knocker], points[defender] = scored.points
        details = {
            **scored.details,
            "players": list(players.playing),
            "sitting_out": players.sitting_out,
        }
        if scored.hand is not None:
            details["knocker"] = knocker
        return Scored(tuple(points), details, hand=scored.hand, cards=scored.cards)

    def row_note(self, details: Mapping[str, Any]) -> str:
        out = details.get("sitting_out")
        if out not in range(SIDES):
            return ""
        return _("%(side)s sits out") % {"side": side_label(out)}

    def later_hands(self, game: Game, number: int, points: list[int]) -> list[LaterHand]:
        seating = _rotation_after(game, number, points)
        if seating is None:
            return []
        names = [side.names for side in sides_of(game)]
        changes: list[LaterHand] = []
        later = _later_entries(game, number)
        for index, entry in enumerate(later):
            players = _players(seating)
            playing = list(players.playing)
            details = dict(entry.details or {})
            winner = _winner(list(entry.points))
            seen = (names[players.leader], names[players.dealer])
            if winner == players.sitting_out:
                out = names[players.sitting_out]
                changes.append(LaterHand(entry, seen, out, None))
                changes += [LaterHand(rest, seen, out, None) for rest in later[index + 1 :]]
                break
            if details.get("players") != playing or details.get("sitting_out") != (
                players.sitting_out
            ):
                details.update(players=playing, sitting_out=players.sitting_out)
                if "knocker" in details and details["knocker"] not in playing:
                    # An undercut: the defender won, so the knocker is the other one playing.
                    details["knocker"] = next(side for side in playing if side != winner)
                changes.append(LaterHand(entry, seen, names[players.sitting_out], details))
            seating = gin_three.three_player_next(seating, winner)
        return changes

    def entry_form(self, game: Game, data=None, *, sides: list, **kwargs) -> forms.Form:
        return RotationHandForm(game, data, sides=sides, rules=self, **kwargs)

    def target(self, profile, side_size: int) -> int:
        return profile.target

    def outcome(self, confirmed, profile, *, sides, side_size, kind, stopped) -> Outcome:
        hands = _counted([tuple(entry.points) for entry in confirmed], profile.target)
        score = gin_three.score_three_player_game(hands, profile)
        totals = tuple(score.totals)
        if kind == Event.RoundKind.GAME or score.finished:
            finished, winner = score.finished, score.winner
        else:
            finished = stopped
            winner = _leader(totals) if finished else None
        nets = tuple(score.net) if score.finished else _margins(totals)
        net = margin(totals, winner)
        return Outcome(totals, finished, winner, net, None, score, nets=nets)

    def sheet_part(self, result: Outcome, confirmed: list[Entry], profile) -> SheetPart:
        running = {}
        totals = [0] * SIDES
        for entry in confirmed:
            totals = [t + p for t, p in zip(totals, entry.points, strict=False)]
            running[entry.number] = (tuple(totals), ())
        score = result.gin_score
        payments = tuple(
            Settlement(side_label(p.payer), side_label(p.payee), p.amount) for p in score.payments
        )
        return SheetPart(
            running=running,
            totals=tuple(score.points),
            gin=RotationTotals(
                points=tuple(score.points),
                boxes=tuple(score.boxes),
                box_bonus=tuple(score.box_bonus),
                game_bonus=tuple(score.game_bonus),
                shutout_bonus=(0,) * SIDES,
                totals=tuple(score.totals),
                box_value=profile.box_bonus,
                payments=payments,
            ),
        )

    def sheet_rules(self, profile, side_size: int) -> dict[str, Any]:
        return super().sheet_rules(profile, 1)

    def printed_totals(self, hands: list[tuple[int, ...]], profile, side_size: int, sides: int):
        if not hands or sides != SIDES:
            return None
        score = gin_three.score_three_player_game(_counted(hands, profile.target), profile)
        totals = tuple(score.totals)
        return GinSheetTotals(
            boxes=tuple(score.box_bonus),
            game_bonus=tuple(score.game_bonus),
            shutout_bonus=(0,) * SIDES,  # paid by the player without points, not added
            totals=totals,
            finished=score.finished,
            net=margin(totals, score.winner),
        )


def _counted(hands: list[tuple[int, ...]], target: int) -> list[tuple[int, ...]]:
    """The hands up to the one in which a player reached the target, each in three columns.
    A hand won by the one who sat it out is never stored (a change of an earlier hand
    re-seats or sets aside the later ones); should one be, the count stops before it."""
    points = [0] * SIDES
    counted = []
    seating = gin_three.three_player_start()
    for hand in hands:
        hand = tuple(hand[:SIDES]) + (0,) * (SIDES - len(hand))
        winner = _winner(list(hand))
        if winner == seating.sitting_out:
            break
        counted.append(hand)
        seating = gin_three.three_player_next(seating, winner)
        points = [p + h for p, h in zip(points, hand, strict=True)]
        if max(points) >= target:
            break
    return counted


def _leader(totals: tuple[int, ...]) -> int | None:
    best = max(totals)
    return totals.index(best) if totals.count(best) == 1 else None


def _margins(totals: tuple[int, ...]) -> tuple[int, ...]:
    """Each player's plus/minus while nobody has reached the target (or a round stopped
    short of it): the payments of a game ended now, without the shutout, which only a
    player who reached the target collects."""
    payments = gin_three.settle_three(totals, totals, None, 0)
    net = [0] * SIDES
    for payment in payments:
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    return tuple(net)


# --- four or six at a table: two partnerships -------------------------------------------

GAME_FIELDS = ("kind", "knocker", "knocker_deadwood", "defender_deadwood")


def hand_pairs(game: Game, number: int, size: int) -> tuple[tuple[Seat, Seat], ...]:
    """Who plays whom in hand ``number``: partners move on to the next opponent after every
    hand (``scoring.gin_game.partnership_opponents``), side A's player first in each pair."""
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


class PartnershipHandForm(EntryForm):
    """A hand of partnership Gin: how each partner's game ended and both deadwoods."""

    entry_kind = "gin"
    fields_template = "tournaments/table/partials/gin_partnership_fields.html"
    preview_template = "tournaments/table/partials/gin_partnership_preview.html"
    side_totals = False

    def build(self) -> None:
        number = self.deal_number or 1
        # Each partner plays his own game every hand: as many games as partners a side.
        self.game_count = self.rules.players_per_side
        try:
            self.pairs = hand_pairs(self.game, number, self.game_count)
        except ServiceError:
            self.pairs = ()
        for index in range(self.game_count):
            names = [str(seat.player) for seat in self.pairs[index]] if self.pairs else ["", ""]
            prefix = f"g{index}_"
            self.fields[prefix + "kind"] = forms.ChoiceField(
                label=_("How did the hand end?"),
                choices=HAND_KINDS,
                initial="knock",
                widget=Radios(attrs={"data-kind": "radio"}),
            )
            self.fields[prefix + "knocker"] = forms.TypedChoiceField(
                label=_("Who knocked or went gin?"),
                coerce=int,
                required=False,
                empty_value=None,
                choices=list(enumerate(names)),
                widget=Radios(attrs={"data-kind": "radio"}),
            )
            for name, label in (
                ("knocker_deadwood", _("Knocker's deadwood")),
                ("defender_deadwood", _("Defender's deadwood (after laying off)")),
            ):
                self.fields[prefix + name] = BoundedIntegerField(
                    label=label,
                    min_value=0,
                    max_value=gin_game.MAX_DEADWOOD,
                    required=False,
                    widget=NumberPad(),
                )

    def games(self) -> list[dict[str, Any]]:
        """Each partner's game: its players and its fields, for the template."""
        return [
            {
                "players": self.pairs[index] if self.pairs else (),
                "fields": [self[f"g{index}_{name}"] for name in GAME_FIELDS],
            }
            for index in range(self.game_count)
        ]

    def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
        initial = {}
        for index, played in enumerate(details.get("games", ())):
            for name in GAME_FIELDS:
                initial[f"g{index}_{name}"] = played.get(name)
        return initial

    def entry_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "number": self.deal_number,
            "games": [
                {name: data.get(f"g{index}_{name}") for name in GAME_FIELDS}
                for index in range(self.game_count)
            ],
        }


class GinPartnership(Gin):
    """Gin for four at a table: two partnerships of two, each partner playing his own game
    (RULES.md 2.2); a hand adds both games up for each partnership, plus the box."""

    table_kind = Event.TableKind.PARTNERSHIP
    players_per_table = 4
    players_per_side = 2
    tally_others = "partner"

    def evaluate(self, game: Game, data: Mapping[str, Any], profile) -> Scored:
        played = data.get("games")
        if not isinstance(played, list | tuple) or len(played) != self.players_per_side:
            raise ServiceError(_("The entry could not be read."))
        results, games, field_errors = [], [], {}
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
            pairs = hand_pairs(game, number, self.players_per_side)
            for one, (a, b) in zip(games, pairs, strict=True):
                one["players"] = [a.player_id, b.player_id]
        points = gin_game.partnership_hand(results)
        return Scored(points, {"mode": "partnership", "games": games})

    def entered(self, details: Mapping[str, Any], sides: list) -> list[str]:
        players = {seat.player_id: seat.player for side in sides for seat in side.seats}
        lines = []
        for one in details.get("games", ()):
            pair = [str(players.get(pk, "?")) for pk in one.get("players", ())]
            head = " – ".join(pair)
            knocker = one.get("knocker")
            scorer = dict(enumerate(pair)).get(knocker, "")
            label = dict(HAND_KINDS).get(one.get("kind"), "")
            parts = [
                head,
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
            lines.append(" · ".join(str(part) for part in parts))
        return lines

    def entry_form(self, game: Game, data=None, *, sides: list, **kwargs) -> forms.Form:
        return PartnershipHandForm(game, data, sides=sides, rules=self, **kwargs)


# --- three at a table: chouette ---------------------------------------------------------


@dataclass(frozen=True)
class ChouetteHand:
    """Who plays a chouette hand: the lone player (side A's seat) against one of the two
    partners (side B's seats), the other partner sitting out to advise; who deals."""

    lone: Seat
    partner: Seat
    sitting_out: Seat
    dealer: Seat


def _chouette_seats(game: Game) -> tuple[Seat, Seat, Seat]:
    sides = sides_of(game)
    if len(sides) != 2 or len(sides[0].seats) != 1 or len(sides[1].seats) != 2:
        raise ServiceError(_("A chouette needs one player alone against two partners."))
    return (sides[0].seats[0], *sides[1].seats)


def chouette_hand(game: Game, number: int) -> ChouetteHand:
    """Who plays hand ``number``: the partner who deals first plays until he loses a hand,
    then the other takes over (``scoring.gin_three.chouette_next``), over the hands before
    it as entered (a confirmed version, else the pending one)."""
    seats = _chouette_seats(game)
    current = _current_points(game, number)
    seating = gin_three.chouette_start()
    for before in range(1, number):
        if before not in current:
            raise ServiceError(
                _("Enter hand %(number)s first: it decides who plays the next.")
                % {"number": before}
            )
        seating = gin_three.chouette_next(seating, (current[before] + [0, 0])[:2])
    return _chouette_of(seats, seating)


def _chouette_of(
    seats: tuple[Seat, Seat, Seat], seating: gin_three.ChouetteSeating
) -> ChouetteHand:
    return ChouetteHand(
        lone=seats[seating.lone],
        partner=seats[seating.partner],
        sitting_out=seats[seating.sitting_out],
        dealer=seats[seating.dealer],
    )


class ChouetteHandForm(NamedHandForm):
    """A chouette hand: the lone player (side A) against the partner playing for side B."""

    def hand_at(self, number: int) -> ChouetteHand:
        return chouette_hand(self.game, number)

    def show_hand(self, hand: ChouetteHand | None) -> None:
        self.hand = hand
        if hand is not None:
            self.fields["knocker"].choices = [
                (0, str(hand.lone.player)),
                (1, str(hand.partner.player)),
            ]

    def who_plays(self) -> dict[str, str] | None:
        if self.hand is None:
            return None
        hand = self.hand
        leader = hand.partner if hand.dealer == hand.lone else hand.lone
        return {
            "leader": str(leader.player),
            "dealer": str(hand.dealer.player),
            "out": str(hand.sitting_out.player),
        }


class GinChouette(Gin):
    """Gin for three as a chouette: one plays alone against two partners who share a
    column, taking turns at the table (RULES.md 2.1, 2); the game goes to the usual target,
    and the lone player wins or pays the margin to each partner."""

    table_kind = Event.TableKind.CHOUETTE
    players_per_table = 3
    tally_others = "opponents"
    seats_by_earlier_hands = True

    def table_sides(self, players: list) -> list[list]:
        """The highest card plays alone; the other two are partners, the higher one first."""
        return [players[:1], players[1:]]

    def target(self, profile, side_size: int) -> int:
        return profile.target

    def evaluate(self, game: Game, data: Mapping[str, Any], profile) -> Scored:
        number = data.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise ServiceError(_("The entry could not be read."))
        hand = chouette_hand(game, number)
        scored = gin_hand(data, profile)
        details = {
            **scored.details,
            "partner": str(hand.partner.player),
            "sitting_out": str(hand.sitting_out.player),
            "partner_player": hand.partner.player_id,
        }
        return Scored(scored.points, details, hand=scored.hand, cards=scored.cards)

    def later_hands(self, game: Game, number: int, points: list[int]) -> list[LaterHand]:
        try:
            seats = _chouette_seats(game)
        except ServiceError:
            return []
        current = _current_points(game, number)
        if any(before not in current for before in range(1, number)):
            return []
        seating = gin_three.chouette_start()
        for hand in [*(current[before] for before in range(1, number)), points]:
            seating = gin_three.chouette_next(seating, (list(hand) + [0, 0])[:2])
        changes = []
        for entry in _later_entries(game, number):
            hand = _chouette_of(seats, seating)
            partner, out = str(hand.partner.player), str(hand.sitting_out.player)
            details = dict(entry.details or {})
            # By the player where the hand says so: a player renamed since changes no seat.
            if "partner_player" in details:
                moved = details["partner_player"] != hand.partner.player_id
            else:
                moved = details.get("partner") != partner
            if moved:
                details.update(
                    partner=partner, sitting_out=out, partner_player=hand.partner.player_id
                )
                players = (str(hand.lone.player), partner)
                changes.append(LaterHand(entry, players, out, details))
            seating = gin_three.chouette_next(seating, (list(entry.points) + [0, 0])[:2])
        return changes

    def row_note(self, details: Mapping[str, Any]) -> str:
        partner = details.get("partner")
        if not isinstance(partner, str):
            return ""
        return _("%(side)s: %(player)s") % {"side": side_label(1), "player": partner[:40]}

    def entry_form(self, game: Game, data=None, *, sides: list, **kwargs) -> forms.Form:
        return ChouetteHandForm(game, data, sides=sides, rules=self, **kwargs)

    def sheet_part(self, result: Outcome, confirmed: list[Entry], profile) -> SheetPart:
        # A round holds one game at a table (it ends at the target), so the rule of who plays
        # alone in the next game (``gin_three.chouette_next_game``) has no next game to seat.
        note = _(
            "This round is one chouette game. The next round seats its tables by the draw "
            "again, not by who won the last hand."
        )
        return replace(super().sheet_part(result, confirmed, profile), note=note)

    def outcome(self, confirmed, profile, *, sides, side_size, kind, stopped) -> Outcome:
        result = super().outcome(
            confirmed, profile, sides=sides, side_size=1, kind=kind, stopped=stopped
        )
        lone, partners = result.totals
        if result.finished:
            ahead = {0: result.net, 1: -result.net}.get(result.winner, 0)
        else:
            ahead = lone - partners
        # The lone player settles the margin with each partner: twice what one partner does.
        return replace(result, nets=(2 * ahead, -ahead))


class GinSixPartnership(GinPartnership):
    """Gin for six at a table: two partnerships of three, each partner playing his own game
    every hand, to the six-player target (RULES.md 2.2)."""

    table_kind = Event.TableKind.PARTNERSHIP_SIX
    players_per_table = 6
    players_per_side = 3
