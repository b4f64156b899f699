"""Meld's two caches (settings ``CACHES``), each a custom backend on Django's documented
``BaseCache``: ``RedisCache``, the one every server of a federation shares, and ``FolderCache``.

The club laptop's cache: one folder that every process of a Meld shares (the server and a
``manage.py`` command such as ``confirm_due``), a file a key, as Django's file-based cache.

Django's own file-based cache lists the whole folder on every write, to count its files.
Meld writes on every step (the change feed's values) and for every screen's drawing, and
the folder holds thousands of files by the end of an evening: a write then cost 10 ms and
more. Here a write is one file written aside and renamed into place, and the folder is
swept at most once every ``SWEEP_SECONDS`` by each process: expired files go (a file's
modification time is its expiry), then the oldest beyond ``MAX_ENTRIES``.
"""

import contextlib
import hashlib
import os
import pickle
import shutil
import tempfile
import time
import zlib
from collections.abc import Iterable, Mapping
from typing import Any

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

SUFFIX = ".meldcache"
SWEEP_SECONDS = 60.0
# A key that never expires: its file's time as far ahead as a file system keeps it safely.
NEVER = 2**31 - 1


def _created(target: str, written: str) -> bool:
    """``add`` on a file system without hard links (a FAT stick): creating the file only if
    it is not there decides who wins as a link does; a reader finds it unreadable until it
    is written, which ``get`` takes for missing."""
    try:
        handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    with open(handle, "wb") as file, open(written, "rb") as source:
        shutil.copyfileobj(source, file)
    shutil.copystat(written, target)  # the expiry, which ``sweep`` reads from the mtime
    return True


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
        written = self.written(value, timeout)
        try:
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
        # A link fails where the file exists: a check and then a write would let an add
        # overwrite what another process set between the two (a poll's older value over
        # the one a write just published). Reading it first removes an expired file.
        if self.has_key(key, version):
            return False
        written, target = self.written(value, timeout), self.path_of(key, version)
        try:
            os.link(written, target)
        except FileExistsError:
            return False
        except OSError:
            if not _created(target, written):
                return False
        finally:
            os.remove(written)
        self.sweep()
        return True

    def written(self, value: Any, timeout: float | None) -> str:
        """A new file in the folder holding ``value`` and its expiry (also its mtime)."""
        expiry = self.get_backend_timeout(timeout)
        os.makedirs(self.folder, 0o700, exist_ok=True)
        handle, written = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        try:
            with open(handle, "wb") as file:
                pickle.dump(expiry, file, pickle.HIGHEST_PROTOCOL)
                file.write(zlib.compress(pickle.dumps(value, pickle.HIGHEST_PROTOCOL)))
            stamp = NEVER if expiry is None else expiry
            os.utime(written, (stamp, stamp))
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.remove(written)
            raise
        return written

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


def _dumps(value: Any) -> Any:
    """As Django's Redis cache stores a value: an integer as itself (``incr`` adds to it),
    anything else pickled."""
    return value if type(value) is int else pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


def _loads(stored: bytes | str) -> Any:
    try:
        return int(stored)
    except ValueError:
        assert isinstance(stored, bytes)  # the client is made without ``decode_responses``
        return pickle.loads(stored)


class RedisCache(BaseCache):
    """The cache every server of a federation shares, in Redis: Django's own Redis cache
    (``django.core.cache.backends.redis``), values stored the same way, with one client for
    the process's thread instead of a new one for each look-up.

    Django's makes a ``redis.Redis`` for every operation, and redis-py fills some two hundred
    reply callbacks into each: half of a look-up's 110 µs. A phone's poll is two look-ups,
    a deal sent six.
    """

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        # One ``redis.Redis`` is safe across threads and forks (its pool checks the process).
        self.client = redis.Redis.from_url(location, **params.get("OPTIONS", {}))

    def get_backend_timeout(self, timeout: float | None = DEFAULT_TIMEOUT) -> int | None:
        """Whole seconds, None for never; 0 or less: the key goes at once (as Django's)."""
        if timeout == DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        return None if timeout is None else max(0, int(timeout))

    def key(self, key: str, version: int | None = None) -> str:
        return self.make_and_validate_key(key, version=version)

    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        stored = self.client.get(self.key(key, version))
        return default if stored is None else _loads(stored)

    def get_many(self, keys: Iterable[str], version: int | None = None) -> dict[str, Any]:
        named = {self.key(key, version): key for key in keys}
        if not named:
            return {}
        stored = self.client.mget(list(named))
        found = zip(named, stored, strict=True)
        return {named[made]: _loads(value) for made, value in found if value is not None}

    def set(
        self,
        key: str,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        seconds = self.get_backend_timeout(timeout)
        if seconds == 0:
            self.client.delete(self.key(key, version))
        else:
            self.client.set(self.key(key, version), _dumps(value), ex=seconds)

    def set_many(
        self,
        data: Mapping[str, Any],
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> list[str]:
        if not data:
            return []
        seconds = self.get_backend_timeout(timeout)
        made = {self.key(key, version): _dumps(value) for key, value in data.items()}
        if seconds == 0:
            self.client.delete(*made)
            return []
        with self.client.pipeline() as pipe:
            pipe.mset(made)
            if seconds is not None:
                for key in made:
                    pipe.expire(key, seconds)
            pipe.execute()
        return []

    def add(
        self,
        key: str,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        made, seconds = self.key(key, version), self.get_backend_timeout(timeout)
        if seconds == 0:
            added = bool(self.client.set(made, _dumps(value), nx=True))
            self.client.delete(made)
            return added
        return bool(self.client.set(made, _dumps(value), ex=seconds, nx=True))

    def touch(
        self,
        key: str,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        made, seconds = self.key(key, version), self.get_backend_timeout(timeout)
        if seconds is None:
            return bool(self.client.persist(made))
        return bool(self.client.expire(made, seconds))

    def delete(self, key: str, version: int | None = None) -> bool:
        return bool(self.client.delete(self.key(key, version)))

    def delete_many(self, keys: Iterable[str], version: int | None = None) -> None:
        made = [self.key(key, version) for key in keys]
        if made:
            self.client.delete(*made)

    def has_key(self, key: str, version: int | None = None) -> bool:
        return bool(self.client.exists(self.key(key, version)))

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        made = self.key(key, version)
        if not self.client.exists(made):
            raise ValueError(f"Key '{key}' not found.")
        return int(self.client.incr(made, delta))

    def clear(self) -> None:
        self.client.flushdb()
