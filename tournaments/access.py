"""Every object a view touches is fetched here, scoped to who is asking.

Three audiences (DESIGN.md): the event's directors (logged in), the players at
a table (holding its token), and the public (holding the event's public token,
only when the director made the event public).
"""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest

from tournaments.kernel.numbers import MAX_ID, query_int
from tournaments.models import Club, Event, Member, Series, Table


def events_for(user) -> QuerySet[Event]:
    """The events this director owns or co-directs."""
    return Event.objects.filter(Q(owner=user) | Q(co_directors=user)).distinct()


def director_event(request: HttpRequest, event_id: int) -> Event:
    try:
        return events_for(request.user).get(pk=event_id)
    except Event.DoesNotExist:
        raise Http404("No such event among yours.") from None


def clubs_for(user) -> QuerySet[Club]:
    """The clubs this user directs (an event can only belong to one of its owner's clubs)."""
    return Club.objects.filter(directors=user)


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


def members_for(user) -> QuerySet[Member]:
    """The registers of the clubs this user directs.

    Co-directing one event of a club does not open its register: the register
    is the club's, kept by the club's directors.
    """
    return Member.objects.filter(club__directors=user)


def director_member(request: HttpRequest, member_id: int) -> Member:
    try:
        return members_for(request.user).select_related("club").get(pk=member_id)
    except Member.DoesNotExist:
        raise Http404("No such member among your clubs'.") from None


def series_for(user) -> QuerySet[Series]:
    """The series of the clubs this user directs (a series is the club's, like its register)."""
    return Series.objects.filter(club__directors=user).distinct()


def director_series(request: HttpRequest, series_id: int) -> Series:
    if series_id > MAX_ID:
        raise Http404("No such series among your clubs'.")
    try:
        return series_for(request.user).select_related("club").get(pk=series_id)
    except Series.DoesNotExist:
        raise Http404("No such series among your clubs'.") from None


def director_required(view):
    """Log-in required, and the ``event_id`` in the URL must be one of the director's events.

    The event is handed to the view as ``event``.
    """

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, event_id: int, *args, **kwargs):
        return view(request, director_event(request, event_id), *args, **kwargs)

    return wrapper


def table_for_token(token: str) -> Table:
    try:
        return Table.objects.select_related("event").get(token=token)
    except Table.DoesNotExist:
        raise Http404("No table has this link.") from None


def public_event(token: str) -> Event:
    try:
        return Event.objects.get(public_token=token, public=True)
    except Event.DoesNotExist:
        raise Http404("This event is not public.") from None


def public_club(token: str) -> Club:
    """A club whose director turned its public page on, by the page's token."""
    try:
        return Club.objects.get(public_token=token, public_page=True)
    except Club.DoesNotExist:
        raise Http404("This club has no public page.") from None
