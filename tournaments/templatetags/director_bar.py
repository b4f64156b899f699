"""The bar of what needs the director (``services.pages.board.desk_alerts``) on every page of an
event's director area: ``base.html`` asks here where it loads from."""

from django import template
from django.template import Context
from django.urls import reverse

register = template.Library()


@register.simple_tag(takes_context=True)
def director_alerts_url(context: Context) -> str:
    """The bar's address on a director page of an event (its URL name and ``event_id``),
    else empty: the events list, the table's and the public pages have none."""
    request = context.get("request")
    if request is None:
        return ""
    match = getattr(request, "resolver_match", None)
    if match is None or not (match.url_name or "").startswith("tournaments-director-"):
        return ""
    event_id = match.kwargs.get("event_id")
    if event_id is None or not request.user.is_authenticated:
        return ""
    return reverse("tournaments-director-alerts", args=[event_id])
