"""Every score change a phone or the director makes tries again while SQLite's write lock is
busy (``store.locks.serialised``): two phones at once never see "database is locked"."""

import pytest

from tournaments.services.scores import entries
from tournaments.services.store.locks import serialised

STEPS = ["submit_entry", "confirm_entry", "dispute_entry", "correct_entry", "settle_dispute"]


@pytest.mark.parametrize("name", STEPS)
def test_each_score_change_tries_again_while_the_write_lock_is_busy(name):
    step = getattr(entries, name)
    assert step.__code__ is serialised(step).__code__, f"{name} is not serialised"
