"""The member register changed by two steps at once, each on its own connection (issue 24.6).

Each test holds the first step inside its transaction, its locks taken (the club's
row, then the members it changes: ``services.store.locks``), and starts the second one
meanwhile, so the interleaving a double click or two directors make is played every
time. On PostgreSQL the second step waits for the first one's row locks; on SQLite
for the database's write lock. Either way it then sees what the first one did: no
member is created twice, no merge meets a member already gone with a 500 or a
deadlock, and what cannot be done is said in words.
"""

import pytest

from tests.factories import make_event
from tests.faults.test_close_races import held, run_together
from tournaments.models import Club, Member, Player
from tournaments.services.club import members as member_service
from tournaments.services.setup import players as player_service

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

NAMES = ["Anna Berger", "Bernd Huber", "Clara Roth", "anna  berger", "Walter Öhlinger"]


@pytest.fixture
def club(director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return club


def test_building_the_register_twice_at_once_creates_every_member_once(director, club):
    past = make_event(director, players=0, club=club, status="finished")
    Player.objects.bulk_create(Player(event=past, name=name) for name in NAMES)

    with held(member_service, "Register") as reached:
        first, second = run_together(
            lambda: member_service.build_from_events(director, club),
            lambda: member_service.build_from_events(director, club),
            reached,
        )

    assert first[0] == "done" and second[0] == "done", (first, second)
    assert (first[1].created, first[1].linked) == (4, 5)
    assert (second[1].created, second[1].linked) == (0, 0)
    assert sorted(club.members.values_list("name", flat=True)) == [
        "Anna Berger",
        "Bernd Huber",
        "Clara Roth",
        "Walter Öhlinger",
    ]
    assert not past.players.filter(member__isnull=True).exists()


def test_a_merge_waits_for_tonights_pick_and_moves_its_new_player_along(director, club):
    keep = Member.objects.create(club=club, name="Otto Wallner", number="114")
    gone = Member.objects.create(club=club, name="Otto Wallner (2)")
    tonight = make_event(director, players=0, club=club)

    with held(player_service, "_refuse_picked") as reached:
        picked, merged = run_together(
            lambda: member_service.pick_members(tonight, [gone]),
            lambda: member_service.merge_members(keep, gone),
            reached,
        )

    assert picked[0] == "done" and merged[0] == "done", (picked, merged)
    assert tonight.players.get().member == keep
    assert not Member.objects.filter(pk=gone.pk).exists()


def test_tonights_pick_of_a_member_being_merged_away_is_refused_in_words(director, club):
    keep = Member.objects.create(club=club, name="Otto Wallner", number="114")
    gone = Member.objects.create(club=club, name="Otto Wallner (2)")
    tonight = make_event(director, players=0, club=club)

    with held(member_service, "_stricter") as reached:
        merged, picked = run_together(
            lambda: member_service.merge_members(keep, gone),
            lambda: member_service.pick_members(tonight, [keep, gone]),
            reached,
        )

    assert merged[0] == "done", merged
    assert picked == (
        "refused",
        "Nothing was added: Otto Wallner (2) is no longer on the register (merged or removed "
        "meanwhile). Pick again.",
    )
    assert not tonight.players.exists()


def test_two_opposite_merges_at_once_merge_once(director, club):
    anna = Member.objects.create(club=club, name="Anna Berger")
    twin = Member.objects.create(club=club, name="Anna Berger")
    evening = make_event(director, players=0, club=club, status="finished")
    Player.objects.create(event=evening, name="Anna Berger", member=anna)
    Player.objects.create(event=make_event(director, players=0, club=club), name="A", member=twin)

    with held(member_service, "_stricter") as reached:
        first, second = run_together(
            lambda: member_service.merge_members(anna, twin),
            lambda: member_service.merge_members(twin, anna),
            reached,
        )

    assert first[0] == "done", first
    assert second == (
        "refused",
        "Anna Berger is no longer on the register: merged or removed meanwhile.",
    )
    assert list(club.members.values_list("pk", flat=True)) == [anna.pk]
    assert anna.players.count() == 2


def test_two_new_members_with_one_number_at_once_get_a_message_not_a_500(club):
    with held(member_service, "number_holder") as reached:
        first, second = run_together(
            lambda: member_service.save_member(club, name="Anna Berger", number="7"),
            lambda: member_service.save_member(club, name="Bernd Huber", number="7"),
            reached,
        )

    assert first[0] == "done", first
    assert second == ("refused", "Member number 7 is already Anna Berger's.")
    assert list(club.members.values_list("name", "number")) == [("Anna Berger", "7")]
