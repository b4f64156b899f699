from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.models import Club
from tournaments.services.ratings import refresh as ratings


class Command(BaseCommand):
    help = (
        "Replay every club's rating lists from its finished evenings (after an update that "
        "brought the ratings, or changes made in the admin)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", type=int, help="only the club with this id")

    def handle(self, *args: Any, club: int | None, **options: Any) -> None:
        clubs = Club.objects.order_by("pk")
        if club is not None:
            clubs = clubs.filter(pk=club)
        for club_id, name in clubs.values_list("pk", "name"):
            ratings.recompute_club(club_id)
            self.stdout.write(f"{name}: rating lists replayed.")
