"""The presets' sources in words a club reads, translated where they are shown: stored
rule profiles that still carry a preset's former source take its new one."""

from django.db import migrations

SOURCES = {
    "seed 000 (Austrian club rules), §§ 4-22; minimum-meld bands of seed 001": (
        "Austrian club rules of Wiener Canasta, §§ 4–22; first-meld minimums of the classic rules"
    ),
    "seed 001 (New York Regency Club rules 1949/51)": (
        "Classic rules of the New York Regency Club, 1949/51"
    ),
    "seed 001, 3-pack variant": "Classic rules of the New York Regency Club, the three-pack game",
    "seed 004 (Familienregeln), incl. special rule 1": (
        "Family house rules, with their special rule 1"
    ),
    "seed 000 § 27 (short games for larger fields)": (
        "Austrian club rules of Wiener Canasta, § 27: short games for larger fields"
    ),
    "seed 000 § 26 (3)": "Austrian club rules of Wiener Canasta, § 26 (3): six players",
    "seed 003 (classic rules, American source): concealed canasta +100": (
        "Classic rules from an American source: a concealed canasta scores 100 more"
    ),
    "seed 002, §§ 1-16": "Wiener club rules of Gin Rummy, §§ 1–16",
    "common American club values (no seed)": "Values common in American clubs",
}


def _renamed(apps, names: dict[str, str]) -> None:
    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.exclude(profile={}).only("pk", "profile").iterator():
        profile = event.profile if isinstance(event.profile, dict) else {}
        source = profile.get("source")
        if isinstance(source, str) and source in names:
            event.profile = {**profile, "source": names[source]}
            event.save(update_fields=["profile"])


def forwards(apps, schema_editor) -> None:
    _renamed(apps, SOURCES)


def backwards(apps, schema_editor) -> None:
    _renamed(apps, {new: old for old, new in SOURCES.items()})


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0013_players_member_choice")]

    operations = [migrations.RunPython(forwards, backwards)]
