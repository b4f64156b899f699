from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from meld import backups


class Command(BaseCommand):
    help = "Write a consistent copy of the database while Meld keeps running."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output",
            help="file for the copy (default: a new meld-<time>-manual.sqlite3 in MELD_BACKUP_DIR)",
        )

    def handle(self, *args: Any, output: str | None, **options: Any) -> None:
        source = backups.sqlite_database()
        if source is None:
            name = settings.DATABASES["default"]["NAME"]
            self.stdout.write(
                "Meld backs up only its SQLite file. PostgreSQL keeps its own consistent "
                "snapshots: back it up with\n"
                f"  pg_dump --format=custom --file=meld-{datetime.now():%Y%m%d-%H%M}.dump {name}\n"
                "and restore with pg_restore --clean --dbname <database> <file>."
            )
            return
        if output is None:
            written = backups.take("manual")
        else:
            written = Path(output)
            if written.exists():
                raise CommandError(f"{written} exists already; name another file.")
            written.parent.mkdir(parents=True, exist_ok=True)
            backups.copy_database(source, written)
        self.stdout.write(self.style.SUCCESS(f"Backup written to {written}"))
