"""The names a public reader sees: the door for every name shown to people who are not
the director and not the players at their table. One player's public name is
``kernel.public_name``'s (a member's choice: in full, as initials, or withheld). A team
is named by its own name while each of its players shows in full, else by its players'
public names.

Everything public goes through here: the event's public page, its live fragment and
projector, the club's public pages, the series standings, and the printed documents for
the wall and the notice board (``printing.DOCUMENTS`` with ``public=True``, and the series
PDF). The director's pages and exports, and the table's own pages and printouts,
keep full names: a player at the table needs to see who they play.
"""

from collections.abc import Callable

from tournaments.kernel.public_name import public_name, withheld
from tournaments.models import Event, Player, Team
from tournaments.services.scores.standings import StandingRow

Namer = Callable[[Player], str]


def full_name(player: Player) -> str:
    """The name the director and the table see."""
    return player.name


def public_names(event: Event) -> Namer:
    """Every player's public name, read in one query. Read it after the players it will
    name: one it does not know (added or removed meanwhile) is withheld rather than shown
    in full."""
    names = {
        player.pk: public_name(player)
        for player in Player.objects.filter(event=event).select_related("member")
    }
    return lambda player: names.get(player.pk) or withheld()


def entrant_name(entrant: Player | Team, name_of: Namer) -> str:
    """A standings entrant's name by ``name_of``: a team (its players prefetched) keeps its
    own name only while every player shows their name as entered (its name holds theirs)."""
    if not isinstance(entrant, Team):
        return name_of(entrant)
    players = list(entrant.players.all())
    if all(name_of(p) == p.name for p in players):
        return entrant.name
    return " & ".join(name_of(p) for p in players)


def name_rows(rows: list[StandingRow], name_of: Namer) -> list[StandingRow]:
    """Standings rows (``services.scores.standings.StandingRow``) with every entrant named by
    ``name_of``."""
    for row in rows:
        assert row.player is not None  # an event's standings: every row has its entrant
        row.name = entrant_name(row.player, name_of)
    return rows
