"""Automatic confirmation, stored by requests that write, never by a page being read.

An entry left unanswered for the event's auto-confirm minutes counts as confirmed
once that is stored: with its audit row (``confirmed automatically``), through the
entry's own confirmation, so the database still holds at most one confirmed
version per deal. ``entry_rows.confirm_due`` stores a game's due entries under the
game's lock; every step that writes the game calls it first (``entry_rows.locked``),
as do closing a round and ending a game. Between such steps the director's pages
ask for it with a request of their own (``confirm_due_in_round``, a POST) when
their poll sees something due, and ``manage.py confirm_due`` does it for every
event, once or every few seconds, for a server where no director page is open.
"""

from django.db.models import QuerySet

from tournaments.models import Entry, Event, Round
from tournaments.services.scores.entry_rows import auto_confirm_cutoff, store_due
from tournaments.services.store.locks import serialised


def due_entries(rnd: Round) -> QuerySet[Entry]:
    """The round's entries that count as confirmed now but are not stored so yet."""
    cutoff = auto_confirm_cutoff(rnd.event)
    playing = rnd.status == Round.Status.OPEN and rnd.event.status != Event.Status.FINISHED
    if cutoff is None or not playing:
        return Entry.objects.none()
    return Entry.objects.filter(
        game__round=rnd, game__finished=False, status=Entry.Status.ENTERED, created_at__lte=cutoff
    )


@serialised
def confirm_due_in_round(rnd: Round) -> int:
    """Store what is due in ``rnd``, one game (one transaction) at a time; how many entries."""
    games = due_entries(rnd).values_list("game_id", flat=True).distinct().order_by("game_id")
    return sum(store_due(game_id) for game_id in list(games))


def confirm_due_everywhere() -> int:
    """``confirm_due_in_round`` for the open round of every event not finished that confirms
    automatically."""
    rounds = (
        Round.objects.filter(status=Round.Status.OPEN, event__auto_confirm_minutes__isnull=False)
        .exclude(event__status=Event.Status.FINISHED)
        .select_related("event")
    )
    return sum(confirm_due_in_round(rnd) for rnd in rounds)
