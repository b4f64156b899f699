"""Teams and the draw: fixed partners' teams, every player's (or team's) number drawn by lot
or typed in, and the tables the numbers need.

What a format numbers differently (mixed pairs: ladies even, gentlemen odd) is asked of the
format (``tournaments.formats``).
"""

from django.db import transaction
from django.utils.translation import gettext as _

from pairings.draw import draw_order, new_seed
from tournaments.formats import format_of
from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Event, Player, Table, Team
from tournaments.services.scores.audit import record
from tournaments.services.setup.events import (
    hold_setup,
    setup_locked,
    tables_needed,
    teams_problem,
    uses_teams,
)
from tournaments.services.setup.players import own_player

# --- teams (fixed partners) --------------------------------------------------------


@transaction.atomic
def form_teams(event: Event, pairs: list[tuple[Player, Player]]) -> list[Team]:
    """Replace the event's teams by ``pairs``; every player must be in exactly one."""
    hold_setup(event)
    if not uses_teams(event):
        raise ServiceError(_("This event has no fixed partners, so there are no teams."))
    players = list(event.players.all())
    chosen = [p.pk for pair in pairs for p in pair]
    errors = {}
    if len(chosen) != len(set(chosen)):
        errors["__all__"] = [_("A player is in two teams. Every player plays in exactly one team.")]
    elif sorted(chosen) != sorted(p.pk for p in players):
        errors["__all__"] = [_("Every player must be in a team.")]
    if errors:
        raise ServiceError(errors["__all__"][0], errors)
    event.teams.all().delete()
    teams = []
    for first, second in pairs:
        own_player(event, first)
        own_player(event, second)
        team = Team.objects.create(event=event, name=f"{first.name} & {second.name}"[:120])
        team.players.set([first, second])
        teams.append(team)
    event.players.update(number=None)
    feed.record(event, feed.Kind.SEATS)
    return teams


def teams_in_list_order(event: Event) -> list[tuple[Player, Player]]:
    """The current teams, else the players paired in the order they were entered."""
    teams = [list(t.players.order_by("pk")) for t in event.teams.prefetch_related("players")]
    if teams and all(len(t) == 2 for t in teams):
        return [(a, b) for a, b in teams]
    players = list(event.players.order_by("pk"))
    return list(zip(players[::2], players[1::2], strict=False))


# --- the draw ------------------------------------------------------------------------


def _assign(
    event: Event, numbers: dict[int, int], team_numbers: dict[int, int] | None = None
) -> None:
    # Clear first: swapping numbers in one statement would clash with the unique constraint.
    event.players.update(number=None)
    players = list(event.players.filter(pk__in=numbers))
    for player in players:
        player.number = numbers[player.pk]
    Player.objects.bulk_update(players, ["number"], batch_size=1000)
    if team_numbers is not None:
        event.teams.update(number=None)
        teams = list(event.teams.filter(pk__in=team_numbers))
        for team in teams:
            team.number = team_numbers[team.pk]
        Team.objects.bulk_update(teams, ["number"])


def _team_player_numbers(event: Event, team_numbers: dict[int, int]) -> dict[int, int]:
    """Team k's players get the numbers 2k-1 and 2k (in the order they were entered)."""
    numbers = {}
    for team in event.teams.prefetch_related("players"):
        first, second = sorted(team.players.all(), key=lambda p: p.pk)
        numbers[first.pk] = 2 * team_numbers[team.pk] - 1
        numbers[second.pk] = 2 * team_numbers[team.pk]
    return numbers


@transaction.atomic
def draw_numbers(event: Event, seed: str | None = None, user: Asker | None = None) -> str:
    """Draw every player's number by lot and set up the tables; returns the seed.

    The same seed with the same players (taken in the order they were entered)
    gives the same numbers, so the seed stored in ``event.draw_seed`` records
    the draw. Mixed pairs: ladies get the even numbers, gentlemen the odd ones.
    Fixed partners: the teams draw 1, 2, 3 …, and team k's players are 2k-1 and 2k.
    """
    hold_setup(event)
    seed = seed or new_seed()
    players = list(event.players.order_by("pk"))
    if not players:
        raise ServiceError(_("Enter the players first, then draw their numbers."))
    team_numbers = None
    if uses_teams(event):
        if problem := teams_problem(event):
            raise ServiceError(problem)
        teams = list(event.teams.order_by("pk"))
        team_numbers = {team.pk: i for i, team in enumerate(draw_order(teams, seed), start=1)}
        numbers = _team_player_numbers(event, team_numbers)
    else:
        numbers = format_of(event).draw_numbers(players, seed)
    _assign(event, numbers, team_numbers)
    event.draw_seed = seed
    event.save(update_fields=["draw_seed"])
    ensure_tables(event)
    record(
        event, AuditEntry.Action.DRAW, user=user, new={"draw_seed": seed, "numbers": len(numbers)}
    )
    return seed


def numbering_units(event: Event) -> list[Player | Team]:
    """What gets a number: the teams of a fixed-partner event, else the players."""
    if uses_teams(event):
        return list(event.teams.order_by("number", "pk"))
    return list(event.players.filter(substitute_for__isnull=True).order_by("number", "pk"))


@transaction.atomic
def set_numbers(event: Event, numbers: dict[int, int], user: Asker | None = None) -> None:
    """Numbers typed in by the director: ``numbers`` maps each player's (or team's) id to its number.

    Problems go next to the field ``number_<id>``.
    """
    hold_setup(event)
    fmt = format_of(event)
    units = numbering_units(event)
    n = len(units)
    errors: dict[str, list[str]] = {}
    seen: dict[int, int] = {}
    for unit in units:
        number = numbers.get(unit.pk)
        key = f"number_{unit.pk}"
        if number is None:
            errors[key] = [_("Enter a number.")]
        elif not 1 <= number <= n:
            errors[key] = [_("Use a number from 1 to %(count)d.") % {"count": n}]
        elif number in seen:
            errors[key] = [_("Number %(number)d is given twice.") % {"number": number}]
            errors.setdefault(
                f"number_{seen[number]}",
                [_("Number %(number)d is given twice.") % {"number": number}],
            )
        elif problem := fmt.typed_number_problem(unit, number):
            errors[key] = [problem]
        if number is not None:
            seen.setdefault(number, unit.pk)
    if not uses_teams(event) and (problem := fmt.typed_numbers_problem(units)):
        errors.setdefault("__all__", []).append(problem)
    if errors:
        raise ServiceError(_("Please correct the marked numbers."), errors)
    if uses_teams(event):
        team_numbers = {unit.pk: numbers[unit.pk] for unit in units}
        _assign(event, _team_player_numbers(event, team_numbers), team_numbers)
    else:
        _assign(event, {unit.pk: numbers[unit.pk] for unit in units})
    event.draw_seed = ""
    event.save(update_fields=["draw_seed"])
    ensure_tables(event)
    record(
        event,
        AuditEntry.Action.OTHER,
        user=user,
        new={"numbers": "typed", "count": n},
        reason=_("Player numbers typed in"),
        kind=feed.Kind.SEATS,
    )


@transaction.atomic
def ensure_tables(event: Event) -> int:
    """Create the tables the players need (table 1, 2, …); before round 1 also drop the extra ones."""
    needed = tables_needed(event)
    have = set(event.tables.values_list("number", flat=True))
    Table.objects.bulk_create(
        [Table(event=event, number=k) for k in range(1, needed + 1) if k not in have]
    )
    if not setup_locked(event):
        event.tables.filter(number__gt=needed, games__isnull=True).delete()
    return needed
