import json
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.services.errors import ServiceError
from tournaments.services.transfer import import_event


class Command(BaseCommand):
    help = "Create an event from a JSON export (a file, or standard input with '-')."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")
        parser.add_argument("--owner", help="user name of the director who will own the event")

    def handle(self, *args, file: str, owner: str | None, **options) -> None:
        director = None
        if owner:
            director = get_user_model().objects.filter(username=owner).first()
            if director is None:
                raise CommandError(f"No user is called {owner!r}.")
        try:
            handle = sys.stdin if file == "-" else open(file, encoding="utf-8")  # noqa: SIM115
            with handle:
                data = json.load(handle)
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        try:
            event = import_event(data, owner=director)
        except ServiceError as error:
            raise CommandError(error.message) from error
        self.stdout.write(self.style.SUCCESS(f"Imported event {event.pk}: {event}"))
