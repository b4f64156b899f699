"""What a format plans with: the entrants a pairing engine pairs, and the plan it returns.

A ``Plan`` is a round's seating before it is written (``services.rounds.steps.start_round``
writes it). An ``Entrant`` is a player (by number) or, with fixed partners, a
team; the helpers below read an event's teams for the formats that have them.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from statistics import fmean

from django.utils.translation import gettext as _

from meldcore.messages import Problem, gettext_noop
from pairings.draw import rank_by_score
from ratings import Rating
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.lineup import Entrant, Lineup
from tournaments.models import Event, Player

__all__ = ["Entrant", "Plan", "entrants", "note_data", "sides", "teams", "translate"]


@dataclass
class Plan:
    """A round's seating before it is written: per table its sides, each a list of players."""

    tables: list[list[list[Player]]] = field(default_factory=list)
    byes: list[tuple[Player, int]] = field(default_factory=list)
    # How the round was seated, untranslated: the round keeps them as ``note_data``
    # and each reader sees them in their own language.
    notes: list[Problem] = field(default_factory=list)


def translate(problems: Iterable[Problem]) -> list[str]:
    """An engine's problems in the language of the request (for a refusal shown at once)."""
    return [problem.translated(_) for problem in problems]


def note_data(note: Problem) -> dict[str, object]:
    """A note as the round stores it: the English template and its parameters, notes nested
    (an engine's entrant is kept as it prints: its number and name)."""
    return {"template": note.template, "params": {k: _param(v) for k, v in note.params.items()}}


def _param(value: object) -> object:
    if isinstance(value, Problem):
        return note_data(value)
    if value is None or isinstance(value, int | float | str):
        return value
    return str(value)


def teams(event: Event, lineup: Lineup) -> dict[int, Entrant]:
    """Present teams by number; a team plays while two of its players are here
    (a substitute joins the team of the player they replace)."""
    present_pks = {player.pk for player in lineup.present.values()}
    found = {}
    for team in event.teams.prefetch_related("players"):
        if team.number is None:
            raise ServiceError(_("Team %(name)s has no number yet.") % {"name": team.name})
        here = sorted(
            (member for member in team.players.all() if member.pk in present_pks),
            key=lambda p: (p.number or 0, p.pk),
        )
        if len(here) >= 2:
            found[team.number] = Entrant(team.number, f"{team.number} {team.name}", tuple(here[:2]))
    if not found:
        raise ServiceError(_("This event plays with fixed partners: enter the teams first."))
    return found


def entrants(lineup: Lineup, by_team: dict[int, Entrant] | None) -> dict[int, Entrant]:
    """Who is paired, by number: the teams when there are, else the players present."""
    if by_team is not None:
        return by_team
    return {slot: lineup.entrant(slot) for slot in lineup.present}


def entrant_of_player(
    event: Event, lineup: Lineup, by_team: dict[int, Entrant] | None
) -> dict[int, int]:
    """Player pk → entrant number (their slot, or their team's number)."""
    if by_team is None:
        return dict(lineup.slot_of)
    return {
        player.pk: team.number
        for team in event.teams.prefetch_related("players")
        if team.number is not None
        for player in team.players.all()
    }


def sides(pair: Iterable[Entrant]) -> list[list[Player]]:
    return [list(entrant.members) for entrant in pair]


def seeded(
    entrants: Iterable[Entrant], ratings: Mapping[int, float], seed: str
) -> tuple[list[Entrant], Problem]:
    """Entrants strongest first by the club's rating list (``ratings``: a player's shown
    value by player id), and a note of how. A team counts the mean of its players, one
    without a rating as a newcomer; entrants without any rating come after the rated ones.
    Equal values, and those without a rating, stand in the order of a draw."""
    newcomer = Rating().shown
    scores = {}
    for entrant in entrants:
        known = [ratings[player.pk] for player in entrant.members if player.pk in ratings]
        values = [ratings.get(player.pk, newcomer) for player in entrant.members]
        scores[entrant] = (1, fmean(values)) if known else (0, 0.0)
    order = rank_by_score(scores, f"{seed}:seeding")
    unrated = sum(1 for score in scores.values() if not score[0])
    note = Problem(
        gettext_noop(
            "Seeded by the club's rating list: %(rated)d rated, then %(unrated)d without a "
            "rating in the order of a draw."
        ),
        {"rated": len(order) - unrated, "unrated": unrated},
    )
    return order, note
