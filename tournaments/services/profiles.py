"""An event's rule profile: the preset it started from, with the director's edits."""

import dataclasses
from typing import Any

from tournaments.models import Event


def _restore(value: Any, like: Any) -> Any:
    """JSON turns tuples into lists; give fields their preset's shape back."""
    if isinstance(like, tuple) and isinstance(value, list):
        inner = like[0] if like else None
        return tuple(_restore(item, inner) for item in value)
    return value


def presets(game: str) -> dict:
    from scoring.profiles import CANASTA_PROFILES, GIN_PROFILES

    return CANASTA_PROFILES if game == Event.Game.CANASTA else GIN_PROFILES


def event_profile(event: Event):
    base = presets(event.game)[event.profile_slug]
    known = {field.name for field in dataclasses.fields(base)}
    edits = {
        name: _restore(value, getattr(base, name))
        for name, value in (event.profile or {}).items()
        if name in known
    }
    return dataclasses.replace(base, **edits)


def profile_as_json(profile) -> dict:
    return json_ready(dataclasses.asdict(profile))


def json_ready(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(item) for item in value]
    return value
