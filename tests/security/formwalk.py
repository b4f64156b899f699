"""Every form of the project, found by walking its modules, built with real objects.

A form's keyword arguments are filled in by name from a set of real objects (an
event, a game, players, a club, a member…); the entry forms are built the way the
tables build them, through the card game registry, for every card game, table kind and
entry mode. ``every_form`` fails when a form class is found that none of this built, so a
new form cannot slip past the walks that use it.
"""

import importlib
import inspect
import pkgutil
from collections.abc import Iterator

from django import forms

import tournaments
from tests.factories import make_event, seat_round
from tournaments.card_games import CARD_GAMES, entry_form_for
from tournaments.card_games.entry.base import EntryForm
from tournaments.formats import FORMATS
from tournaments.kernel.profiles import event_profile
from tournaments.models import Club, Event, Game, Member

# Who sits at a table of each kind: the sides of ``factories.seat_round``.
SEATING = {
    "": [(1, 2)],
    Event.TableKind.ROTATION: [(1, 2, 3)],
    Event.TableKind.CHOUETTE: [((1,), (2, 3))],
    Event.TableKind.PARTNERSHIP: [((1, 2), (3, 4))],
    Event.TableKind.PARTNERSHIP_SIX: [((1, 2, 3), (4, 5, 6))],
}


def form_classes() -> set[type]:
    """Every form class defined in Meld's own modules."""
    for info in pkgutil.walk_packages(tournaments.__path__, "tournaments."):
        if ".migrations" not in info.name and ".management" not in info.name:
            importlib.import_module(info.name)
    found, stack = set(), [forms.Form]
    while stack:
        for cls in stack.pop().__subclasses__():
            stack.append(cls)
            if cls.__module__.startswith("tournaments."):
                found.add(cls)
    return found


def _keywords(cls: type) -> dict[str, object]:
    """The keyword-only arguments without a default that ``cls`` and its bases ask for,
    with their annotations."""
    names = {}
    for klass in cls.__mro__:
        if klass in (forms.Form, forms.BaseForm):
            break
        if "__init__" not in vars(klass):
            continue
        for parameter in inspect.signature(klass.__init__).parameters.values():
            if parameter.kind is parameter.KEYWORD_ONLY and parameter.default is parameter.empty:
                names.setdefault(parameter.name, parameter.annotation)
    return names


def _game(director, card_game: str, kind: str) -> Game:
    if card_game == "canasta":
        event = make_event(director, players=8, entry_modes=list(CARD_GAMES[card_game].entry_modes))
        rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    else:
        seated = [n for table in SEATING[kind] for side in table for n in _flat(side)]
        event = make_event(
            director, card_game=card_game, players=len(seated), fmt="tables", table_kind=kind
        )
        rnd = seat_round(event, 1, SEATING[kind])
    return rnd.games.select_related("round__event", "table").get(table__number=1)


def _flat(side) -> tuple:
    return side if isinstance(side, tuple) else (side,)


def entry_forms(director, data=None) -> Iterator[forms.Form]:
    """The table's forms of every card game, table kind and entry mode, as the registry draws
    them."""
    for key, card_game in CARD_GAMES.items():
        for kind in ["", *(kind for kind, _label in card_game.table_kinds() if kind)]:
            game = _game(director, key, kind)
            for mode in card_game.entry_modes or (None,):
                form = entry_form_for(game, mode=mode, number=1)
                if data is not None:
                    # Only the mode's own fields: the others would tell another mode.
                    own = {form.add_prefix(name) for name in form.fields}
                    sent = {name: value for name, value in data.items() if name in own}
                    form = entry_form_for(game, sent, mode=mode, number=1)
                yield form


def every_form(director, data=None) -> list[forms.Form]:
    """One bound (``data``) or unbound form of every form class, each with real objects."""
    club = Club.objects.get_or_create(name="Form walk club")[0]
    club.directors.add(director)
    member = Member.objects.get_or_create(club=club, name="Anna Berger")[0]
    Member.objects.get_or_create(club=club, name="Bert Huber")
    game = _game(director, "canasta", "")
    event = game.round.event
    players = list(event.players.all())
    objects = {
        "user": director,
        "event": event,
        "game": game,
        "profile": event_profile(event),
        "table_kinds": CARD_GAMES["gin"].table_kinds(),
        "formats": list(FORMATS.values()),
        "units": players,
        "players": players,
        "pairs": [],
        "member": member,
        "club": club,
        "numbers": [1],
    }
    built = list(entry_forms(director, data))
    for cls in form_classes():
        if issubclass(cls, EntryForm):
            continue
        arguments = {
            # A card game asked for as text is the event's (the rule profile's form).
            name: event.card_game if annotation is str and name == "card_game" else objects[name]
            for name, annotation in _keywords(cls).items()
        }
        built.append(cls(data, **arguments))
    missing = {cls for cls in form_classes() if not cls.__subclasses__()} - {
        type(form) for form in built
    }
    assert not missing, f"forms the walk does not build: {missing}"
    return built
