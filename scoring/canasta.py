"""Canasta scoring (RULES.md section 1): a deal's score per side, under a rule profile.

A deal is scored per side: canasta bonuses + red-three score + going-out bonus
+ melded card points - hand points - red threes left in hand - penalties, with
the house rule (melds minus without a canasta) and the rheinisch doubling.
Entries are validated first (``scoring.canasta_checks``); an impossible deal
raises ``InvalidDeal`` listing every problem, never any other exception.

This module is the public face of the Canasta engine: it re-exports the card
calculator (``scoring.canasta_melds``), the game helpers
(``scoring.canasta_game``) and the deal by card counts (``scoring.canasta_counts``).
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scoring.canasta_checks import deal_problems
from scoring.canasta_counts import (
    CARD_KINDS,
    CARD_POINTS,
    COUNT_FIELDS,
    PLACES,
    CardCounts,
    CountedSide,
    count_field_name,
    counted_sides,
    deck_limits,
)
from scoring.canasta_entry import (
    CANASTA_KINDS,
    GOING_OUT,
    GoingOut,
    InvalidDeal,
    SideDeal,
    side_label,
)
from scoring.canasta_game import (
    GameResult,
    ScoreSheet,
    SheetRow,
    game_result,
    has_reached_target,
    minimum_meld,
    running_totals,
    score_sheet,
    side_minimums,
)
from scoring.canasta_melds import (
    InvalidMeld,
    MeldCheck,
    card_points,
    check_initial_meld,
    check_meld,
    meld_points,
)
from scoring.canasta_profiles import CanastaProfile

__all__ = [
    "CANASTA_KINDS",
    "CARD_KINDS",
    "CARD_POINTS",
    "COUNT_FIELDS",
    "PLACES",
    "GOING_OUT",
    "CardCounts",
    "CountedSide",
    "GameResult",
    "GoingOut",
    "InvalidDeal",
    "InvalidMeld",
    "MeldCheck",
    "ScoreSheet",
    "SheetRow",
    "SideDeal",
    "SideScore",
    "card_points",
    "check_initial_meld",
    "check_meld",
    "count_field_name",
    "counted_sides",
    "deal_problems",
    "deck_limits",
    "game_result",
    "has_reached_target",
    "meld_points",
    "minimum_meld",
    "running_totals",
    "score_deal",
    "score_deals",
    "score_parts",
    "score_sheet",
    "side_label",
    "side_minimums",
    "side_that_went_out",
]


@dataclass(frozen=True)
class SideScore:
    """One side's deal score, part by part, as the score sheet shows it.

    Plus parts are positive, minus parts negative; ``doubled`` marks the side
    whose plus parts (or whose hand, for the opponent) the rheinisch rule doubled.
    """

    canasta_bonus: int
    red_threes: int
    going_out_bonus: int
    melded_points: int
    hand_points: int
    red_threes_in_hand: int
    penalty: int
    doubled: bool = False

    @property
    def total(self) -> int:
        return (
            self.canasta_bonus
            + self.red_threes
            + self.going_out_bonus
            + self.melded_points
            + self.hand_points
            + self.red_threes_in_hand
            + self.penalty
        )


def _canasta_bonus(side: SideDeal, profile: CanastaProfile) -> int:
    # Kinds the profile lacks were refused by validation, so their count is 0.
    return (
        side.natural_canastas * profile.natural_canasta_bonus
        + side.mixed_canastas * profile.mixed_canasta_bonus
        + side.joker_canastas * (profile.joker_canasta_bonus or 0)
        + side.hand_canastas * (profile.hand_canasta_bonus or 0)
        + side.joker_hand_canastas * (profile.joker_hand_canasta_bonus or 0)
        + side.concealed_canastas * profile.concealed_canasta_bonus
    )


def _red_threes(side: SideDeal, profile: CanastaProfile) -> int:
    score = profile.red_three_score(side.red_threes)
    qualifies = (
        side.canastas > 0
        if profile.red_threes_plus_with == "canasta"
        else side.canastas > 0 or side.melded_points > 0
    )
    if qualifies or profile.red_threes_otherwise == "plus":
        return score
    return 0 if profile.red_threes_otherwise == "zero" else -score


def _going_out_bonus(going_out: str, profile: CanastaProfile) -> int:
    bonus = {
        "none": 0,
        "out": profile.going_out_bonus,
        "concealed": profile.concealed_going_out_bonus,
        "hand_canasta": profile.hand_canasta_going_out_bonus,
    }[going_out]
    return bonus or 0


def _side_score(side: SideDeal, profile: CanastaProfile) -> SideScore:
    melds_minus = profile.melds_minus_without_canasta and side.canastas == 0
    # Validation admits red threes in hand under "went_out" only when someone went out.
    return SideScore(
        canasta_bonus=_canasta_bonus(side, profile),
        red_threes=_red_threes(side, profile),
        going_out_bonus=_going_out_bonus(side.going_out, profile),
        melded_points=-side.melded_points if melds_minus else side.melded_points,
        hand_points=-side.hand_points,
        red_threes_in_hand=-side.red_threes_in_hand * profile.red_three_in_hand_penalty,
        penalty=-side.penalty,
    )


def _rheinisch_side(sides: tuple[SideDeal, ...], profile: CanastaProfile) -> int | None:
    """The side whose concealed going out doubles (two sides, opponent melded nothing)."""
    if not profile.rheinisch or len(sides) != 2:
        return None
    for index, side in enumerate(sides):
        if side.going_out in ("concealed", "hand_canasta") and sides[1 - index].melded_points == 0:
            return index
    return None


def _doubled(score: SideScore) -> SideScore:
    """Only the plus parts double; minus ones (if any) stay as they are."""
    return replace(
        score,
        canasta_bonus=2 * score.canasta_bonus,
        red_threes=2 * max(score.red_threes, 0) + min(score.red_threes, 0),
        going_out_bonus=2 * score.going_out_bonus,
        melded_points=2 * max(score.melded_points, 0) + min(score.melded_points, 0),
        doubled=True,
    )


def score_parts(sides: Sequence[SideDeal], profile: CanastaProfile) -> tuple[SideScore, ...]:
    """Each side's score part by part; raises ``InvalidDeal`` listing every problem."""
    problems = deal_problems(sides, profile)
    if problems:
        raise InvalidDeal(problems)
    entries = tuple(sides)
    scores = [_side_score(side, profile) for side in entries]
    doubling = _rheinisch_side(entries, profile)
    if doubling is not None:
        opponent = 1 - doubling
        scores[doubling] = _doubled(scores[doubling])
        lost = scores[opponent]
        scores[opponent] = replace(lost, hand_points=2 * lost.hand_points, doubled=True)
    return tuple(scores)


def score_deals(sides: Sequence[SideDeal], profile: CanastaProfile) -> tuple[int, ...]:
    """The deal score of each of two or three sides (RULES.md 1.4)."""
    return tuple(score.total for score in score_parts(sides, profile))


def score_deal(side_a: SideDeal, side_b: SideDeal, profile: CanastaProfile) -> tuple[int, int]:
    """The deal scores of two sides (RULES.md 1.4)."""
    first, second = score_deals((side_a, side_b), profile)
    return first, second


def side_that_went_out(sides: Sequence[SideDeal]) -> int | None:
    """Index of the side whose entry says it went out (for ``game_result``), or None."""
    return next((i for i, side in enumerate(sides) if side.going_out != "none"), None)
