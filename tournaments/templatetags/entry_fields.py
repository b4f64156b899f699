"""``{% entry_field field "stepper" %}``: an entry form's field as the phone's pad draws it
(``card_games.entry.field_html``)."""

from django import template
from django.forms import BoundField
from django.utils.safestring import SafeString

from tournaments.card_games.entry.field_html import field_html

register = template.Library()


@register.simple_tag
def entry_field(field: BoundField, kind: str) -> SafeString:
    return field_html(field, kind)
