"""What a progressive schedule for n players looks like, before anything is committed.

The Format step shows it for the players entered (or any number the director
tries), and the progressive formats count their tables and rounds with it.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from meldcore.messages import DomainError, Problem
from pairings import schedules
from pairings.published import MIXED_ROUNDS
from pairings.schedule_check import ScheduleReport


@dataclass
class SchedulePreview:
    """What ``pairings.schedules`` makes of ``players``: rounds, tables and its verdict.

    ``summary`` says in plain words what the schedule means for the players (who
    partners and meets whom how often); ``figures`` are the counts behind it and
    ``notes`` the engine's own findings, one per pair, for whoever opens the details.
    """

    players: int
    rounds: int = 0
    tables: int = 0
    balanced: bool | None = None
    summary: list[str] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: str = ""


def _readable(item: Problem) -> str:
    return item.translated(_)


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


def times(count: int) -> str:
    """How often, in words: never, once, twice, three times, 4 times."""
    words = {0: _("never"), 1: _("once"), 2: _("twice"), 3: _("three times")}
    if count in words:
        return words[count]
    return ngettext("%(count)d time", "%(count)d times", count) % {"count": count}


def any_of(counts: Iterable[int]) -> str:
    """ "once or three times": each of ``counts`` in words, the last joined by "or"."""
    words = [times(count) for count in sorted(counts)]
    if len(words) == 1:
        return words[0]
    return _("%(some)s or %(last)s") % {"some": ", ".join(words[:-1]), "last": words[-1]}


def _tally(counts: dict[tuple[int, int], int]) -> dict[int, int]:
    """How many pairs have each count (pair → count in, count → pairs out)."""
    found: dict[int, int] = {}
    for count in counts.values():
        found[count] = found.get(count, 0) + 1
    return found


def _partner_counts(report: ScheduleReport, *, mixed: bool) -> dict[int, int]:
    pairs = getattr(report, "partners", {})
    # Mixed pairs: two ladies (even numbers) or two gentlemen (odd) are never meant to partner.
    return _tally({pair: count for pair, count in pairs.items() if not mixed or sum(pair) % 2})


def _summary(report: ScheduleReport, players: int, *, mixed: bool) -> list[str]:
    """What the schedule means for the players, in plain words."""
    lines = []
    partners = _partner_counts(report, mixed=mixed)
    off = {count: pairs for count, pairs in partners.items() if count != 1}
    if set(off) == {0}:
        count = off[0]
        lines.append(
            ngettext(
                "Everyone partners everyone else once, except %(count)d pair who never partner.",
                "Everyone partners everyone else once, except %(count)d pairs who never partner.",
                count,
            )
            % {"count": count}
        )
    elif off:
        count = sum(off.values())
        lines.append(
            ngettext(
                "Everyone partners everyone else once, except %(count)d pair who partner "
                "%(times)s.",
                "Everyone partners everyone else once, except %(count)d pairs who partner "
                "%(times)s.",
                count,
            )
            % {"count": count, "times": any_of(off)}
        )
    opponents = _tally(getattr(report, "opponents", {}))
    off = {count: pairs for count, pairs in opponents.items() if count != 2}
    if off:
        count = sum(off.values())
        lines.append(
            ngettext(
                "Everyone meets everyone else twice as an opponent, except %(count)d pair who "
                "meet %(times)s.",
                "Everyone meets everyone else twice as an opponent, except %(count)d pairs who "
                "meet %(times)s.",
                count,
            )
            % {"count": count, "times": any_of(off)}
        )
    least = getattr(report, "least_opponent_deviation", 0)
    if off and least and report.opponent_deviation == least:
        lines.append(_("No schedule for %(players)d players can do better.") % {"players": players})
    sat_out = list(getattr(report, "sat_out", {}).values())
    if sat_out and max(sat_out) > min(sat_out):
        lines.append(
            _("Players sit out %(least)d to %(most)d rounds.")
            % {"least": min(sat_out), "most": max(sat_out)}
        )
    return lines


def _breakdown(counts: dict[int, int]) -> str:
    """ "35 pairs twice, 10 pairs once": the most frequent first."""
    parts = [
        ngettext("%(pairs)d pair %(times)s", "%(pairs)d pairs %(times)s", pairs)
        % {"pairs": pairs, "times": times(count)}
        for count, pairs in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]
    return ", ".join(parts)


def _figures(report: ScheduleReport, *, mixed: bool) -> list[str]:
    """The counts behind the summary, for the details."""
    lines = []
    partners = _partner_counts(report, mixed=mixed)
    if partners:
        lines.append(_("As partners: %(counts)s.") % {"counts": _breakdown(partners)})
    opponents = _tally(getattr(report, "opponents", {}))
    if opponents:
        lines.append(_("As opponents: %(counts)s.") % {"counts": _breakdown(opponents)})
    off = getattr(report, "opponent_deviation", 0)
    if opponents and off:
        lines.append(
            _(
                "The opponent meetings are %(off)d away from twice per pair in all; the least "
                "any schedule with these tables can have is %(least)d."
            )
            % {"off": off, "least": getattr(report, "least_opponent_deviation", 0)}
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
    preview.summary = _summary(report, players, mixed=mixed)
    preview.figures = _figures(report, mixed=mixed)
    preview.notes = [_readable(item) for item in getattr(report, "problems", ())]
    return preview
