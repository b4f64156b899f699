from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Event
from tournaments.printing import DOCUMENTS, PrintError, render


class Command(BaseCommand):
    help = (
        "Print an event's tallies, table cards, score sheets, guide cards, seating lists or "
        "standings as a PDF file (in the event's language and paper size)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--kind", required=True, help="one of: " + ", ".join(DOCUMENTS))
        parser.add_argument("--output", required=True, help="the PDF file to write")
        parser.add_argument(
            "--round",
            type=int,
            dest="round_number",
            help="the round (table cards, score sheets, seating: default the current round; standings: after this round)",
        )
        parser.add_argument(
            "--blank",
            action="store_true",
            help="numbers only, no names or scores (e.g. tallies before the draw)",
        )

    def handle(
        self,
        *args: Any,
        event_id: int,
        kind: str,
        output: str,
        round_number: int | None,
        blank: bool,
        **options: Any,
    ) -> None:
        document = DOCUMENTS.get(kind)
        if document is None:
            raise CommandError(f"Unknown kind “{kind}”: choose one of {', '.join(DOCUMENTS)}.")
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"No event has the id {event_id}.")
        if round_number is not None and not document.uses_round:
            raise CommandError(f"--round does not apply to {kind}.")
        if blank and not document.uses_blank:
            raise CommandError(f"--blank does not apply to {kind}.")
        target = Path(output)
        if not target.parent.is_dir():
            raise CommandError(f"The folder {target.parent} does not exist.")
        try:
            pdf = render(event, kind, round_number=round_number, blank=blank)
        except PrintError as error:
            raise CommandError(error.message) from error
        target.write_bytes(pdf)
        self.stdout.write(
            f"Wrote {kind} of “{event.name}” to {target} ({len(pdf) // 1024 + 1} KB)."
        )
