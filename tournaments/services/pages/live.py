"""Change marks for the pages that poll (the director's table board and the public page),
and the round the director's pages link to.

A poll sends the mark of what it shows; when nothing changed since, the view
answers 204 and htmx keeps the page as it is, so fifty phones and a projector
polling cost a few small queries each instead of a full render.
"""

from django.db.models import Count, Max, Q

from tournaments.models import AuditEntry, Entry, Event, Round
from tournaments.services.club.public_names import names_mark
from tournaments.services.scores.results import entries_mark_of


def nav(event: Event, area: str, rnd: Round | None = None) -> dict:
    """What the director's sub-navigation needs: the event, the page, the round to link to."""
    if rnd is None:
        rnd = event.rounds.order_by("-number").first()
    return {"event": event, "area": area, "nav_round": rnd}


def board_mark(rnd: Round) -> str:
    """Changes with every entry's status, every game ended, and the round's status."""
    finished = rnd.games.aggregate(n=Count("pk", filter=Q(finished=True)))["n"]
    entries = entries_mark_of(Entry.objects.filter(game__round=rnd))
    return f"{entries}.{finished}.{rnd.status}"


def scores_mark(event: Event) -> str:
    """Changes with every score change (each writes an audit entry) and every round started or closed."""
    rounds = event.rounds.aggregate(
        n=Count("pk"), open=Count("pk", filter=Q(status=Round.Status.OPEN)), last=Max("closed_at")
    )
    audit = AuditEntry.objects.filter(event=event).aggregate(last=Max("pk"))["last"] or 0
    closed = rounds["last"].timestamp() if rounds["last"] else 0
    return f"{audit}.{rounds['n']}.{rounds['open']}.{closed:.0f}.{event.status}"


def public_mark(event: Event) -> str:
    """``scores_mark``, and changes with every public name the public page shows."""
    return f"{scores_mark(event)}.{names_mark(event)}"
