"""Change marks for the pages that poll (the phones' score pads, the director's board, close
dialog and bar, the standings, the public page), how often they poll, and the round the
director's pages link to.

A poll sends the mark of what it shows; when nothing changed since, the view
answers 204 and htmx keeps the page as it is, so two hundred phones and a projector
polling cost a few small queries each instead of a full render. Every screen polls
every ``LIVE_POLL_SECONDS``: a change (a deal stored, a call, the clock started or
paused) shows on every open screen within about that and one answer's time.
"""

from django.db.models import Count, Max, Q, Sum
from django.db.models.functions import Length
from django.utils import timezone

from tournaments.models import AuditEntry, Entry, Event, Round, TableCall
from tournaments.services.club.public_names import names_mark
from tournaments.services.rounds.clock import clock_mark, clock_of
from tournaments.services.rounds.done import time_up_at
from tournaments.services.scores.auto_confirm import due_entries
from tournaments.services.scores.results import entries_mark_of

# How often every live screen asks whether what it shows has changed.
LIVE_POLL_SECONDS = 2

# Time passing alone changes what the director's board and bar say (a table turning late,
# "last entry 4 min ago"): a round's mark takes a new value this often, so such a change
# shows within it while an unchanged poll stays cheap.
TIME_STEP_SECONDS = 15


def nav(event: Event, area: str, rnd: Round | None = None) -> dict:
    """What the director's sub-navigation needs: the event, the page, the round to link to."""
    if rnd is None:
        rnd = event.rounds.order_by("-number").first()
    return {"event": event, "area": area, "nav_round": rnd}


def round_mark(rnd: Round) -> str:
    """Changes with whatever the director's board and close dialog show of ``rnd``: its
    entries' statuses, its games ended, its status, the clock and its running out, the
    players' names, and what the bar shows (``desk_mark``); a few small queries, nothing
    judged or drawn."""
    entries = entries_mark_of(Entry.objects.filter(game__round=rnd))
    finished = rnd.games.aggregate(n=Count("pk", filter=Q(finished=True)))["n"]
    up = time_up_at(rnd, clock_of(rnd)) is not None
    names = names_mark(rnd.event)
    return f"{entries}.{finished}.{clock_mark(rnd)}.{up:d}.{names}.{_waiting(rnd)}"


def desk_mark(rnd: Round) -> str:
    """Changes with what the bar on every director page shows of ``rnd``: the calls waiting,
    the disputed entries, the entries due for automatic confirmation, and (lateness counting
    from the round's start or a table's last entry) every ``TIME_STEP_SECONDS``. Not with
    every deal entered: on a busy evening the bar stays as it is."""
    disputed = Entry.objects.filter(game__round=rnd, status=Entry.Status.DISPUTED).aggregate(
        n=Count("pk"), last=Max("pk")
    )
    return f"{disputed['n']}:{disputed['last']}.{_waiting(rnd)}"


def _waiting(rnd: Round) -> str:
    """The calls waiting, the entries due, the round's start and the time step."""
    calls = TableCall.objects.filter(round=rnd, acknowledged_at__isnull=True).aggregate(
        n=Count("pk"), last=Max("pk"), words=Sum(Length("reason"))
    )
    due = due_entries(rnd).count()
    started = rnd.started_at.timestamp() if rnd.started_at else 0
    step = int(timezone.now().timestamp()) // TIME_STEP_SECONDS
    return f"{calls['n']}:{calls['last']}:{calls['words']}.{due}.{started:.0f}.{step}"


def scores_mark(event: Event) -> str:
    """Changes with every score change (each writes an audit entry) and every round started or closed."""
    rounds = event.rounds.aggregate(
        n=Count("pk"), open=Count("pk", filter=Q(status=Round.Status.OPEN)), last=Max("closed_at")
    )
    audit = AuditEntry.objects.filter(event=event).aggregate(last=Max("pk"))["last"] or 0
    closed = rounds["last"].timestamp() if rounds["last"] else 0
    return f"{audit}.{rounds['n']}.{rounds['open']}.{closed:.0f}.{event.status}"


def standings_mark(event: Event) -> str:
    """Changes with every score (``scores_mark``) and every name shown of the players: what
    the standings show, on the director's page, the public page and the projector."""
    return f"{scores_mark(event)}.{names_mark(event)}"
