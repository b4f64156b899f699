"""``{% handbook_link %}``: the "?" of a director's page, opening its section of the handbook."""

from django import template

from tournaments import handbook

register = template.Library()


@register.inclusion_tag("partials/help_link.html", takes_context=True)
def handbook_link(context) -> dict:
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    user = getattr(request, "user", None)
    section = None
    if match is not None and user is not None and user.is_authenticated:
        section = handbook.section_for(match.url_name, match.kwargs)
    if section is None:
        return {"url": None}
    return {"url": handbook.section_url(section, getattr(request, "LANGUAGE_CODE", None))}
