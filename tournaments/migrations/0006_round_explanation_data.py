from django.db import migrations, models


def keep_old_text(apps, schema_editor):
    """Notes written before were sentences in the director's language: kept word for word."""
    Round = apps.get_model("tournaments", "Round")
    for rnd in Round.objects.exclude(explanation=[]).only("explanation"):
        rnd.explanation_data = [
            {"text": line} if isinstance(line, str) else line for line in rnd.explanation
        ]
        rnd.save(update_fields=["explanation_data"])


def back_to_text(apps, schema_editor):
    Round = apps.get_model("tournaments", "Round")
    for rnd in Round.objects.exclude(explanation_data=[]).only("explanation_data"):
        rnd.explanation = [
            note["text"] if "text" in note else note["template"] % note.get("params", {})
            for note in rnd.explanation_data
        ]
        rnd.save(update_fields=["explanation"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_round_clock_and_calls"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="explanation_data",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(keep_old_text, back_to_text),
        migrations.RemoveField(model_name="round", name="explanation"),
        migrations.AlterField(
            model_name="auditentry",
            name="action",
            field=models.CharField(
                choices=[
                    ("enter", "entered"),
                    ("edit", "edited before confirmation"),
                    ("confirm", "confirmed"),
                    ("auto_confirm", "confirmed automatically"),
                    ("dispute", "disputed"),
                    ("correct", "corrected by the director"),
                    ("settle", "dispute settled by the director"),
                    ("close_round", "round closed"),
                    ("force_close", "round closed early"),
                    ("left_unconfirmed", "left unconfirmed when the round was closed"),
                    ("clock", "round clock set"),
                    ("draw", "player numbers drawn"),
                    ("other", "other change"),
                ],
                max_length=16,
                verbose_name="action",
            ),
        ),
    ]
