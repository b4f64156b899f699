"""The score pad of a table of three (RULES.md 2.1) as a phone must show it, from the
model's game alone.

One row a hand on the pad (confirmed, waiting or disputed: each hand's version that counts
or waits), with who sat it out and each player's points in his own column; the running
totals only on the hands that count (in order, up to the one that ends the game), as on a
paper score sheet. Below, each column's points, boxes (hands won, 20 each) and total; the
game and shutout lines once the game is over; then who pays whom, once a player has
reached 100. The points and boxes are counted here; the totals and payments come from the
engines (``model.rotation``), so a pad that adds up differently from its own lines shows.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from meld_testkit.model.deals import GIN
from meld_testkit.model.evening import Evening
from meld_testkit.model.games import Game
from meld_testkit.model.rotation import (
    PLAYERS,
    rotation_over,
    rotation_payments,
    rotation_totals,
)

LETTERS = "ABC"  # each player's column, in the order of the draw (RULES.md 2.1's example)


@dataclass(frozen=True)
class HandRow:
    """One hand on the pad."""

    number: int
    status: str  # "confirmed", "entered" (waiting) or "disputed"
    sits_out: str  # the letter of the one who sat it out
    points: tuple[int, ...]
    totals: tuple[int, ...] | None  # the running totals: only on a hand that counts


@dataclass(frozen=True)
class Box:
    """A column's boxes line: "2 × 20 = 40"."""

    hands_won: int
    value: int
    bonus: int


@dataclass(frozen=True)
class PadSays:
    rows: tuple[HandRow, ...]
    points: tuple[int, ...]
    boxes: tuple[Box, ...]
    game: tuple[int, ...] | None  # the game and shutout lines: only once the game is over
    shutout: tuple[int, ...] | None
    totals: tuple[int, ...]
    payments: tuple[tuple[str, str, int], ...]  # (payer, payee, amount), in any order


def _added(totals: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    return tuple(total + value for total, value in zip(totals, points, strict=True))


def pad_says(evening: Evening, game: Game) -> PadSays:
    counted = game.counted()
    running: dict[int, tuple[int, ...]] = {}
    totals: tuple[int, ...] = (0,) * PLAYERS
    for version in counted:
        totals = _added(totals, version.points)
        running[version.number] = totals
    rows = tuple(
        HandRow(
            version.number,
            version.status,
            LETTERS[version.seated.sitting_out] if version.seated is not None else "",
            version.points,
            running.get(version.number),
        )
        for version in game.rows()
    )
    hands = [version.points for version in counted]
    # Only the winner of a hand scores: his column wins the box.
    won = tuple(sum(1 for hand in hands if hand[player] > 0) for player in range(PLAYERS))
    boxes = tuple(Box(count, GIN.box_bonus, count * GIN.box_bonus) for count in won)
    over = evening.over(game)
    return PadSays(
        rows,
        totals,
        boxes,
        _game_bonus(hands) if over else None,
        (0,) * PLAYERS if over else None,  # the shutout is paid by the one without points
        rotation_totals(hands),
        tuple(
            sorted((LETTERS[a], LETTERS[b], amount) for a, b, amount in rotation_payments(hands))
        ),
    )


def _game_bonus(hands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The game bonus goes to the first to reach 100: the winner of the hand that ended the
    game (a round stopped short of it gives none)."""
    end = rotation_over(hands)
    if end is None:
        return (0,) * PLAYERS
    last = hands[end - 1]
    return tuple(GIN.game_bonus if points > 0 else 0 for points in last)
