"""Generate the progressive schedules Meld ships in pairings/data/schedules.json.

Balanced sizes (n = 0 or 1 mod 4, 9 to 48, and a balanced 12 beside the
published one) are whist tournaments Wh(n) found as one base round whose
translates give every round (see scripts/schedule_search.c): players are the
group Z_n (n = 1 mod 4, player k+1 sits out round k+1) or Z_(n-1) plus a fixed
player n (n = 0 mod 4); Wh(9) uses Z_3 x Z_3, which has no translate visiting
every round, so its rounds are put in order here. Each solution is turned so
that consecutive rounds share as few table pairs as possible (from 16 players
up the search goes on until none). The primes 37 and 41 fall back on the
classical primitive-root construction if the search comes back empty.

Every other size from 6 to 47 gets a best-effort schedule of n rounds in which
n mod 4 players sit out per round in turn and nobody partners twice:
- "near whist" (n = 3 mod 4, and n = 2 mod 8, from 10 players): again the
  translates of one base round over Z_n, the sitters 0, 1(, 2) moving on in
  steps of n mod 4; every pair opposes once or twice;
- annealed (6, 7 and n = 6 mod 8, where a parity argument rules out the
  near-whist form, and any balanced size the search does not solve in its
  budget, recorded as not balanced): the tables of every round are searched
  directly for even opponent meetings.

Every schedule is checked with check_schedule before it is written; the app
only reads the file. Run from the repository root:

    .venv/bin/python scripts/generate_schedules.py            # every size
    .venv/bin/python scripts/generate_schedules.py 36 40 --budget-scale 2

Sizes not named keep their schedule in the data file. The C search is compiled
with gcc -O2 into scripts/build/ (git-ignored); raw search output is cached
there, and --reuse builds the data file from that cache without searching.

Run time on the 2-core build machine (2 jobs): a full run with the default
budgets takes about 40 minutes, most of it the sizes from 36 up (420 s each
unless solved sooner; small sizes take seconds). The shipped file is that run
(seed 1) plus retries with --seed 2 --budget-scale 2 for 34, 37, 42, 43, 44,
47 and 48 (about 25 minutes more). Each schedule keeps its seed and search
seconds; bench_schedules prints them.

Wh(48) was not found by the annealer in 420 + 840 s. It comes from a second
cyclic search over Z_47 plus a fixed player, in two steps (``starter_whist``):
a random starter (the partner pairs: 0 partners the fixed player, the other
46 elements pair up so that each difference class is a partner difference
once), then a SAT solver groups those 24 pairs into 12 tables so that each
class is an opponent difference exactly twice. Random starters are tried
until one groups and its best unit step seats no pair together in adjacent
rounds (seconds). It needs python-sat, the optional "schedules" extra:

    .venv/bin/pip install -e '.[schedules]'
    .venv/bin/python scripts/generate_schedules.py 48
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pairings.schedule_check import check_schedule  # noqa: E402
from pairings.schedule_model import Round, Schedule, Table  # noqa: E402
from pairings.schedule_text import format_round  # noqa: E402

SOURCE = ROOT / "scripts" / "schedule_search.c"
BUILD = ROOT / "scripts" / "build"
BINARY = BUILD / "schedule_search"
DATA = ROOT / "pairings" / "data" / "schedules.json"
# The published 4, 5 and 8-player plans are whist tournaments already.
SIZES = [n for n in range(6, 49) if n != 8]
BALANCED = [n for n in SIZES if n % 4 in (0, 1)]


def compile_search() -> None:
    BUILD.mkdir(parents=True, exist_ok=True)
    if BINARY.exists() and BINARY.stat().st_mtime > SOURCE.stat().st_mtime:
        return
    subprocess.run(["gcc", "-O2", "-o", str(BINARY), str(SOURCE), "-lm"], check=True)


def default_budget(n: int) -> float:
    """Seconds of search per size: the large whist tournaments are the hard ones."""
    if n not in BALANCED:
        # The near-whist search mostly stops early; the annealed ones use it all.
        return 20.0 if n >= 10 and n % 8 != 6 else 60.0
    if n <= 13:
        return 15.0
    if n <= 33:
        return 120.0
    # Primes 37 and 41 have the classical construction to fall back on.
    return 240.0 if n in (37, 41) else 420.0


def run_search(
    args: list[str], cache: Path, reuse: bool, env: dict[str, str] | None = None
) -> tuple[list[str], float]:
    if reuse and cache.exists():
        kept, *lines = cache.read_text().splitlines()
        return lines, float(kept)
    started = time.perf_counter()
    done = subprocess.run(
        [str(BINARY), *args], capture_output=True, text=True, env={**os.environ, **(env or {})}
    )
    seconds = time.perf_counter() - started
    lines = done.stdout.splitlines()
    cache.write_text("\n".join([f"{seconds:.2f}", *lines]) + "\n")
    return lines, seconds


def translate_order(m: int, step: int) -> list[int]:
    """0, step, 2*step, ... (mod m); when step does not generate Z_m, coset after coset."""
    cosets = math.gcd(step, m)
    return [offset + j * step % m for offset in range(cosets) for j in range(m // cosets)]


def cyclic_rounds(
    n: int, base: list[int], group: tuple[int, int] | None, step: int = 1
) -> list[Round]:
    """Every translate of the base round, in the order of ``translate_order``.

    Elements 0 .. (n mod 4)-1 of the base round sit out (none with a fixed
    player, n = 0 mod 4), so the sitters move on in consecutive blocks.
    """
    m = n - 1 if n % 4 == 0 else n
    sitters = 0 if n % 4 == 0 else n % 4

    def add(x: int, k: int) -> int:
        if x < 0:
            return x
        if group is None:
            return (x + k) % m
        a, b = group
        return ((x // b + k // b) % a) * b + (x % b + k % b) % b

    def player(x: int) -> int:
        return n if x < 0 else x + 1

    rounds = []
    for k in translate_order(m, step) if group is None else range(m):
        seats = [player(add(x, k)) for x in base]
        tables: list[Table] = [
            ((seats[i], seats[i + 1]), (seats[i + 2], seats[i + 3]))
            for i in range(0, len(seats), 4)
        ]
        out = tuple(sorted(player(add(j, k)) for j in range(sitters)))
        rounds.append(Round(tables=tables, sitting_out=out))
    return rounds


def _meetings(x: Round, y: Round) -> int:
    tables_y = [{a, b, c, d} for (a, b), (c, d) in y.tables]
    return sum(
        len({a, b, c, d} & t) * (len({a, b, c, d} & t) - 1) // 2
        for (a, b), (c, d) in x.tables
        for t in tables_y
    )


def order_fewest_meetings(rounds: list[Round]) -> list[Round]:
    """Exact shortest Hamiltonian path over the rounds (small schedules only).

    The path starts at the first round so that, with one sitter per round,
    the sit-out order stays fair (each player sits out once, in any order).
    """
    k = len(rounds)
    cost = [[_meetings(a, b) for b in rounds] for a in rounds]
    full = (1 << k) - 1
    best: dict[tuple[int, int], tuple[int, int]] = {(1, 0): (0, -1)}
    for mask in range(1, full + 1):
        if not mask & 1:
            continue
        for last in range(k):
            state = best.get((mask, last))
            if state is None:
                continue
            for nxt in range(k):
                if mask >> nxt & 1:
                    continue
                key = (mask | 1 << nxt, nxt)
                total = state[0] + cost[last][nxt]
                if key not in best or total < best[key][0]:
                    best[key] = (total, last)
    last = min((v for v in range(k) if (full, v) in best), key=lambda v: best[(full, v)][0])
    order, mask = [], full
    while last >= 0:
        order.append(last)
        mask, last = mask & ~(1 << last), best[(mask, last)][1]
    return [rounds[i] for i in reversed(order)]


def primitive_root(p: int) -> int:
    factors = {q for q in range(2, p) if (p - 1) % q == 0 and all(q % r for r in range(2, q))}
    return next(g for g in range(2, p) if all(pow(g, (p - 1) // q, p) != 1 for q in factors))


def prime_whist_base(p: int) -> list[int]:
    """The classical Wh(p) for a prime p = 1 mod 4, for when the search comes back empty.

    With x a primitive root and w = x^((p-1)/4) (so w*w = -1), table i is
    x^i, -x^i against w*x^i, -w*x^i: partner differences 2x^i cover every
    class once, opponent differences (1-w)x^j for j < (p-1)/2 twice. Every
    translate seats some pair together again, so adjacent meetings remain.
    """
    x = primitive_root(p)
    w = pow(x, (p - 1) // 4, p)
    base = []
    for i in range((p - 1) // 4):
        a = pow(x, i, p)
        base += [a, p - a, w * a % p, p - w * a % p]
    return base


def fewest_meetings_step(n: int, base: list[int]) -> int:
    """The unit step whose consecutive translates share the fewest table pairs."""
    m = n - 1 if n % 4 == 0 else n
    units = [s for s in range(1, m // 2 + 1) if math.gcd(s, m) == 1]
    first = cyclic_rounds(n, base, None)
    return min(units, key=lambda s: _meetings(first[0], first[s]))


# Whist sizes the annealer does not solve in its budget, solved by ``starter_whist``.
STARTER_SIZES = {48}


def _difference_class(d: int, m: int) -> int:
    return min(d % m, -d % m)


def random_starter(m: int, rng: random.Random) -> list[tuple[int, int]]:
    """Pairs covering 1 .. m-1 in which each difference class +-d appears once."""
    while True:
        left = list(range(1, m))
        rng.shuffle(left)
        used: set[int] = set()
        pairs = []
        while left:
            a = left.pop()
            options = [b for b in left if _difference_class(a - b, m) not in used]
            if not options:
                break
            b = rng.choice(options)
            left.remove(b)
            used.add(_difference_class(a - b, m))
            pairs.append((a, b))
        if not left:
            return pairs


def group_starter(pairs: list[tuple[int, int]], m: int) -> list[int] | None:
    """The base round seating the starter's pairs two to a table, or None if none does.

    Tables are a perfect matching of the m+1 pairs (0 with the fixed player
    among them). The opponent differences of all tables add up to exactly
    twice per class, so "at most twice per class" is the whole condition.
    """
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    nodes: list[tuple[int, int]] = [(-1, 0), *pairs]
    pool, clauses = IDPool(), []
    match = {}
    per_class: dict[int, list[tuple[int, int]]] = {}
    for i in range(len(nodes)):
        for j in range(i + 1, len(nodes)):
            weights: dict[int, int] = {}
            for a in nodes[i]:
                for c in nodes[j]:
                    if a >= 0 and c >= 0:
                        d = _difference_class(a - c, m)
                        weights[d] = weights.get(d, 0) + 1
            if max(weights.values()) > 2:
                continue
            match[i, j] = pool.id((i, j))
            for d, w in weights.items():
                per_class.setdefault(d, []).append((match[i, j], w))
    for i in range(len(nodes)):
        around = [v for (a, b), v in match.items() if i in (a, b)]
        clauses += CardEnc.equals(around, 1, vpool=pool, encoding=EncType.seqcounter).clauses
    for uses in per_class.values():
        once = [v for v, w in uses if w == 1]
        twice = [v for v, w in uses if w == 2]
        clauses += [[-v, -o] for v in twice for o, _ in uses if o != v]
        if len(once) > 2:
            clauses += CardEnc.atmost(once, 2, vpool=pool, encoding=EncType.seqcounter).clauses
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        if not solver.solve():
            return None
        chosen = {v for v in solver.get_model() if v > 0}
    return [x for (i, j), v in match.items() if v in chosen for x in (*nodes[i], *nodes[j])]


def starter_whist(n: int, seconds: float, seed: int) -> tuple[list[int], int, float]:
    """A base round of a Z_(n-1)-cyclic Wh(n), its best unit step and the seconds taken."""
    m, rng = n - 1, random.Random(seed)
    started = time.perf_counter()
    best: tuple[int, list[int], int] | None = None
    while best is None or (best[0] and time.perf_counter() - started < seconds):
        base = group_starter(random_starter(m, rng), m)
        if base is None:
            continue
        step = fewest_meetings_step(n, base)
        rounds = cyclic_rounds(n, base, None)
        meetings = _meetings(rounds[0], rounds[step])
        if best is None or meetings < best[0]:
            best = (meetings, base, step)
    return best[1], best[2], time.perf_counter() - started


def is_prime(p: int) -> bool:
    return p > 1 and all(p % q for q in range(2, int(p**0.5) + 1))


def best_effort(n: int, seconds: float, seed: int, reuse: bool) -> tuple[list[Round], float]:
    rounds = n - 1 if n % 4 == 0 else n
    lines, took = run_search(
        ["best", str(n), str(rounds), str(seconds), str(seed)],
        BUILD / f"best-{n}.txt",
        reuse,
    )
    seated = n - n % 4
    result = []
    for r, line in enumerate(lines[1:]):
        seats = [int(x) + 1 for x in line.split()]
        out = tuple(sorted((r * (n % 4) + j) % n + 1 for j in range(n % 4)))
        tables: list[Table] = [
            ((seats[i], seats[i + 1]), (seats[i + 2], seats[i + 3])) for i in range(0, seated, 4)
        ]
        result.append(Round(tables=tables, sitting_out=out))
    return result, took


def near_whist(n: int, seconds: float, seed: int, reuse: bool) -> tuple[list[Round] | None, float]:
    """A cyclic schedule over Z_n for n = 2, 3 mod 4 played in steps of n mod 4, or None.

    Nobody partners twice and opponent meetings are 1 or 2 when the search
    reaches its target; for n = 6 mod 8 no partner differences can avoid a
    repeat (a parity argument), so those sizes go to ``best_effort``.
    """
    lines, took = run_search(
        ["cyclic", str(n), str(seconds), str(seed)],
        BUILD / f"near-{n}.txt",
        reuse,
        {"ADJ_WEIGHT": "0.3"},
    )
    if not lines or not lines[0].startswith("found"):
        return None, took
    rounds = cyclic_rounds(n, [int(x) for x in lines[1].split()], None, n % 4)
    if check_schedule(Schedule(n_players=n, rounds=rounds)).repeated_partners:
        return None, took
    return rounds, took


def _spent(schedule: dict[str, object]) -> float:
    """The seconds an earlier search for this schedule took (none: 0)."""
    seconds = schedule.get("seconds", 0.0)
    return seconds if isinstance(seconds, float) else 0.0


def generate(
    n: int, scale: float, seed: int, reuse: bool, adjacency_weight: str | None
) -> dict[str, object]:
    budget = default_budget(n) * scale
    schedule: dict[str, object] = {"players": n, "seed": seed}
    rounds: list[Round] | None = None
    if n in STARTER_SIZES:
        base, step, took = starter_whist(n, budget, seed)
        rounds = cyclic_rounds(n, base, None, step)
        schedule["construction"] = (
            f"whist tournament, translates of one base round over Z_{n - 1} plus a fixed "
            "player (random starter grouped into tables by a SAT solver)"
        )
        schedule["base_round"] = base
        schedule["seconds"] = round(took, 2)
    elif n in BALANCED:
        group = (3, 3) if n == 9 else None
        extra = [str(g) for g in group] if group else []
        lines, took = run_search(
            ["cyclic", str(n), str(budget), str(seed), *extra],
            BUILD / f"cyclic-{n}.txt",
            reuse,
            {"ADJ_WEIGHT": adjacency_weight} if adjacency_weight else None,
        )
        if lines and lines[0].startswith("found"):
            base = [int(x) for x in lines[1].split()]
            rounds = cyclic_rounds(n, base, group)
            if group or (len(rounds) <= 13 and int(lines[0].split()[2]) > 0):
                rounds = order_fewest_meetings(rounds)
            m = n - 1 if n % 4 == 0 else n
            name = (
                "Z_3 x Z_3" if group else f"Z_{m}" + (" plus a fixed player" if n % 4 == 0 else "")
            )
            schedule["construction"] = f"whist tournament, translates of one base round over {name}"
            schedule["base_round"] = base
        elif n % 4 == 1 and is_prime(n):
            base = prime_whist_base(n)
            rounds = cyclic_rounds(n, base, None, fewest_meetings_step(n, base))
            schedule["construction"] = f"whist tournament from a primitive root of {n}"
            schedule["base_round"] = base
        schedule["seconds"] = round(took, 2)
    # With one or two tables the annealed schedule spreads opponents better.
    if rounds is None and n % 8 != 6 and n >= 10 and n not in BALANCED:
        rounds, took = near_whist(n, budget, seed, reuse)
        schedule["construction"] = "near whist: translates of one base round over Z_n"
        schedule["seconds"] = round(took, 2)
    if rounds is None:
        # A balanced size that came back empty already spent its budget searching.
        seconds = max(20.0, budget / 10) if n in BALANCED else budget
        rounds, took = best_effort(n, seconds, seed, reuse)
        schedule["construction"] = "best effort: annealed tables, sit-outs in turn"
        schedule["seconds"] = round(_spent(schedule) + took, 2)
    report = check_schedule(Schedule(n_players=n, rounds=rounds))
    repeated = report.repeated_partners
    if "base_round" in schedule and not report.balanced:
        raise AssertionError(f"{n}: the search returned a schedule that is not balanced")
    if repeated:
        print(f"  warning: {n} players: partners twice: {repeated}", flush=True)
    schedule["balanced"] = report.balanced
    schedule["adjacent_meetings"] = report.adjacent_meetings
    schedule["opponent_spread"] = {str(k): v for k, v in report.opponent_spread.items()}
    schedule["rounds"] = [format_round(r) for r in rounds]
    return schedule


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, help="sizes to (re)generate; default all")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-scale", type=float, default=1.0)
    parser.add_argument("--reuse", action="store_true", help="use cached search output")
    parser.add_argument(
        "--adjacency-weight",
        help="weight of adjacent meetings in the whist search (0: find any whist "
        "tournament, then pick the best order)",
    )
    args = parser.parse_args(argv)
    sizes = args.sizes or list(SIZES)
    compile_search()
    data = json.loads(DATA.read_text()) if DATA.exists() else {"sizes": {}}
    data["sizes"] = {k: v for k, v in data["sizes"].items() if int(k) in SIZES}
    data["generator"] = "scripts/generate_schedules.py"
    data["note"] = "Written by the generator, checked with check_schedule; do not edit by hand."

    lock = threading.Lock()

    def job(n: int) -> None:
        schedule = generate(n, args.budget_scale, args.seed, args.reuse, args.adjacency_weight)
        # Written after every size so that an interrupted run keeps what it found.
        with lock:
            data["sizes"][str(n)] = schedule
            DATA.parent.mkdir(parents=True, exist_ok=True)
            ordered = dict(sorted(data["sizes"].items(), key=lambda kv: int(kv[0])))
            DATA.write_text(json.dumps({**data, "sizes": ordered}, indent=1) + "\n")
        print(
            f"{n:3d} players: {'balanced' if schedule['balanced'] else 'best effort':11s} "
            f"{schedule['seconds']:8.2f} s  adjacent meetings {schedule['adjacent_meetings']}",
            flush=True,
        )

    # Hardest first so the long searches overlap with the many short ones.
    order = sorted(sizes, key=default_budget, reverse=True)
    with ThreadPoolExecutor(args.jobs) as pool:
        for future in [pool.submit(job, n) for n in order]:
            future.result()
    return 0


if __name__ == "__main__":
    sys.exit(main())
