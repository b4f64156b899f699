"""Round robin (RULES.md 3.3): every entrant plays every other once.

Rounds follow the Berger tables (the circle method as printed for chess
events): player n stays put while 1 … n-1 rotate. The first of each pair takes
the first seat (deals first, or White in chess). Seats come out fair: nobody
takes the same seat in three games running, and everyone's first and second
seats differ by at most one (with an odd field they alternate exactly). With an
odd field a dummy player n + 1 is added, and whoever meets the dummy has the
bye.
"""

from meldcore.messages import DomainError, Problem, gettext_noop


def schedule(n: int) -> list[list[tuple[int, int | None]]]:
    """Rounds of pairs for players 1..n: n - 1 rounds (even n) or n (odd n).

    With odd n each round ends with one ``(player, None)``: that player's bye.
    """
    if n < 2:
        raise DomainError(
            [
                Problem(
                    gettext_noop("A round robin needs at least 2 entrants, not %(count)d."),
                    {"count": n},
                )
            ]
        )
    size = n + n % 2
    dummy = size if size != n else None
    rotating = size - 1
    rounds: list[list[tuple[int, int | None]]] = []
    for number in range(rotating):
        # Each round starts the rotation half a field further on, which is what
        # makes the first seats alternate.
        start = number * (size // 2) % rotating
        order = [(start + i) % rotating + 1 for i in range(rotating)]
        first = (order[0], size) if number % 2 == 0 else (size, order[0])
        pairs = [first] + [(order[i], order[rotating - i]) for i in range(1, size // 2)]
        games: list[tuple[int, int | None]] = [pair for pair in pairs if dummy not in pair]
        games += [(b if a == dummy else a, None) for a, b in pairs if dummy in (a, b)]
        rounds.append(games)
    return rounds
