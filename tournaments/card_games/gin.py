"""Gin Rummy: hands entered as how they ended and both deadwoods, or as both players'
cards (card mode), scored by ``scoring.gin``."""

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import zip_longest
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from meldcore.messages import DomainError, Problem
from scoring import gin
from scoring.cards import Card, parse_cards
from scoring.gin_profiles import GinProfile
from scoring.gin_three import ThreePlayerScore
from tournaments.card_games.base import CardGame, Outcome, SheetPart, leader, margin
from tournaments.card_games.entry import HAND_KINDS, EntryForm, GinHandForm
from tournaments.card_games.entry.gin import arranged
from tournaments.card_games.sheets import GinRules, Settlement
from tournaments.card_games.sides import Side
from tournaments.kernel.deal import Scored
from tournaments.kernel.errors import ServiceError, problems_error
from tournaments.models import Entry, Event, Game

KIND_KEYS = tuple(key for key, _label in HAND_KINDS)
SCORE_FIELDS = ("kind", "knocker", "knocker_deadwood", "defender_deadwood")
ENTRY_FIELDS = (*SCORE_FIELDS, "knocker_cards", "defender_cards")
_FIELD_OF = {"gin": "kind", "cards": "knocker_cards"}
_CARD_FIELD_OF = {
    **_FIELD_OF,
    "knocker_deadwood": "knocker_cards",
    "defender_deadwood": "defender_cards",
}


@dataclass(frozen=True)
class GinTotals:
    """A Gin game's bottom lines on the score pad."""

    points: tuple[int, ...]
    boxes: tuple[int, ...]
    box_bonus: tuple[int, ...]
    game_bonus: tuple[int, ...]
    shutout_bonus: tuple[int, ...]
    totals: tuple[int, ...]
    box_value: int
    payments: tuple[Settlement, ...] = ()  # a game of three once it is over: who pays whom

    @property
    def box_cells(self) -> list[tuple[int, int]]:
        return list(zip(self.boxes, self.box_bonus, strict=True))


# What a Gin game's outcome keeps for its pad: two sides' score, or a rotation's of three.
GinScore = gin.GameScore | ThreePlayerScore


class Gin(CardGame[GinProfile]):
    key = Event.CardGame.GIN
    table_kind = Event.TableKind.TWO
    default_scoring_mode = Event.ScoringMode.NET
    tally_others = "opponent"
    texts = {
        "deal": gettext_lazy("Hand"),
        "deal_column": gettext_lazy("hand"),
        "numbered": gettext_lazy("hand %(number)s"),
        "title": gettext_lazy("Hand %(number)s"),
        "change": gettext_lazy("Change hand %(number)s"),
        "confirm": gettext_lazy("Confirm hand %(number)s"),
        "send": gettext_lazy("Send hand %(number)s"),
        "answer_above": gettext_lazy("Answer hand %(number)s above"),
        "entered_here": gettext_lazy(
            "Hand %(number)s was entered on this phone: a player of the other side confirms it on their own phone."
        ),
        "disputed": gettext_lazy("Hand %(number)s is disputed"),
        "none_yet": gettext_lazy("No hand entered yet."),
        "correct_or_add": gettext_lazy("Correct or add a hand"),
        "played": ngettext_lazy("%(counter)s hand", "%(counter)s hands", "counter"),
        "per_round": ngettext_lazy("%(count)d hand", "%(count)d hands", "count"),
        "corrected": gettext_lazy("Hand %(number)d is corrected and counts now."),
        "settled": gettext_lazy("The dispute about hand %(number)d is settled."),
        "confirmed": ngettext_lazy(
            "%(counter)s hand confirmed", "%(counter)s hands confirmed", "counter"
        ),
        "numbered_of": gettext_lazy("hand %(number)s of %(total)s"),
        "title_of": gettext_lazy("Hand %(number)s of %(total)s"),
        "last_of_round": gettext_lazy("the last hand of this round"),
        "time_up": gettext_lazy("Time is up: finish the hand you are playing."),
        "finishing": gettext_lazy("time is up: finishing the hand it plays"),
        "time_last": gettext_lazy(
            "Time is up: hand %(number)s was the last one of this round; no new hand is started."
        ),
        "time_done": gettext_lazy("Time is up and your last hand is in: this table is done."),
        "saved_offline": gettext_lazy(
            "Hand %(number)s is saved on this phone and will be sent when the connection is back."
        ),
        "stored_for": gettext_lazy("Stored for hand %(number)s:"),
        "stored_twice": gettext_lazy(
            "Another phone stored this hand at the same moment: look at the score sheet."
        ),
        "over": gettext_lazy("This game is over: no more hands can be entered."),
        "only": gettext_lazy("A game of this round has %(count)s hands only."),
        "how_many": gettext_lazy("Enter how many hands a round has."),
        "enter_again": gettext_lazy("The entry is wrong: the table enters the hand again"),
        "end_with_confirmed": gettext_lazy("End this game with the confirmed hands"),
        "time_help": gettext_lazy("When the time is up, the hand being played is finished."),
        "round_lead": gettext_lazy(
            "In a round every table plays one game. Usually a game runs to the target "
            "(%(target)s points); for a shorter evening a round can end after a number of hands "
            "or after a time."
        ),
    }
    # The rules a director checks at a glance on the Rules step (services/pages/rule_summary.py).
    summary_rules = (
        "target",
        "box_bonus",
        "gin_bonus",
        "undercut_bonus",
        "game_bonus",
        "knock_limit",
    )
    name_lines = 1  # one against one: a single name per side
    # About the game bonus: every won game is that far ahead, so only a clearer win
    # counts for more in the rating (benchmarks/bench_ratings.py chose it).
    rating_margin = 100.0
    round_deals_label = gettext_lazy("Hands per round")
    round_deals_help = gettext_lazy("Only used when a round is a number of hands.")

    def __init__(self, tables: tuple["Gin", ...] = ()) -> None:
        # Three or more at a table play their own kind of Gin (``card_games/gin_tables/``).
        self.tables: dict[str, Gin] = {kind.table_kind: kind for kind in tables}

    def table_kinds(self) -> list[tuple[str, str]]:
        if not self.tables:
            return []
        return [(self.table_kind, str(Event.TableKind(self.table_kind).label))] + [
            (key, str(Event.TableKind(key).label)) for key in self.tables
        ]

    def for_event(self, event: Event) -> CardGame[GinProfile]:
        return self.tables.get(event.table_kind, self)

    def round_kinds(self) -> list[tuple[str, str]]:
        return [
            (Event.RoundKind.GAME, _("A full game to the target")),
            (Event.RoundKind.DEALS, _("A fixed number of hands")),
            (Event.RoundKind.TIME, _("A time limit, then the current hand is finished")),
        ]

    # --- an entry -----------------------------------------------------------------

    def evaluate(self, game: Game, data: Mapping[str, Any], profile: GinProfile) -> Scored:
        return gin_hand(data, profile)

    def entered(self, details: Mapping[str, Any], sides: list[Side]) -> list[str]:
        kind: str = details.get("kind", "")
        label = dict(HAND_KINDS).get(kind)
        if label is None or kind == "no_game":
            return [str(label)] if label else []
        knocker = details.get("knocker")
        who = sides[knocker].names if knocker in (0, 1) and knocker < len(sides) else ""
        parts = [f"{label}: {who}" if who else str(label)]
        if kind == "knock":
            knocker_deadwood = _("Knocker's deadwood")
            parts.append(f"{knocker_deadwood} {details.get('knocker_deadwood')}")
        defender_deadwood = _("Defender's deadwood (after laying off)")
        parts.append(f"{defender_deadwood} {details.get('defender_deadwood')}")
        if details.get("undercut"):
            parts.append(_("undercut"))
        return [" · ".join(parts), *tapped_lines(details)]

    def entry_form(
        self,
        game: Game,
        data: Mapping[str, Any] | None = None,
        *,
        sides: list[Side],
        **kwargs: Any,
    ) -> EntryForm:
        return GinHandForm(game, data, sides=sides, card_game=self, **kwargs)

    # --- a game -------------------------------------------------------------------

    def target(self, profile: GinProfile, side_size: int) -> int:
        """Partnerships (two or three players a side) play to more (RULES.md 2.2)."""
        if side_size == 2:
            return profile.target_four_players
        if side_size == 3:
            return profile.target_six_players
        return profile.target

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
        target = self.target(profile, side_size)
        hands = up_to_target([tuple(entry.points) for entry in confirmed], target)
        score = gin.score_game(hands, profile, target=target)
        totals = tuple(score.totals)
        if kind == Event.RoundKind.GAME or score.finished:
            finished, winner = score.finished, score.winner
            net = score.net if finished else 0
        else:
            finished = stopped
            winner = leader(totals) if finished else None
            net = margin(totals, winner)
        return Outcome(totals, finished, winner, net, None, score, counted=len(hands))

    def sheet_part(
        self,
        result: Outcome,
        confirmed: list[Entry],
        profile: GinProfile,
        names: Mapping[int, str] | None = None,
    ) -> SheetPart:
        running: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        totals = [0] * len(result.totals)
        for entry in confirmed:
            totals = [t + p for t, p in zip(totals, entry.points, strict=False)]
            running[entry.number] = (tuple(totals), ())
        pad = self.pad_totals(result, profile)
        return SheetPart(running=running, totals=pad.points, gin=pad)

    def pad_totals(self, result: Outcome, profile: GinProfile) -> GinTotals:
        """The pad's bottom lines of a game's score (``scoring.gin.GameScore``)."""
        score = result.gin_score
        if not isinstance(score, gin.GameScore):
            raise TypeError(f"Gin's pad counts a game of two sides, not {score!r}")
        return pad_totals(score, profile, shutout=tuple(score.shutout_bonus))

    # --- printing -----------------------------------------------------------------

    def sheet_rules(self, profile: GinProfile, side_size: int) -> dict[str, Any]:
        rules = GinRules(
            target=self.target(profile, side_size),
            box_bonus=profile.box_bonus,
            game_bonus=profile.game_bonus,
            shutout_bonus=profile.shutout_bonus,
        )
        return {"gin": rules}


def pad_totals(score: GinScore, profile: GinProfile, *, shutout: tuple[int, ...]) -> GinTotals:
    """The pad's bottom lines from a game's points, boxes and bonuses, and the shutout bonus
    as the game adds it."""
    return GinTotals(
        points=tuple(score.points),
        boxes=tuple(score.boxes),
        box_bonus=tuple(score.box_bonus),
        game_bonus=tuple(score.game_bonus),
        shutout_bonus=shutout,
        totals=tuple(score.totals),
        box_value=profile.box_bonus,
    )


def up_to_target(hands: list[tuple[int, ...]], target: int) -> list[tuple[int, ...]]:
    """The hands up to the one that reached the target (later ones do not count); hands of
    as many columns as the game has sides."""
    points: list[int] = []
    for index, hand in enumerate(hands):
        points = [p + h for p, h in zip_longest(points, hand, fillvalue=0)]
        if max(points) >= target:
            return hands[: index + 1]
    return hands


def _int_or_none(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def _hand_error(
    error: DomainError, default_field: str, fields: Mapping[str, str] = _FIELD_OF
) -> ServiceError:
    def key(problem: Problem) -> str:
        name = fields.get(problem.field or "", problem.field)
        return name if name in ENTRY_FIELDS else default_field

    return problems_error(error.problems, key=key)


def gin_hand(data: Mapping[str, Any], profile: GinProfile) -> Scored:
    kind = data.get("kind")
    if kind not in KIND_KEYS:
        raise ServiceError(
            _("Say how the hand ended."), {"kind": [_("Choose knock, gin or no game.")]}
        )
    if kind == "no_game":
        return Scored(points=(0, 0), details={"mode": "hand", "kind": "no_game"})
    knocker = _int_or_none(data.get("knocker"))
    if knocker not in (0, 1):
        raise ServiceError(
            _("Say who knocked."), {"knocker": [_("Choose who knocked or went gin.")]}
        )
    if data.get("mode") == "cards" or data.get("knocker_cards") or data.get("defender_cards"):
        return gin_cards(data, kind, knocker, profile)
    field_errors: dict[str, list[str]] = {}
    knocker_deadwood = 0 if kind == "gin" else _int_or_none(data.get("knocker_deadwood"))
    defender_deadwood = _int_or_none(data.get("defender_deadwood"))
    for name, value in (
        ("knocker_deadwood", knocker_deadwood),
        ("defender_deadwood", defender_deadwood),
    ):
        if value is None or value < 0:
            field_errors[name] = [_("Enter the deadwood points (0 or more).")]
        elif value > gin.MAX_DEADWOOD:
            field_errors[name] = [
                _("Ten cards hold at most %(most)s points of deadwood.")
                % {"most": gin.MAX_DEADWOOD}
            ]
    if field_errors or knocker_deadwood is None or defender_deadwood is None:
        raise ServiceError(_("This cannot be right: see the marked fields."), field_errors)
    try:
        hand = gin.score_hand(
            knocker_deadwood, defender_deadwood, gin=kind == "gin", profile=profile
        )
    except gin.InvalidHand as error:
        raise _hand_error(error, "knocker_deadwood") from None
    details = {
        "mode": "hand",
        "kind": kind,
        "knocker": knocker,
        "knocker_deadwood": knocker_deadwood,
        "defender_deadwood": defender_deadwood,
    }
    return Scored(points=hand.as_pair(knocker), details=_with_hand(details, hand), hand=hand)


def _with_hand(details: dict[str, Any], hand: gin.HandScore) -> dict[str, Any]:
    return {
        **details,
        "gin": bool(hand.gin),
        "undercut": bool(hand.undercut),
        "winner": hand.winner,
    }


def _cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list | tuple):
        return [str(card) for card in value]
    return []


def _tapped(data: Mapping[str, Any]) -> dict[str, Any]:
    """Both players' cards as tapped: the knocker's 10 (or 11 before the discard), the
    defender's 10, no card in both; refused naming the hand at fault."""
    field_errors: dict[str, list[str]] = {}
    hands = {}
    for name, sizes in (("knocker_cards", (10, 11)), ("defender_cards", (10,))):
        try:
            hands[name] = parse_cards(_cards(data.get(name)), unique=True)
        except ValueError as error:
            field_errors[name] = [str(error)]
            continue
        if len(hands[name]) not in sizes:
            field_errors[name] = [
                _("Tap %(sizes)s cards, not %(count)s.")
                % {"sizes": _(" or ").join(map(str, sizes)), "count": len(hands[name])}
            ]
    if not field_errors:
        both = sorted(set(hands["knocker_cards"]) & set(hands["defender_cards"]), key=str)
        if both:
            field_errors["defender_cards"] = [
                _("One pack has each card once: %(cards)s cannot be in both hands.")
                % {"cards": ", ".join(map(str, both))}
            ]
    if field_errors:
        raise ServiceError(_("This cannot be right: see the marked fields."), field_errors)
    return hands


def gin_cards(data: Mapping[str, Any], kind: str, knocker: int, profile: GinProfile) -> Scored:
    hands = _tapped(data)
    knocker_cards = hands["knocker_cards"]
    discard = None
    if len(knocker_cards) == 11:
        _deadwood, discard = gin.knock_deadwood(knocker_cards)
        knocker_cards = tuple(card for card in knocker_cards if card != discard)
    arrangement = gin.best_arrangement(knocker_cards)
    went_gin = arrangement.deadwood_points == 0
    if kind == "gin" and not went_gin:
        raise ServiceError(
            _("This cannot be right: see the marked fields."),
            {
                "knocker_cards": [
                    _("These cards are not gin: %(points)s points of deadwood remain.")
                    % {"points": arrangement.deadwood_points}
                ]
            },
        )
    defender = hands["defender_cards"]
    if went_gin:
        defender_deadwood = gin.min_deadwood(defender)
    else:
        defender_deadwood = gin.layoff_deadwood(arrangement.melds, defender)
    try:
        hand = gin.score_hand(
            arrangement.deadwood_points, defender_deadwood, gin=went_gin, profile=profile
        )
    except gin.InvalidHand as error:
        raise _hand_error(error, "knocker_cards", _CARD_FIELD_OF) from None
    cards = {
        "knocker_melds": [[str(c) for c in meld] for meld in arrangement.melds],
        "knocker_deadwood_cards": [str(c) for c in arrangement.deadwood],
        "discard": str(discard) if discard else None,
        "defender_arrangement": _arranged(defender),
    }
    details = {
        "mode": "cards",
        "kind": "gin" if went_gin else "knock",
        "knocker": knocker,
        "knocker_deadwood": arrangement.deadwood_points,
        "defender_deadwood": defender_deadwood,
        "knocker_cards": [str(c) for c in hands["knocker_cards"]],
        "defender_cards": [str(c) for c in defender],
        **cards,
    }
    return Scored(
        points=hand.as_pair(knocker),
        details=_with_hand(details, hand),
        hand=hand,
        cards=cards,
    )


def tapped_lines(details: Mapping[str, Any]) -> list[str]:
    """Card mode: both hands as the entering side tapped them, laid out as Meld found them, so
    that the other side checks the cards before it confirms, not only the deadwood they give.
    Nothing for a hand entered by its deadwood."""
    shown = arranged(details)
    if not shown:
        return []
    knocker_deadwood = shown["knocker_deadwood"] or "–"
    if shown["discard"]:
        discard = _("discard %(card)s") % {"card": shown["discard"]}
        knocker_deadwood = f"{knocker_deadwood} ({discard})"
    rows = (
        (_("Knocker's melds"), _melds(shown["knocker_melds"])),
        (_("Knocker's deadwood"), knocker_deadwood),
        (_("Defender's melds"), _melds(shown["defender_melds"])),
        (_("Defender's deadwood"), shown["defender_deadwood"]),
    )
    return [f"{label}: {cards or '–'}" for label, cards in rows]


def _melds(melds: list[str]) -> str:
    """Melds one after the other, each kept on one line of a narrow phone (no-break spaces)."""
    return " · ".join(meld.replace(" ", "\u00a0") for meld in melds)


def _arranged(cards: tuple[Card, ...]) -> dict[str, Any]:
    arrangement = gin.best_arrangement(cards)
    return {
        "melds": [[str(c) for c in meld] for meld in arrangement.melds],
        "deadwood": [str(c) for c in arrangement.deadwood],
        "points": arrangement.deadwood_points,
    }
