"""What ``restore`` checks before a backup replaces anything (docs/configuration.md, "Backups").

A file given to ``restore`` becomes the database every page reads, with the directors'
log-ins in it, so it must be one Meld wrote, whole and unaltered in its shape:

1. SQLite's own ``integrity_check`` finds nothing wrong;
2. it records only migrations this Meld knows, each with those it depends on;
3. a copy of it, brought up to this Meld's migrations in a process of its own, has exactly
   the tables, indexes, views and triggers that Meld's migrations make in a new database:
   a trigger, view or table planted in a "backup" would live on in the club's database.

Each refusal is a ``Refusal`` with a message for the director in their language; the
checked copy (``Checked.file``, brought up to date) is what ``restore`` puts in place.
"""

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from tempfile import TemporaryDirectory

from django.db.migrations.loader import MigrationLoader
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from meld import backups, paths

Schema = set[tuple[str, str, str, str]]


class Refusal(Exception):
    """A file ``restore`` will not bring back; the message says why, in the user's language."""


@dataclass(frozen=True)
class Checked:
    file: Path
    events: int
    newest_deal: str | None


def _reading(file: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)


def _whole(file: Path) -> None:
    tables: set[str] = set()
    try:
        with closing(_reading(file)) as db:
            found = [row[0] for row in db.execute("PRAGMA integrity_check")]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as error:
        if "not a database" in str(error):
            raise Refusal(
                _("%(file)s is not a backup of Meld: SQLite cannot read it (%(error)s).")
                % {"file": file, "error": error}
            ) from error
        found = [str(error)]  # a database, but its pages cannot be read: damaged
    if found != ["ok"]:
        raise Refusal(_("%(file)s is damaged; take an older backup.") % {"file": file})
    if not {"django_migrations", "tournaments_event"} <= tables:
        raise Refusal(
            _("%(file)s is not a backup of Meld: it has no events and no record of Meld's changes.")
            % {"file": file}
        )


def _known_migrations(file: Path) -> None:
    """Every migration the file records is one of this Meld's, with all it depends on."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    with closing(_reading(file)) as db:
        applied = set(db.execute("SELECT app, name FROM django_migrations"))
    # On disk: squashed migrations and those they replace are both known.
    unknown = sorted(f"{app}.{name}" for app, name in applied - set(loader.disk_migrations))
    if unknown:
        raise Refusal(
            _(
                "%(file)s records changes this Meld does not know (%(names)s): it comes from a "
                "newer Meld, or it was altered. Restore it with that Meld, or take another backup."
            )
            % {"file": file, "names": ", ".join(unknown[:5])}
        )
    nodes = loader.graph.node_map
    missing = sorted(
        ".".join(parent.key)
        for key in applied & set(nodes)
        for parent in nodes[key].parents
        if parent.key not in applied
    )
    if missing:
        raise Refusal(
            _("%(file)s was altered: it lacks changes the ones it records build on (%(names)s).")
            % {"file": file, "names": ", ".join(missing[:5])}
        )


def migrate_files(*databases: Path) -> None:
    """Bring each of ``databases`` up to this Meld's migrations, each in a process of its own
    (at once: a restore waits for the slower one only). Migrations that read and write rows use
    Django's default database, so they must not run in this process beside the club's."""
    running = [
        (
            database,
            subprocess.Popen(
                [sys.executable, "-m", "django", "migrate", "--noinput", "-v", "0"],
                cwd=database.parent if paths.INSTALLED else paths.CHECKOUT_DIR,
                env=_alone(database),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            ),
        )
        for database in databases
    ]
    # Every process is waited for before any failure is told: none is left running.
    said = [
        (database, process.communicate(timeout=600)[1], process) for database, process in running
    ]
    for database, errors, process in said:
        if process.returncode:
            raise Refusal(
                _("%(file)s could not be brought up to this Meld's version: %(error)s")
                % {"file": database.name, "error": (errors.strip().splitlines() or [""])[-1]}
            )


def _alone(database: Path) -> dict[str, str]:
    """The environment of a Meld whose only database is ``database`` (and its folder)."""
    return {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SECRET_KEY")},
        "DJANGO_SETTINGS_MODULE": "meld.settings",
        "SQLITE_PATH": str(database),
        "MELD_DATA_DIR": str(database.parent),
        "MELD_BACKUP_DIR": str(database.parent / "backups"),
    }


def _schema(database: Path) -> Schema:
    """Every table, index, view and trigger of ``database`` with its SQL, spaces evened out.
    SQLite's own (``sqlite_…``) are left out: no one else may make one of that name."""
    with closing(_reading(database)) as db:
        rows = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master")
        return {
            (kind, name, table, " ".join((sql or "").split()))
            for kind, name, table, sql in rows
            if not name.startswith("sqlite_")
        }


def _same_shape(file: Path, copy: Path, fresh: Path) -> None:
    found, meld = _schema(copy), _schema(fresh)
    if found == meld:
        return
    extra = sorted({(kind, name) for kind, name, *_rest in found - meld})
    listed = ", ".join(f"{kind} {name}" for kind, name in extra[:5])
    raise Refusal(
        _(
            "%(file)s is not a backup as Meld writes it: its tables, indexes, views and "
            "triggers differ from Meld's (%(objects)s). Take another backup."
        )
        % {"file": file, "objects": listed}
    )


def _summary(copy: Path) -> tuple[int, str | None]:
    with closing(_reading(copy)) as db:
        events = int(db.execute("SELECT count(*) FROM tournaments_event").fetchone()[0])
        newest = db.execute("SELECT max(created_at) FROM tournaments_entry").fetchone()[0]
    if newest is None:
        return events, None
    moment = timezone.localtime(datetime.fromisoformat(newest).replace(tzinfo=UTC))
    return events, formats.date_format(moment, "SHORT_DATETIME_FORMAT")


@contextmanager
def checked(file: Path) -> Iterator[Checked]:
    """``file`` checked (``Refusal`` otherwise), as a copy brought up to this Meld's version,
    which lasts as long as the ``with`` block."""
    if not file.is_file():
        raise Refusal(_("There is no file %(file)s.") % {"file": file})
    _whole(file)
    _known_migrations(file)
    with TemporaryDirectory(prefix="meld-restore-") as work:
        copy, fresh = Path(work, "copy", "db.sqlite3"), Path(work, "fresh", "db.sqlite3")
        copy.parent.mkdir()
        fresh.parent.mkdir()
        backups.copy_database(file, copy)
        migrate_files(copy, fresh)
        _same_shape(file, copy, fresh)
        events, newest = _summary(copy)
        yield Checked(copy, events, newest)
