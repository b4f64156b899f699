"""What the middleware and the table's decorators add to a request, for the type checker.

``HtmxMiddleware`` (``settings.MIDDLEWARE``) gives every request ``htmx``; a table view
behind ``table_at.with_device`` also gets the phone's device id, ``meld_device``. A view
that Django calls directly says so by its request's type (django-htmx's own advice); one
behind a decorator that hands it a plain ``HttpRequest`` (``director_required``) asks
``htmx(request)``.
"""

from typing import cast

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


class PhoneRequest(HtmxRequest):
    meld_device: str  # the phone's device id (``table_at.with_device``)


def htmx(request: HttpRequest) -> HtmxDetails:
    """``request.htmx``: the middleware sets it on every request."""
    return cast(HtmxRequest, request).htmx
