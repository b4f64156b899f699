"""An event's rule profile: the preset it started from, with the director's edits."""

import copy

from django.utils.translation import gettext

from scoring.profiles import CANASTA_PROFILES, GIN_PROFILES, profile_from_dict, profile_to_dict
from tournaments.models import Event

# Where event_profile keeps the parsed profile on the Event instance it was asked about.
_CACHE_ATTR = "_meld_profile"


# Each game's presets: the game's registry entry would hold them, but the entry
# forms it imports read the event's profile from here.
PRESETS = {Event.Game.CANASTA: CANASTA_PROFILES, Event.Game.GIN: GIN_PROFILES}


def presets(game: str) -> dict:
    return PRESETS[game]


def event_profile(event: Event):
    """The profile the event plays by: its stored parameters, or its preset if none are stored.

    One request asks for it from the form, the engine checks and the score pad
    alike; the parsed profile (a frozen dataclass, safe to share) is kept on the
    instance and reused while the event's game and stored parameters are unchanged.
    """
    if not event.profile:
        return presets(event.game)[event.profile_slug]
    cached = event.__dict__.get(_CACHE_ATTR)
    if cached is not None and cached[0] == event.game and cached[1] == event.profile:
        return cached[2]
    profile = profile_from_dict(event.game, event.profile)
    # A copy: the JSON dict may be edited in place before the event is saved.
    event.__dict__[_CACHE_ATTR] = (event.game, copy.deepcopy(event.profile), profile)
    return profile


def profile_as_json(profile) -> dict:
    return profile_to_dict(profile)


def profile_label(name: str) -> str:
    """A profile's name in the active language: a preset's name is translated (the
    engine marks them), a name the director wrote stays as written."""
    return gettext(name) if name else name


def profile_name(event: Event) -> str:
    return profile_label((event.profile or {}).get("name") or event.profile_slug)
