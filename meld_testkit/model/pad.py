"""The score pad of a table as a phone must show it, from the model's game alone: Canasta's
two sides, Gin for two (one against one, or two partnerships of two) and Gin for three (the
rotation and the chouette, RULES.md 2.1).

One row a deal on the pad (confirmed, waiting or disputed: each deal's version that counts
or waits), at a rotation's table with who sat it out, at a chouette's with the partner who
played it, each side's points in its own column; the running totals only on the deals that
count (in order, up to the one that ends the game), as on a paper score sheet. Below,
Canasta has each side's total, and each side's minimum meld for the next deal while the game
runs (RULES.md 1.5). Gin has each column's points, boxes (hands won, 20 each) and total; the
game and shutout lines once the game is over; at a rotation's table, who pays whom once the
game is over (at 100, or stopped short of it as the standings count it); at a chouette's,
what the lone player wins from or pays to each partner once it is over, and a note on who
plays alone in the next round at the table. The points, boxes and bonuses are counted here; the totals, minimums and payments come from the engines, so a pad that adds up
differently from its own lines shows.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from meld_testkit.model.chouette import CHOUETTE, LONE, Turn, next_seats
from meld_testkit.model.deals import GIN, PARTNERS_TARGET, gin_totals
from meld_testkit.model.evening import Evening
from meld_testkit.model.games import Game, Version
from meld_testkit.model.rotation import ROTATION, rotation_payments, rotation_totals
from scoring.canasta_game import game_result, side_minimums
from scoring.gin_three import Seating

LETTERS = "ABC"  # each side's column, in the order of the draw (RULES.md 2.1's example)
DECIDES, STAYS, MOVES = "decides", "stays", "moves"
DRAW = "draw"


@dataclass(frozen=True)
class HandRow:
    """One deal (hand) on the pad."""

    number: int
    status: str  # "confirmed", "entered" (waiting) or "disputed"
    sits_out: str  # a rotation's table: the letter of the one who sat it out; else ""
    points: tuple[int, ...]
    totals: tuple[int, ...] | None  # the running totals: only on a deal that counts
    partner: str = ""  # a chouette: the partner who played it for side B, by name


@dataclass(frozen=True)
class Box:
    """A column's boxes line: "2 × 20 = 40"."""

    hands_won: int
    value: int
    bonus: int


@dataclass(frozen=True)
class PadSays:
    """What the pad shows; None (or nothing) for a line it does not draw."""

    rows: tuple[HandRow, ...]
    points: tuple[int, ...] | None  # Gin
    boxes: tuple[Box, ...] | None  # Gin
    game: tuple[int, ...] | None  # Gin, the game and shutout lines: once the game is over
    shutout: tuple[int, ...] | None
    totals: tuple[int, ...]
    payments: tuple[tuple[str, str, int], ...]  # (payer, payee, amount), in any order
    minimums: tuple[int, ...] | None = None  # Canasta, while the game runs
    # A chouette's note on who plays alone in the next round at the table: DECIDES while
    # the game goes on (or nobody won a hand), STAYS, or (MOVES, the partner's name).
    note: tuple[str, ...] = ()
    # The line above the pad once the game is over: (the winner's letter, by how much), or
    # (DRAW,); nothing while it goes on.
    result: tuple[str, ...] = ()


def _added(totals: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    return tuple(total + value for total, value in zip(totals, points, strict=True))


def _rows(evening: Evening, game: Game) -> tuple[HandRow, ...]:
    running: dict[int, tuple[int, ...]] = {}
    totals: tuple[int, ...] = (0,) * len(game.sides)
    for version in game.counted():
        totals = _added(totals, version.points)
        running[version.number] = totals
    return tuple(
        HandRow(
            version.number,
            version.status,
            LETTERS[version.seated.sitting_out] if isinstance(version.seated, Seating) else "",
            version.points,
            running.get(version.number),
            _partner(evening, game, version),
        )
        for version in game.rows()
    )


def _partner(evening: Evening, game: Game, version: Version) -> str:
    """A chouette hand: the partner who played it, named as the pad names a player."""
    if not isinstance(version.seated, Turn):
        return ""
    return evening.players[game.players[version.seated.partner]].called


def _note(evening: Evening, game: Game) -> tuple[str, ...]:
    """Who plays alone in the next round at a chouette table, once its game is over: the
    winner of its last hand won (``chouette.next_seats``)."""
    hands = [version.points for version in game.counted()]
    seats = next_seats(hands) if evening.over(game) else None
    if seats is None:
        return (DECIDES,)
    if seats[0] == LONE:
        return (STAYS,)
    won = [version for version in game.counted() if any(version.points)]
    return (MOVES, _partner(evening, game, won[-1]))


def _canasta_result(game: Game, totals: tuple[int, ...], over: bool) -> tuple[str, ...]:
    """A Canasta game's line: where a side reached the target, who won by the rules, so
    under the house rules the side over 5000 that went out in the last deal, by what the
    other is ahead or behind (RULES.md 1.6); else (the round's deals, or time) ``_result``."""
    counted = game.counted()
    if not over or not counted:
        return _result(totals, over)
    ended = game_result(totals, game.rules, counted[-1].went_out)
    if not ended.finished:
        return _result(totals, over)
    if ended.winner is None:
        return (DRAW,)
    others = max(total for side, total in enumerate(totals) if side != ended.winner)
    return (LETTERS[ended.winner], str(abs(totals[ended.winner] - others)))


def _result(totals: Sequence[int], over: bool) -> tuple[str, ...]:
    """Who won a game that is over, as the line above the pad says it: the highest total
    wins, by its lead over the next; equal highest totals are a draw (RULES.md 1.6; Gin's
    game, 2.1's three at a table and a round stopped short of the target alike)."""
    if not over:
        return ()
    ranked = sorted(totals, reverse=True)
    if ranked[0] == ranked[1]:
        return (DRAW,)
    return (LETTERS[list(totals).index(ranked[0])], str(ranked[0] - ranked[1]))


def pad_says(evening: Evening, game: Game) -> PadSays:
    rows = _rows(evening, game)
    hands = [version.points for version in game.counted()]
    points = tuple(sum(column) for column in zip(*hands, strict=True)) or (0,) * len(game.sides)
    over = evening.over(game)
    if game.card_game == "canasta":
        # A side's next first meld needs so much by its total; once over there is none.
        minimums = None if over else side_minimums(points, game.rules)
        result = _canasta_result(game, points, over)
        return PadSays(rows, None, None, None, None, points, (), minimums, result=result)
    # Only the winner of a hand (or the partnership ahead in it) scores: his column wins
    # the box; a no game (or partners even) gives none.
    won = tuple(sum(1 for hand in hands if hand[side] > 0) for side in range(len(points)))
    boxes = tuple(Box(count, GIN.box_bonus, count * GIN.box_bonus) for count in won)
    game_bonus = _game_bonus(game, hands, len(points))
    if game.card_game == ROTATION:
        shutout = (0,) * len(points)  # paid by the one without points, not added
        totals = rotation_totals(hands)
        settled = rotation_payments(hands, over)
        payments = tuple(sorted((LETTERS[a], LETTERS[b], amount) for a, b, amount in settled))
    else:
        shutout = _shutout(game_bonus, points)
        totals = gin_totals(hands, PARTNERS_TARGET if game.card_game == "gin4" else None)
        payments = _chouette_payments(totals) if game.card_game == CHOUETTE and over else ()
    return PadSays(
        rows,
        points,
        boxes,
        game_bonus if over else None,
        shutout if over else None,
        totals,
        payments,
        note=_note(evening, game) if game.card_game == CHOUETTE else (),
        result=_result(totals, over),
    )


def _chouette_payments(totals: Sequence[int]) -> tuple[tuple[str, str, int], ...]:
    """The lone player (side A) wins the margin from each partner (side B), or pays it to
    each (RULES.md 2.1, 2); a draw pays nothing."""
    lone, partners = totals
    if lone == partners:
        return ()
    return (
        ((LETTERS[1], LETTERS[0], lone - partners),)
        if lone > partners
        else ((LETTERS[0], LETTERS[1], partners - lone),)
    )


def _game_bonus(game: Game, hands: Sequence[Sequence[int]], sides: int) -> tuple[int, ...]:
    """The game bonus goes to the first to reach the target: the winner of the hand that
    ended the game (a round stopped short of it gives none)."""
    if game.end() is None:
        return (0,) * sides
    return tuple(GIN.game_bonus if points > 0 else 0 for points in hands[-1])


def _shutout(game_bonus: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """One against one: the one who reached the target gets the shutout bonus too when the
    other scored no points at all (RULES.md 2)."""
    shut_out = any(game_bonus) and not all(points)
    return tuple(GIN.shutout_bonus if bonus and shut_out else 0 for bonus in game_bonus)
