"""``restore`` brings back only a backup as Meld wrote it, and never while Meld serves.

A "backup" is a file anyone can hand the director. Whatever it carries becomes the club's
database: a trigger or view planted in it would run inside Meld from then on. Every file
refused here leaves the club's database exactly as it was.
"""

import hashlib
import sqlite3
import subprocess
import sys
import textwrap
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from meld import backups, serving

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club_database(tmp_path, monkeypatch, settings, migrated_file):
    """The club's database (as Meld writes it), standing in for the tests' own."""
    path = tmp_path / "club" / "db.sqlite3"
    path.parent.mkdir()
    path.write_bytes(migrated_file.read_bytes())
    monkeypatch.setattr(backups, "sqlite_database", lambda: str(path))
    settings.MELD_BACKUP_DIR = tmp_path / "usb"
    yield path
    serving.release_all()


@pytest.fixture
def backup(tmp_path, migrated_file):
    """A good backup of another evening: one group as its marker."""
    path = tmp_path / "meld-20261126-203500-round.sqlite3"
    path.write_bytes(migrated_file.read_bytes())
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO auth_group (name) VALUES ('From the backup')")
    return path


def fingerprint(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def planted(backup, statement: str):
    with sqlite3.connect(backup) as db:
        db.execute(statement)
    return backup


@pytest.mark.parametrize(
    "statement, named",
    [
        (
            "CREATE TRIGGER promote AFTER INSERT ON django_session "
            "BEGIN UPDATE auth_user SET is_superuser = 1; END",
            "trigger promote",
        ),
        ("CREATE VIEW everyone AS SELECT username, password FROM auth_user", "view everyone"),
        ("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)", "table notes"),
        ("CREATE INDEX by_password ON auth_user (password)", "index by_password"),
    ],
)
def test_a_backup_with_anything_meld_did_not_make_is_refused_and_nothing_changes(
    club_database, backup, statement, named
):
    before = fingerprint(club_database)
    planted(backup, statement)
    with pytest.raises(CommandError, match="not a backup as Meld writes it") as refusal:
        call_command("restore", str(backup), stdout=StringIO())
    assert named in str(refusal.value)
    assert fingerprint(club_database) == before
    assert backups.copies() == []  # not even the "replaced" copy: nothing was begun


def test_a_backup_recording_changes_this_meld_does_not_know_is_refused(club_database, backup):
    before = fingerprint(club_database)
    planted(
        backup,
        "INSERT INTO django_migrations (app, name, applied) "
        "VALUES ('tournaments', '9999_from_the_future', '2026-11-26')",
    )
    with pytest.raises(CommandError, match="does not know.*9999_from_the_future"):
        call_command("restore", str(backup), stdout=StringIO())
    assert fingerprint(club_database) == before


def test_a_backup_lacking_a_change_another_builds_on_is_refused(club_database, backup):
    planted(backup, "DELETE FROM django_migrations WHERE app = 'auth' AND name = '0001_initial'")
    with pytest.raises(CommandError, match=r"lacks changes.*auth\.0001_initial"):
        call_command("restore", str(backup), stdout=StringIO())


def test_a_damaged_backup_is_refused(club_database, backup):
    data = bytearray(backup.read_bytes())
    data[4096 * 3 + 10 : 4096 * 3 + 210] = b"\xff" * 200
    backup.write_bytes(bytes(data))
    with pytest.raises(CommandError, match="damaged|not a backup of Meld"):
        call_command("restore", str(backup), stdout=StringIO())


def test_a_good_backup_is_restored_and_says_what_it_brought(club_database, backup):
    out = StringIO()
    call_command("restore", str(backup), stdout=out)
    with sqlite3.connect(club_database) as db:
        assert db.execute("SELECT name FROM auth_group").fetchall() == [("From the backup",)]
    assert f"Restored {backup} (0 events) into {club_database}." in out.getvalue()
    assert "It holds no deal yet." in out.getvalue()


def test_restore_refuses_while_meld_serves_from_the_folder(club_database, backup):
    assert serving.hold(club_database)
    before = fingerprint(club_database)
    with pytest.raises(CommandError, match=r"Meld is serving from .*Ctrl\+C.*window"):
        call_command("restore", str(backup), stdout=StringIO())
    assert fingerprint(club_database) == before
    serving.release_all()
    call_command("restore", str(backup), stdout=StringIO())
    assert fingerprint(club_database) != before


def test_restore_refuses_while_another_process_serves_and_not_after_it_died(club_database, backup):
    """The serving lock is the operating system's: it holds across processes and goes with a
    process that dies, so a server killed mid-evening leaves nothing that blocks a restore."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
                import sys, time
                from pathlib import Path
                from meld import serving
                assert serving.hold(Path({str(club_database)!r}))
                print("serving", flush=True)
                time.sleep(60)
            """),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == "serving"
        with pytest.raises(CommandError, match="Meld is serving from"):
            call_command("restore", str(backup), stdout=StringIO())
    finally:
        server.kill()
        server.wait(10)
    call_command("restore", str(backup), stdout=StringIO())


def test_meld_serve_does_not_start_while_a_restore_holds_the_folder(club_database):
    with serving.alone(club_database) as alone:
        assert alone
        assert not serving.hold(club_database)
    assert serving.hold(club_database)
