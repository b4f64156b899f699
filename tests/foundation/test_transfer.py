"""An event survives export and import unchanged; backups copy a live database."""

import io
import json
import sqlite3

import pytest
from django.core.management import call_command
from django.db import connection

from tests.factories import make_event, seat_round
from tournaments.models import AuditEntry, Bye, Entry, Event, Result
from tournaments.services.errors import ServiceError
from tournaments.services.transfer import export_event, import_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_event(director, other_director):
    event = make_event(director, players=9, name="Jürgen's <b>Abend</b>")
    event.co_directors.add(other_director)
    rnd = seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    Bye.objects.create(round=rnd, player=event.players.get(number=9), points=0)
    game = rnd.games.get(table__number=1)
    seat = game.seats.get(position=1)
    first = Entry.objects.create(
        game=game,
        number=1,
        status="superseded",
        points_0=100,
        points_1=5,
        details={"sides": [{"melded_points": 100}, {}]},
        entered_by_seat=seat,
        idempotency_key="abc",
    )
    Entry.objects.create(
        game=game,
        number=1,
        version=2,
        status="confirmed",
        points_0=900,
        points_1=-55,
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
        new={"points": [900, -55]},
        reason="typo",
    )
    for player in event.players.filter(number__lte=4):
        Result.objects.create(
            round=rnd, player=player, game=game, points=900 if player.number <= 2 else -55
        )
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


def test_an_exported_event_imports_back_identically(played_event):
    exported = export_event(played_event)
    copy = import_event(json.loads(json.dumps(exported)))
    assert copy.pk != played_event.pk
    assert without_tokens(export_event(copy)) == without_tokens(exported)


def test_an_import_into_an_empty_database_keeps_even_the_tokens(played_event):
    exported = json.loads(json.dumps(export_event(played_event)))
    played_event.delete()
    copy = import_event(exported)
    assert export_event(copy) == exported


def test_the_export_holds_every_deal_and_the_audit(played_event):
    data = export_event(played_event)
    assert [e["status"] for e in data["entries"]] == ["superseded", "confirmed"]
    assert data["audit"][0]["reason"] == "typo"
    assert data["event"]["name"] == "Jürgen's <b>Abend</b>"
    assert len(data["seats"]) == 8 and len(data["byes"]) == 1


def test_a_file_that_is_not_an_export_is_refused_and_nothing_is_stored():
    before = Event.objects.count()
    with pytest.raises(ServiceError):
        import_event({"format": "something else"})
    with pytest.raises(ServiceError):
        import_event({"format": "meld-event", "version": 1, "event": {"owner": "nobody"}})
    assert Event.objects.count() == before


@pytest.mark.usefixtures("english")
def test_an_export_whose_rule_profile_is_out_of_range_is_refused_whole(played_event):
    data = export_event(played_event)
    data["event"]["profile"] = {**(data["event"]["profile"] or {}), "natural_canasta_bonus": 10**30}
    before = Event.objects.count()
    with pytest.raises(ServiceError, match="rule profile is not valid"):
        import_event(data)
    assert Event.objects.count() == before


def test_the_phone_that_entered_a_deal_travels_with_the_export(played_event):
    Entry.objects.filter(game__round__event=played_event).update(entered_by_device="d" * 64)
    copy = import_event(export_event(played_event))
    devices = set(
        Entry.objects.filter(game__round__event=copy).values_list("entered_by_device", flat=True)
    )
    assert devices == {"d" * 64}


def test_the_commands_round_trip_through_a_file(played_event, tmp_path):
    path = tmp_path / "event.json"
    call_command("export_event", str(played_event.pk), output=str(path))
    out = io.StringIO()
    call_command("import_event", str(path), stdout=out)
    assert "Imported event" in out.getvalue()
    assert Event.objects.filter(name=played_event.name).count() == 2


@pytest.mark.django_db(transaction=True)
def test_backup_writes_a_consistent_copy_of_the_sqlite_database(played_event, tmp_path):
    if connection.vendor != "sqlite":
        out = io.StringIO()
        call_command("backup", stdout=out)
        assert "pg_dump" in out.getvalue()
        return
    target = tmp_path / "copy.sqlite3"
    call_command("backup", output=str(target), stdout=io.StringIO())
    copy = sqlite3.connect(target)
    names = [row[0] for row in copy.execute("SELECT name FROM tournaments_player ORDER BY number")]
    copy.close()
    assert names == [f"Player {n}" for n in range(1, 10)]
