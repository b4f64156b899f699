"""Least Gin Rummy deadwood on hand masks: the fast search behind ``scoring.gin_melds``.

A hand mask is one int for the whole hand: suit ``k`` (in ``S H D C`` order)
owns bits ``16k .. 16k + 12``, bit ``rank - 1`` for each rank. Runs never
cross suits, so the least deadwood of one suit's cards with runs only is a
table lookup by its 13-bit rank mask (``_RUN``, built at import). Sets are the
only thing that ties suits together, and only ranks held three or four times
can form one: ``least_deadwood`` tries the few useful set choices, takes those
cards out of the suit masks and adds four lookups. A discard touches one suit,
so ``knock`` adds a table of the best discard per suit mask. The melds
themselves, and any hand too large for the enumeration, come from a dynamic
programme over the ranks (``arrange``).
"""

from itertools import product
from math import prod

SLOT = 16
RANK_BITS = (1 << 13) - 1
VALUES = tuple(min(rank, 10) for rank in range(1, 14))
# Beyond this many set choices the enumeration loses to the rank-by-rank programme.
_ENUMERATION_LIMIT = 256
# A gain no suit can have, so an empty suit is never chosen for the discard.
_NO_CARD = -1000


def _run_table() -> list[int]:
    """Least deadwood of each 13-bit rank mask of one suit, melding runs only."""
    table = [0] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        start = low.bit_length() - 1
        # The lowest card is either deadwood or opens a run, which must start at it.
        best = VALUES[start] + table[mask ^ low]
        run, top = low, start + 1
        while top < 13 and mask >> top & 1:
            run |= 1 << top
            if top - start >= 2 and table[mask ^ run] < best:
                best = table[mask ^ run]
            top += 1
        table[mask] = best
    return table


def _discard_tables(run: list[int]) -> tuple[list[int], list[int]]:
    """For each suit mask: how much the best discard from it saves, and its rank bit.

    The gain can be negative (every card of the suit sits in a run); among equal
    gains the higher card goes.
    """
    gains = [_NO_CARD] * (1 << 13)
    drops = [0] * (1 << 13)
    for mask in range(1, 1 << 13):
        here, rest = run[mask], mask
        while rest:
            top = rest.bit_length() - 1
            rest ^= 1 << top
            gain = here - run[mask ^ 1 << top]
            if gain > gains[mask]:
                gains[mask], drops[mask] = gain, top
    return gains, drops


_RUN = _run_table()
_GAIN, _DROP = _discard_tables(_RUN)


def least_deadwood(mask: int) -> int:
    """Least deadwood of the cards in ``mask``."""
    a, b, c, d = mask & RANK_BITS, mask >> 16 & RANK_BITS, mask >> 32 & RANK_BITS, mask >> 48
    if a & b & (c | d) | c & d & (a | b):
        return _least_with_sets(mask)
    return _RUN[a] + _RUN[b] + _RUN[c] + _RUN[d]


def _set_choices(mask: int, *, any_left_out: bool) -> list[list[int]]:
    """For each rank held three or four times, the set choices worth trying.

    Each choice is the mask of the cards that go into the set. A card that
    cannot be in any run of its suit is better in the set than in the deadwood,
    so without such cards the full set is the only choice; a three-card set out
    of four leaves out a card that can go into a run, or, when knocking, any
    card (the one left out may be the discard). Knocking keeps the rule for
    the full set: of eleven cards, ten kept without the set hold at most two
    of the rank, so one was discarded and two count as deadwood, while with
    the set the other eight cards give the discard (eight melded cards always
    include a meld of four or more, which can spare one).
    """
    a, b, c, d = mask & RANK_BITS, mask >> 16 & RANK_BITS, mask >> 32 & RANK_BITS, mask >> 48
    ranks = a & b & (c | d) | c & d & (a | b)
    starts = mask & mask >> 1 & mask >> 2
    in_runs = starts | starts << 1 | starts << 2
    choices = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        column = (low | low << 16 | low << 32 | low << 48) & mask
        options = [column]
        if column & in_runs:
            options.append(0)
        if column.bit_count() == 4:
            spare = column if any_left_out else column & in_runs
            while spare:
                card = spare & -spare
                spare ^= card
                options.append(column ^ card)
        choices.append(options)
    return choices


def _least_with_sets(mask: int) -> int:
    choices = _set_choices(mask, any_left_out=False)
    if prod(map(len, choices)) > _ENUMERATION_LIMIT:
        return arrange(mask)[0]
    run = _RUN
    best = 1 << 30
    for choice in product(*choices):
        rest = mask - sum(choice)
        points = (
            run[rest & RANK_BITS]
            + run[rest >> 16 & RANK_BITS]
            + run[rest >> 32 & RANK_BITS]
            + run[rest >> 48]
        )
        if points < best:
            best = points
            if not best:
                break
    return best


def knock(mask: int) -> tuple[int, int]:
    """Least deadwood of 11 cards less one, and the bit index of the discard."""
    a, b, c, d = mask & RANK_BITS, mask >> 16 & RANK_BITS, mask >> 32 & RANK_BITS, mask >> 48
    if not a & b & (c | d) | c & d & (a | b):
        return _best_discard(a, b, c, d)
    run, gain = _RUN, _GAIN
    best, best_rest = 1 << 30, mask
    for choice in product(*_set_choices(mask, any_left_out=True)):
        rest = mask - sum(choice)
        a, b, c, d = rest & RANK_BITS, rest >> 16 & RANK_BITS, rest >> 32 & RANK_BITS, rest >> 48
        points = run[a] + run[b] + run[c] + run[d] - max(gain[a], gain[b], gain[c], gain[d])
        if points < best:
            best, best_rest = points, rest
            if not best:
                break
    a, b, c, d = (
        best_rest & RANK_BITS,
        best_rest >> 16 & RANK_BITS,
        best_rest >> 32 & RANK_BITS,
        best_rest >> 48,
    )
    return _best_discard(a, b, c, d)


def _best_discard(a: int, b: int, c: int, d: int) -> tuple[int, int]:
    gain = _GAIN
    best, suit, held = gain[a], 0, a
    if gain[b] > best:
        best, suit, held = gain[b], 1, b
    if gain[c] > best:
        best, suit, held = gain[c], 2, c
    if gain[d] > best:
        best, suit, held = gain[d], 3, d
    return _RUN[a] + _RUN[b] + _RUN[c] + _RUN[d] - best, SLOT * suit + _DROP[held]


def _dp_tables() -> tuple[list[int], list[int], list[int]]:
    """Run states of the rank-by-rank programme, two bits per suit: 0 no run,
    1 or 2 a run of that many cards that must go on, 3 a run long enough to stop.

    Per state: the suits that must go on, the suits that may, and for each
    state and set of suits extending a run at the next rank, the state after it.
    """
    pending, going = [0] * 256, [0] * 256
    after = [0] * (256 * 16)
    for state in range(256):
        lengths = [state >> 2 * suit & 3 for suit in range(4)]
        pending[state] = sum(1 << suit for suit, n in enumerate(lengths) if n in (1, 2))
        going[state] = sum(1 << suit for suit, n in enumerate(lengths) if n == 3)
        for extended in range(16):
            after[state << 4 | extended] = sum(
                min(n + 1, 3) << 2 * suit for suit, n in enumerate(lengths) if extended >> suit & 1
            )
    return pending, going, after


_PENDING, _GOING, _AFTER = _dp_tables()
# The sets a rank can form, by the 4-bit mask of its suits held: all of them, or any three of four.
_SETS = {15: (15, 14, 13, 11, 7), 14: (14,), 13: (13,), 11: (11,), 7: (7,)}


def arrange(mask: int) -> tuple[int, list[int]]:
    """Least deadwood and the melds (as masks), rank by rank from the ace up.

    Each card is deadwood, in a set of its rank, or in a run of its suit. A
    card that can carry on a run already three long always does: that keeps
    every later choice open at no cost, which keeps the states few.
    """
    layer = {0: 0}
    trail: list[dict[int, tuple[int, int, int]]] = []
    for rank in range(13):
        held = sum(1 << suit for suit in range(4) if mask >> (SLOT * suit + rank) & 1)
        value = VALUES[rank]
        sets = (0, *_SETS.get(held, ()))
        following: dict[int, int] = {}
        back: dict[int, tuple[int, int, int]] = {}
        for state, cost in layer.items():
            must = _PENDING[state]
            if must & ~held:
                continue
            for in_set in sets:
                if in_set & must:
                    continue
                rest = held & ~in_set
                forced = rest & (must | _GOING[state])
                free = rest ^ forced
                started = free
                while True:
                    extended = forced | started
                    nxt = _AFTER[state << 4 | extended]
                    total = cost + value * (free ^ started).bit_count()
                    if total < following.get(nxt, 1 << 30):
                        following[nxt] = total
                        back[nxt] = (state, in_set, extended)
                    if not started:
                        break
                    started = (started - 1) & free
        layer = following
        trail.append(back)
    state = min((s for s in layer if not _PENDING[s]), key=layer.__getitem__)
    points = layer[state]
    melds: list[int] = []
    running = [0, 0, 0, 0]
    for rank in range(12, -1, -1):
        state, in_set, extended = trail[rank][state]
        if in_set:
            melds.append(sum(1 << (SLOT * suit + rank) for suit in range(4) if in_set >> suit & 1))
        for suit in range(4):
            bit = 1 << (SLOT * suit + rank)
            if extended >> suit & 1:
                running[suit] |= bit
            elif running[suit]:
                melds.append(running[suit])
                running[suit] = 0
    melds.extend(run for run in running if run)
    return points, melds
