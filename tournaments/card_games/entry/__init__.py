"""Entry forms for one deal (Canasta) or hand (Gin), validated through the engines.

``tournaments.card_games.entry_form_for(game, data)`` asks the event's card game
for its form: ``CanastaDealForm`` (each side's canastas, red threes, going out
and points), ``CardCountsForm`` (the same with how many cards of each kind
instead of the points), ``QuickTotalsForm`` (one number per side), as the
event's entry modes offer them, or ``GinHandForm`` (who won and how, or the
cards in card mode); Gin's table kinds of three, four or six at a table have
theirs in ``gin_tables.py``, naming who plays the hand.
``base.py`` holds what they share.
"""

from tournaments.card_games.entry.base import MAX_COUNT, MAX_POINTS, EntryForm
from tournaments.card_games.entry.canasta import CanastaDealForm, CardCountsForm, QuickTotalsForm
from tournaments.card_games.entry.gin import HAND_KINDS, GinHandForm

__all__ = [
    "HAND_KINDS",
    "MAX_COUNT",
    "MAX_POINTS",
    "CanastaDealForm",
    "CardCountsForm",
    "EntryForm",
    "GinHandForm",
    "QuickTotalsForm",
]
