"""The club laptop's cache: one folder that every process of a Meld shares (the server and a
``manage.py`` command such as ``confirm_due``), a file a key, as Django's file-based cache.

Django's own file-based cache lists the whole folder on every write, to count its files.
Meld writes on every step (the change feed's values) and for every screen's drawing, and
the folder holds thousands of files by the end of an evening: a write then cost 10 ms and
more. Here a write is one file written aside and renamed into place, and the folder is
swept at most once every ``SWEEP_SECONDS`` by each process: expired files go (a file's
modification time is its expiry), then the oldest beyond ``MAX_ENTRIES``.

Built on Django's documented ``BaseCache``, as a custom backend (settings ``CACHES``).
"""

import contextlib
import hashlib
import os
import pickle
import tempfile
import time
import zlib
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

SUFFIX = ".meldcache"
SWEEP_SECONDS = 60.0
# A key that never expires: its file's time as far ahead as a file system keeps it safely.
NEVER = 2**31 - 1


class FolderCache(BaseCache):
    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        self.folder = os.path.abspath(location)
        options = params.get("OPTIONS", {})
        self.max_entries = int(options.get("MAX_ENTRIES", params.get("MAX_ENTRIES", 300)))
        self.swept_at = 0.0

    def path_of(self, key: str, version: int | None = None) -> str:
        made = self.make_and_validate_key(key, version=version)
        name = hashlib.md5(made.encode(), usedforsecurity=False).hexdigest()
        return os.path.join(self.folder, name + SUFFIX)

    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        path = self.path_of(key, version)
        try:
            with open(path, "rb") as file:
                expiry = pickle.load(file)
                if expiry is None or expiry >= time.time():
                    return pickle.loads(zlib.decompress(file.read()))
        except (FileNotFoundError, EOFError, ValueError, pickle.UnpicklingError, zlib.error):
            return default
        with contextlib.suppress(FileNotFoundError):
            os.remove(path)  # expired
        return default

    def set(
        self,
        key: str,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        expiry = self.get_backend_timeout(timeout)
        os.makedirs(self.folder, 0o700, exist_ok=True)
        handle, written = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        try:
            with open(handle, "wb") as file:
                pickle.dump(expiry, file, pickle.HIGHEST_PROTOCOL)
                file.write(zlib.compress(pickle.dumps(value, pickle.HIGHEST_PROTOCOL)))
            stamp = NEVER if expiry is None else expiry
            os.utime(written, (stamp, stamp))
            os.replace(written, self.path_of(key, version))
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.remove(written)
            raise
        self.sweep()

    def add(
        self,
        key: str,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        if self.has_key(key, version):
            return False
        self.set(key, value, timeout, version)
        return True

    def touch(
        self,
        key: str,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        missing = object()
        value = self.get(key, missing, version)
        if value is missing:
            return False
        self.set(key, value, timeout, version)
        return True

    def delete(self, key: str, version: int | None = None) -> bool:
        try:
            os.remove(self.path_of(key, version))
        except FileNotFoundError:
            return False
        return True

    def has_key(self, key: str, version: int | None = None) -> bool:
        missing = object()
        return self.get(key, missing, version) is not missing

    def clear(self) -> None:
        for entry in self.entries():
            with contextlib.suppress(FileNotFoundError):
                os.remove(entry.path)

    def entries(self) -> list[os.DirEntry[str]]:
        try:
            with os.scandir(self.folder) as found:
                return [entry for entry in found if entry.name.endswith(SUFFIX)]
        except FileNotFoundError:
            return []

    def sweep(self) -> None:
        """At most every ``SWEEP_SECONDS``: the expired files, then the oldest beyond
        ``MAX_ENTRIES`` (the soonest to expire first)."""
        now = time.time()
        if now - self.swept_at < SWEEP_SECONDS:
            return
        self.swept_at = now
        kept = []
        for entry in self.entries():
            with contextlib.suppress(FileNotFoundError):
                expiry = entry.stat().st_mtime
                if expiry < now:
                    os.remove(entry.path)
                else:
                    kept.append((expiry, entry.path))
        kept.sort()
        for _expiry, path in kept[: max(0, len(kept) - self.max_entries)]:
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
