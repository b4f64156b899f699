"""Run by ``test_erasure_file.py`` in a process of its own on a SQLite file, as Meld serves it
(WAL, IMMEDIATE transactions): ``build`` plays a club's evening with Anna's results mailed
to her address; ``erase`` erases her."""

import sys

import django

django.setup()

from django.db.backends.signals import connection_created  # noqa: E402


def like_a_sqlite_without_secure_delete(sender, connection, **kwargs) -> None:
    """Debian's SQLite overwrites deleted content by default; the builds of other systems
    may not. Every connection here starts without it, so the erasure must ask for it."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA secure_delete = OFF")


connection_created.connect(like_a_sqlite_without_secure_delete)

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402

from tests.web.evening_helpers import NAMES, club_with_members, played_evening  # noqa: E402
from tournaments.models import Member  # noqa: E402
from tournaments.services.mail import addresses  # noqa: E402
from tournaments.services.member_data.erase import erase_member  # noqa: E402


def build() -> None:
    call_command("migrate", verbosity=0)
    director = get_user_model().objects.create_user("director", password="x")
    club, members = club_with_members(director)
    addresses.confirm(addresses.set_address(members["Anna Berger"], "anna@example.org", "en"))
    played_evening(director, club, [members[name] for name in NAMES])


def erase() -> None:
    director = get_user_model().objects.get(username="director")
    erase_member(Member.objects.get(name="Anna Berger"), director)


if __name__ == "__main__":
    {"build": build, "erase": erase}[sys.argv[1]]()
