"""The member register's services: adding, CSV import, building from past events, merging, picking."""

import datetime

import pytest

from tests.factories import make_event
from tournaments.kernel.errors import ServiceError
from tournaments.models import Club, Member, Player
from tournaments.services.club import members as service
from tournaments.services.setup import players as player_service
from tournaments.transfer import export_event, import_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club(director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return club


def past_event(director, club, names, **fields):
    event = make_event(director, players=0, club=club, status="finished", **fields)
    Player.objects.bulk_create([Player(event=event, name=name) for name in names])
    return event


def register(club):
    return list(club.members.order_by("name").values_list("name", flat=True))


def test_building_the_register_takes_only_case_and_spacing_for_one_name(director, club):
    past_event(director, club, ["Anna Berger", "José Núñez", "Bernd Huber"], name="October")
    past_event(director, club, ["anna  berger", "Jose Nunez", "Clara Roth"], name="November")

    built = service.build_from_events(director, club)

    assert (built.events, built.created, built.linked) == (2, 5, 6)
    # Proper case wins over the latest evening's small letters.
    assert register(club) == [
        "Anna Berger",
        "Bernd Huber",
        "Clara Roth",
        "Jose Nunez",
        "José Núñez",
    ]
    assert club.members.get(name="Anna Berger").players.count() == 2
    assert built.folded == [("Anna Berger", ["anna berger"])]
    assert built.alike == [("Jose Nunez", "José Núñez")]


def test_building_the_register_folds_no_different_spellings_together(director, club):
    """Issue 24.6: "Walter Ohlinger" from one misspelt evening does not replace "Walter
    Öhlinger", "Paula Schöber" is not merged into the register's "Paula Schober", and
    "Brandstaetter" and "Brandstätter" are shown as maybe one person."""
    paula = Member.objects.create(club=club, name="Paula Schober", number="115")
    for day in (1, 2, 3):
        past_event(
            director,
            club,
            ["Walter Öhlinger", "Franz Brandstätter"],
            name=f"Evening {day}",
            date=datetime.date(2026, 10, day),
        )
    past_event(
        director,
        club,
        ["Walter Ohlinger", "Paula Schöber", "Franz Brandstaetter"],
        name="Misspelt evening",
        date=datetime.date(2026, 10, 9),
    )

    built = service.build_from_events(director, club)

    assert register(club) == [
        "Franz Brandstaetter",
        "Franz Brandstätter",
        "Paula Schober",
        "Paula Schöber",
        "Walter Ohlinger",
        "Walter Öhlinger",
    ]
    assert club.members.get(name="Walter Öhlinger").players.count() == 3
    assert not paula.players.exists()
    assert built.alike == [
        ("Franz Brandstaetter", "Franz Brandstätter"),
        ("Walter Ohlinger", "Walter Öhlinger"),
        ("Paula Schober", "Paula Schöber"),
    ]
    assert built.folded == []


def test_a_name_several_members_have_is_left_to_the_director(director, club):
    Member.objects.create(club=club, name="Maria Huber", number="1")
    Member.objects.create(club=club, name="Maria Huber", number="2")
    event = past_event(director, club, ["maria huber", "Bernd Huber"])

    built = service.build_from_events(director, club)

    assert built.unsure == ["Maria Huber"]
    assert event.players.get(name="maria huber").member is None
    assert (built.created, built.linked) == (1, 1)


def test_building_again_duplicates_no_member_and_links_new_players(director, club):
    existing = Member.objects.create(club=club, name="Anna Berger", number="17")
    past_event(director, club, ["ANNA BERGER", "Bernd Huber"])
    service.build_from_events(director, club)
    past_event(director, club, ["Bernd Huber"], name="Later")

    built = service.build_from_events(director, club)

    assert (built.created, built.linked) == (0, 1)
    assert register(club) == ["Anna Berger", "Bernd Huber"]
    assert existing.players.count() == 1
    assert club.members.get(name="Bernd Huber").players.count() == 2


def test_building_takes_only_the_directors_past_events_of_that_club(director, other_director, club):
    make_event(director, players=3, club=club, name="Tonight, still being set up")
    other_club = Club.objects.create(name="Elsewhere")
    other_club.directors.add(director)
    past_event(director, other_club, ["Other Club Player"])
    past_event(other_director, None, ["Someone Else"])

    built = service.build_from_events(director, club)

    assert built.created == 0
    assert register(club) == []


def test_a_csv_file_adds_all_members_and_flags_names_twice(club):
    Member.objects.create(club=club, name="Anna Berger")
    data = b"name;gender\nanna berger;f\nBernd Huber;m\nClara Roth;\n"

    imported = service.import_members(club, data)

    assert len(imported.members) == 3
    assert club.members.get(name="Bernd Huber").gender == "m"
    assert imported.warnings == [
        "“anna berger” is on the register more than once. Merge them if they are one person."
    ]


def test_a_csv_file_with_one_bad_row_adds_nobody(club):
    data = b"name;gender\nAnna Berger;f\nBernd Huber;banana\n"

    with pytest.raises(ServiceError) as raised:
        service.import_members(club, data)

    assert "Nothing was added" in raised.value.message
    assert "Row 3:" in raised.value.field_errors["file"][0]
    assert register(club) == []


def test_merging_moves_the_players_and_deletes_the_second_member(director, club):
    event = past_event(director, club, ["Anna Berger", "Anna Berger-Huber"])
    service.build_from_events(director, club)
    keep = club.members.get(name="Anna Berger")
    gone = club.members.get(name="Anna Berger-Huber")
    gone.number = "42"
    gone.save()

    service.merge_members(keep, gone)

    assert not Member.objects.filter(pk=gone.pk).exists()
    assert set(event.players.values_list("member_id", flat=True)) == {keep.pk}
    keep.refresh_from_db()
    assert keep.number == "42"


def test_merging_a_member_with_itself_is_refused(club):
    anna = Member.objects.create(club=club, name="Anna Berger")
    with pytest.raises(ServiceError):
        service.merge_members(anna, anna)
    assert Member.objects.filter(pk=anna.pk).exists()


def test_a_member_number_is_unique_in_the_club(club):
    service.save_member(club, name="Anna Berger", number="7")
    with pytest.raises(ServiceError) as raised:
        service.save_member(club, name="Bernd Huber", number="7")
    assert raised.value.field_errors["number"] == ["Member number 7 is already Anna Berger's."]
    other = Club.objects.create(name="Elsewhere")
    assert service.save_member(other, name="Clara Roth", number="7").number == "7"


def test_a_name_too_long_is_refused_at_the_name(club):
    with pytest.raises(ServiceError) as raised:
        service.save_member(club, name="x" * 101)
    assert "longer than 100" in raised.value.field_errors["name"][0]


def test_picked_members_become_linked_players(director, club):
    event = make_event(director, players=0, club=club)
    anna = Member.objects.create(club=club, name="Anna Berger", gender="f")
    bernd = Member.objects.create(club=club, name="Bernd Huber", gender="m")

    added = service.pick_members(event, [anna, bernd])

    assert [(p.name, p.gender, p.member_id) for p in added.players] == [
        ("Anna Berger", "f", anna.pk),
        ("Bernd Huber", "m", bernd.pk),
    ]
    assert event.players.filter(member__isnull=False).count() == 2


def test_picking_a_member_already_playing_adds_nobody(director, club):
    event = make_event(director, players=0, club=club)
    anna = Member.objects.create(club=club, name="Anna Berger")
    bernd = Member.objects.create(club=club, name="Bernd Huber")
    service.pick_members(event, [anna])

    with pytest.raises(ServiceError) as raised:
        service.pick_members(event, [bernd, anna])

    assert raised.value.message == "Nothing was added: Anna Berger already plays tonight."
    assert event.players.count() == 1


def test_a_name_typed_for_a_club_event_joins_the_register(director, club):
    event = make_event(director, players=0, club=club)
    anna = Member.objects.create(club=club, name="Anna Berger")

    player_service.add_player(event, name="anna berger")
    player_service.add_player(event, name="Dora Neu", gender="f")

    assert register(club) == ["Anna Berger", "Dora Neu"]
    assert event.players.get(name="anna berger").member == anna
    assert event.players.get(name="Dora Neu").member.gender == "f"


def test_a_name_typed_for_an_event_without_club_joins_no_register(director):
    event = make_event(director, players=0)
    player_service.add_player(event, name="Anna Berger")
    assert Member.objects.count() == 0
    assert event.players.get().member is None


def test_an_event_with_members_exports_and_imports_with_the_member_links(director, club):
    event = make_event(director, players=0, club=club)
    anna = Member.objects.create(club=club, name="Anna Berger")
    service.pick_members(event, [anna])

    data = export_event(event)
    copy = import_event(data, owner=director)

    assert data["players"][0]["member"] == 0 and data["members"][0]["name"] == "Anna Berger"
    assert list(copy.players.values_list("name", "member")) == [("Anna Berger", anna.pk)]
    assert event.players.get().member == anna
    assert Member.objects.filter(club=club).count() == 1


def test_a_number_taken_behind_the_registers_back_is_refused_in_words(club, monkeypatch):
    """A writer that does not take the club's lock may take a number between the check and
    the save: the unique constraint answers, and the director reads why."""
    Member.objects.create(club=club, name="Anna Berger", number="7")
    monkeypatch.setattr(service, "number_holder", lambda *args: None)

    with pytest.raises(ServiceError) as raised:
        service.save_member(club, name="Bernd Huber", number="7")

    assert raised.value.field_errors == {
        "number": ["Member number 7 has just been given to another member."]
    }
    assert register(club) == ["Anna Berger"]


def test_merging_keeps_the_stricter_choice_of_public_name_and_the_number(director, club):
    keep = Member.objects.create(club=club, name="Paula Schöber")
    gone = Member.objects.create(
        club=club, name="Paula Schober", number="115", public_name="initials"
    )
    past_event(director, club, ["Paula Schöber"])
    service.build_from_events(director, club)

    preview = service.merge_preview(keep, gone)
    service.merge_members(keep, gone)

    assert (preview.number, preview.public_name) == ("115", "initials")
    keep.refresh_from_db()
    assert (keep.number, keep.public_name) == ("115", "initials")
