"""Every object a view touches is fetched here, scoped to who is asking.

Four audiences (docs/design.md, "Audiences"): the event's directors (logged in), the
players at a table (holding its token), the public (holding the event's public token,
only when the director made the event public), and one player (holding the
private link to their own evening, or a link of a mail sent to a member).

The lookups: plain functions of who asks (``request.user``) or of a token, below the
services (which use them too) and knowing nothing of HTTP: a token or id that opens
nothing raises ``kernel.errors.NotFound``, which the views answer as a 404. The doors
that take the request (``director_required``, ``director_event``, the director's club,
member and series by the id in the URL) are the views', ``tournaments/views/doors.py``.
"""

import datetime

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet
from django.utils import timezone

from tournaments.kernel.errors import NotFound
from tournaments.models import Club, Event, Member, MemberMail, Player, Series, Table

User = AbstractBaseUser | AnonymousUser  # who asks (``request.user``)


def events_for(user: User) -> QuerySet[Event]:
    """The events this director owns or co-directs."""
    return Event.objects.filter(Q(owner=user) | Q(co_directors=user)).distinct()


def clubs_for(user: User) -> QuerySet[Club]:
    """The clubs this user directs (an event can only belong to one of its owner's clubs)."""
    return Club.objects.filter(Q(directors=user))


def members_for(user: User) -> QuerySet[Member]:
    """The registers of the clubs this user directs.

    Co-directing one event of a club does not open its register: the register
    is the club's, kept by the club's directors.
    """
    return Member.objects.filter(Q(club__directors=user))


def keeps_register(user: User, event: Event) -> bool:
    """Whether ``user`` keeps the register of ``event``'s club (directs the club): only then
    do their players join it or link to its members. An event without a club has none;
    a co-director of one evening does not keep the club's."""
    if event.club_id is None:
        return True
    return Club.objects.filter(pk=event.club_id, directors=user.pk).exists()


def series_for(user: User) -> QuerySet[Series]:
    """The series of the clubs this user directs (a series is the club's, like its register)."""
    return Series.objects.filter(Q(club__directors=user)).distinct()


def table_for_token(token: str) -> Table:
    try:
        return Table.objects.select_related("event").get(token=token)
    except Table.DoesNotExist:
        raise NotFound("No table has this link.") from None


def public_event(token: str) -> Event:
    try:
        return Event.objects.get(public_token=token, public=True)
    except Event.DoesNotExist:
        raise NotFound("This event is not public.") from None


def public_club(token: str) -> Club:
    """A club whose director turned its public page on, by the page's token."""
    try:
        return Club.objects.get(public_token=token, public_page=True)
    except Club.DoesNotExist:
        raise NotFound("This club has no public page.") from None


def link_expired(event: Event) -> bool:
    """A player's private link opens for ``MELD_PLAYER_LINK_DAYS`` after the evening."""
    days = settings.MELD_PLAYER_LINK_DAYS
    # Counted back from today: an evening dated near the year 9999 would overflow forward.
    return bool(days) and timezone.localdate() - datetime.timedelta(days=days) > event.date


def evening_player(token: str) -> Player:
    """The player whose private link this is, with their event and member; a wrong or
    expired link is a 404 (which the guess limiter counts)."""
    try:
        player = Player.objects.select_related("event__club", "member__club").get(
            evening_token=token
        )
    except Player.DoesNotExist:
        raise NotFound("No player has this link.") from None
    if link_expired(player.event):
        raise NotFound("This link has expired.")
    return player


def evening_member(token: str) -> tuple[Player, Member]:
    """A player's private link that names a member: the member's own pages (history, their
    results by e-mail, asking for their data). A guest's link has none: 404. Whoever tapped
    the player's name at the table holds this link too, so it shows none of the member's
    personal data (``mail_to_data`` does)."""
    player = evening_player(token)
    if player.member is None:
        raise NotFound("This player is no member.")
    return player, player.member


def mail_to_confirm(token: str) -> MemberMail:
    try:
        return MemberMail.objects.select_related("member__club").get(confirm_token=token)
    except MemberMail.DoesNotExist:
        raise NotFound("No address waits for this link.") from None


def mail_to_stop(token: str) -> MemberMail:
    try:
        return MemberMail.objects.select_related("member__club").get(unsubscribe_token=token)
    except MemberMail.DoesNotExist:
        raise NotFound("No address has this link.") from None


def mail_to_data(token: str) -> MemberMail:
    """The link of a mail to the member's confirmed address (every mail's stop link carries
    it): whoever reads that mailbox sees everything Meld holds on the member. It opens only
    while the address is confirmed; a new address gets a new link."""
    try:
        return MemberMail.objects.select_related("member__club").get(
            unsubscribe_token=token, state=MemberMail.State.CONFIRMED
        )
    except MemberMail.DoesNotExist:
        raise NotFound("No confirmed address has this link.") from None
