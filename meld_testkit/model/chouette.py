"""Gin for three as a chouette (RULES.md 2.1, 2): who plays each hand, who sits where in the
next game at the table, and what each player wins or pays.

The model's own reading of the rules, not the engine's seating: seat 0 is the lone player
(side A's column), seats 1 and 2 the partners who share side B's column, 1 the one who
plays the game's first hand. In the first game the highest card plays alone and the
partner with the higher card deals and plays first. A partner plays until he loses a hand,
then the other takes over; the side that lost a hand deals the next (its player at the
table), the same dealer after a no game. A hand is typed as in Gin for two, the knocker
being the lone player (0) or the partner at the table (1); its points go to side A or B.
The figures come from the engines (``model.deals``).
"""

from collections.abc import Sequence
from dataclasses import dataclass

CHOUETTE = "chouette"  # the model's name for the card game at a chouette table
LONE, FIRST, SECOND = 0, 1, 2  # the seats: alone, the partner who plays first, the other


@dataclass(frozen=True)
class Turn:
    """Who plays a chouette hand: the lone player against ``partner`` (a partner's seat),
    the other partner advising; ``dealer`` is the seat that deals."""

    partner: int
    dealer: int

    @property
    def adviser(self) -> int:
        return FIRST + SECOND - self.partner


def first_turn() -> Turn:
    """A game's first hand: the partner seated first deals and plays."""
    return Turn(FIRST, FIRST)


def after(turn: Turn, points: Sequence[int]) -> Turn:
    """Who plays the hand after one of ``points`` (side A's, side B's) played by ``turn``."""
    lone, partners = points
    if lone > 0:
        # The partner lost: the other takes over, and deals for the side that lost.
        return Turn(turn.adviser, turn.adviser)
    if partners > 0:
        return Turn(turn.partner, LONE)  # the lone player lost: he deals
    return turn  # a no game: the same two play, the same dealer deals


def turns(hands: Sequence[Sequence[int]]) -> tuple[list[Turn], Turn]:
    """Who played each of ``hands`` from the game's first, and who plays the one after."""
    played: list[Turn] = []
    turn = first_turn()
    for hand in hands:
        played.append(turn)
        turn = after(turn, hand)
    return played, turn


def next_seats(hands: Sequence[Sequence[int]]) -> tuple[int, int, int] | None:
    """The seats of this game in the order they sit in the next game at the table (alone,
    the partner who plays first, the other), by the last hand somebody won: its winner
    plays alone (the lone player stays, or the partner who won takes his place), its loser
    sits out the first hand, as a partner does who lost one, and the third plays first.
    None when nobody won a hand: nothing decides, the draw seats the table."""
    played = turns(hands)[0]
    won = [(turn, hand) for turn, hand in zip(played, hands, strict=True) if any(hand)]
    if not won:
        return None
    turn, hand = won[-1]
    if hand[0] > 0:
        return (LONE, turn.adviser, turn.partner)
    return (turn.partner, turn.adviser, LONE)


def seated_order(chosen: Sequence[int] | None, present: Sequence[int]) -> tuple[int, ...]:
    """The numbers at a table in the order they sit (alone, then the partners in turn):
    those the last game at the table put in order (``chosen``, by number) who are here,
    then the others in draw order; all in draw order when that game chose nothing. The
    rules do not say where a newcomer sits: the handbook's status says so."""
    if chosen is None:
        return tuple(sorted(present))
    kept = [number for number in chosen if number in present]
    return (*kept, *sorted(number for number in present if number not in kept))


def chouette_nets(totals: Sequence[int]) -> tuple[int, int]:
    """The plus/minus of side A's lone player and of each partner: the lone player wins or
    pays the margin (game over, or as it stands) to each of the two."""
    margin = totals[0] - totals[1]
    return 2 * margin, -margin
