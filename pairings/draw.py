"""Recorded random draws: round 1 of a Swiss event, and the order of equal scores.

A draw is reproducible from its seed and the order the entrants were given in
(say, by player number), so storing the seed next to the round records the
draw: anyone can replay it and get the same order.
"""

import hashlib
import secrets
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, TypeVar

T = TypeVar("T", bound=Hashable)


def new_seed() -> str:
    """A fresh seed to draw with; the caller stores it with the round it decided."""
    return secrets.token_hex(8)


def _below(seed: str, step: int, bound: int) -> int:
    # Hashing the seed ourselves instead of using `random` keeps old draws
    # replayable: Python only promises `random.random()` stays stable.
    digest = hashlib.sha256(f"{seed}:{step}".encode()).digest()
    return int.from_bytes(digest, "big") % bound


def draw_order(entrants: Iterable[T], seed: str) -> list[T]:
    """The entrants shuffled by lot: the same seed and input order give the same order."""
    order = list(entrants)
    for i in range(len(order) - 1, 0, -1):
        j = _below(seed, i, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def rank_by_score(
    scores: Mapping[T, Any], seed: str, *, key: Callable[[Any], Any] | None = None
) -> list[T]:
    """Entrants best first by score (or by ``key(score)``), equal scores in drawn order.

    ``scores`` must be given in a stable order (e.g. by player number) for the
    draw to replay.
    """
    position = {entrant: i for i, entrant in enumerate(draw_order(scores, seed))}
    sort_key = key or (lambda score: score)
    ranked = sorted(scores, key=lambda entrant: position[entrant])
    # Python's sort is stable: sorting the drawn order by score leaves ties drawn.
    ranked.sort(key=lambda entrant: sort_key(scores[entrant]), reverse=True)
    return ranked
