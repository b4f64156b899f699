"""The register is the club's, kept by its directors: a co-director of one evening neither
links a player to a member nor adds one to the register, by id or by a typed name. A
player linked to a member opens that member's data (their evening link's pages), so a
link the co-director made would hand them any member's e-mail address. Found by a probe."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event
from tournaments.models import Club, Member, MemberMail, Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club(director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return club


@pytest.fixture
def vera(club):
    vera = Member.objects.create(club=club, name="Vera Geheim", number="X-77")
    MemberMail.objects.create(member=vera, address="vera@example.org", state="confirmed")
    return vera


@pytest.fixture
def helper(director, other_director, club):
    """``other_director`` co-directs tonight's evening of the club, logged in."""
    event = make_event(director, players=4, club=club, date=datetime.date.today())
    event.co_directors.add(other_director)
    client = Client()
    client.force_login(other_director)
    return client, event


def test_a_co_director_cannot_link_a_player_to_a_member_by_id(helper, vera):
    client, event = helper
    player = event.players.get(number=1)
    url = reverse("tournaments-director-player-member", args=[event.pk, player.pk])
    assert client.post(url, {"member": str(vera.pk)}).status_code == 404
    player.refresh_from_db()
    assert player.member is None


def test_a_co_director_typing_a_members_name_adds_a_guest(helper, vera, club):
    client, event = helper
    members = Member.objects.filter(club=club).count()
    client.post(reverse("tournaments-director-players", args=[event.pk]), {"name": "Vera Geheim"})
    client.post(reverse("tournaments-director-players", args=[event.pk]), {"name": "Neu Name"})
    added = Player.objects.filter(event=event, name__in=["Vera Geheim", "Neu Name"])
    assert added.count() == 2
    assert all(player.member_id is None and not player.member_undecided for player in added)
    assert Member.objects.filter(club=club).count() == members  # nobody joined the register


def test_the_clubs_director_still_links_and_adds(director_client, director, club, vera):
    event = make_event(director, players=4, club=club, date=datetime.date.today())
    url = reverse("tournaments-director-players", args=[event.pk])
    director_client.post(url, {"name": "Vera Geheim"})
    director_client.post(url, {"name": "Neu Name"})
    assert Player.objects.get(event=event, name="Vera Geheim").member == vera
    assert Member.objects.filter(club=club, name="Neu Name").exists()
