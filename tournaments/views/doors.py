"""The doors every view comes through: who asks, what they may open, and the numbers
their request names.

The lookups the doors stand on are plain functions below the services
(``tournaments/access.py``: an object scoped to who asks, found by a token or an id);
what takes the request, answers with a 404 or sends a visitor to log in is here:
``director_required`` (a director's view of one of their events), the director's event,
club, member and series by the id in the URL, and ``query_int`` (a query parameter as a
number within bounds, ``kernel/numbers.py``).
"""

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase

from tournaments.access import clubs_for, events_for, members_for, series_for
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.models import Club, Event, Member, Series

P = ParamSpec("P")
R = TypeVar("R", bound=HttpResponseBase)
R_co = TypeVar("R_co", bound=HttpResponseBase, covariant=True)


class EventView(Protocol[P, R_co]):
    """A director's view of one event as the URLs call it: by the event's id (``event_id``,
    which the URL may pass by name)."""

    def __call__(
        self, request: HttpRequest, event_id: int, *args: P.args, **kwargs: P.kwargs
    ) -> R_co: ...


def query_int(request: HttpRequest, name: str, *, minimum: int, maximum: int) -> int | None:
    """The query parameter ``name`` as a whole number; None when it is absent or empty.

    Meld's own links only carry numbers that can exist, so anything else names
    nothing: a 404, as for an unknown address.
    """
    text = request.GET.get(name, "").strip()
    if not text:
        return None
    try:
        return parse_int(text, minimum=minimum, maximum=maximum)
    except NumberError:
        raise Http404(f"?{name}= is not a number from {minimum} to {maximum}.") from None


def director_event(request: HttpRequest, event_id: int) -> Event:
    try:
        return events_for(request.user).get(pk=event_id)
    except Event.DoesNotExist:
        raise Http404("No such event among yours.") from None


def director_club(request: HttpRequest) -> Club | None:
    """The club a club page shows: ``?club=`` among the director's, else their first."""
    clubs = clubs_for(request.user)
    wanted = query_int(request, "club", minimum=1, maximum=MAX_ID)
    if wanted is None:
        return clubs.first()
    try:
        return clubs.get(pk=wanted)
    except Club.DoesNotExist:
        raise Http404("No such club among yours.") from None


def director_member(request: HttpRequest, member_id: int) -> Member:
    try:
        return members_for(request.user).select_related("club").get(pk=member_id)
    except Member.DoesNotExist:
        raise Http404("No such member among your clubs'.") from None


def director_series(request: HttpRequest, series_id: int) -> Series:
    if series_id > MAX_ID:
        raise Http404("No such series among your clubs'.")
    try:
        return series_for(request.user).select_related("club").get(pk=series_id)
    except Series.DoesNotExist:
        raise Http404("No such series among your clubs'.") from None


def director_required(
    view: Callable[Concatenate[HttpRequest, Event, P], R],
) -> EventView[P, R]:
    """Log-in required, and the ``event_id`` in the URL must be one of the director's events.

    The event is handed to the view as ``event``.
    """

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, event_id: int, *args: P.args, **kwargs: P.kwargs) -> R:
        return view(request, director_event(request, event_id), *args, **kwargs)

    return wrapper
