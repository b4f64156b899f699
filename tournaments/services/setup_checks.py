"""What the set-up still lacks, and what a format gives with the players entered (read-only).

``checklist`` is the event page's list of what is done and what is missing
before round 1; ``schedule_preview`` asks ``pairings.schedules`` what a
progressive schedule for n players looks like, before anything is committed.
"""

import math
from dataclasses import dataclass, field

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from meldcore.messages import DomainError
from tournaments.models import Event

TEAM_FORMATS = (Event.Format.SWISS, Event.Format.ROUNDROBIN, Event.Format.MOVEUP)
MOVEUP_ROUNDS = 4


def uses_teams(event: Event) -> bool:
    """Fixed partners: the players are entered in teams of two (Swiss, round robin, move-up)."""
    return event.fixed_partners and event.format in TEAM_FORMATS


def active_count(event: Event) -> int:
    """Players still playing: not withdrawn, not replaced by a substitute."""
    return event.players.filter(withdrawn_from_round__isnull=True).count()


def tables_needed(event: Event, players: int | None = None) -> int:
    """Physical tables: a table seats four (two sides of partners) or two single players."""
    n = active_count(event) if players is None else players
    if n <= 0:
        return 0
    if uses_teams(event):
        return math.ceil((n // 2) / 2)
    if event.format in (Event.Format.PROGRESSIVE, Event.Format.MIXED):
        preview = schedule_preview(
            n, mixed=event.format == Event.Format.MIXED, balanced=event.balanced_schedule
        )
        # A table of three is one more table; five and six grow a table of four.
        extra = 1 if event.odd_tables == Event.OddTables.THREE else 0
        if preview is not None and preview.tables:
            return preview.tables + extra
        return math.ceil(n / 4) + extra
    if event.format == Event.Format.MOVEUP:
        return math.ceil(n / 4)
    return math.ceil(n / 2)


def swiss_rounds(entrants: int) -> int:
    """RULES.md 3.4: ⌈log2 n⌉ rounds."""
    try:
        from pairings.swiss import rounds_for
    except ImportError:  # the engine is not there yet
        return max(1, (entrants - 1).bit_length())
    try:
        return rounds_for(entrants)
    except DomainError:
        return 1


def default_rounds(format: str, fixed_partners: bool, players: int) -> int | None:
    """The rounds the format suggests; None: the whole schedule (progressive, round robin)."""
    entrants = players // 2 if fixed_partners and format in TEAM_FORMATS else players
    if format == Event.Format.SWISS:
        return swiss_rounds(entrants) if entrants >= 2 else None
    if format == Event.Format.MOVEUP:
        return MOVEUP_ROUNDS
    return None


def most_rounds(
    format: str, fixed_partners: bool, players: int, *, mixed=False, balanced=False
) -> int | None:
    """The most rounds the format can have with ``players``; None when unknown or unlimited."""
    entrants = players // 2 if fixed_partners and format in TEAM_FORMATS else players
    if entrants < 2:
        return None
    if format == Event.Format.SWISS:
        return entrants - 1
    if format == Event.Format.ROUNDROBIN:
        return entrants - 1 + entrants % 2
    if format in (Event.Format.PROGRESSIVE, Event.Format.MIXED):
        preview = schedule_preview(players, mixed=mixed, balanced=balanced)
        return preview.rounds if preview is not None and not preview.error else None
    return None


def rounds_to_play(event: Event) -> int | None:
    """The rounds the event will have: the director's number, else what the format gives."""
    return event.planned_rounds or automatic_rounds(event)


def automatic_rounds(event: Event) -> int | None:
    """What the format gives with the players entered: Swiss ⌈log2 n⌉, move-up 4, else the whole schedule."""
    n = active_count(event)
    suggested = default_rounds(event.format, event.fixed_partners, n)
    if suggested is not None:
        return suggested
    return most_rounds(
        event.format,
        event.fixed_partners,
        n,
        mixed=event.format == Event.Format.MIXED,
        balanced=event.balanced_schedule,
    )


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
        try:
            from pairings.published import MIXED_ROUNDS
        except ImportError:  # pragma: no cover - shipped with the schedules
            sizes = "8, 12"
        else:
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
    sat_out = list(getattr(report, "sat_out", {}).values())
    if sat_out and max(sat_out) > min(sat_out):
        lines.append(
            _("Players sit out %(least)d to %(most)d rounds.")
            % {"least": min(sat_out), "most": max(sat_out)}
        )
    return lines


def schedule_preview(
    players: int, *, mixed: bool = False, balanced: bool = False
) -> SchedulePreview | None:
    """The progressive schedule for ``players`` and its check; None while the engine is missing."""
    try:
        from pairings.schedules import check_schedule, progressive_schedule
    except ImportError:
        return None
    preview = SchedulePreview(players=players)
    try:
        schedule = progressive_schedule(players, mixed=mixed, balanced=balanced)
        report = check_schedule(schedule)
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


def format_problems(event: Event, players=None) -> list[str]:
    """Why the players entered do not (yet) fit the format; empty when they do."""
    players = list(
        players if players is not None else event.players.filter(withdrawn_from_round__isnull=True)
    )
    n = len(players)
    problems: list[str] = []
    if event.format in (Event.Format.PROGRESSIVE, Event.Format.MIXED):
        if n < 4:
            problems.append(
                _("Progressive play needs at least 4 players; %(count)d entered.") % {"count": n}
            )
        if event.format == Event.Format.MIXED:
            ladies = sum(p.gender == "f" for p in players)
            gentlemen = sum(p.gender == "m" for p in players)
            if ladies + gentlemen < n:
                problems.append(_("Mixed pairs: give every player's gender (lady or gentleman)."))
            if ladies != gentlemen:
                problems.append(
                    _(
                        "Mixed pairs need as many ladies as gentlemen: %(ladies)d ladies, %(gentlemen)d gentlemen."
                    )
                    % {"ladies": ladies, "gentlemen": gentlemen}
                )
        if n >= 4 and not problems:
            preview = schedule_preview(
                n, mixed=event.format == Event.Format.MIXED, balanced=event.balanced_schedule
            )
            if preview is not None and preview.error:
                problems.append(preview.error)
    elif event.format == Event.Format.MOVEUP:
        if n < 8 or n % 4:
            problems.append(
                _(
                    "Winner moves up needs full tables of four and at least two tables: "
                    "8, 12, 16 … players; %(count)d entered."
                )
                % {"count": n}
            )
    elif uses_teams(event):
        if n < 4 or n % 2:
            problems.append(
                _("Fixed partners need an even number of players, at least 4; %(count)d entered.")
                % {"count": n}
            )
    elif n < 2:
        problems.append(_("At least 2 players are needed; %(count)d entered.") % {"count": n})
    return problems


def teams_problem(event: Event) -> str:
    """Whether every active player is in exactly one team of two (fixed-partner events)."""
    if not uses_teams(event):
        return ""
    active = set(
        event.players.filter(withdrawn_from_round__isnull=True).values_list("pk", flat=True)
    )
    seen: list[int] = []
    for team in event.teams.prefetch_related("players"):
        members = [p.pk for p in team.players.all() if p.pk in active]
        if len(members) != 2:
            return _("Team “%(team)s” does not have two players.") % {"team": team.name}
        seen += members
    if sorted(seen) != sorted(active):
        return _("Not every player is in a team yet.")
    return ""


def numbers_problem(event: Event) -> str:
    """Whether the numbers drawn still fit the players (1 to n, each once)."""
    players = list(
        event.players.filter(withdrawn_from_round__isnull=True, substitute_for__isnull=True)
    )
    if not players:
        return _("No players yet.")
    numbers = [p.number for p in players]
    if None in numbers:
        missing = numbers.count(None)
        return ngettext(
            "%(count)d player has no number yet.", "%(count)d players have no number yet.", missing
        ) % {"count": missing}
    if sorted(numbers) != list(range(1, len(players) + 1)):
        return _("The numbers do not run from 1 to %(count)d: draw again.") % {
            "count": len(players)
        }
    if uses_teams(event):
        teams = list(event.teams.values_list("number", flat=True))
        if sorted(n or 0 for n in teams) != list(range(1, len(teams) + 1)):
            return _("The teams have no numbers yet.")
    return ""


@dataclass
class Check:
    """One line of the checklist on the event page."""

    step: str
    label: str
    done: bool
    detail: str = ""


def checklist(event: Event) -> list[Check]:
    """What is set and what is still missing before round 1 can start."""
    profile_name = (event.profile or {}).get("name") or event.profile_slug
    n = active_count(event)
    fit = format_problems(event)
    items = [
        Check(
            "rules",
            _("Game and rules"),
            bool(event.profile),
            f"{event.get_game_display()} · {profile_name}",
        ),
        Check("round", _("What a round is"), True, round_summary(event)),
        Check("format", _("Format"), True, event.get_format_display()),
        Check(
            "players",
            _("Players"),
            n > 0 and not fit,
            " ".join(fit)
            if fit
            else ngettext("%(count)d player", "%(count)d players", n) % {"count": n},
        ),
    ]
    if uses_teams(event):
        problem = teams_problem(event) if n else _("No players yet.")
        items.append(
            Check("teams", _("Teams"), not problem, problem or _("Every player has a partner."))
        )
    problem = numbers_problem(event)
    items.append(
        Check("draw", _("Numbers drawn"), not problem, problem or _("Every player has a number."))
    )
    needed, have = tables_needed(event, n), event.tables.count()
    tables_ok = n > 0 and have >= needed
    items.append(
        Check(
            "draw",
            _("Tables"),
            tables_ok,
            ngettext("%(count)d table ready", "%(count)d tables ready", have) % {"count": have}
            if tables_ok
            else _("The tables are set up when the numbers are drawn."),
        )
    )
    return items


def round_summary(event: Event) -> str:
    if event.round_kind == Event.RoundKind.DEALS and event.round_deals:
        if event.is_canasta:
            return ngettext("%(count)d deal", "%(count)d deals", event.round_deals) % {
                "count": event.round_deals
            }
        return ngettext("%(count)d hand", "%(count)d hands", event.round_deals) % {
            "count": event.round_deals
        }
    if event.round_kind == Event.RoundKind.TIME and event.round_minutes:
        return ngettext("%(count)d minute", "%(count)d minutes", event.round_minutes) % {
            "count": event.round_minutes
        }
    target = (event.profile or {}).get("target")
    if target:
        return _("A full game to %(target)s points") % {
            "target": number_format(target, force_grouping=True)
        }
    return _("A full game")
