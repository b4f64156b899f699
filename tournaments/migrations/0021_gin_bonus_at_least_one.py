"""A Gin event's stored rule profile with a gin or undercut bonus of 0 now reads as 1 point.

The profile's own check refuses 0 since a hand won with the bonus alone scored nothing and
counted as a no game (``scoring.gin_profiles``); a profile stored before would no longer
read, and every page of its event would fail. One point is the least that keeps the hand
won, and the deals stored already keep the points they were entered with.
"""

from typing import Any

from django.db import migrations

BONUSES = ("gin_bonus", "undercut_bonus")


def at_least_one(apps: Any, schema_editor: Any) -> None:
    event_model = apps.get_model("tournaments", "Event")
    for event in event_model.objects.filter(card_game="gin").exclude(profile={}).iterator():
        profile = event.profile
        if not isinstance(profile, dict):
            continue
        zero = [name for name in BONUSES if profile.get(name) == 0]
        if zero:
            event.profile = {**profile, **dict.fromkeys(zero, 1)}
            event.save(update_fields=["profile"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_change_kind_entry"),
    ]

    operations = [migrations.RunPython(at_least_one, migrations.RunPython.noop)]
