"""What a progressive schedule for n players looks like, before anything is committed.

The Format step shows it for the players entered (or any number the director
tries), and the progressive formats count their tables and rounds with it.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from meldcore.messages import DomainError
from pairings import schedules
from pairings.published import MIXED_ROUNDS


@dataclass
class SchedulePreview:
    """What ``pairings.schedules`` makes of ``players``: rounds, tables and its verdict.

    ``summary`` says in a few sentences how far from balanced it is; ``notes``
    are the engine's own findings, one per pair, for whoever wants the detail.
    """

    players: int
    rounds: int = 0
    tables: int = 0
    balanced: bool | None = None
    summary: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: str = ""


def _readable(item) -> str:
    return item.translated(_) if hasattr(item, "translated") else str(item)


def _no_schedule(players: int, *, mixed: bool, balanced: bool) -> str:
    """The engine says why in English only; the director gets it in the page's language."""
    if mixed:
        sizes = ", ".join(str(n) for n in sorted(MIXED_ROUNDS))
        return _("Mixed pairs can be played with %(sizes)s players, not with %(count)d.") % {
            "sizes": sizes,
            "count": players,
        }
    if balanced:
        return _("Meld has no balanced schedule for %(count)d players.") % {"count": players}
    return _("Meld has no progressive schedule for %(count)d players.") % {"count": players}


def _summary(report, *, mixed: bool) -> list[str]:
    lines = []
    pairs = getattr(report, "partners", {})
    # Mixed pairs: two ladies (even numbers) or two gentlemen (odd) are never meant to partner.
    partners = [count for (a, b), count in pairs.items() if not mixed or (a + b) % 2]
    never, often = sum(c == 0 for c in partners), sum(c > 1 for c in partners)
    if never:
        lines.append(
            ngettext(
                "%(count)d pair of players never partner.",
                "%(count)d pairs of players never partner.",
                never,
            )
            % {"count": never}
        )
    if often:
        lines.append(
            ngettext(
                "%(count)d pair of players partner more than once.",
                "%(count)d pairs of players partner more than once.",
                often,
            )
            % {"count": often}
        )
    opponents = list(getattr(report, "opponents", {}).values())
    if opponents and (min(opponents), max(opponents)) != (2, 2):
        lines.append(
            _("Two players meet as opponents %(least)d to %(most)d times (balanced: twice).")
            % {"least": min(opponents), "most": max(opponents)}
        )
    # Only sizes that cannot be balanced have a bound above zero worth naming.
    if opponents and getattr(report, "least_opponent_deviation", 0):
        off, least = report.opponent_deviation, report.least_opponent_deviation
        if off == least:
            lines.append(
                _(
                    "No schedule with these tables can come closer: every pair meets once or "
                    "twice, %(off)d meetings short of twice per pair in all, which is the least "
                    "possible."
                )
                % {"off": off}
            )
        else:
            lines.append(
                _(
                    "Opponent meetings are %(off)d away from twice per pair in all; no schedule "
                    "with these tables can be closer than %(least)d."
                )
                % {"off": off, "least": least}
            )
    sat_out = list(getattr(report, "sat_out", {}).values())
    if sat_out and max(sat_out) > min(sat_out):
        lines.append(
            _("Players sit out %(least)d to %(most)d rounds.")
            % {"least": min(sat_out), "most": max(sat_out)}
        )
    return lines


def schedule_preview(
    players: int, *, mixed: bool = False, balanced: bool = False
) -> SchedulePreview:
    """The progressive schedule for ``players`` and its check (``.error`` when there is none)."""
    preview = SchedulePreview(players=players)
    try:
        schedule = schedules.progressive_schedule(players, mixed=mixed, balanced=balanced)
        report = schedules.check_schedule(schedule)
    except DomainError as error:
        preview.error = " ".join(_readable(p) for p in error.problems)
        return preview
    except ValueError:
        preview.error = _no_schedule(players, mixed=mixed, balanced=balanced)
        return preview
    preview.rounds = len(schedule.rounds)
    preview.tables = max(
        (len(r.tables) + len(getattr(r, "odd_tables", ())) for r in schedule.rounds), default=0
    )
    preview.balanced = bool(getattr(report, "balanced", False))
    preview.summary = _summary(report, mixed=mixed)
    preview.notes = [_readable(item) for item in getattr(report, "problems", ())]
    return preview
