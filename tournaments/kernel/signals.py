"""What the app tells whoever listens once it has happened (Django's signals).

The project's own work hangs on them, so the steps below the views need not import the
project's package (``meld``): ``tournaments/apps.py`` connects the backup after a closed
round (``meld.backups.round_closed``) to ``round_closed``.
"""

from django.dispatch import Signal

# A round was closed (or force-closed) and its transaction has committed.
round_closed = Signal()


def announce_round_closed() -> None:
    """What closing a round runs once it has committed (``transaction.on_commit``)."""
    round_closed.send(sender=None)
