from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from meld import backups, paths, restoring, serving


class Command(BaseCommand):
    help = (
        "Bring a backup (from MELD_BACKUP_DIR or `backup`) back as Meld's database, e.g. on "
        "another laptop. Stop Meld first; the database it replaces is kept as a backup."
    )
    # The director reads its answers: in Meld's language (LANGUAGE_CODE), as the pages are.
    leave_locale_alone = True

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup, e.g. meld-20261126-203000-timer.sqlite3")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        if backups.sqlite_database() is None:
            raise CommandError(
                _(
                    "Meld restores only its SQLite file. On PostgreSQL restore a pg_dump with "
                    "pg_restore --clean --dbname <database> <file>."
                )
            )
        target = backups.database_file()
        if target is None:
            raise CommandError(_("A database in memory cannot be restored into; name a file."))
        # Held until the new database is in place: no server starts on it meanwhile.
        with serving.alone(target) as alone:
            if not alone:
                raise CommandError(
                    _(
                        "Meld is serving from %(folder)s now. Stop it first (Ctrl+C in the "
                        "window of `%(serve)s`), then restore again."
                    )
                    % {"folder": target.parent, "serve": paths.serve_command()}
                )
            try:
                with restoring.checked(Path(file)) as found:
                    self._put_in_place(found, target)
            except restoring.Refusal as refusal:
                raise CommandError(str(refusal)) from None
        self._say_restored(Path(file), target, found)

    def _put_in_place(self, found: restoring.Checked, target: Path) -> None:
        connections.close_all()
        if target.exists():
            kept = backups.take("replaced")
            self.stdout.write(_("The database it replaces is kept as %(file)s") % {"file": kept})
        target.parent.mkdir(parents=True, exist_ok=True)
        fresh = target.with_name(target.name + ".restoring")
        fresh.unlink(missing_ok=True)
        # The copy checked and brought up to this Meld's version: what was checked goes in.
        backups.copy_database(found.file, fresh)
        # The old database's write-ahead log must not be replayed onto the restored file.
        for leftover in (Path(f"{target}-wal"), Path(f"{target}-shm")):
            leftover.unlink(missing_ok=True)
        fresh.replace(target)
        # What the cache holds was drawn from the database replaced: the change feed's latest
        # ids, screens' drawings kept under them. The restored file's ids start again below.
        cache.clear()

    def _say_restored(self, source: Path, target: Path, found: restoring.Checked) -> None:
        restored = ngettext(
            "Restored %(file)s (%(events)d event) into %(target)s.",
            "Restored %(file)s (%(events)d events) into %(target)s.",
            found.events,
        ) % {"file": source, "events": found.events, "target": target}
        self.stdout.write(self.style.SUCCESS(restored))
        if found.newest_deal:
            newest = _("Its newest deal was entered on %(moment)s.") % {"moment": found.newest_deal}
        else:
            newest = _("It holds no deal yet.")
        self.stdout.write(newest)
        self.stdout.write(
            _(
                "Start Meld (%(serve)s): the phones open their tables with the same short codes "
                "at this laptop's address. Every director logs in again."
            )
            % {"serve": paths.serve_command()}
        )
