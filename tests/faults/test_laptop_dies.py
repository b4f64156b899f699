"""The laptop dies mid-evening (README, "Backups"): ``meld serve`` has backed the database
up by itself while the round ran; the latest backup is restored on another laptop (a
fresh folder, another address) and the evening is finished there. Every deal confirmed
before that backup is there and counted; the phones find their tables by the same codes.
"""

import sqlite3
import sys
import time

import pytest

from meld_testkit import clients, serving

DEALS = 4
MELD = [sys.executable, "-m", "meld"]


def play(phones: tuple[clients.Phone, clients.Phone], number: int) -> None:
    """One deal entered on the first phone and confirmed on the second."""
    a, b = phones
    assert a.form.get("number") == str(number), a.form
    assert a.submit(clients.DEAL).status_code == 200
    pending = b.pending()
    assert len(pending) == 1, pending
    assert b.confirm(pending[0]).status_code == 200
    a.open()


def seated(url: str, table: dict) -> tuple[clients.Phone, clients.Phone]:
    """Two phones at ``table`` that opened it by its short code, as typed from the card."""
    phones = (clients.Phone(url, table["token"]), clients.Phone(url, table["token"]))
    for phone, seat in zip(phones, (table["seat_a"], table["seat_b"]), strict=True):
        found = phone.http.get("/t/code/", params={"code": table["code"].lower()})
        assert found.status_code == 302
        assert found.headers["location"] == f"/t/{table['token']}/"
        phone.open()
        phone.sit(seat)
    return phones


def timed_backup_holding(folder, wanted: set, timeout: float = 60):
    """The newest timed backup that holds every deal of ``wanted`` as confirmed.

    The watcher copies only when something changed since its last copy, so the copy
    with the last deal may be taken before the test starts looking: it asks what a
    copy holds, not when it was taken."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for path in sorted(folder.glob("meld-*-timer.sqlite3"), reverse=True):
            if wanted <= confirmed_in(path):
                return path
        time.sleep(0.2)
    raise AssertionError(f"no timed backup with {wanted} in {sorted(folder.iterdir())}")


def confirmed_in(backup) -> set[tuple[int, int]]:
    with sqlite3.connect(f"{backup.as_uri()}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT t.number, e.number FROM tournaments_entry e "
            "JOIN tournaments_game g ON g.id = e.game_id "
            "JOIN tournaments_table t ON t.id = g.table_id WHERE e.status = 'confirmed'"
        )
        return {(table, deal) for table, deal in rows}


@pytest.mark.install
def test_the_latest_automatic_backup_finishes_the_evening_on_another_laptop(tmp_path):
    usb = tmp_path / "usb-stick"
    first = serving.MeldServe(
        MELD,
        serving.meld_env(tmp_path / "first", MELD_BACKUP_DIR=str(usb), MELD_BACKUP_MINUTES="0.02"),
        log=tmp_path / "first.log",
    ).start()
    try:
        built = serving.kit(first.env, "setup", "8", str(DEALS), "evening")
        # While Meld serves, a restore into its folder is refused and says how to stop it
        # (in Meld's language, German by default).
        with pytest.raises(RuntimeError, match=r"(Strg|Ctrl)\+C"):
            first.run("restore", str(tmp_path / "any.sqlite3"))
        tables = built["tables"]
        phones = {table["number"]: seated(first.url, table) for table in tables}
        for number in (1, 2):
            play(phones[tables[0]["number"]], number)
        play(phones[tables[1]["number"]], 1)
        played = {(tables[0]["number"], 1), (tables[0]["number"], 2), (tables[1]["number"], 1)}
        backup = timed_backup_holding(usb, played)
        play(phones[tables[0]["number"]], 3)
    finally:
        first.die()
    latest = max(usb.glob("meld-*.sqlite3"))
    assert latest.name >= backup.name
    kept = confirmed_in(latest)
    assert played <= kept

    second = serving.MeldServe(
        MELD,
        serving.meld_env(tmp_path / "second", MELD_BACKUP_DIR=str(tmp_path / "second-usb")),
        log=tmp_path / "second.log",
    )
    said = second.run("restore", str(latest))
    # In Meld's language: German unless LANGUAGE_CODE says otherwise.
    assert f"{latest} zurückgeholt" in said
    second.start()
    try:
        assert second.port != first.port
        for table in tables:
            a, b = seated(second.url, table)
            done = {deal for number, deal in kept if number == table["number"]}
            # A deal entered but not yet confirmed when the copy was taken is there, waiting
            # for the other side: its phone confirms it, as at the table.
            for entry_id in b.pending():
                assert b.confirm(entry_id).status_code == 200
                done.add(len(done) + 1)
            a.open()
            for number in range(len(done) + 1, DEALS + 1):
                play((a, b), number)
        serving.kit(second.env, "finish", str(built["event"]))
        counted = serving.kit(second.env, "count", str(built["event"]))
        after = serving.kit(second.env, "deals", str(built["event"]))
    finally:
        second.stop()
    assert counted["confirmed"] == DEALS * len(tables), counted
    assert counted["doubled"] == 0 and counted["pending"] == 0, counted
    confirmed = {(table, deal): (p0, p1) for table, deal, p0, p1 in after["confirmed"]}
    assert kept <= set(confirmed)
    for table, score_0, score_1 in after["games"]:
        points = [confirmed[(table, deal)] for deal in range(1, DEALS + 1)]
        assert (score_0, score_1) == (sum(p[0] for p in points), sum(p[1] for p in points))
    assert after["player_points"] == sum(sum(p) for p in confirmed.values()) * 2
    # Closing the round on the new laptop backed it up there too.
    assert list((tmp_path / "second-usb").glob("meld-*-round.sqlite3"))
