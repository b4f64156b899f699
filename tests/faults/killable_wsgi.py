"""Meld's WSGI application with a point where a worker stops to be killed: tests only.

``test_worker_kill.py`` runs gunicorn on ``tests.faults.killable_wsgi:application``
with MELD_KILL_POINT naming a folder. When the test leaves a file ``armed`` there,
the next audit row saved stops its worker, either at once (inside the service's
transaction: the entry and its audit row written, nothing committed) or, when
``armed`` says ``after-commit``, right after the commit, before the answer. The
worker writes its pid to ``reached`` and waits there for the test's SIGKILL.
Production code is not touched: only this module connects the receiver.
"""

import os
import time
from pathlib import Path

from django.core.wsgi import get_wsgi_application
from django.db import transaction
from django.db.models.signals import post_save

FOLDER = Path(os.environ["MELD_KILL_POINT"])
# Far longer than the test needs to kill, shorter than gunicorn's 60 s worker timeout.
WAIT = 30


def wait_to_be_killed() -> None:
    ready = FOLDER / "reached.tmp"
    ready.write_text(str(os.getpid()))
    ready.rename(FOLDER / "reached")
    time.sleep(WAIT)


def stop_here(sender, created, **kwargs) -> None:
    armed = FOLDER / "armed"
    if not created or not armed.exists():
        return
    moment = armed.read_text()
    armed.unlink()
    if moment == "after-commit":
        transaction.on_commit(wait_to_be_killed)
    else:
        wait_to_be_killed()


application = get_wsgi_application()
post_save.connect(stop_here, sender="tournaments.AuditEntry", dispatch_uid="kill-point")
