from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.utils.translation import gettext_lazy as _

from meld import backups
from meld.private import protect_database
from tournaments.kernel.signals import round_closed


def _back_up_closed_round(sender: object, **kwargs: object) -> None:
    """A copy after every closed round, once it has committed (``meld/backups.py``)."""
    backups.round_closed()


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # The database holds the directors' password hashes: its file is the user's alone.
        connection_created.connect(protect_database, dispatch_uid="meld-private-database")
        # The steps below the views import nothing of the project: closing a round says so.
        round_closed.connect(_back_up_closed_round, dispatch_uid="meld-backup-round-closed")
