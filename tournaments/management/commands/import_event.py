import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.kernel.errors import ServiceError
from tournaments.transfer import MAX_EXPORT_BYTES, import_event, read_export


class Command(BaseCommand):
    help = "Create an event from a JSON export (a file, or standard input with '-')."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--owner", help="user name of the director who will own the event")

    def handle(self, *args: Any, file: str, owner: str | None, **options: Any) -> None:
        director = None
        if owner:
            director = get_user_model().objects.filter(username=owner).first()
            if director is None:
                raise CommandError(f"No user is called {owner!r}.")
        try:
            handle = sys.stdin.buffer if file == "-" else open(file, "rb")  # noqa: SIM115
            with handle:
                # One byte beyond the bound is enough to refuse the file.
                raw = handle.read(MAX_EXPORT_BYTES + 1)
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        try:
            event = import_event(read_export(raw), owner=director)
        except ServiceError as error:
            raise CommandError(error.message) from error
        self.stdout.write(self.style.SUCCESS(f"Imported event {event.pk}: {event}"))
