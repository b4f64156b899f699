"""Gin for three at a table, the rotation (RULES.md 2.1, 1): who plays each hand, the hands
a phone types for it, when the game is over and what each player's column counts.

Each player keeps their own column: side 0, 1 and 2 are the three players in the order of
the draw, highest card first, so side 0 leads the first hand, side 1 deals it and side 2
sits it out. The loser of a hand sits out the next; the one who sat out plays the winner
and deals. A hand is typed as in two-player Gin between the two who play it, the knocker
named by their side; its points go in the winner's column. The figures come from the
engines (``scoring.gin_three``, ``scoring.gin_game``).
"""

from collections.abc import Sequence

from meld_testkit.model.deals import GIN, Deal
from scoring.gin_game import score_hand
from scoring.gin_melds import InvalidHand
from scoring.gin_three import (
    Replay,
    Seating,
    replay,
    rotation_next,
    score_three_player_game,
    settle_three,
    three_player_start,
)

ROTATION = "gin3"  # the model's name for the card game at a table of three, rotating
PLAYERS = 3

# How hands end, typed for whoever plays: (kind, who knocked: 0 the leader, 1 the dealer,
# the knocker's deadwood, the defender's), as GIN_HANDS has them for two at a table.
HAND_ENDS: tuple[tuple[str, int, int, int], ...] = (
    ("knock", 0, 4, 30),
    ("knock", 1, 2, 45),
    ("gin", 0, 0, 38),
    ("gin", 1, 0, 52),
    ("knock", 0, 9, 5),  # an undercut: the defender wins, the knocker sits out next
    ("no_game", 0, 0, 0),  # the same two play again, the same dealer deals
)


def first_seating() -> Seating:
    """The first hand by the draw: side 0 drew highest and leads, side 1 deals, side 2 (the
    lowest card) sits out."""
    return three_player_start((0, 1, 2))


def seatings(hands: Sequence[Sequence[int]], start: Seating | None = None) -> Replay[Seating]:
    """Who plays each of ``hands`` (each the three columns' points), one after the other:
    the loser sits out, the one who sat out plays the winner; ``refused`` names the first
    hand won by the one who sat it out."""
    return replay(first_seating() if start is None else start, hands, rotation_next)


def after(seating: Seating, points: Sequence[int]) -> Seating | None:
    """Who plays the hand after one of ``points`` played by ``seating``; None when the one
    sitting out would have won it."""
    try:
        return rotation_next(seating, points)
    except InvalidHand:
        return None


def _hand(seating: Seating, kind: str, knocks: int, knocker_dw: int, defender_dw: int) -> Deal:
    if kind == "no_game":
        empty = (("kind", "no_game"), ("knocker_deadwood", ""), ("defender_deadwood", ""))
        return Deal("hand", empty, (0,) * PLAYERS)
    knocker = seating.playing[knocks]
    defender = seating.playing[1 - knocks]
    hand = score_hand(knocker_dw, defender_dw, gin=kind == "gin", profile=GIN)
    mine, theirs = hand.as_pair(0)
    points = [0] * PLAYERS
    points[knocker], points[defender] = mine, theirs
    fields = (
        ("kind", kind),
        ("knocker", str(knocker)),
        ("knocker_deadwood", str(knocker_dw)),
        ("defender_deadwood", str(defender_dw)),
    )
    return Deal("hand", fields, tuple(points))


def hands_for(seating: Seating) -> tuple[Deal, ...]:
    """The hands a phone may type when ``seating`` plays: only the two playing knock."""
    return tuple(_hand(seating, *end) for end in HAND_ENDS)


def rotation_over(hands: Sequence[Sequence[int]]) -> int | None:
    """How many hands make the game: it ends after the hand in which a player reaches the
    target (RULES.md 2.1); None while nobody has."""
    for index in range(1, len(hands) + 1):
        if score_three_player_game(hands[:index], GIN).finished:
            return index
    return None


def rotation_totals(hands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each player's column: hand points, 20 a hand won, the game bonus to the first to
    reach the target (the shutout is paid, not added)."""
    return score_three_player_game(hands, GIN).totals


def rotation_nets(hands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each player's plus/minus: the highest total collects from both others, the second
    from the lowest; a player without points pays the shutout to the one who reached the
    target. A game not over (yet, or stopped short) is paid as it stands, without it."""
    score = score_three_player_game(hands, GIN)
    if score.finished:
        return score.net
    net = [0] * PLAYERS
    for payment in settle_three(score.totals, score.totals, None, 0):
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    return tuple(net)


def rotation_payments(
    hands: Sequence[Sequence[int]], over: bool
) -> tuple[tuple[int, int, int], ...]:
    """Who pays whom once the game is ``over``: (payer, payee, amount). At the target, the
    rules' settlement; stopped short of it (its deals played, or ended), what the standings
    count: the settlement of the totals as they stand, without the shutout; nothing while
    the game goes on."""
    score = score_three_player_game(hands, GIN)
    if score.finished:
        settled = score.payments
    elif over:
        settled = settle_three(score.totals, score.totals, None, 0)
    else:
        settled = ()
    return tuple((p.payer, p.payee, p.amount) for p in settled)
