"""An evening where a substitute took over a number: round 2 of a progressive Canasta
evening of eight, Eva Kern playing number 7 for Anna Bauer (issue 32.1)."""

from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import close, finish
from tournaments.models import Seat
from tournaments.services.rounds.steps import start_round
from tournaments.services.setup.player_changes import substitute


def substituted_evening(director, client, **fields) -> dict:
    """Round 2 of eight, Eva Kern playing number 7 for Anna Bauer; ``client`` is Anna's
    phone, which chose her seat in round 1."""
    event = make_event(director, players=8, public=True, draw_seed="h32b", **fields)
    event.players.filter(number=7).update(name="Anna Bauer")
    make_tables(event, 2)
    first = start_round(event, user=director)
    seat = Seat.objects.get(round=first, player__number=7)
    client.post(reverse("tournaments-table-seat", args=[seat.game.table.token]), {"seat": seat.pk})
    finish(first)
    close(first)
    eva = substitute(event, event.players.get(number=7), name="Eva Kern", user=director)
    second = start_round(event, user=director)
    event.refresh_from_db()
    return {
        "event": event,
        "old_table": seat.game.table,
        "first_seat": seat,
        "eva": eva,
        "eva_seat": Seat.objects.select_related("game__table").get(round=second, player=eva),
    }
