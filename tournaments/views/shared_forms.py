"""The forms of a live part drawn once for every viewer (``views.live.shared``): such a
drawing holds no one's CSRF token, so its forms post by htmx, which sends the token in its
header (``base.html``), and the page their answer leads to is opened whole."""

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse
from django_htmx.http import HttpResponseClientRedirect


def opens_whole_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A step's redirect, asked by htmx, as a full navigation to where it leads (with the
    messages it left), not a page swapped into the form."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if request.headers.get("HX-Request") != "true" or response.status_code != 302:
            return response
        target = response["Location"]
        answer = HttpResponseClientRedirect(target)
        shown = urlsplit(request.headers.get("HX-Current-URL", ""))
        if target.split("#")[0] == f"{shown.path}?{shown.query}".rstrip("?"):
            # The same page at another anchor: the browser would only scroll to it.
            answer["HX-Refresh"] = "true"
        return answer

    return wrapper
