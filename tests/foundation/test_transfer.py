"""An event survives export and import unchanged; backups copy a live database."""

import io
import json
import sqlite3

import pytest
from django.core.management import call_command
from django.db import connection

from tests.factories import make_event
from tests.foundation.transfer_helpers import played, without_tokens
from tournaments.kernel.errors import ServiceError
from tournaments.models import Club, Entry, Event, Member, Series
from tournaments.transfer import export_event, import_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_event(director, other_director):
    return played(director, other_director)


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


@pytest.fixture
def season_event(director):
    """An evening of CC Wien whose players are members, in two of the club's series."""
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    event = make_event(director, players=4, club=club, name="Club evening")
    anna = Member.objects.create(club=club, name="Anna Auer", number="17", gender="f")
    bert = Member.objects.create(club=club, name="Bert Müller", active=False)
    cleo = Member.objects.create(
        club=club, name="Cleo Cerny", number="23", public_name=Member.PublicName.HIDDEN
    )
    for player, member in zip(event.players.order_by("number"), (anna, bert, cleo), strict=False):
        player.member = member
        player.save()
    for name, rule, best_of in (("Season", "best", 3), ("Cup", "placing", None)):
        series = Series.objects.create(
            club=club, name=name, rule=rule, best_of=best_of, placing_points=[5, 3, 1]
        )
        series.events.add(event)
    return event


def test_the_export_carries_the_players_members_and_the_events_series(season_event):
    data = export_event(season_event)
    assert data["members"] == [
        {"name": "Anna Auer", "number": "17", "gender": "f", "active": True, "public_name": "full"},
        {"name": "Bert Müller", "number": "", "gender": "", "active": False, "public_name": "full"},
        {
            "name": "Cleo Cerny",
            "number": "23",
            "gender": "",
            "active": True,
            "public_name": "hidden",
        },
    ]
    assert [p["member"] for p in data["players"]] == [0, 1, 2, None]
    assert data["series"] == [
        {
            "name": "Cup",
            "rule": "placing",
            "placing_points": [5, 3, 1],
            "best_of": None,
            "minimum_evenings": None,
        },
        {
            "name": "Season",
            "rule": "best",
            "placing_points": [5, 3, 1],
            "best_of": 3,
            "minimum_evenings": None,
        },
    ]


def test_an_import_into_another_club_links_its_members_and_joins_its_series(season_event):
    graz = Club.objects.create(name="CC Graz")
    graz.directors.add(season_event.owner)
    # Number 17 is spelt otherwise here; Bert is on the register without a number, in capitals
    # and without the umlaut.
    number_17 = Member.objects.create(club=graz, name="Anna A.", number="17")
    bert = Member.objects.create(club=graz, name="bert  MULLER")
    season = Series.objects.create(club=graz, name="Season", rule="total")
    data = export_event(season_event)
    data["event"]["club"] = "CC Graz"

    copy = import_event(data)

    linked = dict(copy.players.values_list("number", "member_id"))
    cleo = Member.objects.get(club=graz, number="23")
    assert linked == {1: number_17.pk, 2: bert.pk, 3: cleo.pk, 4: None}
    assert (cleo.name, cleo.public_name, cleo.active) == ("Cleo Cerny", "hidden", True)
    assert Member.objects.filter(club=graz).count() == 3
    # The club's own Season keeps its rule; the missing Cup is created as exported.
    assert set(copy.series.values_list("pk", flat=True)) == {
        season.pk,
        Series.objects.get(club=graz, name="Cup").pk,
    }
    season.refresh_from_db()
    assert season.rule == "total"
    cup = Series.objects.get(club=graz, name="Cup")
    assert (cup.rule, cup.placing_points, cup.best_of) == ("placing", [5, 3, 1], None)


def test_an_import_into_the_same_club_reuses_its_members_and_series(season_event):
    before = (Member.objects.count(), Series.objects.count())
    copy = import_event(export_event(season_event))
    assert (Member.objects.count(), Series.objects.count()) == before
    assert without_tokens(export_event(copy)) == without_tokens(export_event(season_event))
    assert Series.objects.get(name="Season").events.count() == 2


def test_a_version_1_export_without_members_or_series_still_imports(played_event):
    data = export_event(played_event)
    data["version"] = 1
    del data["members"], data["series"]
    for player in data["players"]:
        del player["member"]
    copy = import_event(data)
    assert copy.players.count() == 9 and not copy.series.exists()


@pytest.mark.parametrize("card_game", ["canasta", "gin"])
def test_a_version_4_export_that_names_the_card_game_game_still_imports(director, card_game):
    event = make_event(director, card_game=card_game, players=4, fmt="swiss")
    data = export_event(event)
    assert data["version"] == 6 and data["event"]["card_game"] == card_game
    data["version"] = 4
    data["event"]["game"] = data["event"].pop("card_game")
    assert import_event(data).card_game == card_game


def _damage_member(data):
    data["members"][0]["name"] = "x" * 101


def _damage_gender(data):
    data["members"][1]["gender"] = "q"


def _damage_rule(data):
    data["series"][0]["rule"] = "fastest"


def _damage_points(data):
    data["series"][1]["placing_points"] = [5, -3]


def _too_many_series(data):
    data["series"] = data["series"] * 11


def _no_club(data):
    data["event"]["club"] = None


def _member_ref(data):
    data["players"][0]["member"] = 7


def _twice_one_number(data):
    data["members"][2]["number"] = "17"


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (
            _damage_member,
            "(“members” 1, “name”: Give a name of 1 to 100 characters.)",
        ),
        (
            _damage_gender,
            "(“members” 2, “gender”: Select a valid choice. q is not one of the available "
            "choices. Meld writes one of: f, m.)",
        ),
        (
            _damage_rule,
            "(“series” 1, “rule”: Select a valid choice. fastest is not one of the available "
            "choices. Meld writes one of: total, placing, best, average.)",
        ),
        (
            _damage_points,
            "(“series” 2, “placing_points”: Ensure this value is greater than or equal to 0.)",
        ),
        (_too_many_series, "The export's list “series” is too long (at most 20)"),
        (_no_club, "The export's members belong to a club, but the event has none."),
        (
            _member_ref,
            "(“players” 1, “member”: it must name a row of “members”; found the number 7)",
        ),
        (_twice_one_number, "(“members” 1 and 3 have the same number)"),
    ],
)
def test_bad_members_or_series_are_refused_and_nothing_is_stored(season_event, damage, message):
    data = export_event(season_event)
    data["event"]["club"] = "CC Graz"
    damage(data)
    counts = (Event.objects.count(), Member.objects.count(), Series.objects.count())
    with pytest.raises(ServiceError) as refused:
        import_event(data)
    assert message in refused.value.message
    assert (Event.objects.count(), Member.objects.count(), Series.objects.count()) == counts
    assert not Club.objects.filter(name="CC Graz").exists()
