"""An event's rule profile: the preset it started from, with the director's edits."""

import functools
import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from scoring.profiles import (
    CANASTA_PROFILES,
    GIN_PROFILES,
    Profile,
    profile_from_dict,
    profile_to_dict,
)
from tournaments.models import Event

# Each card game's presets, below the card game registry: the card games import the entry
# forms, which read the event's profile from here.
PRESETS: dict[str, Mapping[str, Profile]] = {
    Event.CardGame.CANASTA: CANASTA_PROFILES,
    Event.CardGame.GIN: GIN_PROFILES,
}


def presets(card_game: str) -> Mapping[str, Profile]:
    return PRESETS[card_game]


def event_profile(event: Event) -> Profile:
    """The profile the event plays by: its stored parameters, or its preset if none are stored.

    The form, the engine checks and the score pad alike ask for it, and every write
    step reads its event again under the lock: the parsed profile (a frozen
    dataclass, safe to share) is kept per process, keyed by the card game and the stored
    parameters as text, so an edited profile is parsed afresh.
    """
    if not event.profile:
        return presets(event.card_game)[event.profile_slug]
    return _parsed(event.card_game, json.dumps(event.profile, sort_keys=True))


@functools.lru_cache(maxsize=256)
def _parsed(card_game: str, stored: str) -> Profile:
    return profile_from_dict(card_game, json.loads(stored))


def profile_as_json(profile: Profile) -> dict[str, Any]:
    return profile_to_dict(profile)


def profile_label(name: str) -> str:
    """A profile's name in the active language: a preset's name is translated (the
    engine marks them), a name the director wrote stays as written."""
    return str(gettext(name)) if name else name


def event_profile_name(event: Event) -> str:
    """The name of the rule profile the event plays by, untranslated (a preset's English
    name, for the printouts to translate in the event's language); its slug when the
    stored profile no longer reads."""
    try:
        return event_profile(event).name
    except Exception:  # an edited profile that no longer validates still prints its slug
        return event.profile_slug


def event_profile_label(event: Event) -> str:
    """The name of the rule profile the event plays by, in the active language, as the
    stored parameters name it (else the slug)."""
    return profile_label((event.profile or {}).get("name") or event.profile_slug)
