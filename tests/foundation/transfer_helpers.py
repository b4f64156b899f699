"""An event played the way a club plays one, for the export and import tests."""

import json

import pytest

from tests.factories import make_event, seat_round
from tests.web.table_helpers import DEAL, DEAL_POINTS, totals
from tournaments.card_games import evaluate
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Bye, Entry, Event, Player, Series
from tournaments.services.scores.results import refresh_game


def played(director, other_director) -> Event:
    """Nine players, two tables and a bye; at table 1 deal 1 was typed in as totals and
    corrected by the director from the score sheet; the results counted."""
    event = make_event(director, players=9, name="Jürgen's <b>Abend</b>")
    event.co_directors.add(other_director)
    rnd = seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    Bye.objects.create(round=rnd, player=event.players.get(number=9), points=0)
    game = rnd.games.get(table__number=1)
    seat = game.seats.get(position=1)
    typed, read = evaluate(game, totals(100, 5)), evaluate(game, DEAL)
    first = Entry.objects.create(
        game=game,
        number=1,
        status="superseded",
        points_0=100,
        points_1=5,
        details=typed.details,
        entered_by_seat=seat,
        idempotency_key="abc",
    )
    Entry.objects.create(
        game=game,
        number=1,
        version=2,
        status="confirmed",
        points_0=read.points[0],
        points_1=read.points[1],
        details=read.details,
        entered_by_user=director,
        reason="typo",
    )
    AuditEntry.objects.create(
        event=event,
        action="correct",
        game=game,
        entry=first,
        user=director,
        old={"points": [100, 5]},
        new={"points": list(DEAL_POINTS)},
        reason="typo",
    )
    refresh_game(game)
    return event


def without_tokens(data):
    data = json.loads(json.dumps(data))
    data["event"].pop("public_token")
    for table in data["tables"]:
        table.pop("token")
        table.pop("code")
    for entry in data["entries"]:
        entry.pop("idempotency_key")
    return data


DAMAGED = "The export is damaged and was not imported"


def exported_evening(director, other_director) -> dict:
    """``played``'s export, as a file holds it."""
    from tournaments.transfer import export_event

    return json.loads(json.dumps(export_event(played(director, other_director))))


def stored() -> tuple[int, ...]:
    return (
        Event.objects.count(),
        Player.objects.count(),
        Entry.objects.count(),
        Series.objects.count(),
    )


def refused(data) -> str:
    """The import's refusal of ``data``; nothing is stored."""
    from tournaments.transfer import import_event

    before = stored()
    with pytest.raises(ServiceError) as refusal:
        import_event(data)
    assert stored() == before
    return refusal.value.message
