"""What the set-up still lacks, and what a format gives with the players entered (read-only).

``checklist`` is the event page's list of what is done and what is missing
before round 1. What depends on the pairing system (tables, rounds, whether
the players fit, the schedules the Format step previews) is the answer of the
event's format (``tournaments.formats``).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.card_games import CARD_GAMES, card_game_of
from tournaments.formats import FORMATS, Format, RoundsHint, format_of, formats_for
from tournaments.formats.schedule_preview import SchedulePreview
from tournaments.formats.tables import rheinisch_problem, table_kind_problem
from tournaments.kernel.profiles import event_profile_label
from tournaments.models import Event, Player


def uses_teams(event: Event) -> bool:
    """Fixed partners: the players are entered in teams of two (where the format has teams)."""
    return format_of(event).uses_teams(event)


def active_count(event: Event) -> int:
    """Players still playing: not withdrawn, not replaced by a substitute."""
    return event.players.filter(withdrawn_from_round__isnull=True).count()


def tables_needed(event: Event, players: int | None = None) -> int:
    """Physical tables: a table seats four (two sides of partners) or two single players."""
    n = active_count(event) if players is None else players
    if n <= 0:
        return 0
    return format_of(event).tables_needed(event, n)


def default_rounds(format: str, fixed_partners: bool, players: int) -> int | None:
    """The rounds the format suggests; None: the whole schedule (progressive, round robin)."""
    fmt = FORMATS[format]
    return fmt.suggested_rounds(fmt.entrants(players, fixed_partners))


def most_rounds(
    format: str, fixed_partners: bool, players: int, *, balanced: bool = False
) -> int | None:
    """The most rounds the format can have with ``players``; None when unknown or unlimited."""
    fmt = FORMATS[format]
    entrants = fmt.entrants(players, fixed_partners)
    if entrants < 2:
        return None
    return fmt.most_rounds(players, entrants, balanced=balanced)


def rounds_to_play(event: Event) -> int | None:
    """The rounds the event will have: the director's number, else what the format gives."""
    return event.planned_rounds or automatic_rounds(event)


def automatic_rounds(event: Event) -> int | None:
    """What the format gives with the players entered: Swiss ⌈log2 n⌉, move-up 4, else the whole schedule."""
    n = active_count(event)
    suggested = default_rounds(event.format, event.fixed_partners, n)
    if suggested is not None:
        return suggested
    return most_rounds(event.format, event.fixed_partners, n, balanced=event.balanced_schedule)


def offered_formats(event: Event) -> list[Format]:
    """The pairing systems the event's card game can be played in (the Format step's choices)."""
    return formats_for(CARD_GAMES[event.card_game])


def schedule_previews(event: Event, players: int) -> list[tuple[str, SchedulePreview]]:
    """Every schedule the formats of the event's card game would play with ``players``, each
    with its label."""
    return [preview for fmt in offered_formats(event) for preview in fmt.schedule_previews(players)]


def rounds_hints(event: Event, players: int) -> dict[str, RoundsHint]:
    """What each format of the event's card game says about its rounds with ``players``, by
    format (where it says any)."""
    hints = {fmt.key: fmt.rounds_hint(players) for fmt in offered_formats(event)}
    return {key: hint for key, hint in hints.items() if hint is not None}


def format_problems(event: Event, players: Iterable[Player] | None = None) -> list[str]:
    """Why the players entered do not (yet) fit the format; empty when they do."""
    players = list(
        players if players is not None else event.players.filter(withdrawn_from_round__isnull=True)
    )
    mismatch = table_kind_problem(event) or rheinisch_problem(event)
    return [mismatch] if mismatch else format_of(event).format_problems(event, players)


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
    """Whether the numbers drawn still fit the players (1 to n, each once).

    The numbers are the entrants': a substitute plays under the number of the player they
    replace, a withdrawn player's number stays drawn, and a late entry gets the next one
    (``kernel.lineup.number_holders`` says who holds each in a round). None of them undoes
    the draw."""
    players = list(event.players.filter(substitute_for__isnull=True))
    if not players:
        return _("No players yet.")
    numbers = [p.number for p in players]
    if None in numbers:
        missing = numbers.count(None)
        return ngettext(
            "%(count)d player has no number yet.", "%(count)d players have no number yet.", missing
        ) % {"count": missing}
    if sorted(cast(list[int], numbers)) != list(range(1, len(players) + 1)):  # None is not in
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
    url: str = ""  # where the step is done (the event page links it)


def checklist(event: Event) -> list[Check]:
    """What is set and what is still missing before round 1 can start."""
    profile = event_profile_label(event)
    n = active_count(event)
    fit = format_problems(event)
    items = [
        Check(
            "rules",
            _("Game and rules"),
            bool(event.profile),
            f"{event.get_card_game_display()} · {profile}",
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
        return card_game_of(event).words.deals_count(event.round_deals)
    if event.timed and event.round_minutes:
        return ngettext("%(count)d minute", "%(count)d minutes", event.round_minutes) % {
            "count": event.round_minutes
        }
    target = (event.profile or {}).get("target")
    if target:
        return _("A full game to %(target)s points") % {
            "target": number_format(target, force_grouping=True)
        }
    return _("A full game")
