"""Erasing a member leaves no trace of their name or address in the database *file* either:
on SQLite the erasure overwrites what it deletes (``secure_delete``) and empties the
write-ahead log after it, so neither the file nor its log holds an old copy of a changed
page. (A backup taken before still does; the handbook says so.)"""

import subprocess
import sys
from pathlib import Path

from meld_testkit.serving import sqlite_env

ROOT = Path(__file__).resolve().parents[2]
SECRETS = (b"Anna Berger", b"anna@example.org")


def run(env: dict, step: str) -> None:
    script = str(Path(__file__).with_name("erase_in_file.py"))
    done = subprocess.run(
        [sys.executable, script, step], cwd=ROOT, env=env, capture_output=True, timeout=300
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]


def files(path: Path) -> bytes:
    found = [p for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()]
    return b"".join(p.read_bytes() for p in found)


def test_after_erasing_the_database_file_and_its_log_hold_no_name_or_address(tmp_path):
    database = tmp_path / "db.sqlite3"
    env = {**sqlite_env(database), "PYTHONPATH": str(ROOT), "MELD_DATA_DIR": str(tmp_path)}
    run(env, "build")
    assert all(secret in files(database) for secret in SECRETS)
    run(env, "erase")
    stored = files(database)
    assert not [secret for secret in SECRETS if secret in stored]
    assert b"former member 1" in stored or b"ehemaliges Mitglied 1" in stored
