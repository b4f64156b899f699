import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Event
from tournaments.transfer import export_event


class Command(BaseCommand):
    help = (
        "Write an event (players, rounds, seating, every deal, audit) as JSON to standard output."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--output", help="write to this file instead of standard output")

    def handle(self, *args: Any, event_id: int, output: str | None, **options: Any) -> None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"No event has the id {event_id}.")
        text = json.dumps(export_event(event), ensure_ascii=False, indent=1, sort_keys=True)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        else:
            self.stdout.write(text)
