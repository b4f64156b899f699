"""Gin Rummy beyond two players a table (RULES.md 2.1, 2.2): the table kinds of ``Gin``,
each a card game of its own (``tournaments.card_games.Gin(tables=…)``), one module each.

``rotation.GinRotation``: three players, each his own side (0, 1, 2 in seat order, which
is the order of the draw, highest card first). Two play each hand; the loser sits out and
the one who sat out deals the next (``scoring.gin_three``). A hand is entered as in
two-player Gin between the two who played it, and stored with three columns, the
winner's points in his own.

``chouette.GinChouette``: three players, one alone (side A) against two partners sharing
side B's column; the partner playing keeps his seat until he loses a hand, then the other
takes over (``scoring.gin_three.chouette_next``). A round is one game; the next round at
the same table goes on from its last hand (``scoring.gin_three.chouette_next_game``).

``partnership.GinPartnership``: four players, two partnerships of two (sides A and B,
partners opposite); ``GinSixPartnership``: six, partnerships of three. Every hand each
partner plays his own game against one opponent, the partners moving on to the next
opponent after every hand; a hand is entered as all these games, and counts for each
partnership as the sum of its partners' results (``scoring.gin_game.partnership_hand``),
to the four- or six-player target.

``base.SeatedByHands``: what rotation and chouette share, where the hands before one
decide who plays it (one replay of the hands, ``scoring.gin_three.replay``). Their forms
are in ``tournaments.card_games.entry.gin_tables``.
"""

from tournaments.card_games.gin_tables.chouette import GinChouette
from tournaments.card_games.gin_tables.partnership import GinPartnership, GinSixPartnership
from tournaments.card_games.gin_tables.rotation import GinRotation

__all__ = ["GinChouette", "GinPartnership", "GinRotation", "GinSixPartnership"]
