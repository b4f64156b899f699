"""The change feed: how every screen learns that something it shows has changed.

Every write step that changes anything a screen shows calls ``record`` in its own
transaction: one insert-only ``Change`` row. A screen's poll carries the value ``latest``
gave it when it was drawn; while ``latest`` still gives that value, nothing in the screen's
scope has changed and the poll is answered "nothing new" from the cache alone, without
reading a database row. Otherwise the screen is drawn again from the state now.

Scopes are what a screen shows: a table (its phones: its game, its round's close, the
event's names and finish), a round (the director's board, bar and close dialog), the
event's **frame** (its rounds, seating and names: the public page's seating), the event's
**clock** (the frame and the round clock: every clock part), the event's **standings**
(everything its standings count and name: the public page and the projector) or the whole
event (the director's standings). A score or a call reaches its table, its round and its
event; any other change in a game the frame and the clock too; a change of a round
reaches every table of the event, that round, the frame, the clock and the event; a
change of the event reaches every scope of it. The clock's own change reaches only the
event, the round and the clock: the phones compare the clock beside their table, so a
clock started or paused redraws their clock, not their pads. Every change reaches the
standings but a deal waiting for its confirmation (entered, changed or disputed), a call
and the clock, which count nowhere: a new kind of change reaches them unless it is named
here.

What a screen is given is not the change's id but ``value_of`` it: equal for the same
change in the same scope and saying nothing else. A stranger with the public page's link
polls with it: a raw id would count every change of the server between two polls (deals
waiting, disputes, calls, other clubs' evenings), and one scope's value would tell
another's.

The values are compared for equality, never for order: after its commit a change sets
every key of its scope to its own id, so a screen drawn before that commit differs from
it even where ids commit out of order (PostgreSQL's sequence). Before the commit the
keys are dropped, so a reader that misses (a cold cache, a key expired, a test whose
transaction never commits) takes the event's latest id from one indexed query; a scope
strangers poll (``public_keys``) takes the last change that reached it, never one they
must not notice.
"""

from functools import cache as once
from functools import partial
from hashlib import blake2b, sha256

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max, Q, QuerySet

from tournaments.kernel import statements
from tournaments.models import Change, Event, Game, Round, Table

# How long a scope's latest id is kept; a key evicted or expired costs one indexed query.
FEED_SECONDS = 24 * 60 * 60

Kind = Change.Kind
# What happens at a table and changes nothing of the event's frame or clock.
AT_THE_TABLES = (Kind.SCORE, Kind.ENTRY, Kind.CALL)
# What no standings count: every other change reaches the event's standings.
UNCOUNTED = (Kind.ENTRY, Kind.CALL, Kind.CLOCK)


def event_key(event_id: int) -> str:
    return f"feed:event:{event_id}"


def round_key(round_id: int) -> str:
    return f"feed:round:{round_id}"


def table_key(table_id: int) -> str:
    return f"feed:table:{table_id}"


def frame_key(event_id: int) -> str:
    return f"feed:frame:{event_id}"


def clock_key(event_id: int) -> str:
    return f"feed:clock:{event_id}"


def public_frame_key(event_id: int) -> str:
    """The frame as public screens see it: what they draw alike for every visitor (public
    names, seating) is kept under it, so a change they do not show draws nothing again
    (a stranger could time the drawing)."""
    return f"feed:public-frame:{event_id}"


def standings_key(event_id: int) -> str:
    return f"feed:standings:{event_id}"


def record(
    event: Event | int,
    kind: str,
    *,
    round: Round | None = None,  # noqa: A002 - the club's word
    game: Game | None = None,
    public: bool = True,
) -> Change:
    """Append one change to the feed, inside the caller's transaction. ``public``: False
    for a change no public screen shows (a name behind a public name that stays): it
    reaches neither the standings nor the clock, whose values strangers' polls carry, so
    they cannot tell that anything changed."""
    event_id = event if isinstance(event, int) else event.pk
    round_id = round.pk if round is not None else (game.round_id if game is not None else None)
    # A prepared insert: every score write makes one, in its transaction.
    change = statements.insert(
        Change(event_id=event_id, round_id=round_id, game=game, kind=kind, public=public)
    )
    keys = _scope_keys(event_id, round_id, game, kind)
    if not public:
        keys = [key for key in keys if key not in public_keys(event_id)]
    cache.delete_many(keys)
    transaction.on_commit(partial(_publish, keys, change.pk))
    return change


def public_keys(event_id: int) -> tuple[str, str, str]:
    """The scopes of strangers' screens: the values the public page, the projector and
    their clock carry, and the frame their drawings are kept under."""
    return standings_key(event_id), clock_key(event_id), public_frame_key(event_id)


def latest(key: str, event_id: int) -> int:
    """The value a screen of scope ``key`` compares: ``value_of`` the last change that
    reached it, or, when the cache does not know, of the event's latest change."""
    return latest_of([key], event_id)[0]


def latest_of(keys: list[str], event_id: int) -> list[int]:
    """``latest`` of each scope in ``keys`` (of one event), from one look-up in the cache and
    at most one query."""
    found = cache.get_many(keys)
    missing = [key for key in keys if found.get(key) is None]
    if missing:
        public = public_keys(event_id)
        everything = once(lambda: _last(Change.objects.filter(event_id=event_id)))
        for key in missing:
            # A scope strangers poll takes the last change that reached it: the event's last
            # one may be a change they must not notice (a deal waiting, a hidden name).
            found[key] = _last(_reaching(key, event_id)) if key in public else everything()
            cache.add(key, found[key], FEED_SECONDS)
    return [value_of(key, int(found[key])) for key in keys]


def _last(changes: QuerySet[Change]) -> int:
    return changes.aggregate(last=Max("id"))["last"] or 0


def _reaching(key: str, event_id: int) -> QuerySet[Change]:
    """The changes of the event that reached the public scope ``key`` (``_scope_keys``)."""
    changes = Change.objects.filter(event_id=event_id, public=True)
    if key == standings_key(event_id):
        return changes.exclude(kind__in=UNCOUNTED)
    beyond_the_tables = changes.filter(Q(game__isnull=True) | ~Q(kind__in=AT_THE_TABLES))
    if key == public_frame_key(event_id):
        return beyond_the_tables.exclude(kind=Kind.CLOCK)
    return beyond_the_tables


@once
def _secret() -> bytes:
    return sha256(f"meld.feed:{settings.SECRET_KEY}".encode()).digest()


def value_of(key: str, change_id: int) -> int:
    """What a screen of scope ``key`` is given for the change ``change_id``: a keyed hash,
    53 bits (a whole number any script keeps exactly), every server of a federation
    computing it alike from the site's secret."""
    digest = blake2b(f"{key}:{change_id}".encode(), digest_size=8, key=_secret()).digest()
    return int.from_bytes(digest, "big") >> 11


def _scope_keys(event_id: int, round_id: int | None, game: Game | None, kind: str) -> list[str]:
    keys = [event_key(event_id)]
    if kind not in UNCOUNTED:
        keys.append(standings_key(event_id))
    if game is not None:
        keys += [round_key(game.round_id), table_key(game.table_id)]
        at_the_table = kind in AT_THE_TABLES
        frame = [frame_key(event_id), public_frame_key(event_id), clock_key(event_id)]
        return keys if at_the_table else [*keys, *frame]
    keys.append(clock_key(event_id))
    if round_id is not None:
        keys.append(round_key(round_id))
    else:
        rounds = Round.objects.filter(event_id=event_id).values_list("pk", flat=True)
        keys.extend(round_key(pk) for pk in rounds)
    if kind == Kind.CLOCK:
        return keys
    keys += [frame_key(event_id), public_frame_key(event_id)]
    tables = Table.objects.filter(event_id=event_id).values_list("pk", flat=True)
    keys.extend(table_key(pk) for pk in tables)
    return keys


def _publish(keys: list[str], change_id: int) -> None:
    cache.set_many(dict.fromkeys(keys, change_id), FEED_SECONDS)
