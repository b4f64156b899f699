"""Whether Meld is serving from a database: a lock the server holds while it runs.

A server (``meld serve``, which ``make run`` runs, or each gunicorn worker) holds a lock on
``.meld-serving.lock`` beside the database for as long as it lives; ``restore`` takes the
same lock alone before it replaces anything. The operating system lets go of a lock when
its process ends, however it ends (Ctrl+C, a crash, a laptop switched off), so a lock
left behind never stops a restore, and a file's mere presence means nothing.

On Linux and macOS servers share the lock (several workers may serve one database) and
``restore`` needs it exclusively. Windows locks only exclusively; there one ``meld serve``
holds it, which is the one server Meld runs there.
"""

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

LOCK_NAME = ".meld-serving.lock"
# The lock file of each process that serves: kept open (and so locked) until the process ends.
_HELD: list[IO[bytes]] = []


def lock_file(database: Path) -> Path:
    return database.parent / LOCK_NAME


def _lock(handle: IO[bytes], *, shared: bool) -> bool:
    """Take the lock without waiting: False when another process holds it (or a restore does)."""
    try:
        if sys.platform == "win32":
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(handle, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _open(database: Path) -> IO[bytes]:
    path = lock_file(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+b")  # noqa: SIM115 - held for the life of the process
    handle.seek(0)
    return handle


def hold(database: Path) -> bool:
    """This process serves ``database`` from now on; False while a restore is under way."""
    handle = _open(database)
    if not _lock(handle, shared=True):
        handle.close()
        return False
    _HELD.append(handle)
    return True


@contextmanager
def alone(database: Path) -> Iterator[bool]:
    """While the ``with`` block runs, no server may start on ``database``; yields False (and
    holds nothing) when one serves from it now."""
    handle = _open(database)
    try:
        mine = _lock(handle, shared=False)
        yield mine
    finally:
        # Closing the file lets go of its lock.
        handle.close()


def release_all() -> None:
    """Let go of this process's serving locks (a server that stops; tests)."""
    while _HELD:
        _HELD.pop().close()
