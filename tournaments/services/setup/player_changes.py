"""Changes to the player list once round 1 has started: a late entry, a withdrawal, a substitute.

Late entries join from the next round, withdrawals leave from the next round (where
the format pairs round by round: Swiss, winner moves up), and a substitute takes over
a player's number and seat from the next round. What depends on the format is asked of
the event's ``Format``. A newcomer comes in by the one door, ``setup.players.admit_players``.
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.formats import format_of
from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.lineup import number_holders
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Event, Member, Player
from tournaments.services.scores.audit import record
from tournaments.services.setup.draw import ensure_tables
from tournaments.services.setup.events import (
    ensure_not_finished,
    setup_locked,
)
from tournaments.services.setup.players import admit_players, own_player, typed_or_picked
from tournaments.services.store.locks import lock_event, serialised

# --- during the event ------------------------------------------------------------------


def next_round(event: Event) -> int:
    """The round a late entry, withdrawal or substitute takes effect in."""
    return (event.rounds.aggregate(last=Max("number"))["last"] or 0) + 1


@dataclass(frozen=True)
class ReadOut:
    """One number of the draw as the director reads it out: who holds it, and a note."""

    number: int
    name: str
    note: str = ""  # "for Anna Bauer from round 2", "not playing from round 3", …
    player_id: int | None = None


def read_out(event: Event) -> list[ReadOut]:
    """The numbers of the draw, each with who holds it from now on (in ``next_round``):
    a substitute for the number they took over, noted with whom they play for and from
    which round; a late entry with their first round; a withdrawn player's number stays
    drawn, noted with the round they left."""
    holders = number_holders(event.players.select_related("substitute_for"), next_round(event))
    lines = []
    for number, holder in holders.items():
        player = holder.player
        if holder.replaced is not None:
            note = _("for %(name)s from round %(round)s") % {
                "name": holder.replaced.name,
                "round": player.joined_round,
            }
        elif player.withdrawn_from_round:
            note = _("not playing from round %(round)s") % {"round": player.withdrawn_from_round}
        elif player.joined_round > 1:
            note = _("plays from round %(round)s") % {"round": player.joined_round}
        else:
            note = ""
        if holder.replaced is not None and player.withdrawn_from_round:
            note += " · " + _("not playing from round %(round)s") % {
                "round": player.withdrawn_from_round
            }
        lines.append(ReadOut(number, player.name, note, player.pk))
    return lines


def _started(event: Event) -> Event:
    """The event, locked like ``start_round`` locks it, so a change of the player list
    lands either before the next round is seated or after it, never half-way."""
    event = lock_event(event.pk, change=True)
    ensure_not_finished(event)
    if not setup_locked(event):
        raise ServiceError(_("Round 1 has not started yet: change the player list directly."))
    return event


@serialised
@transaction.atomic
def late_entry(
    event: Event,
    *,
    name: str = "",
    gender: str = "",
    club: str = "",
    member: Member | None = None,
    user: Asker | None = None,
) -> Player:
    """A player who arrives after round 1 started plays from the next round (where the
    format seats the players present anew: Swiss): typed, or picked from the members."""
    event = _started(event)
    if not format_of(event).takes_late_entries(event):
        raise ServiceError(
            _(
                "In this format a late entry has no seat: its tables are planned ahead or "
                "follow the last round's results. To replace a player, enter a substitute."
            )
        )
    newcomer = typed_or_picked(name, gender, club, member)
    newcomer.number = (event.players.aggregate(top=Max("number"))["top"] or 0) + 1
    newcomer.joined_round = next_round(event)
    player = admit_players(event, [newcomer], by=user).players[0]
    ensure_tables(event)
    record(
        event,
        AuditEntry.Action.OTHER,
        user=user,
        new={"player": player.name, "number": player.number, "round": player.joined_round},
        reason=_("Late entry"),
        kind=feed.Kind.SEATS,
    )
    return player


@transaction.atomic
def withdraw(event: Event, player: Player, user: Asker | None = None) -> int:
    """The player leaves; from the next round on they are not paired (Swiss, winner moves up)."""
    event = _started(event)
    own_player(event, player)
    player.refresh_from_db()
    if not format_of(event).takes_withdrawals(event):
        raise ServiceError(
            _(
                "In this format every seat is planned ahead: enter a substitute instead of a withdrawal."
            )
        )
    if player.withdrawn_from_round:
        raise ServiceError(_("%(name)s has already withdrawn.") % {"name": player.name})
    player.withdrawn_from_round = next_round(event)
    player.save(update_fields=["withdrawn_from_round"])
    record(
        event,
        AuditEntry.Action.OTHER,
        user=user,
        new={"player": player.name, "withdrawn_from_round": player.withdrawn_from_round},
        reason=_("Withdrawal"),
        kind=feed.Kind.SEATS,
    )
    return player.withdrawn_from_round


@serialised
@transaction.atomic
def substitute(
    event: Event,
    player: Player,
    *,
    name: str = "",
    gender: str = "",
    club: str = "",
    member: Member | None = None,
    user: Asker | None = None,
) -> Player:
    """Someone (typed, or picked from the members) takes over ``player``'s number (and team)
    from the next round on."""
    event = _started(event)
    own_player(event, player)
    player.refresh_from_db()
    if player.withdrawn_from_round:
        raise ServiceError(_("%(name)s has already left the event.") % {"name": player.name})
    newcomer = typed_or_picked(name, gender, club, member)
    joined = next_round(event)
    newcomer.number, newcomer.substitute_for, newcomer.joined_round = player.number, player, joined
    new = admit_players(event, [newcomer], by=user).players[0]
    player.withdrawn_from_round = joined
    player.save(update_fields=["withdrawn_from_round"])
    for team in player.teams.all():
        team.players.add(new)
    record(
        event,
        AuditEntry.Action.OTHER,
        user=user,
        new={"player": new.name, "replaces": player.name, "number": player.number, "round": joined},
        reason=_("Substitute"),
        kind=feed.Kind.SEATS,
    )
    return new
