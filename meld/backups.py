"""Backups Meld takes by itself of its SQLite database (docs/configuration.md, "Backups").

A copy goes to ``MELD_BACKUP_DIR`` after every closed round (``round_closed``,
which closing a round calls once its transaction has committed, through the app's
signal ``tournaments.kernel.signals.round_closed``) and, while a
round is open, every ``MELD_BACKUP_MINUTES`` when the database changed since the
last copy (``Watcher``, a thread of the server's own: ``meld serve`` starts one,
and under gunicorn every worker does, one of them taking the copy at a time).
The newest ``MELD_BACKUP_KEEP`` copies Meld took by itself are kept; copies the
director asked for (``meld backup``) are never deleted.

Each copy is SQLite's online backup: one consistent moment, taken while phones
keep writing, written under a temporary name and renamed when complete, so a
laptop that dies mid-copy leaves no half copy among the backups. PostgreSQL keeps
its own (pg_dump): nothing here runs there.

A copy holds the directors' password hashes, so it is the user's alone (0600 in a 0700
folder, ``meld/private.py``) and must be kept like a key. It holds no log-in, though:
the copy's ``django_session`` rows are deleted, and their bytes overwritten, once the
online backup is done, in the copy only. Sessions stay in the database (every worker
and, in a federation, every server reads them there, and a log-out ends one at once),
so a stolen copy opens no director's page; whoever brings a copy back logs in again.
"""

import logging
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.db import connections

from meld.private import private_folder

log = logging.getLogger(__name__)

PATTERN = "meld-*.sqlite3"
AUTOMATIC = ("round", "timer")
LOCK_NAME = ".meld-backup.lock"
# Files' times move in the kernel's coarse ticks, behind the clock by up to a few ms.
FILE_CLOCK_TICK = 1.0
_TAKING = threading.Lock()


def sqlite_database() -> str | None:
    """Meld's SQLite database as ``sqlite3`` opens it (a file name, or a ``file:`` URI for a
    database in memory); None on PostgreSQL."""
    database = connections["default"].settings_dict
    if database["ENGINE"] != "django.db.backends.sqlite3":
        return None
    return str(database["NAME"])


def database_file() -> Path | None:
    """The SQLite file Meld writes to: what the automatic backups copy; None on
    PostgreSQL or for a database in memory (the tests'), which no laptop loses."""
    name = sqlite_database()
    if name is None or name == ":memory:" or "mode=memory" in name:
        return None
    return Path(name.removeprefix("file:").split("?", 1)[0])


def folder() -> Path:
    return Path(settings.MELD_BACKUP_DIR)


def copies(where: Path | None = None) -> list[Path]:
    """Every backup Meld wrote into the folder, oldest first (the names sort by time)."""
    where = where or folder()
    return sorted(where.glob(PATTERN)) if where.is_dir() else []


def latest(where: Path | None = None) -> Path | None:
    found = copies(where)
    return found[-1] if found else None


def copy_database(source: str | Path, target: Path) -> None:
    """Copy ``source`` into ``target`` (a new file, the user's alone) through SQLite's online
    backup, without the log-ins of the moment (``forget_sessions``)."""
    # A partial file of this copy's own (0600 from the start): two copies never write into
    # one. They did when two began in the same second (one name): the first renamed the file
    # the second was writing, and SQLite refused the second ("attempt to write a readonly
    # database", the database moved while open).
    handle, name = tempfile.mkstemp(prefix=f"{target.name}.", suffix=".partial", dir=target.parent)
    os.close(handle)
    partial = Path(name)
    try:
        uri = str(source).startswith("file:")
        with (
            closing(sqlite3.connect(source, uri=uri)) as reading,
            closing(sqlite3.connect(partial)) as copy,
        ):
            reading.backup(copy)
            forget_sessions(copy)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def forget_sessions(copy: sqlite3.Connection) -> None:
    """The copy's sessions deleted and their bytes overwritten (``secure_delete``): a session's
    key is a director's log-in. The copy is made one file that stands alone (no write-ahead
    log beside it to be left behind on a stick)."""
    copy.execute("PRAGMA journal_mode = DELETE")
    copy.execute("PRAGMA secure_delete = ON")
    found = copy.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'django_session'"
    ).fetchone()
    if found:
        with copy:
            copy.execute("DELETE FROM django_session")


def take(reason: str, where: Path | None = None) -> Path:
    """Copy the database into the backup folder now; Meld's own copies beyond the
    newest ``MELD_BACKUP_KEEP`` are removed. Raises ``LookupError`` without a file."""
    source = sqlite_database()
    if source is None:
        raise LookupError("Meld backs up only a SQLite database; use pg_dump.")
    where = private_folder(where or folder())
    # One copy at a time in this process (the server's threads): each finds a name no other
    # copy has, and nothing but whole copies ever shows in the folder.
    with _TAKING:
        target = _new_name(where, reason)
        began = time.time()
        copy_database(source, target)
    # The copy holds what was committed when it began. Dated then (less the file clock's
    # coarser tick), a commit made while it was being written still counts as a change
    # since it (``due``); dated when it was done, that deal would wait for the next change.
    os.utime(target, (began - FILE_CLOCK_TICK, began - FILE_CLOCK_TICK))
    if reason in AUTOMATIC:
        _prune(where)
    return target


def _new_name(where: Path, reason: str) -> Path:
    """``meld-<date>-<time>-<reason>.sqlite3``, a name no copy has: a second copy within the
    same second (two rounds closed at once, by two directors or by the demo) waits for the next
    second rather than overwrite the first."""
    while True:
        target = where / f"meld-{datetime.now():%Y%m%d-%H%M%S}-{reason}.sqlite3"
        if not target.exists():
            return target
        time.sleep(0.05)


def _prune(where: Path) -> None:
    own = [path for path in copies(where) if path.stem.rsplit("-", 1)[-1] in AUTOMATIC]
    for path in own[: -settings.MELD_BACKUP_KEEP]:
        path.unlink(missing_ok=True)


def round_closed() -> None:
    """After a round closed: a copy, unless there is no file to copy. A failing
    folder (a USB stick pulled out) is logged; the round stays closed."""
    if database_file() is None:
        return
    try:
        take("round")
    except (OSError, sqlite3.Error) as error:
        # A folder gone or full, not a bug: one line in the window says what and where.
        log.error("The backup after closing a round failed (folder %s): %s", folder(), error)


def _changed_since(source: Path, moment: float) -> bool:
    """Whether a commit reached the database file or its write-ahead log after ``moment``."""
    modified = [path.stat().st_mtime for path in (source, Path(f"{source}-wal")) if path.exists()]
    return max(modified, default=0.0) > moment


def due(now: float | None = None) -> bool:
    """A timed copy is due: a round is open, the newest copy is older than the
    interval and the database changed since it."""
    # Imported here: the CLI imports this module before Django has loaded the apps.
    from tournaments.models import Round

    source = database_file()
    if source is None or not settings.MELD_BACKUP_MINUTES:
        return False
    newest = latest()
    last = newest.stat().st_mtime if newest else 0.0
    if (now or time.time()) - last < settings.MELD_BACKUP_MINUTES * 60:
        return False
    if not _changed_since(source, last):
        return False
    return Round.objects.filter(status=Round.Status.OPEN).exists()


@contextmanager
def _only_one(where: Path) -> Iterator[bool]:
    """Hold the folder's lock, or yield False when another process holds it."""
    private_folder(where)
    with open(where / LOCK_NAME, "a+b") as lock:
        try:
            import fcntl
        except ImportError:
            # Windows: `meld serve` is the one process that backs up there.
            yield True
            return
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def take_if_due() -> Path | None:
    with _only_one(folder()) as mine:
        if mine and due():
            return take("timer")
    return None


class Watcher(threading.Thread):
    """Looks every few seconds whether a timed copy is due (``due``) and takes it."""

    def __init__(self) -> None:
        super().__init__(name="meld-backups", daemon=True)
        self.stopping = threading.Event()

    def run(self) -> None:
        interval = settings.MELD_BACKUP_MINUTES * 60
        pause = max(1.0, min(30.0, interval / 3))
        while not self.stopping.wait(pause):
            try:
                take_if_due()
            except Exception:
                log.exception("A timed backup failed (folder %s)", folder())
            finally:
                connections.close_all()

    def stop(self) -> None:
        self.stopping.set()


def start_watcher() -> Watcher | None:
    """Start the thread of timed copies, when there is a SQLite file and an interval."""
    if database_file() is None or not settings.MELD_BACKUP_MINUTES:
        return None
    watcher = Watcher()
    watcher.start()
    return watcher
