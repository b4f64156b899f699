import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.services.scores.auto_confirm import confirm_due_everywhere


class Command(BaseCommand):
    help = (
        "Store the automatic confirmation of every entry left unanswered for its event's "
        "auto-confirm minutes (with its audit row); with --every, again and again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--every", type=int, default=0, metavar="SECONDS", help="repeat after so many seconds"
        )

    def handle(self, *args: Any, every: int, **options: Any) -> None:
        while True:
            confirmed = confirm_due_everywhere()
            if confirmed or not every:
                self.stdout.write(f"{confirmed} entries confirmed automatically.")
            if not every:
                return
            time.sleep(every)
