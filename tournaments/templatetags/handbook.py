"""``{% handbook_link %}``: the "?" of a director's page, opening its section of the handbook."""

from django import template
from django.template import Context

from tournaments import handbook

register = template.Library()


@register.inclusion_tag("partials/help_link.html", takes_context=True)
def handbook_link(context: Context) -> dict[str, str | None]:
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    # Only director pages have a section: the players' and public pages never load the user.
    section = handbook.section_for(match.url_name, match.kwargs) if match else None
    if section is None or request is None or not request.user.is_authenticated:
        return {"url": None}
    return {"url": handbook.section_url(section, getattr(request, "LANGUAGE_CODE", None))}
