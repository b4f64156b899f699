"""A Canasta game over several deals: minimum melds, running totals, end and winner.

RULES.md 1.5 (minimum initial meld by running total) and 1.6 (end of game,
the house tie rule, three sides). Bad arguments raise ``ValueError``.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from scoring.canasta_profiles import CanastaProfile, is_whole_number

Decision = Literal["unfinished", "higher_total", "went_out", "draw"]


@dataclass(frozen=True)
class GameResult:
    """``winner`` is the index of the winning side, None on a draw or while unfinished;
    ``over_target`` the sides that reached (or, under ``house``, exceeded) the target;
    ``decided_by`` says which rule decided."""

    finished: bool
    winner: int | None
    over_target: tuple[int, ...] = ()
    decided_by: Decision = "unfinished"


@dataclass(frozen=True)
class SheetRow:
    """One deal on the score sheet: its scores, the totals after it, each side's
    minimum meld for the next deal, and the state of the game."""

    deal: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    minimums: tuple[int, ...]
    result: GameResult


@dataclass(frozen=True)
class ScoreSheet:
    opening_minimums: tuple[int, ...]
    rows: tuple[SheetRow, ...]
    result: GameResult
    finished_after: int | None  # number of the deal that ended the game

    @property
    def deals_after_end(self) -> int:
        """Deals entered after the one that ended the game (should be 0)."""
        return 0 if self.finished_after is None else len(self.rows) - self.finished_after


def _check_profile(profile: Any) -> None:
    if not isinstance(profile, CanastaProfile):
        raise ValueError(f"not a Canasta rule profile: {profile!r}"[:120])


def _check_totals(totals: Any, what: str = "totals") -> tuple[int, ...]:
    if not isinstance(totals, Sequence) or isinstance(totals, str | bytes):
        raise ValueError(
            f"{what} must be a sequence of two or three whole numbers, not {totals!r}"[:160]
        )
    values = tuple(totals)
    if len(values) not in (2, 3) or not all(is_whole_number(v) for v in values):
        raise ValueError(f"{what} must be two or three whole numbers, not {values!r}"[:160])
    return values


def minimum_meld(total: int, profile: CanastaProfile) -> int:
    """Card points a side's first meld needs at running total ``total`` (RULES.md 1.5).

    Bands start at their total inclusive; "below 0" excludes 0.
    """
    _check_profile(profile)
    if not is_whole_number(total):
        raise ValueError(f"the running total must be a whole number, not {total!r}"[:120])
    if total < 0:
        return profile.below_zero_minimum
    return max((start, minimum) for start, minimum in profile.minimum_meld_bands if start <= total)[
        1
    ]


def side_minimums(totals: Sequence[int], profile: CanastaProfile) -> tuple[int, ...]:
    """Each side's minimum meld at its running total."""
    _check_profile(profile)
    return tuple(minimum_meld(total, profile) for total in _check_totals(totals))


def has_reached_target(total: int, profile: CanastaProfile) -> bool:
    return total > profile.target if profile.target_rule == "exceeded" else total >= profile.target


def game_result(
    totals: Sequence[int], profile: CanastaProfile, went_out: int | None = None
) -> GameResult:
    """Whether the game is over at these running totals, and who won (RULES.md 1.6).

    ``went_out`` is the index of the side that went out in the last deal; the
    house tie rule lets it win when several sides passed the target together.
    """
    _check_profile(profile)
    values = _check_totals(totals)
    if went_out is not None and not (is_whole_number(went_out) and 0 <= went_out < len(values)):
        raise ValueError(
            f"went_out must be None or the index of a side (0 to {len(values) - 1}), not {went_out!r}"[
                :160
            ]
        )
    over = tuple(i for i, total in enumerate(values) if has_reached_target(total, profile))
    if not over:
        return GameResult(finished=False, winner=None)
    if profile.tie_rule == "went_out" and len(over) > 1 and went_out in over:
        return GameResult(finished=True, winner=went_out, over_target=over, decided_by="went_out")
    best = max(values)
    leaders = [i for i, total in enumerate(values) if total == best]
    if len(leaders) > 1:
        return GameResult(finished=True, winner=None, over_target=over, decided_by="draw")
    return GameResult(finished=True, winner=leaders[0], over_target=over, decided_by="higher_total")


def running_totals(deal_scores: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The totals after each deal, for deal scores of two or three sides."""
    if not isinstance(deal_scores, Sequence) or isinstance(deal_scores, str | bytes):
        raise ValueError("deal scores must be a sequence of per-deal scores")
    totals: list[tuple[int, ...]] = []
    for number, scores in enumerate(deal_scores, start=1):
        values = _check_totals(scores, f"the scores of deal {number}")
        previous = totals[-1] if totals else (0,) * len(values)
        if len(values) != len(previous):
            raise ValueError(
                f"deal {number} has {len(values)} sides, the deals before it {len(previous)}"
            )
        totals.append(tuple(p + s for p, s in zip(previous, values, strict=True)))
    return totals


def score_sheet(
    deal_scores: Sequence[Sequence[int]],
    profile: CanastaProfile,
    went_out: Sequence[int | None] | None = None,
    sides: int = 2,
) -> ScoreSheet:
    """The whole score sheet of a game: totals, next minimums and the result after each deal.

    ``went_out[i]`` is the side that went out in deal i (None if nobody); it
    matters only for the house tie rule. ``sides`` sets the opening minimums
    when no deal has been entered yet.
    """
    _check_profile(profile)
    if not (is_whole_number(sides) and sides in (2, 3)):
        raise ValueError(f"a game has two or three sides, not {sides!r}"[:120])
    totals = running_totals(deal_scores)
    outs = list(went_out) if went_out is not None else [None] * len(totals)
    if len(outs) != len(totals):
        raise ValueError(f"went_out names {len(outs)} deals, but {len(totals)} deals were scored")
    width = len(totals[0]) if totals else sides
    opening = side_minimums((0,) * width, profile)
    rows: list[SheetRow] = []
    finished_after: int | None = None
    for number, (scores, after, out) in enumerate(
        zip(deal_scores, totals, outs, strict=True), start=1
    ):
        result = game_result(after, profile, out)
        if result.finished and finished_after is None:
            finished_after = number
        rows.append(SheetRow(number, tuple(scores), after, side_minimums(after, profile), result))
    if finished_after is not None:
        result = rows[finished_after - 1].result
    else:
        result = rows[-1].result if rows else GameResult(finished=False, winner=None)
    return ScoreSheet(opening, tuple(rows), result, finished_after)
