"""The phones' entry modes replace the quick-entry switch: a quick-entry event's
phones keep entering totals only, every other event's keep entering deals in detail."""

from django.db import migrations, models

import tournaments.models.events


def modes_from_quick_entry(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Event.objects.filter(quick_entry=True).update(entry_modes=["totals"])


def quick_entry_from_modes(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.only("entry_modes"):
        if event.entry_modes and event.entry_modes[0] == "totals":
            Event.objects.filter(pk=event.pk).update(quick_entry=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_club_public_page"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="entry_modes",
            field=models.JSONField(
                default=tournaments.models.events.default_entry_modes, verbose_name="entry modes"
            ),
        ),
        migrations.RunPython(modes_from_quick_entry, quick_entry_from_modes),
        migrations.RemoveField(
            model_name="event",
            name="quick_entry",
        ),
    ]
