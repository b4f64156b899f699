"""A deal's idempotency key, made when its form is drawn, names the game it was drawn for.

A phone keeps a typed deal and its key until the deal is stored (``table_keep.js``), and a
table keeps its link all evening: a form drawn for round 1 can still be sent in round 2.
The key says which game it belongs to, so the server answers it as that game's, and it
never lands in another.
"""

import uuid

PREFIX = "g"


def new_key(game_id: int) -> str:
    """A fresh key for a form of game ``game_id``."""
    return f"{PREFIX}{game_id}-{uuid.uuid4().hex}"


def key_game(key: str | None) -> int | None:
    """The game a key was made for (None: a key of a page drawn before keys named it)."""
    if not key or not key.startswith(PREFIX) or "-" not in key:
        return None
    number = key[len(PREFIX) : key.index("-")]
    return int(number) if number.isdigit() and len(number) <= 18 else None
