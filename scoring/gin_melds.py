"""Gin Rummy melds (RULES.md 2): card values, least deadwood, knocking, lay-offs.

Cards become a hand mask (see ``scoring.gin_search``) on the way in, and the
search runs on masks only; a hand of ``Card`` objects or well-formed tokens
takes one dictionary lookup per card, anything else goes through
``parse_cards`` for its error message.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from meldcore.messages import DomainError, Problem, gettext_noop
from scoring.cards import SUITS, Card, parse_cards
from scoring.gin_search import RANK_BITS, SLOT, VALUES, arrange, knock, least_deadwood

CardLike = str | Card
CardsLike = str | Iterable[CardLike]


class InvalidHand(DomainError):
    """Cards, melds or hand scores that cannot occur under the Gin Rummy rules."""


_BIT: dict[object, int] = {}
_CARD_AT: dict[int, Card] = {}
for _k, _suit in enumerate(SUITS):
    for _rank in range(1, 14):
        _index = SLOT * _k + _rank - 1
        _CARD_AT[_index] = Card(_rank, _suit)
        _BIT[_CARD_AT[_index]] = _BIT[str(_CARD_AT[_index])] = 1 << _index
    _BIT["10" + _suit] = _BIT["T" + _suit]
_bit_of = _BIT.__getitem__


@dataclass(frozen=True)
class Arrangement:
    """A hand laid out: its melds, the cards left over and what those count."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int


def deadwood_value(card: CardLike) -> int:
    """What a card counts as deadwood: ace 1, pip cards their pips, faces 10."""
    return VALUES[(_hand_mask((card,)).bit_length() - 1) % SLOT]


def min_deadwood(cards: CardsLike) -> int:
    """The least deadwood of any number of distinct cards."""
    return least_deadwood(_hand_mask(cards))


def best_arrangement(cards: CardsLike) -> Arrangement:
    """Melds and deadwood of an arrangement with the least deadwood points."""
    mask = _hand_mask(cards)
    points, melds = arrange(mask)
    melded = sum(melds)
    return Arrangement(
        melds=tuple(sorted((_cards_of(meld) for meld in melds), key=_meld_order)),
        deadwood=tuple(sorted(_cards_of(mask ^ melded), key=_card_order)),
        deadwood_points=points,
    )


def knock_deadwood(cards: CardsLike) -> tuple[int, Card]:
    """Least deadwood of the knocker's 11 cards after the best discard, and that discard.

    Of equally good discards it names the same one whatever the order of the cards.
    """
    mask = _hand_mask(cards)
    if mask.bit_count() != 11:
        raise InvalidHand(
            [
                Problem(
                    gettext_noop(
                        "A knocking player holds 11 cards before the discard, not %(count)d."
                    ),
                    {"count": mask.bit_count()},
                    "cards",
                )
            ]
        )
    points, index = knock(mask)
    return points, _CARD_AT[index]


def layoff_deadwood(knocker_melds: Iterable[CardsLike], defender_cards: CardsLike) -> int:
    """The defender's least deadwood after melding and laying off on the knocker's melds.

    A lay-off is the fourth card of a three-card set or a card extending a run
    at either end, chained outwards; each card serves once, in the defender's
    own meld or as a lay-off, whichever leaves less deadwood.
    """
    runs, fourths, knocker = _knocker_targets(knocker_melds)
    defender = _hand_mask(defender_cards)
    if defender & knocker:
        raise InvalidHand(
            [
                Problem(
                    gettext_noop("%(cards)s cannot be in both players' hands."),
                    {"cards": " ".join(map(str, _cards_of(defender & knocker)))},
                    "defender_cards",
                )
            ]
        )
    per_suit = [
        _layoff_choices(
            runs >> shift & RANK_BITS,
            fourths >> shift & RANK_BITS,
            defender >> shift & RANK_BITS,
            shift,
        )
        for shift in range(0, 4 * SLOT, SLOT)
    ]
    best = least_deadwood(defender)
    for choice in product(*per_suit):
        laid = sum(choice)
        if laid:
            best = min(best, least_deadwood(defender - laid))
    return best


def _hand_mask(cards: CardsLike) -> int:
    """The hand as a mask (``scoring.gin_search``); bad or repeated cards raise InvalidHand."""
    if isinstance(cards, str):
        tokens: Sequence[CardLike] = cards.replace(",", " ").split()
    elif isinstance(cards, list | tuple):
        tokens = cards
    else:
        tokens = tuple(cards)
    try:
        mask = sum(map(_bit_of, tokens))
    except (KeyError, TypeError):
        return _parsed_mask(tokens)
    # A repeated card carries into a higher bit, so the mask has fewer bits than cards.
    if mask.bit_count() != len(tokens):
        return _parsed_mask(tokens)
    return mask


def _parsed_mask(tokens: Iterable[CardLike]) -> int:
    """The slow path for anything but well-formed cards: names every bad token."""
    strangers = [token for token in tokens if isinstance(token, Card) and token not in _BIT]
    if strangers:
        raise InvalidHand(
            [
                Problem(
                    gettext_noop("%(card)s is not a playing card."), {"card": repr(card)}, "cards"
                )
                for card in strangers
            ]
        )
    try:
        cards = parse_cards(tokens, unique=True)
    except ValueError as error:
        raise InvalidHand(
            [
                Problem(
                    gettext_noop("These are not cards of one pack: %(details)s"),
                    {"details": str(error)},
                    "cards",
                )
            ]
        ) from error
    return sum(map(_bit_of, cards))


def _cards_of(mask: int) -> tuple[Card, ...]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_CARD_AT[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def _card_order(card: Card) -> tuple[int, int]:
    return card.rank, SUITS.index(card.suit)


def _meld_order(meld: tuple[Card, ...]) -> tuple[int, int]:
    return _card_order(meld[0])


def _knocker_targets(knocker_melds: Iterable[CardsLike]) -> tuple[int, int, int]:
    """The knocker's runs, the missing fourth cards of his three-card sets, and all his cards."""
    runs = fourths = seen = 0
    problems = []
    for number, meld in enumerate(knocker_melds, 1):
        cards = _hand_mask(meld)
        shown = " ".join(map(str, _cards_of(cards)))
        if cards & seen:
            problems.append(
                Problem(
                    gettext_noop("Meld %(number)d (%(cards)s) repeats a card of another meld."),
                    {"number": number, "cards": shown},
                    "knocker_melds",
                )
            )
        seen |= cards
        ranks = (cards | cards >> 16 | cards >> 32 | cards >> 48) & RANK_BITS
        suit_slots = [cards >> shift & RANK_BITS for shift in range(0, 4 * SLOT, SLOT)]
        in_suits = [slot for slot in suit_slots if slot]
        if ranks.bit_count() == 1 and cards.bit_count() >= 3:
            if cards.bit_count() == 3:
                fourths |= (ranks | ranks << 16 | ranks << 32 | ranks << 48) ^ cards
        elif len(in_suits) == 1 and cards.bit_count() >= 3 and _is_run(in_suits[0]):
            runs |= cards
        else:
            problems.append(
                Problem(
                    gettext_noop("Meld %(number)d (%(cards)s) is neither a set nor a run."),
                    {"number": number, "cards": shown},
                    "knocker_melds",
                )
            )
    if problems:
        raise InvalidHand(problems)
    return runs, fourths, seen


def _is_run(ranks: int) -> bool:
    consecutive = ranks // (ranks & -ranks)
    return not consecutive & (consecutive + 1)


def _reach(seeds: int, within: int) -> int:
    """The cards of ``within`` joined to ``seeds`` by a chain of neighbouring ranks."""
    region, reached = seeds | within, seeds
    while True:
        grown = (reached | reached << 1 | reached >> 1) & region
        if grown == reached:
            return reached & within
        reached = grown


def _layoff_choices(runs: int, fourths: int, own: int, shift: int) -> list[int]:
    """Every set of the defender's cards of one suit he could lay off together.

    A card goes on a set as its fourth card, or on a run when every rank between
    it and the run is laid off too.
    """
    fourths &= own
    candidates = _reach(runs, own) | fourths
    choices = []
    laid = candidates
    while True:
        if not laid & ~fourths & ~_reach(runs, laid):
            choices.append(laid << shift)
        if not laid:
            return choices
        laid = (laid - 1) & candidates
