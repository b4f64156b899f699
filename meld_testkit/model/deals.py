"""The deals (hands) the model's players enter, each with the figures a phone types and the
points the rules give it (scored by the engines, RULES.md 1.4 and 2), and whether a game is
over (RULES.md 1.6 and 2)."""

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import fields as fields_of
from typing import Any

from scoring.canasta import InvalidDeal, SideDeal, score_deal
from scoring.canasta_counts import CardCounts, CountedSide, count_field_name, counted_sides
from scoring.canasta_game import game_result
from scoring.canasta_profiles import CanastaProfile
from scoring.gin_game import partnership_hand, partnership_target, score_game, score_hand
from scoring.profiles import CANASTA_PROFILES, GIN_PROFILES

WIENER = CANASTA_PROFILES["wiener"]
HOUSE = CANASTA_PROFILES["house"]
GIN = GIN_PROFILES["wiener"]


@dataclass(frozen=True)
class Deal:
    """What one phone types for a deal: the form's fields (without the deal's number and key)
    in an entry ``mode``, and the points each side scores by the rules."""

    # "totals" (each side's score), "deal" (points), "counts" (card counts), "hand" (Gin,
    # deadwood), "partners" (partnership Gin: each partner's game)
    mode: str
    fields: tuple[tuple[str, str], ...]
    points: tuple[int, ...]
    went_out: int | None = None

    def form(self) -> dict[str, str]:
        return dict(self.fields)


def _totals(first: int, second: int) -> Deal:
    return Deal("totals", (("s0_total", str(first)), ("s1_total", str(second))), (first, second))


def _totals_said_out(deal: Deal, out: int | None) -> Deal:
    """A deal typed as each side's score where the form also asks who went out (RULES.md
    1.6, ``house``): every side's answer is typed, as a changed deal's form comes filled."""
    asked = tuple((f"s{side}_going_out", "out" if side == out else "none") for side in (0, 1))
    return Deal("totals", deal.fields + asked, deal.points, out)


# Every field of a side as the phone's form has it under the Wiener rules, and what it holds
# when nothing is typed: a deal is typed over all of them, as a player overwrites a form.
SIDE_FIELDS = (
    ("natural_canastas", "0"),
    ("mixed_canastas", "0"),
    ("red_threes", "0"),
    ("red_threes_in_hand", "0"),
    ("going_out", "none"),
    ("melded_points", ""),
    ("hand_points", ""),
    ("penalty", "0"),
)


def _canasta(side_a: dict[str, Any], side_b: dict[str, Any], rules: CanastaProfile) -> Deal:
    """A deal typed as points: each side's canastas, red threes, going out and card points."""
    sides = (SideDeal(**side_a), SideDeal(**side_b))
    fields: list[tuple[str, str]] = []
    for index, side in enumerate((side_a, side_b)):
        for name, empty in SIDE_FIELDS:
            fields.append((f"s{index}_{name}", str(side.get(name, empty))))
    out = next((i for i, side in enumerate(sides) if side.going_out != "none"), None)
    return Deal("deal", tuple(fields), score_deal(*sides, rules), out)


def _gin(kind: str, knocker: int, knocker_deadwood: int, defender_deadwood: int) -> Deal:
    fields = (
        ("kind", kind),
        ("knocker", str(knocker)),
        ("knocker_deadwood", str(knocker_deadwood)),
        ("defender_deadwood", str(defender_deadwood)),
    )
    if kind == "no_game":
        empty = (("kind", "no_game"), ("knocker_deadwood", ""), ("defender_deadwood", ""))
        return Deal("hand", empty, (0, 0))
    hand = score_hand(knocker_deadwood, defender_deadwood, gin=kind == "gin", profile=GIN)
    return Deal("hand", fields, hand.as_pair(knocker))


def _counts(side_a: dict[str, Any], side_b: dict[str, Any], rules: CanastaProfile) -> Deal:
    """A deal typed as card counts: each side's canastas, red threes and going out, and how
    many cards of each kind it melded and held; the points follow (RULES.md 1.1, 1.4)."""
    fields: list[tuple[str, str]] = []
    counted = []
    for index, side in enumerate((side_a, side_b)):
        deal = {name: value for name, value in side.items() if name not in ("melded", "hand")}
        for name, empty in SIDE_FIELDS:
            if name not in ("melded_points", "hand_points"):
                fields.append((f"s{index}_{name}", str(deal.get(name, empty))))
        # Every count is typed, 0 where the deal has none of a kind: a changed deal's form
        # comes filled with the deal it replaces.
        for place in ("melded", "hand"):
            counts = side.get(place, {})
            for kind in (field.name for field in fields_of(CardCounts)):
                name = f"s{index}_{count_field_name(place, kind)}"
                fields.append((name, str(counts.get(kind, 0))))
        counted.append(
            CountedSide(
                SideDeal(**deal),
                CardCounts(**side.get("melded", {})),
                CardCounts(**side.get("hand", {})),
            )
        )
    sides = counted_sides(counted, rules)
    out = next((i for i, side in enumerate(sides) if side.going_out != "none"), None)
    return Deal("counts", tuple(fields), score_deal(sides[0], sides[1], rules), out)


TYPED: tuple[tuple[Any, dict[str, Any], dict[str, Any]], ...] = (
    (
        _canasta,
        {"natural_canastas": 1, "red_threes": 1, "going_out": "out", "melded_points": 120},
        {"melded_points": 60, "hand_points": 35},
    ),
    (
        _canasta,
        {"melded_points": 85, "hand_points": 40},
        {"natural_canastas": 2, "mixed_canastas": 1, "going_out": "out", "melded_points": 310},
    ),
    (
        _counts,
        {
            "natural_canastas": 1,
            "red_threes": 1,
            "going_out": "out",
            "melded": {"kings_to_eights": 7, "aces": 3},
        },
        {"melded": {"sevens_to_fours": 3, "kings_to_eights": 3}, "hand": {"aces": 1, "jokers": 1}},
    ),
    (
        _counts,
        {"melded": {"aces": 3}, "hand": {"kings_to_eights": 2}},
        {
            "mixed_canastas": 1,
            "going_out": "out",
            "melded": {"kings_to_eights": 6, "twos": 1, "sevens_to_fours": 3},
        },
    ),
)


TOTALS: tuple[Deal, ...] = (
    _totals(820, 25),
    _totals(1500, 300),
    _totals(2600, -100),
    _totals(-200, 1200),
    _totals(3300, 450),
)
# Under the house rules the quick form asks who went out: the side that scores more, the
# side that scores less, or nobody. Both sides pass 5000 in one deal (a deal no table
# scores, but within what one can; it makes the rule's case common) or in the second of
# two, and the side that went out wins with the lower total (RULES.md 1.6).
SAID_OUT = (
    (3300, 450, 0),
    (2600, 3300, 0),
    (5050, 5250, 0),
    (5250, 5050, 1),
    (450, 3300, None),
)


@functools.cache
def canasta_deals(rules: CanastaProfile) -> tuple[Deal, ...]:
    """The deals the model's phones type under ``rules``: each side's score, points and
    card counts, each scored by the rules (a deal the rules refuse is not typed)."""
    if rules.tie_rule == "went_out":
        quick = tuple(_totals_said_out(_totals(a, b), out) for a, b, out in SAID_OUT)
    else:
        quick = TOTALS
    typed = []
    for make, side_a, side_b in TYPED:
        try:
            typed.append(make(side_a, side_b, rules))
        except InvalidDeal:
            continue
    return quick + tuple(typed)


GIN_HANDS: tuple[Deal, ...] = (
    _gin("knock", 0, 4, 30),
    _gin("knock", 1, 2, 45),
    _gin("gin", 0, 0, 38),
    _gin("gin", 1, 0, 52),
    _gin("knock", 0, 9, 5),  # an undercut: the defender scores
    _gin("no_game", 0, 0, 0),
)


def _partners(first: Deal, second: Deal) -> Deal:
    """A hand of partnership Gin: each partner's game (``g0_``, ``g1_``), side A's player
    first in each; the hand is both results added up for side A (RULES.md 2.2)."""
    fields = tuple(
        (f"g{index}_{name}", value)
        for index, game in enumerate((first, second))
        for name, value in game.fields
    )
    results = [game.points[0] - game.points[1] for game in (first, second)]
    return Deal("partners", fields, partnership_hand(results))


GIN_PARTNERS: tuple[Deal, ...] = tuple(
    _partners(GIN_HANDS[first], GIN_HANDS[second])
    for first, second in ((0, 1), (2, 4), (3, 5), (1, 1), (2, 2), (5, 5))
)
PARTNERS_TARGET = partnership_target(4, GIN)


def canasta_over(
    counted: Sequence[Sequence[int]], went_out: Sequence[int | None], rules: CanastaProfile
) -> int | None:
    """How many of the confirmed deals (in order) make the game: the game ends with the deal
    in which a side reaches the target; None while no side has (RULES.md 1.6)."""
    totals = [0] * (len(counted[0]) if counted else 2)
    for index, (points, out) in enumerate(zip(counted, went_out, strict=True), start=1):
        totals = [total + value for total, value in zip(totals, points, strict=True)]
        if game_result(totals, rules, out).finished:
            return index
    return None


def gin_over(hands: Sequence[Sequence[int]], target: int | None = None) -> int | None:
    """How many hands make the game: it ends after the hand in which a player (or a
    partnership, to its own ``target``) reaches the target (RULES.md 2); None while nobody
    has."""
    for index in range(1, len(hands) + 1):
        if score_game(hands[:index], GIN, target=target).finished:
            return index
    return None


def gin_totals(hands: Sequence[Sequence[int]], target: int | None = None) -> tuple[int, int]:
    """Each side's total: hand points, boxes, and the game and shutout bonus once over."""
    return score_game(hands, GIN, target=target).totals
