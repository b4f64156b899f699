"""``{{ event|public_id }}``: an evening's or a series' name in a club's public address
(``kernel.public_ids``)."""

from django import template

from tournaments.kernel import public_ids
from tournaments.models import Event, Series

register = template.Library()


@register.filter
def public_id(row: Event | Series) -> str:
    return public_ids.public_id(row)
