import sqlite3
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection


class Command(BaseCommand):
    help = "Write a consistent copy of the database while Meld keeps running."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--output", help="file for the copy (default: backups/meld-<time>.sqlite3)"
        )

    def handle(self, *args, output: str | None, **options) -> None:
        if connection.vendor != "sqlite":
            name = settings.DATABASES["default"]["NAME"]
            self.stdout.write(
                "PostgreSQL keeps its own consistent snapshots; back it up with\n"
                f"  pg_dump --format=custom --file=meld-{datetime.now():%Y%m%d-%H%M}.dump {name}\n"
                "and restore with pg_restore --clean --dbname <database> <file>."
            )
            return
        source_path = str(connection.settings_dict["NAME"])
        target = Path(
            output
            or Path(settings.BASE_DIR) / "backups" / f"meld-{datetime.now():%Y%m%d-%H%M%S}.sqlite3"
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            raise CommandError(f"{target} exists already; name another file.")
        # SQLite's online backup API copies page by page under a read lock, so
        # phones can keep writing; the copy is one consistent moment.
        source = sqlite3.connect(source_path, uri=source_path.startswith("file:"))
        copy = sqlite3.connect(target)
        try:
            with copy:
                source.backup(copy)
        finally:
            copy.close()
            source.close()
        self.stdout.write(self.style.SUCCESS(f"Backup written to {target}"))
