"""Time is up in a round with a time limit: the tables finish the deal they are playing,
and no new deal is started (the handbook's "When the time is up").

The deal a table was playing when the time ran out is the one after the last deal it
had begun to enter by then (the first version of a deal counts, so a later change of
an earlier deal does not make it "played after the time"). That deal is the table's
last: entering a later one is refused, the phone stops offering one, and the table is
done once the deal is in and nothing waits (``services.rounds.done``).
"""

from datetime import datetime

from django.db.models import Max
from django.utils import timezone

from tournaments.models import Entry, Game, Round


def time_up_at(rnd: Round, now: datetime | None = None) -> datetime | None:
    """When the time of ``rnd`` ran out, once it has, in a round with a time limit (a clock
    of another round only informs; a paused clock never runs out)."""
    if not rnd.event.timed or rnd.status != Round.Status.OPEN:
        return None
    ends = rnd.clock_ends_at
    if ends is None or ends > (now or timezone.now()):
        return None
    return ends


def last_deal_played(game: Game) -> int | None:
    """The last deal ``game`` plays in a round with a time limit whose time ran out, open or
    closed since (the director's corrections come after the close); None otherwise."""
    ends = game.round.clock_ends_at
    if not game.round.event.timed or ends is None or ends > timezone.now():
        return None
    return last_deal_at(game.pk, ends)


def last_deal_at(game_id: int, ended: datetime) -> int:
    """The number of the deal the game was playing when the time ran out at ``ended``."""
    begun = Entry.objects.filter(game_id=game_id, created_at__lt=ended).aggregate(
        last=Max("number")
    )["last"]
    return (begun or 0) + 1


def last_deal(game: Game) -> int | None:
    """The last deal ``game`` may enter now its round's time is up; None while deals go on
    (``game.round`` with its event loaded, as a step or the table's page has them)."""
    ended = time_up_at(game.round)
    return None if ended is None else last_deal_at(game.pk, ended)
