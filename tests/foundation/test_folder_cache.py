"""The club laptop's cache (``meld/cache.py``): a folder every process of a Meld shares, whose
writes do not list the folder (Django's file-based cache did, 10 ms a write once an evening
had filled it), swept at most once a minute."""

import os
import stat
import time

import pytest

from meld import cache as folder_cache
from meld.cache import FolderCache


def made(folder, **options) -> FolderCache:
    return FolderCache(str(folder), {"TIMEOUT": 300, "OPTIONS": options})


def test_what_is_set_is_got_added_once_touched_and_deleted(tmp_path):
    cache = made(tmp_path)
    assert cache.get("feed:event:1") is None and cache.get("feed:event:1", 7) == 7
    cache.set("feed:event:1", 41)
    assert cache.get("feed:event:1") == 41 and cache.has_key("feed:event:1")
    assert not cache.add("feed:event:1", 99) and cache.get("feed:event:1") == 41
    assert cache.add("feed:event:2", (1, "x"), timeout=None)
    assert cache.get("feed:event:2") == (1, "x")
    cache.set_many({"a": 1, "b": 2})
    assert cache.get_many(["a", "b", "c"]) == {"a": 1, "b": 2}
    assert cache.incr("a") == 2
    assert cache.touch("a", timeout=60) and not cache.touch("nothing")
    assert cache.delete("a") and not cache.delete("a") and cache.get("a") is None
    cache.clear()
    assert cache.get("b") is None and cache.entries() == []


def test_an_expired_key_is_gone_and_its_file_with_it(tmp_path):
    cache = made(tmp_path)
    cache.set("pass", 1, timeout=0.05)
    time.sleep(0.1)
    assert cache.get("pass") is None
    assert cache.entries() == []


def test_two_processes_on_one_folder_see_each_others_writes(tmp_path):
    """The server and a ``manage.py`` command (``confirm_due``) share the feed's values."""
    server, command = made(tmp_path), made(tmp_path)
    server.set("feed:table:3", 10)
    command.set("feed:table:3", 11)
    assert server.get("feed:table:3") == 11
    command.delete("feed:table:3")
    assert server.get("feed:table:3") is None


def test_a_write_does_not_list_the_folder(tmp_path, monkeypatch):
    cache = made(tmp_path)
    listed = []
    original = os.scandir

    def counted(path):
        listed.append(path)
        return original(path)

    monkeypatch.setattr(folder_cache.os, "scandir", counted)
    for number in range(200):
        cache.set(f"drawn:{number}", "<div>board</div>")
    assert len(listed) == 1  # the first write's sweep; the next comes a minute later


def test_the_sweep_takes_the_expired_then_the_soonest_to_expire_beyond_the_limit(tmp_path):
    cache = made(tmp_path, MAX_ENTRIES=3)
    cache.set("gone", 1, timeout=0.05)
    for number, seconds in enumerate((100, 400, 200, 300)):
        cache.set(f"kept:{number}", number, timeout=seconds)
    time.sleep(0.1)
    cache.swept_at = 0.0  # a minute has passed
    cache.sweep()
    assert len(cache.entries()) == 3
    assert cache.get("kept:0") is None  # the soonest to expire of the four
    assert [cache.get(f"kept:{number}") for number in (1, 2, 3)] == [1, 2, 3]


def test_the_folder_and_its_files_are_the_owners_alone(tmp_path):
    """A key may be a session's pass: nobody else on the laptop reads them."""
    folder = tmp_path / "cache"
    cache = made(folder)
    cache.set("pass", "secret")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    (entry,) = cache.entries()
    assert stat.S_IMODE(os.stat(entry.path).st_mode) == 0o600


@pytest.mark.parametrize("broken", [b"", b"\x80\x05not a pickle"])
def test_a_broken_file_reads_as_missing(tmp_path, broken):
    cache = made(tmp_path)
    cache.set("feed:frame:1", 5)
    with open(cache.path_of("feed:frame:1"), "wb") as file:
        file.write(broken)
    assert cache.get("feed:frame:1", "missing") == "missing"


def test_an_add_never_overwrites_what_another_process_set_meanwhile(tmp_path, monkeypatch):
    """A poll's add found no value; before it wrote, a write step published a newer one:
    the add must leave the newer value (a check then a write would put the older back)."""
    poll, step = made(tmp_path), made(tmp_path)
    written = poll.written

    def set_meanwhile(value, timeout):
        step.set("feed", "newer")
        return written(value, timeout)

    monkeypatch.setattr(poll, "written", set_meanwhile)
    assert poll.add("feed", "older") is False
    assert poll.get("feed") == "newer"
    assert [path.suffix for path in tmp_path.iterdir()] == [".meldcache"]  # no file left aside


def test_an_add_over_an_expired_value_stores_it(tmp_path):
    cache = made(tmp_path)
    cache.set("feed", "old", timeout=0.01)
    time.sleep(0.05)
    assert cache.add("feed", "new") is True
    assert cache.get("feed") == "new"


def test_an_add_on_a_file_system_without_hard_links_still_adds_once(tmp_path, monkeypatch):
    """A FAT stick has no hard links: the add creates the file only if it is not there."""

    def no_links(_source, _target):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(folder_cache.os, "link", no_links)
    cache, other = made(tmp_path), made(tmp_path)
    assert cache.add("feed", "first", timeout=60) is True
    assert other.add("feed", "second") is False
    assert cache.get("feed") == "first"
    written = other.written

    def set_meanwhile(value, timeout):
        cache.set("race", "newer")
        return written(value, timeout)

    monkeypatch.setattr(other, "written", set_meanwhile)
    assert other.add("race", "older") is False and other.get("race") == "newer"
    expiry = [path.stat().st_mtime for path in tmp_path.iterdir()]
    assert all(stamp > time.time() for stamp in expiry)  # the sweep reads the expiry there
    assert {path.suffix for path in tmp_path.iterdir()} == {".meldcache"}
