"""Setting up an event: creating it and the wizard's steps, each in one transaction.

The set-up can be changed until round 1 starts; from then on ``hold_setup`` (the event
locked, read again, checked) refuses (the event's details, such as its name or whether it
is public, stay editable). The read-only helpers (what is still missing, what a format gives)
live in ``setup.checks`` and are importable from here too.
"""

import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pairings.odd_tables import odd_table_kinds
from scoring.profiles import Profile
from tournaments.card_games import CARD_GAMES
from tournaments.formats import FORMATS, Format, default_format
from tournaments.formats.schedule_preview import SchedulePreview, schedule_preview
from tournaments.formats.tables import table_kind_problem
from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.profiles import presets, profile_as_json
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Club, Event
from tournaments.services.outbox import queue as outbox
from tournaments.services.ratings import refresh as ratings
from tournaments.services.scores.audit import record
from tournaments.services.scores.entry_rows import entry_reason
from tournaments.services.setup.checks import (
    Check,
    active_count,
    automatic_rounds,
    checklist,
    default_rounds,
    format_problems,
    most_rounds,
    numbers_problem,
    offered_formats,
    round_summary,
    rounds_hints,
    rounds_to_play,
    schedule_previews,
    tables_needed,
    teams_problem,
    uses_teams,
)
from tournaments.services.setup.directors import add_co_director, remove_co_director
from tournaments.services.setup.guards import (
    ensure_not_finished,
    ensure_unlocked,
    hold_setup,
    hold_unfinished,
    setup_locked,
)
from tournaments.services.store.locks import lock_event, serialised

__all__ = [
    "Check",
    "SchedulePreview",
    "active_count",
    "add_co_director",
    "automatic_rounds",
    "checklist",
    "choose_preset",
    "create_event",
    "default_rounds",
    "ensure_not_finished",
    "ensure_unlocked",
    "finish_event",
    "format_problems",
    "hold_setup",
    "hold_unfinished",
    "most_rounds",
    "numbers_problem",
    "offered_formats",
    "remove_co_director",
    "reopen_event",
    "round_summary",
    "rounds_hints",
    "rounds_to_play",
    "save_profile",
    "schedule_preview",
    "schedule_previews",
    "set_format",
    "set_round",
    "set_scoring",
    "setup_locked",
    "tables_needed",
    "teams_problem",
    "update_details",
    "uses_teams",
]


# --- creating the event and its steps ---------------------------------------


def _preset(card_game: str, profile_slug: str) -> Profile:
    try:
        return presets(card_game)[profile_slug]
    except KeyError:
        raise ServiceError(
            _("There is no rule profile “%(slug)s” for this game.") % {"slug": profile_slug},
            {"preset": [_("Choose one of the rule profiles in the list.")]},
        ) from None


def _check_club(owner: User, club: Club | None) -> None:
    if club is not None and not club.directors.filter(pk=owner.pk).exists():
        raise ServiceError(
            _("You are not a director of this club."),
            {"club": [_("Choose one of your clubs.")]},
        )


@transaction.atomic
def create_event(
    owner: User,
    *,
    name: str,
    date: datetime.date,
    card_game: str,
    profile_slug: str,
    club: Club | None = None,
) -> Event:
    """A new event in set-up, playing by a copy of the chosen preset."""
    preset = _preset(card_game, profile_slug)
    _check_club(owner, club)
    event = Event.objects.create(
        owner=owner,
        club=club,
        name=name.strip(),
        date=date,
        card_game=card_game,
        profile_slug=profile_slug,
        profile=profile_as_json(preset),
        scoring_mode=CARD_GAMES[card_game].default_scoring_mode,
        format=default_format(CARD_GAMES[card_game]),
    )
    feed.record(event, feed.Kind.EVENT)
    return event


# The event's details (the Event step): the form shows these, the view fills them in,
# and update_details changes nothing else.
EVENT_DETAILS = (
    "name",
    "date",
    "club",
    "language",
    "paper_size",
    "public",
    "entry_modes",
    "auto_confirm_minutes",
    "substitute_scoring",
)
# The details a public screen shows or counts by: a change of any other (the paper, the
# entry modes, the minutes before a deal confirms itself) moves no stranger's poll.
SHOWN_DETAILS = ("name", "date", "club_id", "language", "public", "substitute_scoring")


def _entry_modes(event: Event, modes: object) -> list[str]:
    """The chosen entry modes in the card game's order; at least one, each the card game's."""
    offered = CARD_GAMES[event.card_game].entry_modes
    if not isinstance(modes, list | tuple) or not modes or set(modes) - set(offered):
        message = _("Tick at least one way to enter a deal.")
        raise ServiceError(message, {"entry_modes": [message]})
    return [mode for mode in offered if mode in modes]


@transaction.atomic
def update_details(event: Event, **details: Any) -> Event:
    """Name, date, club, language, paper, public page and score-entry options.

    These change nothing about the play, so they stay editable during the event.
    """
    hold_unfinished(event)
    unknown = set(details) - set(EVENT_DETAILS)
    if unknown:
        raise ValueError(f"not event details: {sorted(unknown)}")
    if "club" in details:
        _check_club(event.owner, details["club"])
    if "entry_modes" in details:
        details["entry_modes"] = _entry_modes(event, details["entry_modes"])
    shown_before = [getattr(event, name) for name in SHOWN_DETAILS]
    for name, value in details.items():
        setattr(event, name, value.strip() if isinstance(value, str) else value)
    event.save(update_fields=[*details])
    public = shown_before != [getattr(event, name) for name in SHOWN_DETAILS]
    feed.record(event, feed.Kind.EVENT, public=public)
    return event


@transaction.atomic
def choose_preset(event: Event, *, card_game: str, profile_slug: str) -> Event:
    """Start the rules over from a preset (this also sets the card game)."""
    hold_setup(event)
    preset = _preset(card_game, profile_slug)
    if card_game != event.card_game:
        event.scoring_mode = CARD_GAMES[card_game].default_scoring_mode
        event.table_kind = ""
        if not FORMATS[event.format].plays(CARD_GAMES[card_game]):
            event.format = default_format(CARD_GAMES[card_game])
    event.card_game = card_game
    event.profile_slug = profile_slug
    event.profile = profile_as_json(preset)
    event.save(
        update_fields=[
            "card_game",
            "profile_slug",
            "profile",
            "scoring_mode",
            "table_kind",
            "format",
        ]
    )
    feed.record(event, feed.Kind.EVENT)
    return event


@transaction.atomic
def save_profile(event: Event, profile: Profile) -> Event:
    """Store the director's edited rule parameters (a validated profile dataclass)."""
    hold_setup(event)
    preset = presets(event.card_game)[event.profile_slug]
    if type(profile) is not type(preset):
        raise ValueError("the profile is not one of this event's card game")
    event.profile = profile_as_json(profile)
    event.save(update_fields=["profile"])
    feed.record(event, feed.Kind.EVENT)
    return event


@transaction.atomic
def set_round(
    event: Event, *, round_kind: str, round_deals: int | None, round_minutes: int | None
) -> Event:
    """What a round is: a full game, a number of deals (hands), or a time limit."""
    hold_setup(event)
    errors: dict[str, list[str]] = {}
    if round_kind == Event.RoundKind.DEALS and not round_deals:
        errors["round_deals"] = [CARD_GAMES[event.card_game].words.says("how_many")]
    if round_kind == Event.RoundKind.TIME and not round_minutes:
        errors["round_minutes"] = [_("Enter how many minutes a round lasts.")]
    if errors:
        raise ServiceError(_("Please correct the marked fields."), errors)
    event.round_kind = round_kind
    event.round_deals = round_deals
    event.round_minutes = round_minutes
    event.save(update_fields=["round_kind", "round_deals", "round_minutes"])
    feed.record(event, feed.Kind.EVENT)
    return event


def table_kinds(event: Event) -> list[tuple[str, str]]:
    """Who may sit at a table in the event's card game (Gin: two, or three rotating); empty: two."""
    return CARD_GAMES[event.card_game].table_kinds()


def _check_odd_tables(odd_tables: str, players: int) -> None:
    """An odd table must fit the number of players a full table of four leaves over."""
    if not odd_tables:
        return
    fitting = [kind.value for kind in odd_table_kinds(players)]
    if odd_tables not in fitting:
        labels = dict(Event.OddTables.choices)
        raise ServiceError(
            _("Please correct the marked fields."),
            {
                "odd_tables": [
                    _(
                        "With %(players)d players, %(left)d are left over each round; that does not "
                        "make this table. Possible: %(possible)s."
                    )
                    % {
                        "players": players,
                        "left": players % 4,
                        "possible": "; ".join(str(labels[kind]) for kind in fitting)
                        or _("none (everyone has a place at a table of four)"),
                    }
                ]
            },
        )


def _check_format_choice(event: Event, fmt: Format, table_kind: str) -> None:
    """The format is one the event's card game is played in, and the table kind one it offers."""
    if not fmt.plays(CARD_GAMES[event.card_game]):
        raise ServiceError(
            _("Please correct the marked fields."),
            {
                "format": [
                    _("%(game)s cannot be played in this format.")
                    % {"game": CARD_GAMES[event.card_game].label}
                ]
            },
        )
    kinds = [key for key, _label in table_kinds(event)]
    if table_kind and table_kind not in kinds:
        raise ServiceError(
            _("Please correct the marked fields."),
            {"table_kind": [_("Choose one of the table kinds in the list.")]},
        )


@transaction.atomic
def set_format(
    event: Event,
    *,
    format: str,
    balanced_schedule: bool,
    fixed_partners: bool,
    planned_rounds: int | None,
    odd_tables: str = "",
    table_kind: str = "",
    seed_by_rating: bool = False,
) -> Event:
    """The format; ``planned_rounds`` None means "as many as the format gives";
    ``table_kind``: who sits at a table, one of the kinds the event's card game offers."""
    hold_setup(event)
    fmt = FORMATS[format]
    _check_format_choice(event, fmt, table_kind)
    fixed_partners = fixed_partners and fmt.teams_allowed
    balanced_schedule = balanced_schedule and fmt.balanced_schedule_allowed
    odd_tables = odd_tables if fmt.odd_tables_allowed else ""
    _check_odd_tables(odd_tables, active_count(event))
    if planned_rounds is not None:
        most = most_rounds(format, fixed_partners, active_count(event), balanced=balanced_schedule)
        if most is not None and planned_rounds > most:
            raise ServiceError(
                _("Please correct the marked fields."),
                {
                    "planned_rounds": [
                        ngettext(
                            "With the players entered now there can be at most %(count)d round.",
                            "With the players entered now there can be at most %(count)d rounds.",
                            most,
                        )
                        % {"count": most}
                    ]
                },
            )
    event.format = format
    event.balanced_schedule = balanced_schedule
    event.fixed_partners = fixed_partners
    event.planned_rounds = planned_rounds
    event.odd_tables = odd_tables
    event.table_kind = table_kind
    event.seed_by_rating = seed_by_rating and fmt.seeds_by_rating
    mismatch = table_kind_problem(event)
    if mismatch:
        raise ServiceError(_("Please correct the marked fields."), {"format": [mismatch]})
    event.save(
        update_fields=[
            "format",
            "balanced_schedule",
            "fixed_partners",
            "planned_rounds",
            "odd_tables",
            "table_kind",
            "seed_by_rating",
        ]
    )
    if not uses_teams(event):
        event.teams.all().delete()
    feed.record(event, feed.Kind.EVENT)
    return event


@transaction.atomic
def set_scoring(event: Event, *, scoring_mode: str, bye_score: int) -> Event:
    hold_setup(event)
    event.scoring_mode = scoring_mode
    event.bye_score = bye_score
    event.save(update_fields=["scoring_mode", "bye_score"])
    feed.record(event, feed.Kind.EVENT)
    return event


@serialised
def finish_event(event: Event, user: Asker) -> Event:
    """The evening is over: the event becomes read-only but stays readable.

    The event's row is locked first (``services.store.locks``), so a round started at
    the same moment is either seen here (and refused) or refused itself.
    """
    with transaction.atomic():
        event.status = lock_event(event.pk, change=True).status
        ensure_not_finished(event)
        open_round = event.rounds.filter(status="open").first()
        if open_round is not None:
            raise ServiceError(
                _("Round %(number)d is still being played. Close it first, then finish the event.")
                % {"number": open_round.number}
            )
        old = event.status
        event.status, event.reopened = Event.Status.FINISHED, False
        event.save(update_fields=["status", "reopened"])
        record(
            event,
            AuditEntry.Action.OTHER,
            user=user,
            old={"status": old},
            new={"status": event.status},
            reason=_("Event finished"),
        )
        outbox.queue_results(event)  # the members' results mails, with this finish
        ratings.after_finishing(event)
    return event


@serialised
def reopen_event(event: Event, user: Asker, reason: str) -> Event:
    """A finished evening is opened again so that the director can correct it (the closed
    rounds take corrections); finishing it again makes it read-only again. Until then it
    counts for no rating list."""
    reason = entry_reason(reason)
    with transaction.atomic():
        event.status = lock_event(event.pk, change=True).status
        if event.status != Event.Status.FINISHED:
            raise ServiceError(_("Only a finished event can be reopened."))
        event.status, event.reopened = Event.Status.RUNNING, True
        event.save(update_fields=["status", "reopened"])
        record(
            event,
            AuditEntry.Action.OTHER,
            user=user,
            old={"status": Event.Status.FINISHED},
            new={"status": event.status},
            reason=reason,
        )
        outbox.cancel_unsent(event)  # the corrected results go when it is finished again
        ratings.after_change(event.club_id, [event.card_game])
    return event
