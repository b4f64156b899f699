"""The few rules a director checks at a glance, for the Rules step: the rest stays in the editor."""

from dataclasses import dataclass
from typing import Any

from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.translation import gettext as _

from scoring.profiles import profile_fields
from tournaments.card_games import card_game_of
from tournaments.kernel.profiles import event_profile
from tournaments.models import Event


@dataclass(frozen=True)
class RuleLine:
    label: str
    value: str


def _value(kind: str, value: Any) -> str:  # a profile field's value, of its ``kind``
    if value is None:
        return _("not played")
    if kind == "bands":
        first, *rest = value
        parts = [intcomma(first[1])]
        parts += [
            _("from %(total)s: %(minimum)s")
            % {"total": intcomma(start), "minimum": intcomma(minimum)}
            for start, minimum in rest
        ]
        return " · ".join(parts)
    if kind == "flag":
        return _("yes") if value else _("no")
    return intcomma(value)


def rule_summary(event: Event) -> list[RuleLine]:
    keys = card_game_of(event).summary_rules
    specs = {spec.name: spec for spec in profile_fields(event_profile(event))}
    return [
        RuleLine(_(specs[key].label), _value(specs[key].kind, specs[key].value))
        for key in keys
        if key in specs
    ]
