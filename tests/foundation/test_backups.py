"""Backups Meld takes by itself (meld/backups.py), and the backup and restore commands."""

import logging
import os
import sqlite3
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError

from meld import backups
from meld.settings import DATA_DIR
from tests.factories import make_event, seat_round
from tournaments.kernel.signals import announce_round_closed
from tournaments.models import Round
from tournaments.services.rounds.steps import force_close_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def database(tmp_path, monkeypatch, settings):
    """A SQLite file standing for Meld's database (not the tests' own)."""
    path = tmp_path / "club" / "db.sqlite3"
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tournaments_event (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO tournaments_event (name) VALUES ('Club evening')")
    monkeypatch.setattr(backups, "sqlite_database", lambda: str(path))
    settings.MELD_BACKUP_DIR = tmp_path / "usb"
    settings.MELD_BACKUP_KEEP = 3
    settings.MELD_BACKUP_MINUTES = 5
    return path


def events_in(path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [name for (name,) in db.execute("SELECT name FROM tournaments_event")]


def aged(path, seconds: float) -> None:
    moment = time.time() - seconds
    os.utime(path, (moment, moment))


def test_a_backup_is_a_whole_copy_in_the_chosen_folder(database, tmp_path):
    copy = backups.take("round")
    assert copy.parent == tmp_path / "usb"
    assert copy.name.startswith("meld-") and copy.name.endswith("-round.sqlite3")
    assert events_in(copy) == ["Club evening"]
    assert not list(copy.parent.glob("*.partial"))


def test_only_the_newest_automatic_backups_are_kept_and_asked_for_ones_never_go(database):
    folder = backups.folder()
    folder.mkdir()
    asked = folder / "meld-20261101-200000-manual.sqlite3"
    asked.write_bytes(b"")
    stranger = folder / "notes.txt"
    stranger.write_text("the club's own file")
    for minute in range(5):
        (folder / f"meld-20261101-20{minute:02d}00-timer.sqlite3").write_bytes(b"")
    newest = backups.take("round")
    left = sorted(path.name for path in folder.iterdir() if path.name != backups.LOCK_NAME)
    assert left == sorted(
        [
            asked.name,
            stranger.name,
            "meld-20261101-200300-timer.sqlite3",
            "meld-20261101-200400-timer.sqlite3",
            newest.name,
        ]
    )


def test_closing_a_round_backs_up_once_it_is_committed(
    database, director, django_capture_on_commit_callbacks
):
    event = make_event(director, players=4)
    rnd = seat_round(event, 1, [((1, 2), (3, 4))])
    with django_capture_on_commit_callbacks() as callbacks:
        force_close_round(rnd, user=director, reason="The hall closes")
    # The step says the round closed once it commits (kernel/signals.py); the backup listens.
    assert announce_round_closed in callbacks
    assert backups.copies() == []
    for callback in callbacks:
        callback()
    assert [path.name.endswith("-round.sqlite3") for path in backups.copies()] == [True]


def test_a_failing_backup_folder_leaves_the_round_closed(
    database, director, settings, django_capture_on_commit_callbacks
):
    settings.MELD_BACKUP_DIR = database  # a file, not a folder: the copy fails
    event = make_event(director, players=4)
    rnd = seat_round(event, 1, [((1, 2), (3, 4))])
    with django_capture_on_commit_callbacks(execute=True):
        force_close_round(rnd, user=director, reason="The hall closes")
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED


def test_a_timed_backup_is_due_while_a_round_runs_and_the_database_changed(database, director):
    event = make_event(director, players=4)
    rnd = seat_round(event, 1, [((1, 2), (3, 4))])
    assert backups.due()
    copy = backups.take_if_due()
    assert copy is not None and copy.name.endswith("-timer.sqlite3")
    assert not backups.due()  # the newest copy is younger than the interval
    aged(database, 400)
    aged(copy, 301)
    assert not backups.due()  # older, but nothing was written since
    aged(database, 0)
    assert backups.due()
    rnd.status = Round.Status.CLOSED
    rnd.save()
    assert not backups.due()  # no round is being played


def test_no_timed_backups_when_the_interval_is_zero(database, director, settings):
    settings.MELD_BACKUP_MINUTES = 0
    seat_round(make_event(director, players=4), 1, [((1, 2), (3, 4))])
    assert not backups.due()
    assert backups.start_watcher() is None


def test_the_backup_command_writes_a_copy_the_director_keeps(database, tmp_path):
    out = StringIO()
    call_command("backup", stdout=out)
    (copy,) = backups.copies()
    assert copy.name.endswith("-manual.sqlite3")
    assert f"Backup written to {copy}" in out.getvalue()
    chosen = tmp_path / "stick" / "friday.sqlite3"
    call_command("backup", "--output", str(chosen), stdout=StringIO())
    assert events_in(chosen) == ["Club evening"]
    with pytest.raises(CommandError, match="exists already"):
        call_command("backup", "--output", str(chosen), stdout=StringIO())


@pytest.fixture
def meld_database(database, migrated_file):
    """Meld's database as Meld writes it (the club's own marker: a group named after the
    evening), in place of the fixture's bare file."""
    database.write_bytes(migrated_file.read_bytes())
    with sqlite3.connect(database) as db:
        # Without a write-ahead log of its own: the test leaves a stale one beside it.
        db.execute("PRAGMA journal_mode = DELETE")
        db.execute("INSERT INTO auth_group (name) VALUES ('Club evening')")
    return database


def groups_in(path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [name for (name,) in db.execute("SELECT name FROM auth_group ORDER BY id")]


def test_restore_brings_a_backup_back_and_keeps_the_database_it_replaces(meld_database):
    copy = backups.take("timer")
    with sqlite3.connect(meld_database) as db:
        db.execute("INSERT INTO auth_group (name) VALUES ('After the backup')")
    stale_log = meld_database.with_name(meld_database.name + "-wal")
    stale_log.write_bytes(b"stale log of the old database")
    cache.set("feed:event:1", 481)  # an id of the database replaced
    out = StringIO()
    call_command("restore", str(copy), stdout=out)
    assert groups_in(meld_database) == ["Club evening"]
    assert not stale_log.exists()
    assert cache.get("feed:event:1") is None  # the screens draw from the restored file
    (replaced,) = backups.folder().glob("meld-*-replaced.sqlite3")
    assert groups_in(replaced) == ["Club evening", "After the backup"]
    assert f"Restored {copy} (0 events)" in out.getvalue()
    assert "It holds no deal yet." in out.getvalue()
    assert "same short codes" in out.getvalue()


def test_restore_refuses_what_is_no_meld_backup(database, tmp_path):
    with pytest.raises(CommandError, match="There is no file"):
        call_command("restore", str(tmp_path / "missing.sqlite3"))
    notes = tmp_path / "notes.sqlite3"
    notes.write_text("shopping list")
    with pytest.raises(CommandError, match="not a backup of Meld"):
        call_command("restore", str(notes))
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE recipes (id INTEGER)")
    with pytest.raises(CommandError, match="not a backup of Meld"):
        call_command("restore", str(other))
    assert events_in(database) == ["Club evening"]


def test_on_postgresql_the_commands_say_to_use_pg_dump(monkeypatch, tmp_path):
    monkeypatch.setattr(backups, "sqlite_database", lambda: None)
    out = StringIO()
    call_command("backup", stdout=out)
    assert "pg_dump" in out.getvalue() and "pg_restore" in out.getvalue()
    with pytest.raises(CommandError, match="pg_restore"):
        call_command("restore", str(tmp_path / "meld.dump"))
    with pytest.raises(LookupError, match="pg_dump"):
        backups.take("manual")
    backups.round_closed()
    assert not backups.due()
    assert backups.start_watcher() is None


def test_the_tests_own_database_is_never_copied_into_the_clubs_folder(tmp_path):
    # A file on SQLite (tests/conftest.py): a closed round copies it into the test run's own
    # folder. On PostgreSQL there is no file (pg_dump's).
    assert backups.folder() != DATA_DIR / "backups"
    assert str(backups.folder()).startswith(tempfile.gettempdir())
    if backups.database_file() is None:
        with pytest.raises(CommandError, match="pg_restore"):
            call_command("restore", str(tmp_path / "any.sqlite3"))
    else:
        assert str(backups.database_file()).startswith(tempfile.gettempdir())


def test_a_deal_committed_while_a_copy_is_written_is_copied_next_time(
    database, director, monkeypatch
):
    """The copy holds what was committed when it began; a commit while it is written must
    still count as a change since the copy, or the evening's last deal waits for another."""
    seat_round(make_event(director, players=4), 1, [((1, 2), (3, 4))])
    copying = backups.copy_database

    def committed_meanwhile(source, target):
        copying(source, target)
        with sqlite3.connect(source) as db:
            db.execute("INSERT INTO tournaments_event (name) VALUES ('Late deal')")
        os.utime(target)  # the copy's file is finished after that commit

    monkeypatch.setattr(backups, "copy_database", committed_meanwhile)
    copy = backups.take_if_due()
    assert copy is not None and "Late deal" not in events_in(copy)
    assert backups.due(now=time.time() + 301)


def test_copies_begun_in_the_same_second_each_keep_a_name_of_their_own(database, settings):
    """Two rounds closed in one second (two directors, or the demo loading) once shared one
    name and one partial file: the second copy's file was renamed away under it and SQLite
    refused it ("attempt to write a readonly database"), a traceback in the window."""
    settings.MELD_BACKUP_KEEP = 10
    with ThreadPoolExecutor(4) as pool:
        taken = list(pool.map(lambda _: backups.take("round"), range(4)))
    assert len(set(taken)) == 4
    assert all(events_in(copy) == ["Club evening"] for copy in taken)
    assert not list(backups.folder().glob("*.partial"))


def test_a_failing_backup_after_a_round_is_one_line_in_the_log_not_a_traceback(
    database, settings, caplog
):
    settings.MELD_BACKUP_DIR = database  # a file, not a folder: the copy fails
    with caplog.at_level(logging.ERROR, logger="meld.backups"):
        backups.round_closed()
    (record,) = caplog.records
    assert record.exc_info is None
    assert "The backup after closing a round failed" in record.getMessage()
