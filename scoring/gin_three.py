"""Gin Rummy for three players (RULES.md 2.1): the rotation game and chouette.

Players are numbered 0, 1, 2; ``draw`` lists them by the card they drew,
highest first. Hands are entered as in ``score_game``: the rotation game
keeps one column per player, chouette one for the lone player and one for
the two partners together.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any, Generic, TypeVar

from meldcore.messages import Problem, gettext_noop
from scoring.gin_game import GameScore, score_game, tally
from scoring.gin_melds import InvalidHand

Draw = Sequence[int]
S = TypeVar("S")


@dataclass(frozen=True)
class Seating:
    """Who plays a hand of the rotation game: ``leader`` plays first, ``dealer`` deals."""

    leader: int
    dealer: int
    sitting_out: int

    @property
    def playing(self) -> tuple[int, int]:
        return (self.leader, self.dealer)


@dataclass(frozen=True)
class Replay(Generic[S]):
    """Hands played on from a seating: ``seatings`` has the seating of each hand replayed,
    ``after`` the seating of the hand after them. ``refused``: the index of the first hand
    its seating cannot have played (won by the one who sat it out); it and the hands after
    it are not replayed."""

    seatings: tuple[S, ...]
    after: S
    refused: int | None = None


def replay(
    start: S, hands: Sequence[Sequence[int]], step: Callable[[S, Sequence[int]], S]
) -> Replay[S]:
    """Seat ``hands`` one after the other from ``start``; ``step`` seats the next hand
    after one (``rotation_next``, ``chouette_next``)."""
    seatings: list[S] = []
    seating = start
    for index, hand in enumerate(hands):
        try:
            following = step(seating, hand)
        except InvalidHand:
            return Replay(tuple(seatings), seating, index)
        seatings.append(seating)
        seating = following
    return Replay(tuple(seatings), seating)


@dataclass(frozen=True)
class Payment:
    """``payer`` owes ``payee`` ``amount`` points (or their agreed money value)."""

    payer: int
    payee: int
    amount: int


@dataclass(frozen=True)
class ThreePlayerScore:
    """A rotation game so far; tuples have one entry per player.

    ``seatings`` has one seating per hand entered; ``next_seating`` is None
    once the game is over. Totals hold hand points, box bonuses and the game
    bonus; the shutout bonus is paid, not added (see ``settle_three``).
    """

    seatings: tuple[Seating, ...]
    next_seating: Seating | None
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    box_bonus: tuple[int, ...]
    game_bonus: tuple[int, ...]
    totals: tuple[int, ...]
    finished: bool
    reached_target: int | None
    winner: int | None
    payments: tuple[Payment, ...]
    net: tuple[int, ...]


_ORDERS = list(permutations(range(3)))


def _problem(template: str, field: str, **params: object) -> InvalidHand:
    return InvalidHand([Problem(template, params, field)])


def _players(draw: Draw) -> tuple[int, int, int]:
    if tuple(draw) not in _ORDERS:
        raise _problem(
            gettext_noop(
                "The draw lists players 0, 1 and 2 once each, highest card first, not %(draw)s."
            ),
            "draw",
            draw=repr(draw)[:40],
        )
    return draw[0], draw[1], draw[2]


def three_player_start(draw: Draw = (0, 1, 2)) -> Seating:
    """The first hand: the lowest card sits out, the second-highest deals, the highest leads."""
    highest, second, lowest = _players(draw)
    return Seating(leader=highest, dealer=second, sitting_out=lowest)


def three_player_next(seating: Seating, winner: int | None) -> Seating:
    """The loser sits out; the winner plays the one who sat out, who deals.

    After a no game (``winner`` None) the same two play and the same dealer deals.
    """
    if winner is None:
        return seating
    if winner == seating.leader:
        return Seating(leader=winner, dealer=seating.sitting_out, sitting_out=seating.dealer)
    if winner == seating.dealer:
        return Seating(leader=winner, dealer=seating.sitting_out, sitting_out=seating.leader)
    raise _problem(
        gettext_noop("Player %(player)d sat this hand out and cannot have won it."),
        "hands",
        player=winner,
    )


def hand_winner(hand: Sequence[int]) -> int | None:
    """Who won a hand of the rotation (only the winner scores); None for a no game."""
    return next((player for player, points in enumerate(hand) if points), None)


def rotation_next(seating: Seating, hand: Sequence[int]) -> Seating:
    """The seating after ``hand`` (each player's points): ``three_player_next`` of its winner."""
    return three_player_next(seating, hand_winner(hand))


def score_three_player_game(
    hands: Sequence[Sequence[int]], profile: Any, draw: Draw = (0, 1, 2)
) -> ThreePlayerScore:
    """Total a rotation game from its hands, each the three players' points.

    Only the winner of a hand scores; all 0 is a no game. The game ends after
    the hand in which a player reaches the profile's target.
    """
    points, boxes, reached = tally(hands, 3, profile.target)
    seating = three_player_start(draw)
    seatings = []
    problems = []
    for number, hand in enumerate(hands, 1):
        seatings.append(seating)
        winner = next((player for player, p in enumerate(hand) if p), None)
        if winner == seating.sitting_out:
            problems.append(
                Problem(
                    gettext_noop("Hand %(number)d: player %(player)d sat it out and cannot score."),
                    {"number": number, "player": winner},
                    "hands",
                )
            )
            continue
        seating = three_player_next(seating, winner)
    if problems:
        raise InvalidHand(problems)
    box_bonus = tuple(n * profile.box_bonus for n in boxes)
    game_bonus = tuple(profile.game_bonus if player == reached else 0 for player in range(3))
    totals = tuple(p + b + g for p, b, g in zip(points, box_bonus, game_bonus, strict=True))
    finished = reached is not None
    payments = settle_three(totals, points, reached, profile.shutout_bonus) if finished else ()
    top = max(totals)
    return ThreePlayerScore(
        seatings=tuple(seatings),
        next_seating=None if finished else seating,
        points=tuple(points),
        boxes=tuple(boxes),
        box_bonus=box_bonus,
        game_bonus=game_bonus,
        totals=totals,
        finished=finished,
        reached_target=reached,
        winner=totals.index(top) if finished and totals.count(top) == 1 else None,
        payments=payments,
        net=_net(payments),
    )


def settle_three(
    totals: Sequence[int], points: Sequence[int], reached: int | None, shutout_bonus: int
) -> tuple[Payment, ...]:
    """Who pays whom after a rotation game.

    The highest total collects the difference from both others, the second
    from the lowest; equal totals pay nothing. A player without points pays
    the shutout bonus on top, but only to the player who reached the target.
    """
    order = sorted(range(len(totals)), key=lambda player: -totals[player])
    payments = []
    for place, payee in enumerate(order):
        for payer in order[place + 1 :]:
            amount = totals[payee] - totals[payer]
            if amount <= 0:
                continue
            if payee == reached and not points[payer]:
                amount += shutout_bonus
            payments.append(Payment(payer=payer, payee=payee, amount=amount))
    return tuple(payments)


@dataclass(frozen=True)
class ChouetteSeating:
    """A chouette hand: ``lone`` against ``partner``; ``sitting_out`` (his partner) may advise."""

    lone: int
    partner: int
    sitting_out: int
    dealer: int


@dataclass(frozen=True)
class ChouetteScore:
    """A chouette game so far: ``game`` has column 0 for the lone player, 1 for the partners.

    ``next_seating`` is the next hand's, once finished the next game's first
    hand. ``payments`` and ``net`` (per player) settle the full margin between
    the lone player and each partner.
    """

    game: GameScore
    seatings: tuple[ChouetteSeating, ...]
    next_seating: ChouetteSeating
    payments: tuple[Payment, ...]
    net: tuple[int, ...]


def chouette_start(draw: Draw = (0, 1, 2)) -> ChouetteSeating:
    """The highest card plays alone; of the partners the higher card deals and plays first."""
    highest, second, third = _players(draw)
    return ChouetteSeating(lone=highest, partner=second, sitting_out=third, dealer=second)


def chouette_next(seating: ChouetteSeating, hand: Sequence[int]) -> ChouetteSeating:
    """The next hand of the same game after ``hand`` (lone player's points, partners' points).

    A partner plays until he loses a hand, then the other takes over; the
    loser's side deals, the same dealer after a no game.
    """
    lone_points, partners_points = (*hand, 0, 0)[:2]
    if lone_points:
        return replace(
            seating,
            partner=seating.sitting_out,
            sitting_out=seating.partner,
            dealer=seating.sitting_out,
        )
    if partners_points:
        return replace(seating, dealer=seating.lone)
    return seating


def chouette_next_game(seating: ChouetteSeating, last_hand: Sequence[int]) -> ChouetteSeating:
    """The first hand of the next game, from the last hand of this one and its seating.

    A lone player who won it stays alone and meets the player who sat out,
    who deals; one who lost it sits out, and the partner who won becomes the
    lone player against his former partner, who deals.
    """
    if last_hand[0]:
        return chouette_next(seating, last_hand)
    return ChouetteSeating(
        lone=seating.partner,
        partner=seating.sitting_out,
        sitting_out=seating.lone,
        dealer=seating.sitting_out,
    )


def chouette_next_game_after(
    hands: Sequence[Sequence[int]], start: ChouetteSeating | None = None
) -> ChouetteSeating | None:
    """The first hand of the game after a game of ``hands`` seated from ``start`` (default:
    ``chouette_start()``): ``chouette_next_game`` of the last hand somebody won, also when
    the game stopped short of the target (a round of so many hands, or a time limit).
    None when nobody won a hand: nothing decides who plays alone."""
    played = replay(chouette_start() if start is None else start, hands, chouette_next)
    won = [index for index, hand in enumerate(hands) if any(hand)]
    if not won:
        return None
    return chouette_next_game(played.seatings[won[-1]], hands[won[-1]])


def score_chouette_game(
    hands: Sequence[Sequence[int]], profile: Any, start: ChouetteSeating | None = None
) -> ChouetteScore:
    """Total a chouette game; ``start`` seats its first hand (default: ``chouette_start()``)."""
    seating = chouette_start() if start is None else start
    if sorted((seating.lone, seating.partner, seating.sitting_out)) != [
        0,
        1,
        2,
    ] or seating.dealer not in (
        seating.lone,
        seating.partner,
    ):
        raise _problem(
            gettext_noop(
                "A chouette seating names players 0, 1 and 2 once each, the dealer at the table."
            ),
            "start",
        )
    game = score_game(hands, profile)
    lone = seating.lone
    played = replay(seating, hands, chouette_next)
    seatings, seating = played.seatings, played.after
    if game.finished:
        seating = chouette_next_game(seatings[-1], hands[-1])
    partners = [player for player in range(3) if player != lone]
    payments: tuple[Payment, ...] = ()
    if game.winner == 0:
        payments = tuple(
            Payment(payer=partner, payee=lone, amount=game.net) for partner in partners
        )
    elif game.winner == 1:
        payments = tuple(
            Payment(payer=lone, payee=partner, amount=game.net) for partner in partners
        )
    return ChouetteScore(
        game=game,
        seatings=seatings,
        next_seating=seating,
        payments=payments,
        net=_net(payments),
    )


def _net(payments: Sequence[Payment]) -> tuple[int, ...]:
    """What each player takes home (minus: pays) from the payments."""
    net = [0, 0, 0]
    for payment in payments:
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    return tuple(net)
