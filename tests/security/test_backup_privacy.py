"""A backup holds the directors' password hashes but no log-in, and is the user's alone.

A copy of the database on a stick, or left in a folder others can read, must not let a
stranger in: a session's key taken from it as the ``sessionid`` cookie would log them in as
the director. So the copy's sessions are gone (their bytes overwritten), and the copies, the
database and the secret key are readable by the user who runs Meld only.
"""

import os
import sqlite3
import stat

import pytest
from django.db import connection
from django.urls import reverse

from meld import backups, private, secret
from tests.factories import make_event, seat_round
from tournaments.services.rounds.steps import force_close_round

POSIX = os.name == "posix"


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# Outside a test's transaction: closing the round commits, and the backup follows the commit.
@pytest.mark.django_db(transaction=True)
def test_a_backup_after_a_round_holds_no_session_and_only_its_user_may_read_it(
    client, director, tmp_path, settings
):
    if connection.vendor != "sqlite":
        # PostgreSQL is backed up with pg_dump: Meld writes no copy there.
        assert backups.database_file() is None
        return
    settings.MELD_BACKUP_DIR = tmp_path / "backups"
    client.force_login(director)
    key = client.cookies["sessionid"].value
    assert client.get(reverse("tournaments-director-events")).status_code == 200
    rnd = seat_round(make_event(director, players=4), 1, [((1, 2), (3, 4))])
    force_close_round(rnd, user=director, reason="The hall closes")
    (copy,) = backups.copies()
    with sqlite3.connect(copy) as db:
        assert db.execute("SELECT count(*) FROM django_session").fetchone() == (0,)
        # The hashes are there: that is why the copy is kept like a key.
        assert db.execute("SELECT password FROM auth_user").fetchone()[0]
    assert key.encode() not in copy.read_bytes()
    # The live database keeps the session: the director stays logged in.
    assert client.get(reverse("tournaments-director-events")).status_code == 200
    if POSIX:
        assert mode(copy) == 0o600
        assert mode(copy.parent) == 0o700
        assert mode(backups.database_file()) == 0o600


def test_the_clubs_folder_and_its_key_are_the_users_alone(tmp_path, monkeypatch):
    folder = tmp_path / "Meld"
    monkeypatch.setattr(secret, "KEY_FILE", folder / ".secret_key")
    assert secret.create_key_file()
    assert mode(folder) == 0o700
    assert mode(folder / ".secret_key") == 0o600
    # A key and a folder an earlier Meld left readable are made private at the next start.
    folder.chmod(0o755)
    (folder / ".secret_key").chmod(0o644)
    assert not secret.create_key_file()
    assert mode(folder) == 0o700
    assert mode(folder / ".secret_key") == 0o600


def test_a_checkout_is_left_as_it_is_and_only_the_clubs_files_are_made_private(tmp_path):
    checkout = tmp_path / "meld"
    checkout.mkdir(mode=0o755)
    checkout.chmod(0o755)
    private.club_folder(checkout, checkout)
    assert mode(checkout) == 0o755
