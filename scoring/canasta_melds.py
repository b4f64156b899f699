"""The card calculator: card values and whether cards form a legal meld (RULES.md 1.1, 1.3, 1.7).

Cards are given in Meld's notation (``KS``, ``10H``, ``JK``; see ``scoring.cards``).
Every problem is reported at once in an ``InvalidMeld`` (a ``DomainError``).
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from meldcore.messages import DomainError, Problem, gettext_noop
from scoring.canasta_game import minimum_meld
from scoring.canasta_profiles import CARDS_IN_A_CANASTA, CanastaProfile
from scoring.cards import RANKS, Card, parse_card

MeldKind = Literal[
    "meld",
    "natural_canasta",
    "mixed_canasta",
    "joker_canasta",
    "hand_canasta",
    "joker_hand_canasta",
    "black_threes",
]
_BONUS_FIELD = {
    "natural_canasta": "natural_canasta_bonus",
    "mixed_canasta": "mixed_canasta_bonus",
    "joker_canasta": "joker_canasta_bonus",
    "hand_canasta": "hand_canasta_bonus",
    "joker_hand_canasta": "joker_hand_canasta_bonus",
}
THREE = 3


class InvalidMeld(DomainError):
    """Cards that do not make the meld asked for: ``.errors`` lists every reason."""


@dataclass(frozen=True)
class MeldCheck:
    """A legal meld: its cards, rank (0 for wild cards only), counts, card points and kind."""

    cards: tuple[Card, ...]
    rank: int
    naturals: int
    wilds: int
    points: int
    kind: MeldKind
    bonus: int

    @property
    def is_canasta(self) -> bool:
        return self.kind not in ("meld", "black_threes")


def is_wild(card: Card) -> bool:
    return card.is_joker or card.rank == 2


def is_red_three(card: Card) -> bool:
    return card.rank == THREE and card.is_red


def card_points(card: Card) -> int:
    """Card value in Canasta; a red three is a bonus card and has none (``ValueError``)."""
    if card.is_joker:
        return 50
    if is_red_three(card):
        raise ValueError("red threes are bonus cards and have no card value")
    if card.rank in (1, 2):
        return 20
    return 10 if card.rank >= 8 else 5


def _parse(cards: Any) -> tuple[list[Card], list[Problem]]:
    if isinstance(cards, str):
        tokens: Iterable[Any] = cards.replace(",", " ").split()
    elif isinstance(cards, Iterable):
        tokens = cards
    else:
        return [], [
            Problem(gettext_noop("Give the cards as a list such as KS KH 2C."), {}, field="cards")
        ]
    parsed: list[Card] = []
    bad: list[str] = []
    for token in tokens:
        try:
            parsed.append(parse_card(token, jokers=True))
        except ValueError:
            bad.append(str(token)[:20])
    if bad:
        return parsed, [
            Problem(
                gettext_noop("Not cards: %(tokens)s (write e.g. AS, TD, 10H, 7C or JK)."),
                {"tokens": ", ".join(bad)},
                field="cards",
            )
        ]
    return parsed, []


def meld_points(cards: Any) -> int:
    """Total card value of ``cards`` (RULES.md 1.1); red threes are refused, they are bonus cards."""
    parsed, problems = _parse(cards)
    if any(is_red_three(card) for card in parsed):
        problems.append(
            Problem(
                gettext_noop(
                    "Red threes have no card value: enter them as red threes, not as card points."
                ),
                {},
                field="cards",
            )
        )
    if problems:
        raise InvalidMeld(problems)
    return sum(card_points(card) for card in parsed)


def _deck_problems(cards: list[Card], profile: CanastaProfile) -> list[Problem]:
    found = []
    for card, count in sorted(Counter(cards).items()):
        most = profile.jokers if card.is_joker else profile.packs
        if count > most:
            found.append(
                Problem(
                    gettext_noop(
                        "The deck holds only %(most)s of %(card)s, but %(count)s were given."
                    ),
                    {"card": str(card), "most": most, "count": count},
                    field="cards",
                )
            )
    return found


def _wild_limit_problems(
    naturals: int, wilds: int, going_out: bool, profile: CanastaProfile
) -> list[Problem]:
    rule, name = profile.wild_limit, profile.name
    found: list[Problem] = []
    if rule == "house":
        if naturals < 3 and not (going_out and naturals == 2 and wilds == 1):
            found.append(
                Problem(
                    gettext_noop(
                        "In %(profile)s a meld needs three natural cards; two naturals and one wild card only when going out."
                    ),
                    {"profile": name},
                    field="cards",
                )
            )
        return found
    if naturals < 2:
        found.append(
            Problem(gettext_noop("A meld needs at least two natural cards."), {}, field="cards")
        )
    if rule in ("wiener", "003") and wilds > naturals >= 2:
        found.append(
            Problem(
                gettext_noop(
                    "In %(profile)s wild cards must never outnumber natural cards (here %(wilds)s wild, %(naturals)s natural)."
                ),
                {"profile": name, "wilds": wilds, "naturals": naturals},
                field="cards",
            )
        )
    if wilds > 3 and (rule != "classic" or naturals < 4):
        template = (
            gettext_noop(
                "More than three wild cards are allowed only on a completed canasta with at least four natural cards."
            )
            if rule == "classic"
            else gettext_noop(
                "In %(profile)s no meld, not even a canasta, may hold more than three wild cards."
            )
        )
        found.append(Problem(template, {"profile": name}, field="cards"))
    return found


def _wild_only(
    count: int, from_hand: bool, profile: CanastaProfile
) -> tuple[MeldKind | None, list[Problem]]:
    """A meld of wild cards only: legal solely as a joker canasta the profile allows."""
    joker, joker_hand = profile.joker_canasta_bonus, profile.joker_hand_canasta_bonus
    if joker is None and joker_hand is None:
        return None, [
            Problem(
                gettext_noop("A meld of wild cards only is not allowed in %(profile)s."),
                {"profile": profile.name},
                field="cards",
            )
        ]
    if count != CARDS_IN_A_CANASTA:
        return None, [
            Problem(
                gettext_noop(
                    "Wild cards alone make only a joker canasta, of exactly seven cards (not %(count)s)."
                ),
                {"count": count},
                field="cards",
            )
        ]
    if from_hand and joker_hand is not None:
        return "joker_hand_canasta", []
    if joker is None:
        return None, [
            Problem(
                gettext_noop("In %(profile)s a joker canasta must be laid at once from the hand."),
                {"profile": profile.name},
                field="cards",
            )
        ]
    return "joker_canasta", []


def _card_problems(
    parsed: list[Card], red_threes: int, ranks: list[int], profile: CanastaProfile
) -> list[Problem]:
    """Cards that make no meld at all: beyond the deck, too few, red threes, mixed ranks."""
    problems = _deck_problems(parsed, profile)
    if len(parsed) < 3:
        problems.append(
            Problem(
                gettext_noop("A meld needs at least three cards, not %(count)s."),
                {"count": len(parsed)},
                field="cards",
            )
        )
    if red_threes:
        problems.append(
            Problem(
                gettext_noop("Red threes are never melded: they are laid out on their own."),
                {},
                field="cards",
            )
        )
    if len(ranks) > 1:
        problems.append(
            Problem(
                gettext_noop(
                    "All natural cards of a meld must have the same rank; these have %(ranks)s."
                ),
                {"ranks": ", ".join(RANKS[r - 1] for r in ranks)},
                field="cards",
            )
        )
    return problems


def _black_threes_problems(threes: int, wilds: int, going_out: bool) -> list[Problem]:
    problems: list[Problem] = []
    if wilds:
        problems.append(
            Problem(gettext_noop("Threes are never melded with wild cards."), {}, field="cards")
        )
    if not going_out:
        problems.append(
            Problem(
                gettext_noop("Black threes may be melded only when going out."),
                {},
                field="cards",
            )
        )
    if threes > 4:
        problems.append(
            Problem(
                gettext_noop("Black threes are melded three or four at a time, not %(count)s."),
                {"count": threes},
                field="cards",
            )
        )
    return problems


def _meld_kind(
    parsed: list[Card],
    naturals: int,
    wilds: int,
    ranks: list[int],
    profile: CanastaProfile,
    going_out: bool,
    from_hand: bool,
) -> tuple[MeldKind | None, list[Problem]]:
    """What the cards would make, and why that meld is not allowed."""
    if ranks == [THREE]:
        return "black_threes", _black_threes_problems(naturals, wilds, going_out)
    if naturals:
        problems: list[Problem] = []
        if len(ranks) == 1 and len(parsed) >= 3:
            problems = _wild_limit_problems(naturals, wilds, going_out, profile)
        if len(parsed) < CARDS_IN_A_CANASTA:
            return "meld", problems
        if from_hand and profile.hand_canasta_bonus is not None:
            return "hand_canasta", problems
        return ("mixed_canasta" if wilds else "natural_canasta"), problems
    if wilds:
        return _wild_only(len(parsed), from_hand, profile)
    return None, []


def check_meld(
    cards: Any, profile: object, going_out: bool = False, *, from_hand: bool = False
) -> MeldCheck:
    """Whether ``cards`` form one legal meld under ``profile`` (RULES.md 1.3, 1.7): a
    ``CanastaProfile``; any other is refused (``InvalidMeld``).

    ``going_out``: the meld is laid while going out (black threes, the house
    two-naturals meld). ``from_hand``: the cards are laid at once from the hand
    (the house hand canastas). Returns a ``MeldCheck``; raises ``InvalidMeld``.
    """
    if not isinstance(profile, CanastaProfile):
        raise InvalidMeld(
            [
                Problem(
                    gettext_noop("The meld cannot be checked: no Canasta rule profile was given."),
                    {},
                )
            ]
        )
    parsed, problems = _parse(cards)
    if problems:
        raise InvalidMeld(problems)
    red_threes = sum(is_red_three(card) for card in parsed)
    naturals = [card for card in parsed if not is_wild(card) and not is_red_three(card)]
    wilds = len(parsed) - len(naturals) - red_threes
    ranks = sorted({card.rank for card in naturals})
    problems = _card_problems(parsed, red_threes, ranks, profile)
    kind, kind_problems = _meld_kind(
        parsed, len(naturals), wilds, ranks, profile, going_out, from_hand
    )
    problems += kind_problems
    if problems or kind is None:
        raise InvalidMeld(problems)
    bonus_field = _BONUS_FIELD.get(kind)
    bonus = getattr(profile, bonus_field) if bonus_field else 0
    return MeldCheck(
        cards=tuple(parsed),
        rank=ranks[0] if ranks else 0,
        naturals=len(naturals),
        wilds=wilds,
        points=sum(card_points(card) for card in parsed),
        kind=kind,
        bonus=bonus or 0,
    )


def check_initial_meld(
    melds: Sequence[Any],
    total: int,
    profile: CanastaProfile,
    *,
    going_out: bool = False,
    hand_canasta: bool = False,
) -> int:
    """Card points of a side's first melds, checked against its minimum at ``total`` (RULES.md 1.5).

    Bonuses never count toward the minimum; a hand canasta needs none. Returns
    the card points; raises ``InvalidMeld`` with every problem of every meld.
    """
    minimum = minimum_meld(total, profile)
    problems: list[Problem] = []
    points = 0
    for number, cards in enumerate(melds, start=1):
        try:
            points += check_meld(cards, profile, going_out=going_out, from_hand=hand_canasta).points
        except InvalidMeld as error:
            problems += [
                Problem(p.template, {**p.params, "meld": number}, field=f"melds.{number}")
                for p in error.problems
            ]
    if not problems and not hand_canasta and points < minimum:
        problems.append(
            Problem(
                gettext_noop(
                    "At a total of %(total)s the first meld needs %(minimum)s card points, but these melds hold only %(points)s (bonuses for canastas and red threes do not count)."
                ),
                {"total": total, "minimum": minimum, "points": points},
                field="melds",
            )
        )
    if problems:
        raise InvalidMeld(problems)
    return points
