"""Test data for the set-up pages: what the rule profile editor posts."""

from tournaments.forms.profile import ProfileForm
from tournaments.kernel.profiles import event_profile


def profile_post(event, **changes) -> dict:
    """The rule profile page's form as drawn for ``event``, with ``changes`` typed in."""
    form = ProfileForm(card_game=event.card_game, profile=event_profile(event))
    data = {"action": "rules"}
    for name, field in form.fields.items():
        if field.disabled:
            continue
        value = field.initial
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        data[name] = "" if value is None else value
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}
