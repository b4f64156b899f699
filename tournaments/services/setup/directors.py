"""Who runs an event besides its owner: the co-directors, added by user name.

Adding one tells whoever tries whether a user name exists, so a director who keeps typing
names nobody has is stopped for a while (``MISSES`` in ``MISS_SECONDS``, counted in the
shared cache, so across every server): the site's user names cannot be listed by trying.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.kernel.errors import ServiceError
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Event
from tournaments.services.scores.audit import record
from tournaments.services.store.locks import lock_event

# Names nobody has that one director may type within the window: typos, not a list.
MISSES = 10
MISS_SECONDS = 900


def _misses_key(user: Asker) -> str:
    return f"meld:co-director-misses:{user.pk}"


def _check_misses(user: Asker) -> None:
    if (cache.get(_misses_key(user)) or 0) >= MISSES:
        raise ServiceError(
            _(
                "Too many user names were not found: try again in %(minutes)d minutes, or ask "
                "the administrator for the co-director's user name."
            )
            % {"minutes": MISS_SECONDS // 60}
        )


def _count_miss(user: Asker) -> None:
    key = _misses_key(user)
    # The window starts at the first miss; ``add`` does nothing while it runs.
    cache.add(key, 0, MISS_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # the window ended between the two calls
        cache.set(key, 1, MISS_SECONDS)


@transaction.atomic
def add_co_director(event: Event, user: Asker, username: str) -> User:
    """Let another director help run the event (only the owner may)."""
    if event.owner_id != user.pk:
        raise ServiceError(_("Only the director who created the event can add co-directors."))
    _check_misses(user)
    # A double tap's second add waits here and then finds the co-director already there.
    lock_event(event.pk, change=True)
    username = username.strip()
    other = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
    if other is None:
        _count_miss(user)
        raise ServiceError(
            _("Please correct the marked fields."),
            {"username": [_("Nobody has the user name “%(name)s”.") % {"name": username[:150]}]},
        )
    if other.pk == event.owner_id or event.co_directors.filter(pk=other.pk).exists():
        raise ServiceError(
            _("Please correct the marked fields."),
            {
                "username": [
                    _("%(name)s already directs this event.") % {"name": other.get_username()}
                ]
            },
        )
    event.co_directors.add(other)
    _record(event, user, _("Co-director added"), new=other)
    return other


@transaction.atomic
def remove_co_director(event: Event, user: Asker, co_director_id: int) -> None:
    if event.owner_id != user.pk:
        raise ServiceError(_("Only the director who created the event can remove co-directors."))
    lock_event(event.pk, change=True)
    other = event.co_directors.filter(pk=co_director_id).first()
    if other is None:
        raise ServiceError(_("This person is not a co-director of the event."))
    event.co_directors.remove(other)
    _record(event, user, _("Co-director removed"), old=other)


def _record(
    event: Event, user: Asker, reason: str, *, old: User | None = None, new: User | None = None
) -> None:
    """The audit line of a co-director added (``new``) or removed (``old``). No public screen
    names the directors: the change reaches no stranger's scope."""
    record(
        event,
        AuditEntry.Action.OTHER,
        user=user,
        old={"co_director": old.get_username()} if old else None,
        new={"co_director": new.get_username()} if new else None,
        reason=reason,
        public=False,
    )
