"""Gin Rummy scores (RULES.md 2, 2.2): a hand, a game, the next dealer, partnerships.

``profile`` is any object with the attributes of ``scoring.gin_profiles.GinProfile``
(``gin_bonus``, ``undercut_bonus``, ``box_bonus``, ``game_bonus``,
``shutout_bonus``, ``target``, ``knock_limit``; partnerships also read
``target_four_players`` and ``target_six_players``).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from meldcore.messages import Problem, gettext_noop
from scoring.gin_melds import InvalidHand

# Ten cards with no meld hold at most two of a rank, so at most two each of
# K, Q, J, 10 and 9: 98 (K♠ K♥ Q♦ Q♣ J♠ J♥ 10♦ 10♣ 9♠ 9♥ reaches it).
MAX_DEADWOOD = 98


@dataclass(frozen=True)
class HandScore:
    """Who won a hand and what it scores."""

    winner: Literal["knocker", "defender"]
    points: int
    undercut: bool
    gin: bool

    def as_pair(self, knocker: int) -> tuple[int, int]:
        """The hand as ``score_game`` takes it, with ``knocker`` (0 or 1) the knocking player."""
        winner = knocker if self.winner == "knocker" else 1 - knocker
        return (self.points, 0) if winner == 0 else (0, self.points)


@dataclass(frozen=True)
class GameScore:
    """A game (Partie) so far, one entry per player (or partnership) in each tuple.

    ``boxes`` counts hands won, ``box_bonus`` is what they are worth; the game
    and shutout bonuses count once the game is finished. ``winner`` has the
    higher total, which need not be ``reached_target``; ``net`` is the margin.
    """

    points: tuple[int, int]
    boxes: tuple[int, int]
    box_bonus: tuple[int, int]
    game_bonus: tuple[int, int]
    shutout_bonus: tuple[int, int]
    totals: tuple[int, int]
    finished: bool
    reached_target: int | None
    winner: int | None
    net: int


def _is_count(value: object) -> bool:
    """A whole number of points: an int, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _entry_problems(knocker_deadwood: Any, defender_deadwood: Any, gin: Any) -> list[Problem]:
    """Deadwood that is not a possible count, gin that is not yes or no."""
    problems = [
        Problem(
            gettext_noop("Deadwood is a whole number from 0 to %(most)d, not %(value)s."),
            {"most": MAX_DEADWOOD, "value": repr(value)[:40]},
            name,
        )
        for name, value in (
            ("knocker_deadwood", knocker_deadwood),
            ("defender_deadwood", defender_deadwood),
        )
        if not _is_count(value) or not 0 <= value <= MAX_DEADWOOD
    ]
    if not isinstance(gin, bool):
        problems.append(
            Problem(
                gettext_noop("Gin is yes or no, not %(value)s."), {"value": repr(gin)[:40]}, "gin"
            )
        )
    return problems


def _knock_problems(knocker_deadwood: int, gin: bool, profile: Any) -> list[Problem]:
    """A gin with deadwood, a knock without, or a knock above the profile's limit."""
    if gin and knocker_deadwood:
        return [
            Problem(
                gettext_noop(
                    "Gin melds all ten cards: the knocker's deadwood is 0, not %(value)d."
                ),
                {"value": knocker_deadwood},
                "knocker_deadwood",
            )
        ]
    if not gin and not knocker_deadwood:
        # Ten melded cards are gin, which the defender may not lay off on:
        # his deadwood as entered may already include lay-offs.
        return [
            Problem(
                gettext_noop(
                    "A knock without deadwood is gin: mark the hand as gin and enter the defender's deadwood without lay-offs."
                ),
                {},
                "gin",
            )
        ]
    if knocker_deadwood > profile.knock_limit:
        return [
            Problem(
                gettext_noop(
                    "A knock needs deadwood of %(limit)d or less; the knocker has %(value)d."
                ),
                {"limit": profile.knock_limit, "value": knocker_deadwood},
                "knocker_deadwood",
            )
        ]
    return []


def score_hand(
    knocker_deadwood: int, defender_deadwood: int, *, gin: bool = False, profile: Any
) -> HandScore:
    """Score a knock or gin from both players' deadwood (the defender's after lay-offs)."""
    problems = _entry_problems(knocker_deadwood, defender_deadwood, gin)
    if problems:
        raise InvalidHand(problems)
    problems = _knock_problems(knocker_deadwood, gin, profile)
    if problems:
        raise InvalidHand(problems)
    if gin:
        return HandScore("knocker", profile.gin_bonus + defender_deadwood, undercut=False, gin=True)
    if knocker_deadwood < defender_deadwood:
        return HandScore("knocker", defender_deadwood - knocker_deadwood, undercut=False, gin=False)
    return HandScore(
        "defender",
        knocker_deadwood - defender_deadwood + profile.undercut_bonus,
        undercut=True,
        gin=False,
    )


def score_game(
    hands: Sequence[Sequence[int]], profile: Any, *, target: int | None = None
) -> GameScore:
    """Total a game from its hands, each ``(points of player 0, points of player 1)``.

    One of a pair is 0, and ``(0, 0)`` is a no game. ``target`` replaces the
    profile's (partnership games play to more).
    """
    goal = profile.target if target is None else target
    points, boxes, reached = tally(hands, 2, goal)
    box_bonus = (boxes[0] * profile.box_bonus, boxes[1] * profile.box_bonus)
    game_bonus = shutout_bonus = (0, 0)
    if reached is not None:
        game_bonus = _only(reached, profile.game_bonus)
        if not points[1 - reached]:
            shutout_bonus = _only(reached, profile.shutout_bonus)
    totals = (
        points[0] + box_bonus[0] + game_bonus[0] + shutout_bonus[0],
        points[1] + box_bonus[1] + game_bonus[1] + shutout_bonus[1],
    )
    winner = None
    if reached is not None and totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
    return GameScore(
        points=(points[0], points[1]),
        boxes=(boxes[0], boxes[1]),
        box_bonus=box_bonus,
        game_bonus=game_bonus,
        shutout_bonus=shutout_bonus,
        totals=totals,
        finished=reached is not None,
        reached_target=reached,
        winner=winner,
        net=abs(totals[0] - totals[1]) if winner is not None else 0,
    )


def tally(
    hands: Sequence[Sequence[int]], columns: int, target: int
) -> tuple[list[int], list[int], int | None]:
    """Points and hands won per column, and the column that reached ``target``.

    Every hand has one entry per column, at most one of them not 0; no hand
    may follow the one that reached the target. Raises ``InvalidHand`` naming
    every bad hand (numbered from 1).
    """
    points, boxes = [0] * columns, [0] * columns
    reached = None
    problems = []
    for number, hand in enumerate(hands, 1):
        if reached is not None:
            problems.append(
                Problem(
                    gettext_noop("Hand %(number)d comes after the end of the game."),
                    {"number": number},
                    "hands",
                )
            )
            break
        if (
            not isinstance(hand, Sequence)
            or len(hand) != columns
            or not all(_is_count(p) and p >= 0 for p in hand)
        ):
            problems.append(
                Problem(
                    gettext_noop(
                        "Hand %(number)d must be %(columns)d whole numbers of 0 or more, not %(hand)s."
                    ),
                    {"number": number, "columns": columns, "hand": repr(hand)[:60]},
                    "hands",
                )
            )
            continue
        scorers = [column for column, p in enumerate(hand) if p]
        if len(scorers) > 1:
            problems.append(
                Problem(
                    gettext_noop("Hand %(number)d: only the winner of a hand scores (%(hand)s)."),
                    {"number": number, "hand": repr(tuple(hand))},
                    "hands",
                )
            )
            continue
        for column in scorers:
            points[column] += hand[column]
            boxes[column] += 1
            if points[column] >= target:
                reached = column
    if problems:
        raise InvalidHand(problems)
    return points, boxes, reached


def _only(column: int, value: int) -> tuple[int, int]:
    return (value, 0) if column == 0 else (0, value)


def next_dealer(dealer: int, hand: Sequence[int]) -> int:
    """Who deals after ``hand`` (a ``score_game`` pair): its loser, or the same dealer after a no game."""
    if not any(hand):
        return dealer
    return 0 if hand[1] else 1


def partnership_target(players: int, profile: Any) -> int:
    """The game target for two partnerships of two (four players) or three (six)."""
    if players == 4:
        return int(profile.target_four_players)
    if players == 6:
        return int(profile.target_six_players)
    raise InvalidHand(
        [
            Problem(
                gettext_noop("Partnership Gin is played by four or six players, not %(players)s."),
                {"players": repr(players)},
                "players",
            )
        ]
    )


def partnership_hand(results: Sequence[int]) -> tuple[int, int]:
    """One partnership hand as a ``score_game`` pair.

    ``results`` has what each player of partnership 0 won (plus) or lost
    (minus) in his own game; their sum goes to the partnership ahead, which
    also wins the box: A −18 and partner B +25 give (7, 0).
    """
    if not all(_is_count(result) for result in results):
        raise InvalidHand(
            [
                Problem(
                    gettext_noop(
                        "Each player's result is a whole number of points, not %(results)s."
                    ),
                    {"results": repr(results)[:60]},
                    "results",
                )
            ]
        )
    total = sum(results)
    return (total, 0) if total >= 0 else (0, -total)


def score_partnership_game(
    hands: Sequence[Sequence[int]], profile: Any, *, players: int = 4
) -> GameScore:
    """A partnership game from each hand's results of partnership 0 (see ``partnership_hand``)."""
    target = partnership_target(players, profile)
    problems = [
        Problem(
            gettext_noop(
                "Hand %(number)d needs one result per table, %(tables)d, not %(results)s."
            ),
            {"number": number, "tables": players // 2, "results": repr(hand)[:60]},
            "hands",
        )
        for number, hand in enumerate(hands, 1)
        if not isinstance(hand, Sequence) or len(hand) != players // 2
    ]
    if problems:
        raise InvalidHand(problems)
    return score_game([partnership_hand(hand) for hand in hands], profile, target=target)


def partnership_opponents(
    side_a: Sequence[int], side_b: Sequence[int], hand_number: int
) -> tuple[tuple[int, int], ...]:
    """Who plays whom in a hand (numbered from 0) between two partnerships.

    Hand 0 pairs the players in the order given; partners move on to the next
    opponent after every hand (with two a side, they switch).
    """
    if len(side_a) != len(side_b) or len(side_a) not in (2, 3):
        raise InvalidHand(
            [
                Problem(
                    gettext_noop("Partnerships are two or three players a side, the same on both."),
                    {},
                    "players",
                )
            ]
        )
    size = len(side_a)
    return tuple(
        (player, side_b[(seat + hand_number) % size]) for seat, player in enumerate(side_a)
    )
