"""An event's rule profile: the preset it started from, with the director's edits."""

from scoring.profiles import CANASTA_PROFILES, GIN_PROFILES, profile_from_dict, profile_to_dict
from tournaments.models import Event


def presets(game: str) -> dict:
    return CANASTA_PROFILES if game == Event.Game.CANASTA else GIN_PROFILES


def event_profile(event: Event):
    """The profile the event plays by: its stored parameters, or its preset if none are stored."""
    if event.profile:
        return profile_from_dict(event.game, event.profile)
    return presets(event.game)[event.profile_slug]


def profile_as_json(profile) -> dict:
    return profile_to_dict(profile)
