"""Schedules as text, the way a tally prints them and a club pastes them.

One round per line (a ``;`` also ends a round, so a plan copied from a rule
book in one paragraph works too), tables separated by ``|``::

    R1 1-6 vs 2-5 | 3-8 vs 4-7
    R2 2-3 vs 5-8 | 1-4 vs 6-7 (9 out)

The ``R1`` prefix and the ``(9 out)`` suffix are optional; without the suffix
whoever is not seated sits out.
"""

import re

from meldcore.messages import DomainError, Problem, gettext_noop
from pairings.schedule_model import Round, Schedule, Table

_ROUND_LABEL = re.compile(r"^\s*(?:R|Round|Runde)\s*\d+\s*[:.)]?\s*", re.IGNORECASE)
_OUT = re.compile(r"\(\s*([\d\s,]*?)\s*(?:out|sits? out|pause|aus)\s*\)\s*$", re.IGNORECASE)
_TABLE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s+(?:vs\.?|v\.?|gegen)\s+(\d+)\s*-\s*(\d+)\s*$", re.I)


def format_table(table: Table) -> str:
    (a, b), (c, d) = table
    return f"{a}-{b} vs {c}-{d}"


def format_round(round_: Round) -> str:
    text = " | ".join(format_table(t) for t in round_.tables)
    if round_.sitting_out:
        text += f" ({', '.join(str(p) for p in round_.sitting_out)} out)"
    return text


def format_schedule(schedule: Schedule) -> str:
    return "\n".join(f"R{i} {format_round(r)}" for i, r in enumerate(schedule.rounds, start=1))


def _round_texts(text: str) -> list[tuple[int, str]]:
    """Non-blank round texts with the line number they came from."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for part in line.split(";"):
            if part.strip().rstrip("."):
                found.append((number, part.strip().rstrip(".")))
    return found


def _parse_round(line_no: int, text: str, problems: list[Problem]) -> Round | None:
    body = _ROUND_LABEL.sub("", text)
    sitting_out: tuple[int, ...] | None = None
    out = _OUT.search(body)
    if out:
        sitting_out = tuple(int(p) for p in re.findall(r"\d+", out.group(1)))
        body = body[: out.start()]
    tables = []
    for chunk in body.split("|"):
        match = _TABLE.match(chunk)
        if not match:
            problems.append(
                Problem(
                    gettext_noop("Line %(line)d: “%(text)s” is not a table like “1-6 vs 2-5”."),
                    {"line": line_no, "text": chunk.strip()},
                )
            )
            return None
        a, b, c, d = (int(g) for g in match.groups())
        tables.append(((a, b), (c, d)))
    return Round(tables=tables, sitting_out=sitting_out if sitting_out is not None else ())


def parse_schedule(text: str, n_players: int | None = None) -> Schedule:
    """Read a pasted schedule; raises ``DomainError`` (a ``ValueError``) naming each bad line.

    Without ``n_players`` the highest number mentioned is the field size. Only
    the form is checked here; ``check_schedule`` judges the content.
    """
    problems: list[Problem] = []
    rounds: list[Round] = []
    explicit_out: list[bool] = []
    for line_no, round_text in _round_texts(text):
        parsed = _parse_round(line_no, round_text, problems)
        if parsed is not None:
            rounds.append(parsed)
            explicit_out.append(_OUT.search(round_text) is not None)
    if not rounds and not problems:
        problems.append(Problem(gettext_noop("The schedule is empty: one round per line.")))
    if problems:
        raise DomainError(problems)
    numbers = [p for r in rounds for p in (*r.seated, *r.sitting_out)]
    size = n_players if n_players is not None else max(numbers)
    for round_, explicit in zip(rounds, explicit_out, strict=True):
        if not explicit:
            seated = set(round_.seated)
            round_.sitting_out = tuple(p for p in range(1, size + 1) if p not in seated)
    return Schedule(n_players=size, rounds=rounds, source="pasted")
