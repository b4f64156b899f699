"""The card games (Canasta, Gin Rummy), one registry item each, in the shape of the format
registry.

``CARD_GAMES`` maps every ``Event.CardGame`` value to its card game, a ``CardGame``
(``base.py``); ``card_game_of(event)`` gives the event's. A card game holds all that
differs between card games: how an entry is scored (``evaluate``), the table's entry
form (which the director's corrections use too), how a game is counted and when it ends,
what the score pad shows below its rows, the rules and bottom lines of a
printed score sheet, and the words for a deal ("deal 3", "hand 3": ``texts``,
said by ``CardGame.words``, ``words.py``; templates read them with
``{% says event "key" %}`` from ``card_game_words``). A card game
may have table kinds (``Event.TableKind``: Gin for three, as a chouette, or two
partnerships of two or three, ``gin_tables/``): each is a ``CardGame`` of its own, and
``card_game_of`` answers with the one the event plays (``CardGame.for_event``). The
sides of a game, the same for every card game, come from ``sides_of(game)``. Outside the
models and this package, no code asks which card game an event has: the services, views,
templates and printouts ask its ``CardGame``.

A new card game touches:

- ``scoring/<card_game>.py``: its pure engine (an entry's points, a game's end), and
  its rule profiles in ``scoring/profiles.py``;
- ``tournaments/card_games/<card_game>.py``: a ``CardGame`` subclass with its words,
  ``evaluate``, ``entry_form`` (the table's and the director's), ``outcome``,
  ``sheet_part`` and ``sheet_rules`` (plus the attributes where it differs from
  ``base.py``);
- ``CARD_GAMES`` below: one line;
- ``tournaments/card_games/entry/<card_game>.py``: the table's entry form (an
  ``EntryForm`` subclass with its ``entry_kind``, ``fields_template`` and
  ``preview_template``: ``templates/tournaments/table/partials/<card_game>_fields.html``
  and ``<card_game>_preview.html``);
- ``tournaments/kernel/profiles.py``: its presets in ``PRESETS``;
- ``tournaments/models/events.py``: its value in ``Event.CardGame``, with the
  migration ``makemigrations`` writes for the changed choices;
- tests: ``tests/web/test_card_games.py`` and the engine's own tests.
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from scoring.profiles import Profile
from tournaments.card_games.base import CardGame, Outcome, SheetPart
from tournaments.card_games.canasta import Canasta
from tournaments.card_games.entry import EntryForm
from tournaments.card_games.gin import Gin
from tournaments.card_games.gin_tables import (
    GinChouette,
    GinPartnership,
    GinRotation,
    GinSixPartnership,
)
from tournaments.card_games.sides import Side, group_sides, sides_of
from tournaments.kernel.deal import Scored
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.profiles import event_profile
from tournaments.models import Event, Game

__all__ = [
    "CARD_GAMES",
    "CardGame",
    "Outcome",
    "SheetPart",
    "Side",
    "deal_name",
    "entry_form_for",
    "card_game_of",
    "evaluate",
    "group_sides",
    "sides_of",
]

# Each card game reads its own kind of rule profile, which the event hands it with the card
# game (``event_profile``): a look-up by the event's value cannot tell mypy which.
CARD_GAMES: dict[str, CardGame[Any]] = {
    card_game.key: card_game
    for card_game in (
        Canasta(),
        Gin(tables=(GinRotation(), GinChouette(), GinPartnership(), GinSixPartnership())),
    )
}


def card_game_of(event: Event) -> CardGame[Any]:
    """The event's card game, for its table kind."""
    return CARD_GAMES[event.card_game].for_event(event)


def entry_form_for(
    game: Game, data: Mapping[str, Any] | None = None, *, mode: str | None = None, **kwargs: Any
) -> EntryForm:
    """The form this game's entries use at the table (Gin hand, or a Canasta deal in one
    of the entry modes the event offers: ``mode`` asks for one)."""
    card_game = card_game_of(game.round.event)
    if card_game.entry_modes:
        kwargs["mode"] = mode
    return card_game.entry_form(game, data, sides=sides_of(game), **kwargs)


def evaluate(game: Game, data: Any, *, profile: Profile | None = None) -> Scored:
    """Score what a table or the director entered for one of ``game``'s deals (hands)."""
    event = game.round.event
    if not isinstance(data, Mapping):
        raise ServiceError(_("The entry could not be read."))
    return card_game_of(event).evaluate(game, data, profile or event_profile(event))


def deal_name(game: Game, number: Any, *, start: bool = False) -> str:
    """ "deal 3" (Canasta) or "hand 3" (Gin); ``start`` for the beginning of a sentence."""
    return card_game_of(game.round.event).words.deal_name(number, start=start)
