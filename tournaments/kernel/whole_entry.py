"""Messages about a whole deal ("only one side can go out") and the fields they concern.

Such a message is shown once, by the Send button; each field it is about is
marked on every side with a short pointer to it, so the player sees where to look
and the phone can scroll to the first marked field.
"""

import re

from django import forms
from django.utils.translation import gettext as _

from scoring.canasta import CANASTA_KINDS

# The engine checks some figures of all sides added up: a message about one of
# them concerns its companions too (RULES.md 1.4, one deck).
COMPANIONS: dict[str, tuple[str, ...]] = {
    "melded_points": ("melded_points", "hand_points"),
    "red_threes": ("red_threes", "red_threes_in_hand"),
    "joker_canastas": ("joker_canastas", "joker_hand_canastas"),
    "natural_canastas": tuple(CANASTA_KINDS),
}


SIDE_PREFIX = re.compile(r"^s\d+_")


def concerned_fields(form: forms.Form, concerns: tuple[str, ...]) -> list[str]:
    """The form's fields (``s0_going_out``, ``s1_going_out``) the engine's names stand for."""
    wanted = {name for concern in concerns for name in COMPANIONS.get(concern, (concern,))}
    return [name for name in form.fields if SIDE_PREFIX.sub("", name) in wanted]


def mark_concerned(form: forms.Form, concerns: tuple[str, ...]) -> None:
    """Mark each concerned field that has no message of its own."""
    for name in concerned_fields(form, concerns):
        if name not in form.errors:
            form.add_error(name, _("See the note by the Send button."))
