# The card game (Canasta or Gin Rummy) is the "card game" everywhere; "game" is one
# table's play in a round (issue 25). The columns are renamed, their data kept.

from django.db import migrations, models

CARD_GAMES = [("canasta", "Canasta"), ("gin", "Gin Rummy")]


def card_game(**options):
    return models.CharField(
        choices=CARD_GAMES, max_length=10, verbose_name="card game", **options
    )


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0015_ratings_lists"),
    ]

    operations = [
        migrations.RenameField(model_name="event", old_name="game", new_name="card_game"),
        migrations.AlterField(
            model_name="event", name="card_game", field=card_game(default="canasta")
        ),
        migrations.RemoveConstraint(model_name="memberrating", name="one_rating_per_member_game"),
        migrations.RenameField(model_name="memberrating", old_name="game", new_name="card_game"),
        migrations.AlterField(model_name="memberrating", name="card_game", field=card_game()),
        migrations.AddConstraint(
            model_name="memberrating",
            constraint=models.UniqueConstraint(
                fields=("member", "card_game"), name="one_rating_per_member_card_game"
            ),
        ),
        migrations.RenameField(model_name="ratinghistory", old_name="game", new_name="card_game"),
        migrations.AlterField(model_name="ratinghistory", name="card_game", field=card_game()),
        migrations.RemoveConstraint(model_name="ratinglist", name="one_rating_list_per_club_game"),
        migrations.RenameField(model_name="ratinglist", old_name="game", new_name="card_game"),
        migrations.AlterField(model_name="ratinglist", name="card_game", field=card_game()),
        migrations.AddConstraint(
            model_name="ratinglist",
            constraint=models.UniqueConstraint(
                fields=("club", "card_game"), name="one_rating_list_per_club_card_game"
            ),
        ),
    ]
