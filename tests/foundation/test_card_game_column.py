"""The card game's columns, once named "game", keep every stored event's and rating's value."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from tests.migrations_helpers import migrate_to_latest, models_before
from tournaments.models import Event, MemberRating, RatingList

BEFORE = [("tournaments", "0015_ratings_lists")]


@pytest.mark.django_db(transaction=True)
def test_events_and_ratings_stored_before_the_rename_keep_their_card_game():
    old = models_before(BEFORE)
    owner = old.get_model("auth", "User").objects.create(username="before")
    club = old.get_model("tournaments", "Club").objects.create(name="Before")
    member = old.get_model("tournaments", "Member").objects.create(club=club, name="Anna")
    old.get_model("tournaments", "Event").objects.create(
        owner_id=owner.pk,
        club=club,
        public_token="before",
        name="Gin evening",
        date=datetime.date(2026, 11, 1),
        game="gin",
        profile={},
    )
    old.get_model("tournaments", "MemberRating").objects.create(
        member=member, game="gin", mu=30.0, sigma=2.0, games=12
    )
    old.get_model("tournaments", "RatingList").objects.create(club=club, game="gin", evenings=1)
    migrate_to_latest()
    assert Event.objects.get(name="Gin evening").card_game == Event.CardGame.GIN
    assert MemberRating.objects.get(member_id=member.pk).card_game == "gin"
    assert RatingList.objects.get(club_id=club.pk).card_game == "gin"
    with pytest.raises(IntegrityError), transaction.atomic():
        MemberRating.objects.create(
            member_id=member.pk, card_game="gin", mu=25.0, sigma=8.0, games=0
        )
