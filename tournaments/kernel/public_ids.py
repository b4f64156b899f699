"""What a club's public pages call its evenings and series in their addresses: not the
database's id, which counts every event and series of the whole server (a federation's
other clubs', this club's unpublished and test ones), but a keyed hash of it that says
nothing, the same on every server of a federation (keyed by the site's secret).
"""

from collections.abc import Iterable
from hashlib import blake2b, sha256
from typing import TypeVar

from django.conf import settings

from tournaments.models import Event, Series

Named = TypeVar("Named", Event, Series)

# Hex digits: 64 bits, never guessed, short enough for an address.
LENGTH = 16


def public_id(row: Event | Series) -> str:
    """``row``'s name in a public address."""
    key = sha256(f"meld.public-id:{settings.SECRET_KEY}".encode()).digest()
    text = f"{type(row).__name__}:{row.pk}".encode()
    return blake2b(text, digest_size=LENGTH // 2, key=key).hexdigest()


def named(rows: Iterable[Named], wanted: str) -> Named | None:
    """The row of ``rows`` whose ``public_id`` is ``wanted``, or None."""
    return next((row for row in rows if public_id(row) == wanted), None)
