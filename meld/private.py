"""The club's files are for the user who runs Meld only (docs/configuration.md, "Backups").

The database and every backup hold the directors' password hashes, and the secret key
signs their log-ins: anyone else on the laptop who could read them could log in as a
director. So on Linux and macOS the club's folder and the backups' folder are 0700 and
those files 0600. On Windows the club's folder is in the user's own profile
(``%LOCALAPPDATA%``), which other users cannot open, and ``chmod`` would only switch a
file's read-only flag: nothing is changed there.

A folder Meld is told to use may not take modes (a USB stick formatted FAT): then the
stick's own rules hold, and Meld goes on.
"""

import os
from pathlib import Path

from django.db.backends.base.base import BaseDatabaseWrapper

FOLDER_MODE = 0o700
FILE_MODE = 0o600
POSIX = os.name == "posix"


def _chmod(path: Path, mode: int) -> None:
    if not POSIX:
        return
    try:
        if path.stat().st_mode & 0o777 != mode:
            path.chmod(mode)
    except OSError:
        pass


def private_folder(path: Path) -> Path:
    """``path`` created (with its parents) and made the user's alone."""
    path.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
    _chmod(path, FOLDER_MODE)
    return path


def private_file(path: Path) -> None:
    """An existing file made the user's alone (nothing when it is not there)."""
    if path.exists():
        _chmod(path, FILE_MODE)


def sqlite_files(database: Path) -> list[Path]:
    """A SQLite database's file and the files beside it that hold its pages."""
    return [database, *(database.with_name(database.name + tail) for tail in ("-wal", "-shm"))]


def protect_database(sender: object, connection: BaseDatabaseWrapper, **kwargs: object) -> None:
    """Django's ``connection_created``: the SQLite file the connection opened (created with the
    process's umask when it was new) and its log made the user's alone. Connections last across
    requests, so this runs once per connection, not per request."""
    if connection.vendor != "sqlite":
        return
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or "mode=memory" in name:
        return
    for path in sqlite_files(Path(name.removeprefix("file:").split("?", 1)[0])):
        private_file(path)


def club_folder(folder: Path, checkout: Path) -> Path:
    """The club's folder created and made private, unless it is the checkout itself (``make
    run``), which the developer's tools share: there only the club's files are private."""
    if folder == checkout:
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return private_folder(folder)
