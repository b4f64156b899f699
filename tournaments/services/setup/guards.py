"""Whether an event's set-up, or the event itself, may still change, checked under the
event's lock: a step sent from a page left open meets the event as it is now, not as the
page drew it.
"""

from django.utils.translation import gettext as _

from tournaments.kernel.errors import ServiceError
from tournaments.models import Event
from tournaments.services.store.locks import lock_event


def setup_locked(event: Event) -> bool:
    """Whether round 1 has started (or the event is over): then the set-up stays as it is."""
    return event.status != Event.Status.SETUP or event.rounds.exists()


def ensure_unlocked(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event is finished: nothing can be changed any more."))
    if setup_locked(event):
        raise ServiceError(_("Round 1 has started, so the set-up can no longer be changed."))


def ensure_not_finished(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event is finished: nothing can be changed any more."))


def hold_setup(event: Event, *, change: bool = True) -> None:
    """Inside a set-up step, first: ``event`` locked and read again, refused once round 1
    has started or the event is finished. Exclusive with ``change`` (the step changes the
    event's row or its numbering), else shared (it changes a player). ``start_round`` takes
    the event exclusive, so a set-up step sent from a page left open lands before round 1 is
    seated or is refused after it, never in between."""
    lock_event(event.pk, change=change)
    event.refresh_from_db()
    ensure_unlocked(event)


def hold_unfinished(event: Event, *, change: bool = True) -> None:
    """As ``hold_setup`` for a step allowed during the event (details, a name corrected):
    refused once the event is finished, which ``finish_event`` decides under the event's
    exclusive lock."""
    lock_event(event.pk, change=change)
    event.refresh_from_db()
    ensure_not_finished(event)
