"""Issue 24.1: every way a player comes into an event goes through one door
(``services.setup.players.admit_players``), which links them to the club's member of their
name, or asks the director when several members could be meant.

The walk goes through the director's own pages: typed, picked from the members,
pasted, a CSV file, a late entry and a substitute (typed, and picked by searching
the register). Otto Wallner withheld his name: wherever he comes in, he is linked
to his member and no public page names him.
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import make_event
from tournaments.kernel.errors import ServiceError
from tournaments.models import Club, Member, Player, Round
from tournaments.services.club import members as member_service
from tournaments.services.club.public_names import public_names as public_namer
from tournaments.services.setup import players as service
from tournaments.transfer import export_event, import_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

WITHHELD = "(name withheld)"


@pytest.fixture
def club(director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return club


@pytest.fixture
def otto(club):
    return Member.objects.create(
        club=club, name="Otto Wallner", number="114", gender="m", public_name="hidden"
    )


def url(name, event, *args):
    return reverse(name, args=[event.pk, *args])


def before_round_one(director, club):
    return make_event(director, players=0, club=club, public=True)


def swiss_running(director, club):
    event = make_event(director, players=8, card_game="gin", fmt="swiss", club=club, public=True)
    Round.objects.create(event=event, number=1)
    return event


def progressive_running(director, club):
    event = make_event(director, players=8, club=club, public=True)
    Round.objects.create(event=event, number=1)
    return event


def substitute_url(event):
    return url("tournaments-director-player-substitute", event, event.players.get(number=3).pk)


# Each way in: the event it needs, and what the director sends (``otto`` is his member id).
WAYS = {
    "typed": (
        before_round_one,
        lambda event, otto: (url("tournaments-director-players", event), {"name": "otto wallner"}),
    ),
    "picked": (
        before_round_one,
        lambda event, otto: (url("tournaments-director-members-pick", event), {"member": otto}),
    ),
    "pasted": (
        before_round_one,
        lambda event, otto: (
            url("tournaments-director-players-paste", event),
            {"text": "Anna Neu; f\nOtto  Wallner; m\n"},
        ),
    ),
    "csv": (
        before_round_one,
        lambda event, otto: (
            url("tournaments-director-players-csv", event),
            {"file": SimpleUploadedFile("tonight.csv", b"Name;Gender\nOTTO WALLNER;m\n")},
        ),
    ),
    "late entry": (
        swiss_running,
        lambda event, otto: (
            url("tournaments-director-players-late", event),
            {"name": "Otto Wallner"},
        ),
    ),
    "late entry picked": (
        swiss_running,
        lambda event, otto: (
            url("tournaments-director-players-late", event),
            {"name": "wall", "member": otto},
        ),
    ),
    "substitute": (
        progressive_running,
        lambda event, otto: (substitute_url(event), {"name": "Otto Wallner"}),
    ),
    "substitute picked": (
        progressive_running,
        lambda event, otto: (substitute_url(event), {"name": "ott", "member": otto}),
    ),
}


@pytest.mark.parametrize("way", WAYS)
def test_every_way_in_links_the_player_to_the_member_and_withholds_a_hidden_name(
    director_client, director, club, otto, way
):
    make, request = WAYS[way]
    event = make(director, club)
    address, data = request(event, otto.pk)

    response = director_client.post(address, data)

    assert response.status_code == 302, response.content.decode()[:2000]
    player = event.players.get(member=otto)
    assert player.name.casefold().split() == ["otto", "wallner"]
    assert player.gender == "m" and not player.member_undecided
    assert public_namer(event)(player) == WITHHELD
    page = director_client.get(url("tournaments-director-players", event)).content.decode()
    assert "member no. 114 · public pages: hidden" in page
    public = director_client.get(reverse("tournaments-public", args=[event.public_token]))
    assert "Wallner" not in public.content.decode()


def test_the_public_page_of_a_running_event_withholds_a_substitute_who_is_hidden(
    director_client, director, club, otto
):
    event = progressive_running(director, club)
    director_client.post(substitute_url(event), {"name": "Otto Wallner"})
    player = event.players.get(member=otto)

    shown = public_namer(event)

    assert shown(player) == WITHHELD
    assert shown(event.players.get(number=1)) == "Player 1"


# --- several members could be meant: the director chooses ------------------------------------


@pytest.fixture
def two_marias(club):
    return [
        Member.objects.create(club=club, name="Maria Huber", number="7", public_name="hidden"),
        Member.objects.create(club=club, name="Maria Huber", number="8"),
    ]


def test_a_name_two_members_have_is_asked_about_and_withheld_until_answered(
    director_client, director, club, two_marias
):
    event = before_round_one(director, club)

    response = director_client.post(
        url("tournaments-director-players-paste", event),
        {"text": "Maria Huber\nAnna Neu"},
        follow=True,
    )

    page = response.content.decode()
    assert "“Maria Huber” could be one of several members: choose which one below." in page
    assert "Which member is “Maria Huber”?" in page
    assert "Until you choose, public pages withhold this name." in page
    maria = event.players.get(name="Maria Huber")
    assert maria.member is None and maria.member_undecided
    assert public_namer(event)(maria) == WITHHELD

    response = director_client.post(
        url("tournaments-director-player-member", event, maria.pk),
        {"member": two_marias[0].pk},
        follow=True,
    )

    assert "Maria Huber is the member Maria Huber." in response.content.decode()
    assert "Which member is" not in response.content.decode()
    maria.refresh_from_db()
    assert maria.member == two_marias[0] and not maria.member_undecided
    assert public_namer(event)(maria) == WITHHELD


def test_not_a_member_makes_the_player_a_guest(director_client, director, club, two_marias):
    event = swiss_running(director, club)
    director_client.post(url("tournaments-director-players-late", event), {"name": "maria huber"})
    maria = event.players.get(name="maria huber")
    assert maria.member_undecided

    response = director_client.post(
        url("tournaments-director-player-member", event, maria.pk), {"member": "none"}, follow=True
    )

    assert "maria huber is not a member." in response.content.decode()
    maria.refresh_from_db()
    assert maria.member is None and not maria.member_undecided
    assert public_namer(event)(maria) == "maria huber"


def test_a_member_of_another_club_cannot_be_the_answer(
    director_client, director, club, two_marias, other_director
):
    event = before_round_one(director, club)
    service.paste_players(event, "Maria Huber")
    maria = event.players.get()
    stranger = Member.objects.create(club=Club.objects.create(name="Elsewhere"), name="Maria Huber")
    for answer in (stranger.pk, "9" * 25):
        response = director_client.post(
            url("tournaments-director-player-member", event, maria.pk), {"member": answer}
        )
        assert response.status_code in (302, 404)
    maria.refresh_from_db()
    assert maria.member is None and maria.member_undecided


def test_a_member_who_already_plays_is_not_linked_twice(director, club, otto):
    event = before_round_one(director, club)

    added = service.paste_players(event, "Otto Wallner\notto wallner")

    first, second = added.players
    assert first.member == otto and second.member is None and second.member_undecided
    with pytest.raises(ServiceError, match="already plays tonight"):
        service.choose_member(event, second, otto.pk)


# --- which member a name means -----------------------------------------------------------------


def test_a_name_spelt_without_umlauts_links_the_one_member_it_may_mean(director, club):
    walter = Member.objects.create(club=club, name="Walter Öhlinger")
    franz = Member.objects.create(club=club, name="Franz Brandstätter")
    event = before_round_one(director, club)

    added = service.paste_players(event, "Walter Ohlinger\nFranz Brandstaetter\nGustav Gast")

    assert [p.member for p in added.players] == [walter, franz, None]
    assert added.notes == [
        "“Walter Ohlinger” is linked to the member “Walter Öhlinger”.",
        "“Franz Brandstaetter” is linked to the member “Franz Brandstätter”.",
    ]


def test_the_exact_spelling_wins_over_a_loose_one(director, club):
    schober = Member.objects.create(club=club, name="Paula Schober")
    schoeber = Member.objects.create(club=club, name="Paula Schöber")
    event = before_round_one(director, club)

    added = service.paste_players(event, "paula schober\nPaula Schoeber\nPaula Schöber")

    assert [p.member for p in added.players] == [schober, schoeber, None]
    assert added.players[2].member_undecided


def test_a_typed_name_no_member_has_joins_the_register_but_a_pasted_one_is_a_guest(director, club):
    event = before_round_one(director, club)

    service.add_player(event, name="Dora Neu", gender="f")
    service.paste_players(event, "Gustav Gast")

    assert list(club.members.values_list("name", "gender")) == [("Dora Neu", "f")]
    assert event.players.get(name="Gustav Gast").member is None


def test_a_pick_of_a_member_merged_meanwhile_adds_nobody(director, club, otto):
    twin = Member.objects.create(club=club, name="Otto Wallner (2)")
    event = before_round_one(director, club)
    member_service.merge_members(otto, twin)

    with pytest.raises(ServiceError) as refused:
        member_service.pick_members(event, [otto, twin])

    assert refused.value.message == (
        "Nothing was added: Otto Wallner (2) is no longer on the register (merged or removed "
        "meanwhile). Pick again."
    )
    assert not event.players.exists()


def test_an_event_without_a_club_links_nobody(director, otto):
    event = make_event(director, players=0)
    added = service.paste_players(event, "Otto Wallner")
    assert added.players[0].member is None and not added.players[0].member_undecided
    assert not Player.objects.filter(member=otto).exists()


def test_an_imported_evening_links_a_player_its_export_did_not_link(director, club, otto):
    source = make_event(director, players=0, club=club, public=True)
    service.paste_players(source, "Anna Neu; f\nOtto Wallner; m\n")
    data = export_event(source)
    for player in data["players"]:
        player["member"] = None
    data["members"] = []

    event = import_event(data, owner=director)

    player = event.players.get(member=otto)
    assert player.name == "Otto Wallner" and not player.member_undecided
    assert public_namer(event)(player) == WITHHELD
