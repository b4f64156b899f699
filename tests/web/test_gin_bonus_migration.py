"""A Gin event stored with a gin or undercut bonus of 0 reads again after the change that
refuses 0 (migration 0021): the bonus becomes 1 point, the club's other values stay."""

import datetime

import pytest

from scoring.gin_profiles import GinProfile
from scoring.profiles import GIN_PROFILES, profile_to_dict
from tests.migrations_helpers import migrate_to_latest, models_before
from tournaments.kernel.profiles import event_profile
from tournaments.models import Event

BEFORE = [("tournaments", "0020_change_kind_entry")]


@pytest.mark.django_db(transaction=True)
def test_a_stored_bonus_of_0_reads_as_1_point_and_the_rest_stays():
    old = models_before(BEFORE)
    owner = old.get_model("auth", "User").objects.create(username="before")
    stored = {**profile_to_dict(GIN_PROFILES["wiener"]), "undercut_bonus": 0, "box_bonus": 30}
    made = old.get_model("tournaments", "Event").objects.create(
        owner_id=owner.pk,
        name="Before",
        date=datetime.date(2026, 11, 1),
        card_game="gin",
        profile_slug="wiener",
        profile=stored,
    )
    migrate_to_latest()
    profile = event_profile(Event.objects.get(pk=made.pk))
    assert isinstance(profile, GinProfile)
    assert (profile.undercut_bonus, profile.gin_bonus, profile.box_bonus) == (1, 20, 30)
