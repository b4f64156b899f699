"""What a table enters for one deal (Canasta) or hand (Gin), scored by the engines.

``evaluate(game, data)`` turns the submitted ``data`` into each side's points and
the ``details`` an ``Entry`` keeps, or raises ``ServiceError`` whose
``field_errors`` name the form fields the engine's problems concern. The entry
forms and the entry services both call it, so a deal is checked by exactly one
piece of code. Field names: ``s<side>_<SideDeal field>`` and ``s<side>_total``
(Canasta), ``kind``, ``knocker``, ``knocker_deadwood``, ``defender_deadwood``,
``knocker_cards``, ``defender_cards`` (Gin); ``__all__`` for the whole entry.
"""

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from meldcore.messages import DomainError, Problem
from scoring import canasta
from tournaments.models import Event, Game, Seat
from tournaments.services.errors import ServiceError
from tournaments.services.profiles import event_profile

SIDE_FIELDS = tuple(f.name for f in dataclasses.fields(canasta.SideDeal))
GIN_KINDS = ("knock", "gin", "no_game")
NON_FIELD = "__all__"


@dataclass(frozen=True)
class Scored:
    """A valid entry: points per side, what to store, and what the preview shows."""

    points: tuple[int, ...]
    details: dict[str, Any]
    parts: tuple[Any, ...] = ()  # Canasta: scoring.canasta.SideScore per side
    hand: Any = None  # Gin: scoring.gin.HandScore (None for a no game)
    cards: dict[str, Any] = field(default_factory=dict)  # Gin card mode: melds, deadwood, discard


def deal_name(game: Game, number: Any, *, start: bool = False) -> str:
    """ "deal 3" (Canasta) or "hand 3" (Gin); ``start`` for the beginning of a sentence."""
    if game.round.event.game == Event.Game.GIN:
        name = _("hand %(number)s") % {"number": number}
    else:
        name = _("deal %(number)s") % {"number": number}
    return capfirst(name) if start else name


def seats_prefetch() -> Prefetch:
    """Load a game's seats with their players once (``prefetch_related``): every helper
    here, the entry forms and the score pad then read them without another query."""
    return Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))


def seats_of(game: Game) -> list[Seat]:
    """The game's seats by position with their players: the prefetched ones if loaded."""
    if "seats" in getattr(game, "_prefetched_objects_cache", {}):
        return sorted(game.seats.all(), key=lambda seat: seat.position)
    return list(game.seats.select_related("player").order_by("position"))


def side_count(game: Game) -> int:
    sides = {seat.side for seat in game.seats.all()}
    return max(2, len(sides))


def side_sizes(game: Game) -> tuple[int, ...]:
    sizes = [0] * side_count(game)
    for seat in game.seats.all():
        sizes[seat.side] += 1
    return tuple(sizes)


def evaluate(game: Game, data: Mapping[str, Any], *, profile=None) -> Scored:
    event = game.round.event
    profile = profile or event_profile(event)
    if not isinstance(data, Mapping):
        raise ServiceError(_("The entry could not be read."))
    if event.game == Event.Game.CANASTA:
        if "totals" in data:
            return _canasta_totals(data["totals"], profile, side_count(game))
        return _canasta_deal(data.get("sides"), profile, side_count(game))
    return _gin_hand(data, profile)


# --- Canasta -------------------------------------------------------------------


def field_key(problem: Problem) -> str:
    """The form field a problem concerns: ``s0_melded_points``, or ``__all__``."""
    side = problem.params.get("side_index") if isinstance(problem.params, Mapping) else None
    if problem.field and side is not None:
        return f"s{side}_{problem.field}"
    return NON_FIELD


def problems_error(problems: list[Problem], key=field_key) -> ServiceError:
    field_errors: dict[str, list[str]] = {}
    concerns: list[str] = []
    for problem in problems:
        name = key(problem)
        field_errors.setdefault(name, []).append(problem.translated(_))
        if name == NON_FIELD and problem.field and problem.field not in concerns:
            concerns.append(problem.field)
    return ServiceError(
        _("This cannot be right: see the marked fields."), field_errors, tuple(concerns)
    )


def _canasta_deal(sides: Any, profile, count: int) -> Scored:
    if not isinstance(sides, list | tuple) or len(sides) != count:
        raise ServiceError(_("Enter the deal for each of the %(count)s sides.") % {"count": count})
    entries = []
    for side in sides:
        if not isinstance(side, Mapping) or set(side) - set(SIDE_FIELDS):
            raise ServiceError(_("The entry could not be read."))
        entries.append(canasta.SideDeal(**side))
    try:
        parts = canasta.score_parts(entries, profile)
    except canasta.InvalidDeal as error:
        raise problems_error(error.problems) from None
    details = {"mode": "deal", "sides": [dataclasses.asdict(entry) for entry in entries]}
    return Scored(points=tuple(part.total for part in parts), details=details, parts=parts)


def deal_bounds(profile) -> tuple[int, int]:
    """The least and the most one side can score in one deal under ``profile``.

    Generous on purpose (every canasta the deck allows, all red threes, the best
    going out; the minus side adds all the cards, every red three in hand and
    1000 of penalties): it catches typing slips, not unlikely deals.
    """
    bonuses = [
        profile.natural_canasta_bonus,
        profile.mixed_canasta_bonus,
        profile.hand_canasta_bonus or 0,
        profile.joker_canasta_bonus or 0,
        profile.joker_hand_canasta_bonus or 0,
    ]
    canastas = profile.cards_besides_red_threes // 7
    red = max(profile.red_three_score(n) for n in range(profile.red_threes_in_deck + 1))
    going_out = max(
        profile.going_out_bonus,
        profile.concealed_going_out_bonus or 0,
        profile.hand_canasta_going_out_bonus or 0,
    )
    best = (
        profile.deck_points
        + canastas * (max(bonuses) + profile.concealed_canasta_bonus)
        + red
        + going_out
    )
    if profile.rheinisch:
        best *= 2
    worst = (
        2 * profile.deck_points
        + red
        + profile.red_threes_in_deck * profile.red_three_in_hand_penalty
        + 1000
    )
    return -_round5(worst), _round5(best)


def _round5(value: int) -> int:
    return (value + 4) // 5 * 5


def _canasta_totals(totals: Any, profile, count: int) -> Scored:
    if not isinstance(totals, list | tuple) or len(totals) != count:
        raise ServiceError(_("Enter the deal for each of the %(count)s sides.") % {"count": count})
    low, high = deal_bounds(profile)
    field_errors: dict[str, list[str]] = {}
    for index, value in enumerate(totals):
        key = f"s{index}_total"
        if not isinstance(value, int) or isinstance(value, bool):
            field_errors[key] = [_("Enter a whole number.")]
        elif value % 5:
            field_errors[key] = [
                _(
                    "A deal's score is a multiple of 5 (every card counts 5, 10, 20 or 50), not %(value)s."
                )
                % {"value": value}
            ]
        elif not low <= value <= high:
            field_errors[key] = [
                _("One side cannot score %(value)s in a deal: between %(low)s and %(high)s.")
                % {"value": value, "low": low, "high": high}
            ]
    if field_errors:
        raise ServiceError(_("This cannot be right: see the marked fields."), field_errors)
    return Scored(points=tuple(totals), details={"mode": "totals", "totals": list(totals)})


def went_out(details: Mapping[str, Any]) -> int | None:
    """The side that went out in a stored Canasta deal (None for totals only or nobody)."""
    for index, side in enumerate(details.get("sides") or ()):
        if side.get("going_out", "none") != "none":
            return index
    return None


# --- Gin -----------------------------------------------------------------------


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


GIN_FIELDS = (
    "kind",
    "knocker",
    "knocker_deadwood",
    "defender_deadwood",
    "knocker_cards",
    "defender_cards",
)
_GIN_FIELD_OF = {"gin": "kind", "cards": "knocker_cards"}


_CARD_FIELD_OF = {
    **_GIN_FIELD_OF,
    "knocker_deadwood": "knocker_cards",
    "defender_deadwood": "defender_cards",
}


def _hand_error(error: DomainError, default_field: str, fields=_GIN_FIELD_OF) -> ServiceError:
    def key(problem: Problem) -> str:
        name = fields.get(problem.field or "", problem.field)
        return name if name in GIN_FIELDS else default_field

    return problems_error(error.problems, key=key)


def _gin_hand(data: Mapping[str, Any], profile) -> Scored:
    from scoring import gin

    kind = data.get("kind")
    if kind not in GIN_KINDS:
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
        return _gin_cards(data, kind, knocker, profile)
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
    if field_errors:
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
    return Scored(points=_hand_points(hand, knocker), details=_with_hand(details, hand), hand=hand)


def _hand_points(hand, knocker: int) -> tuple[int, int]:
    return hand.as_pair(knocker)


def _with_hand(details: dict[str, Any], hand) -> dict[str, Any]:
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


def _gin_cards(data: Mapping[str, Any], kind: str, knocker: int, profile) -> Scored:
    from scoring import gin
    from scoring.cards import parse_cards

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
    knocker_cards = hands["knocker_cards"]
    discard = None
    if len(knocker_cards) == 11:
        _deadwood, discard = gin.knock_deadwood(knocker_cards)
        knocker_cards = tuple(card for card in knocker_cards if card != discard)
    arrangement = gin.best_arrangement(knocker_cards)
    is_gin = arrangement.deadwood_points == 0
    if kind == "gin" and not is_gin:
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
    if is_gin:
        defender_deadwood = gin.min_deadwood(defender)
    else:
        defender_deadwood = gin.layoff_deadwood(arrangement.melds, defender)
    try:
        hand = gin.score_hand(
            arrangement.deadwood_points, defender_deadwood, gin=is_gin, profile=profile
        )
    except gin.InvalidHand as error:
        raise _hand_error(error, "knocker_cards", _CARD_FIELD_OF) from None
    cards = {
        "knocker_melds": [[str(c) for c in meld] for meld in arrangement.melds],
        "knocker_deadwood_cards": [str(c) for c in arrangement.deadwood],
        "discard": str(discard) if discard else None,
        "defender_arrangement": _arranged(gin, defender),
    }
    details = {
        "mode": "cards",
        "kind": "gin" if is_gin else "knock",
        "knocker": knocker,
        "knocker_deadwood": arrangement.deadwood_points,
        "defender_deadwood": defender_deadwood,
        "knocker_cards": [str(c) for c in hands["knocker_cards"]],
        "defender_cards": [str(c) for c in defender],
        **cards,
    }
    return Scored(
        points=_hand_points(hand, knocker),
        details=_with_hand(details, hand),
        hand=hand,
        cards=cards,
    )


def _arranged(gin, cards) -> dict[str, Any]:
    arrangement = gin.best_arrangement(cards)
    return {
        "melds": [[str(c) for c in meld] for meld in arrangement.melds],
        "deadwood": [str(c) for c in arrangement.deadwood],
        "points": arrangement.deadwood_points,
    }
