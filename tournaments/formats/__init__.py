"""The pairing systems, one format each, in the shape of the printing registry.

``FORMATS`` maps every ``Event.Format`` value to its format, a ``Format``
(``base.py``); ``format_of(event)`` gives the event's. A format holds all that
differs between pairing systems: how a round is planned (its engine call),
how many rounds it suggests or allows, the set-up checks and tables, what the
Format step offers with it (fixed partners, balanced schedule, odd tables),
the draw of numbers, late entries and withdrawals, whether a bye is a win,
who the standings rank, and what printing and the templates need to know.
Outside the models and this package, no code asks which format an event has:
the services, views, templates and printouts ask its ``Format``.

A new pairing system touches:

- ``pairings/<system>.py``: its pure engine (plain values in, a pairing out);
- ``tournaments/formats/<system>.py``: a ``Format`` subclass with its
  ``plan_round`` (read what the engine needs, call it, return a ``Plan``) and
  the attributes and methods where it differs from the defaults in ``base.py``;
- ``FORMATS`` below: one line;
- ``tournaments/models/events.py``: its value in ``Event.Format``, with the
  migration ``makemigrations`` writes for the changed choices;
- ``tests/web/test_formats.py``: its field size in ``FIELDS`` (the registry
  test fails until it has one), and the engine's own tests.

``formats_for(card_game)`` gives the systems a card game can be played in
(``Format.plays``) and ``default_format(card_game)`` the one a new event of the card game
starts with.

Nothing else branches on the format: rounds (``services.rounds.seating.plan_round``),
set-up checks and the Format step (``services.setup.checks``), players and the
draw (``services.setup.players``), standings and tallies, the director's pages and
the printouts all ask the format. Only prose names the systems (help texts, the
late-entry refusal); ``make messages`` collects the new strings for the
German catalogue.
"""

from typing import Any

from tournaments.card_games import CardGame
from tournaments.formats.base import Format, RoundsHint
from tournaments.formats.mixed import Mixed
from tournaments.formats.moveup import MoveUp
from tournaments.formats.progressive import Progressive
from tournaments.formats.roundrobin import RoundRobin
from tournaments.formats.swiss import Swiss
from tournaments.formats.tables import TablesInOrder
from tournaments.models import Event

__all__ = ["FORMATS", "Format", "RoundsHint", "default_format", "format_of", "formats_for"]

FORMATS: dict[str, Format] = {
    fmt.key: fmt
    for fmt in (
        Progressive(),
        Mixed(),
        Swiss(),
        MoveUp(),
        RoundRobin(),
        TablesInOrder(),
    )
}


def format_of(event: Event) -> Format:
    """The format of the event's pairing system."""
    return FORMATS[event.format]


def formats_for(card_game: CardGame[Any]) -> list[Format]:
    """The pairing systems that can seat ``card_game``, in the registry's order."""
    return [fmt for fmt in FORMATS.values() if fmt.plays(card_game)]


def default_format(card_game: CardGame[Any]) -> str:
    """What a new event of the card game plays: the first system of the registry that seats
    it (progressive play for Canasta, the Swiss system for Gin)."""
    return formats_for(card_game)[0].key
