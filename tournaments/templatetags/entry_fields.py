"""``{% entry_field field "stepper" %}``: an entry form's field as the phone's pad draws it;
``{% entry_field_errors field %}``: its error line alone (``card_games.entry.field_html``)."""

from django import template
from django.forms import BoundField
from django.utils.safestring import SafeString, mark_safe

from tournaments.card_games.entry.field_html import errors_html, field_html

register = template.Library()


@register.simple_tag
def entry_field(field: BoundField, kind: str) -> SafeString:
    return field_html(field, kind)


@register.simple_tag
def entry_field_errors(field: BoundField, oob: bool = False) -> SafeString:
    return mark_safe(errors_html(field, oob))
