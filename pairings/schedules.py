"""Progressive Canasta with changing partners: who plays with whom, round by round.

``progressive_schedule(n)`` gives the published plan for 4, 5, 8 and 12 players
(RULES.md 3.1, exactly as printed), a whist tournament (every two players
partner once and oppose each other twice) for every other n = 0 or 1 mod 4 up
to 48, and the best schedule Meld has for the remaining sizes from 6 to 47.
Generated schedules come from ``pairings/data/schedules.json``, written by
``scripts/generate_schedules.py``; nothing is searched at run time.
"""

import json
from functools import cache
from pathlib import Path

from meldcore.messages import DomainError, Problem, gettext_noop
from pairings.odd_tables import seat_everyone
from pairings.published import MIXED_ROUNDS, PUBLISHED, PUBLISHED_BALANCED
from pairings.schedule_check import ScheduleReport, check_schedule
from pairings.schedule_model import OddTable, Pair, Round, Schedule, Table, TableKind
from pairings.schedule_text import format_round, format_schedule, parse_schedule

__all__ = [
    "OddTable",
    "Pair",
    "Round",
    "Schedule",
    "ScheduleReport",
    "Table",
    "TableKind",
    "available_sizes",
    "check_schedule",
    "format_round",
    "format_schedule",
    "generated_info",
    "generated_sizes",
    "parse_schedule",
    "progressive_schedule",
    "seat_everyone",
]

DATA_FILE = Path(__file__).parent / "data" / "schedules.json"
SMALLEST, LARGEST = 4, 48


@cache
def _generated() -> dict[str, dict[str, object]]:
    sizes: dict[str, dict[str, object]] = json.loads(DATA_FILE.read_text())["sizes"]
    return sizes


def generated_info(n_players: int) -> dict[str, object]:
    """What the generator recorded for a size: construction, search seconds, balance."""
    info = _generated().get(str(n_players))
    if info is None:
        raise ValueError(f"Meld has no generated schedule for {n_players} players.")
    return {k: v for k, v in info.items() if k != "rounds"}


def generated_sizes() -> list[int]:
    return sorted(int(n) for n in _generated())


def available_sizes() -> list[int]:
    return sorted({*PUBLISHED, *generated_sizes()})


@cache
def _rounds_text(n_players: int, source: str) -> str:
    if source == "published":
        return PUBLISHED[n_players]
    rounds = _generated()[str(n_players)]["rounds"]
    assert isinstance(rounds, list)
    return "\n".join(rounds)


def _copy(n_players: int, source: str) -> Schedule:
    # Parsed afresh each time: callers may edit the lists they get.
    schedule = parse_schedule(_rounds_text(n_players, source), n_players)
    schedule.source = source
    return schedule


def _is_balanced(n_players: int) -> bool:
    if n_players in PUBLISHED_BALANCED:
        return True
    info = _generated().get(str(n_players))
    return bool(info and info.get("balanced"))


def _refuse(template: str, **params: int) -> DomainError:
    return DomainError([Problem(template, params)])


def progressive_schedule(n_players: int, mixed: bool = False, balanced: bool = False) -> Schedule:
    """The schedule for ``n_players``; ``mixed`` and ``balanced`` as in RULES.md 3.1.

    Raises ``DomainError`` (a ``ValueError`` with translatable problems) for
    sizes Meld has no schedule for, for ``mixed`` with a size the source gives
    no mixed-pairs rounds for, and for ``balanced`` with a size no whist
    tournament exists for (n = 2 or 3 mod 4) or Meld has not found.
    """
    if not SMALLEST <= n_players <= LARGEST:
        raise _refuse(
            gettext_noop(
                "Meld has progressive schedules for %(smallest)d to %(largest)d players, not %(n)d."
            ),
            smallest=SMALLEST,
            largest=LARGEST,
            n=n_players,
        )
    if mixed:
        if n_players not in MIXED_ROUNDS:
            raise _refuse(
                gettext_noop(
                    "There is no mixed-pairs schedule for %(n)d players: the published plans "
                    "have mixed-pairs rounds for 8 and 12 players only."
                ),
                n=n_players,
            )
        if balanced and n_players not in PUBLISHED_BALANCED:
            raise _refuse(
                gettext_noop(
                    "The mixed-pairs rounds for %(n)d players come from the published plan, "
                    "which is not balanced; choose mixed pairs or balanced, not both."
                ),
                n=n_players,
            )
        schedule = _copy(n_players, "published")
        schedule.rounds = schedule.rounds[: MIXED_ROUNDS[n_players]]
        return schedule
    if balanced and n_players % 4 in (2, 3):
        raise _refuse(
            gettext_noop(
                "No balanced schedule exists for %(n)d players: every pair can partner once "
                "and oppose twice only when the number of players leaves 0 or 1 over when "
                "divided by 4."
            ),
            n=n_players,
        )
    if n_players in PUBLISHED and (not balanced or n_players in PUBLISHED_BALANCED):
        return _copy(n_players, "published")
    if balanced and not _is_balanced(n_players):
        raise _refuse(
            gettext_noop(
                "Meld has no balanced schedule for %(n)d players yet, only its best effort; "
                "the schedule check shows how far it is from balanced."
            ),
            n=n_players,
        )
    return _copy(n_players, "generated" if _is_balanced(n_players) else "best effort")
