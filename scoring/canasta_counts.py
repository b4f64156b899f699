"""A Canasta deal entered by card counts: how many cards of each kind a side melded
and held (RULES.md 1.1), from which Meld derives its melded and hand points.

``counted_sides`` checks the counts (whole numbers; both sides together within
what the profile's deck holds of each kind; enough melded cards, natural cards and
wild cards for the side's canastas; melds the rules allow: black threes three or
four, only by the side going out, and the side's other melds together at least
three cards, two natural cards among them, with wild cards never outnumbering them
where the profile says so) and gives each side's ``SideDeal`` with the derived
points, which ``scoring.canasta.score_parts`` then scores like any other entry.
Counts cannot tell one meld from another: what is checked is what every meld the
rules allow adds up to (RULES.md 1.3, 1.7).
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from meldcore.messages import Problem, gettext_noop, shown
from scoring.canasta_entry import InvalidDeal, SideDeal, side_problem
from scoring.canasta_profiles import CARDS_IN_A_CANASTA, CanastaProfile, is_whole_number

# Red threes are bonus cards and are entered as such, never counted here.
CARD_POINTS: dict[str, int] = {
    "jokers": 50,
    "twos": 20,
    "aces": 20,
    "kings_to_eights": 10,
    "sevens_to_fours": 5,
    "black_threes": 5,
}
CARD_KINDS: tuple[str, ...] = tuple(CARD_POINTS)
CARDS_IN_A_MELD = 3
NATURALS_IN_A_MELD = 2
# Wild cards never outnumber the natural cards of a canasta, nor are more than three.
NATURALS_IN_A_MIXED_CANASTA = 4
BLACK_THREES_MELDED = (3, 4)
WILD_KINDS = ("jokers", "twos")
# One 52-card pack: four of a rank; K..8 are six ranks, 7..4 four; two black threes.
PER_PACK = {"twos": 4, "aces": 4, "kings_to_eights": 24, "sevens_to_fours": 16, "black_threes": 2}
# Where a side's cards are: the prefix of its fields (``melded_aces``, ``hand_aces``).
PLACES = ("melded", "hand")

_TOO_MANY = {
    "jokers": gettext_noop(
        "%(count)s jokers melded and in hand on all sides together, but the deck holds %(limit)s: %(over)s too many."
    ),
    "twos": gettext_noop(
        "%(count)s twos melded and in hand on all sides together, but the deck holds %(limit)s: %(over)s too many."
    ),
    "aces": gettext_noop(
        "%(count)s aces melded and in hand on all sides together, but the deck holds %(limit)s: %(over)s too many."
    ),
    "kings_to_eights": gettext_noop(
        "%(count)s cards from eight to king melded and in hand on all sides together, but the deck holds %(limit)s: %(over)s too many."
    ),
    "sevens_to_fours": gettext_noop(
        "%(count)s cards from four to seven melded and in hand on all sides together, but the deck holds %(limit)s: %(over)s too many."
    ),
    "black_threes": gettext_noop(
        "%(count)s black threes melded and in hand on all sides together, but the deck holds %(limit)s: %(over)s too many."
    ),
}


@dataclass(frozen=True)
class CardCounts:
    """How many cards of each kind: melded by a side, or left in its hands."""

    jokers: int = 0
    twos: int = 0
    aces: int = 0
    kings_to_eights: int = 0
    sevens_to_fours: int = 0
    black_threes: int = 0

    @property
    def points(self) -> int:
        return sum(getattr(self, kind) * value for kind, value in CARD_POINTS.items())

    @property
    def cards(self) -> int:
        return sum(getattr(self, kind) for kind in CARD_KINDS)

    @property
    def wild_cards(self) -> int:
        return sum(getattr(self, kind) for kind in WILD_KINDS)


@dataclass(frozen=True)
class CountedSide:
    """One side's deal by card counts. ``deal`` holds its canastas, red threes, going
    out and penalty; its melded and hand points are derived from the counts."""

    deal: SideDeal
    melded: CardCounts
    hand: CardCounts

    def counts(self, place: str) -> CardCounts:
        return self.melded if place == "melded" else self.hand


def count_field_name(place: str, kind: str) -> str:
    """The name of a count: ``melded_aces``, ``hand_jokers``."""
    return f"{place}_{kind}"


COUNT_FIELDS: tuple[str, ...] = tuple(
    count_field_name(place, kind) for place in PLACES for kind in CARD_KINDS
)


def deck_limits(profile: CanastaProfile) -> dict[str, int]:
    """How many cards of each kind the profile's deck holds (2 packs + 4 jokers: 4 jokers,
    8 twos, 8 aces, 48 from eight to king, 32 from four to seven, 4 black threes)."""
    return {"jokers": profile.jokers} | {
        kind: per_pack * profile.packs for kind, per_pack in PER_PACK.items()
    }


def _number_problems(index: int, side: CountedSide) -> list[Problem]:
    problems = []
    for place in PLACES:
        counts = side.counts(place)
        for kind in CARD_KINDS:
            value = getattr(counts, kind)
            if not is_whole_number(value) or value < 0:
                problems.append(
                    side_problem(
                        gettext_noop(
                            "Side %(side)s: a number of cards must be a whole number of 0 or more, not %(value)s."
                        ),
                        index,
                        count_field_name(place, kind),
                        value=shown(value),
                    )
                )
    return problems


def _deck_problems(sides: Sequence[CountedSide], profile: CanastaProfile) -> list[Problem]:
    problems = []
    for kind, limit in deck_limits(profile).items():
        held = [
            (getattr(side.counts(place), kind), index, place)
            for index, side in enumerate(sides)
            for place in PLACES
        ]
        count = sum(number for number, _, _ in held)
        if count > limit:
            # Shown at the count that holds the most of them: the likeliest slip.
            _, index, place = max(held, key=lambda item: item[0])
            problems.append(
                side_problem(
                    _TOO_MANY[kind],
                    index,
                    count_field_name(place, kind),
                    count=count,
                    limit=limit,
                    over=count - limit,
                )
            )
    return problems


def _naturals_problems(index: int, side: CountedSide) -> list[Problem]:
    """Seven natural cards for each natural canasta, four for each mixed one."""
    deal, naturals = side.deal, _naturals(side.melded)
    natural_needed = CARDS_IN_A_CANASTA * deal.natural_canastas
    mixed_needed = natural_needed + NATURALS_IN_A_MIXED_CANASTA * deal.mixed_canastas
    if naturals < natural_needed:
        template = gettext_noop(
            "Side %(side)s: its natural canastas need at least %(needed)s melded natural cards (seven each, no jokers, twos or threes), but %(cards)s are entered: %(missing)s too few."
        )
        field, needed = "natural_canastas", natural_needed
    elif naturals < mixed_needed:
        template = gettext_noop(
            "Side %(side)s: a mixed canasta holds at least four natural cards, so its canastas need at least %(needed)s melded natural cards (no jokers, twos or threes), but %(cards)s are entered: %(missing)s too few."
        )
        field, needed = "mixed_canastas", mixed_needed
    else:
        return []
    params = {"needed": needed, "cards": naturals, "missing": needed - naturals}
    return [side_problem(template, index, field, **params)]


def _canasta_problems(index: int, side: CountedSide) -> list[Problem]:
    """A canasta is seven cards or more; a natural one seven natural cards, a mixed one
    holds a wild card, a joker canasta seven (RULES.md 1.3, 1.4)."""
    problems = []
    deal, melded = side.deal, side.melded
    needed = CARDS_IN_A_CANASTA * deal.canastas
    if melded.cards < needed:
        problems.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s: its canastas need at least %(needed)s melded cards (seven each), but %(cards)s are entered: %(missing)s too few."
                ),
                index,
                "natural_canastas",
                needed=needed,
                cards=melded.cards,
                missing=needed - melded.cards,
            )
        )
    # Too few cards already says too few naturals: one message at the field, not two.
    if melded.cards >= needed:
        problems += _naturals_problems(index, side)
    wilds = deal.mixed_canastas + _joker_canasta_wilds(deal)
    if melded.wild_cards < wilds:
        problems.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s: its mixed and joker canastas need at least %(needed)s melded wild cards (jokers and twos), but %(cards)s are entered: %(missing)s too few."
                ),
                index,
                "melded_jokers",
                needed=wilds,
                cards=melded.wild_cards,
                missing=wilds - melded.wild_cards,
            )
        )
    return problems


def _naturals(melded: CardCounts) -> int:
    return melded.cards - melded.wild_cards - melded.black_threes


def _joker_canasta_wilds(deal: SideDeal) -> int:
    return CARDS_IN_A_CANASTA * (deal.joker_canastas + deal.joker_hand_canastas)


def _black_threes_problems(index: int, side: CountedSide) -> list[Problem]:
    """Black threes are melded only in going out, three or four of them (RULES.md 1.3)."""
    threes = side.melded.black_threes
    field = count_field_name("melded", "black_threes")
    if not threes:
        return []
    if side.deal.going_out == "none":
        template = gettext_noop(
            "Side %(side)s: black threes are melded only by the side that goes out, but this side did not go out."
        )
        return [side_problem(template, index, field)]
    if threes not in BLACK_THREES_MELDED:
        template = gettext_noop(
            "Side %(side)s: black threes are melded three or four together, not %(count)s."
        )
        return [side_problem(template, index, field, count=threes)]
    return []


def _meld_problems(index: int, side: CountedSide, profile: CanastaProfile) -> list[Problem]:
    """The side's melds other than black threes and joker canastas, added up: none, or at
    least three cards with two natural ones among them, and wild cards never more than the
    natural ones where the profile says so (wiener, 003)."""
    melded = side.melded
    naturals = _naturals(melded)
    wilds = melded.wild_cards - _joker_canasta_wilds(side.deal)
    if wilds < 0 or naturals + wilds == 0:  # too few wild cards is said at the canastas
        return []
    if naturals + wilds < CARDS_IN_A_MELD:
        # Said at the count that holds most of them: the likeliest slip.
        kind = max((k for k in CARD_KINDS if k != "black_threes"), key=lambda k: getattr(melded, k))
        template = gettext_noop(
            "Side %(side)s: a meld is at least three cards, but %(cards)s are entered as melded."
        )
        return [
            side_problem(template, index, count_field_name("melded", kind), cards=naturals + wilds)
        ]
    field = count_field_name("melded", "jokers")
    if naturals < NATURALS_IN_A_MELD:
        template = gettext_noop(
            "Side %(side)s: a meld needs at least two natural cards, but %(wilds)s wild cards are entered as melded with %(cards)s natural ones."
        )
        return [side_problem(template, index, field, wilds=wilds, cards=naturals)]
    if profile.wild_limit in ("wiener", "003") and wilds > naturals:
        template = gettext_noop(
            "Side %(side)s: in %(profile)s wild cards never outnumber natural cards in a meld, but %(wilds)s wild and %(cards)s natural cards are entered as melded (joker canastas aside)."
        )
        return [
            side_problem(template, index, field, profile=profile.name, wilds=wilds, cards=naturals)
        ]
    return []


def count_problems(sides: Sequence[CountedSide], profile: CanastaProfile) -> list[Problem]:
    """Everything that makes these counts impossible, each problem at its count."""
    problems = [p for index, side in enumerate(sides) for p in _number_problems(index, side)]
    if problems:
        return problems
    problems = _deck_problems(sides, profile)
    for index, side in enumerate(sides):
        problems += _black_threes_problems(index, side)
        if all(is_whole_number(value) for value in _canasta_numbers(side.deal)):
            # A canasta's own shortfall says enough: its melds are not added up as well.
            problems += _canasta_problems(index, side) or _meld_problems(index, side, profile)
    return problems


def _canasta_numbers(deal: SideDeal) -> tuple[Any, ...]:
    return (
        deal.natural_canastas,
        deal.mixed_canastas,
        deal.joker_canastas,
        deal.hand_canastas,
        deal.joker_hand_canastas,
    )


def counted_sides(sides: Sequence[CountedSide], profile: CanastaProfile) -> list[SideDeal]:
    """Each side's entry with its melded and hand points derived from its counts.

    Raises ``InvalidDeal`` with every problem of the counts; the rest of the entry is
    checked when it is scored.
    """
    problems = count_problems(sides, profile)
    if problems:
        raise InvalidDeal(problems)
    return [
        replace(side.deal, melded_points=side.melded.points, hand_points=side.hand.points)
        for side in sides
    ]
