import sqlite3
from contextlib import closing
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from meld import backups, paths


def check_backup(file: Path) -> int:
    """The number of events in a Meld backup; ``CommandError`` when ``file`` is none."""
    if not file.is_file():
        raise CommandError(f"There is no file {file}.")
    try:
        with closing(sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)) as db:
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise CommandError(f"{file} is damaged; take an older backup.")
            return int(db.execute("SELECT count(*) FROM tournaments_event").fetchone()[0])
    except sqlite3.DatabaseError as error:
        raise CommandError(f"{file} is not a backup of Meld ({error}).") from error


class Command(BaseCommand):
    help = (
        "Bring a backup (from MELD_BACKUP_DIR or `backup`) back as Meld's database, e.g. on "
        "another laptop. Stop Meld first; the database it replaces is kept as a backup."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the backup, e.g. meld-20261126-203000-timer.sqlite3")

    def handle(self, *args, file: str, **options) -> None:
        if backups.sqlite_database() is None:
            raise CommandError(
                "Meld restores only its SQLite file. On PostgreSQL restore a pg_dump with "
                "pg_restore --clean --dbname <database> <file>."
            )
        target = backups.database_file()
        if target is None:
            raise CommandError("A database in memory cannot be restored into; name a file.")
        source = Path(file)
        events = check_backup(source)
        connections.close_all()
        if target.exists():
            kept = backups.take("replaced")
            self.stdout.write(f"The database it replaces is kept as {kept}")
        target.parent.mkdir(parents=True, exist_ok=True)
        fresh = target.with_name(target.name + ".restoring")
        fresh.unlink(missing_ok=True)
        backups.copy_database(source, fresh)
        # The old database's write-ahead log must not be replayed onto the restored file.
        for leftover in (Path(f"{target}-wal"), Path(f"{target}-shm")):
            leftover.unlink(missing_ok=True)
        fresh.replace(target)
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write(self.style.SUCCESS(f"Restored {source} ({events} events) into {target}."))
        self.stdout.write(
            f"Start Meld ({paths.serve_command()}): the phones open their tables with the "
            "same short codes at this laptop's address."
        )
