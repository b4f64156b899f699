"""A club's public page: turning it on and off, and the names it shows.

A member chooses how their name appears on public pages (the register's "name on
public pages"): in full, as initials, or not at all. Every name the club's pages and
an event's public page and projector show goes through ``shown_name``; a guest (a
player linked to no member) shows as entered. The director's pages and the table's
own pages keep full names: a player at the table needs to see who they play.
"""

import secrets
import zlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Club, Event, Member, Player
from tournaments.series_rules import SeriesRow
from tournaments.services.club_results import people_of, ranked_evenings
from tournaments.services.standings import StandingRow


@transaction.atomic
def set_public_page(club: Club, on: bool) -> Club:
    """Turn the club's public page on or off; the first time on gives it its link."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if on and not club.public_token:
        club.public_token = secrets.token_urlsafe(16)
    club.public_page = on
    club.save(update_fields=["public_page", "public_token"])
    return club


def initials(name: str) -> str:
    """ "Anna-Maria von Berg" → "A.-M. v. B." """
    return " ".join(
        "-".join(f"{part[0]}." for part in word.split("-") if part) for word in name.split()
    )


def shown_name(member: Member | None, name: str) -> str:
    """The name a public page shows for a player called ``name`` (or for ``member``)."""
    if member is None or member.public_name == Member.PublicName.FULL:
        return name
    if member.public_name == Member.PublicName.INITIALS:
        return initials(member.name)
    return withheld()


def withheld() -> str:
    return _("(name withheld)")


def _player_name(player: Player) -> str:
    # Several members could be meant and the director has not said which: any of them
    # may have withheld their name.
    if player.member_undecided:
        return withheld()
    return shown_name(player.member, player.name)


def row_name(row: StandingRow, name_of: Callable[[Player], str] = _player_name) -> str:
    """A standings row's public name. A team is named by its players, not by its own name
    (which holds theirs), when one of them chose less than their full name."""
    if not row.is_team:
        return name_of(row.player)
    people = people_of(row)
    if all(name_of(p) == p.name for p in people):
        return row.name
    return " & ".join(name_of(p) for p in people)


def public_namer(event: Event) -> Callable[[Player], str]:
    """Every player's public name, read in one query. Read it after the players it will
    name: one it does not know (removed meanwhile) is withheld rather than shown in full."""
    names = {
        player.pk: _player_name(player)
        for player in Player.objects.filter(event=event).select_related("member")
    }
    return lambda player: names.get(player.pk) or withheld()


def names_mark(event: Event) -> str:
    """Changes whenever a public name of the event's players does: a member's choice,
    the register's name behind their initials, or a player linked to another member."""
    chosen = (
        Player.objects.filter(event=event)
        .filter(Q(member__isnull=False) | Q(member_undecided=True))
        .exclude(member__public_name=Member.PublicName.FULL)
        .order_by("pk")
        .values_list("pk", "member__public_name", "member__name", "member_undecided")
    )
    return f"{zlib.crc32(repr(list(chosen)).encode()):x}"


def series_row_name(row: SeriesRow) -> str:
    return shown_name(row.member, row.member.name)


def final_standings(event: Event) -> list[StandingRow]:
    """A finished evening's standings with every name as the club's public pages show it."""
    rows = ranked_evenings([event])[event.pk]
    for row in rows:
        row.name = row_name(row)
    return rows


@dataclass
class Season:
    year: int
    events: list[Event]


def coming_up(club: Club) -> list[Event]:
    """Evenings not finished, from today on: tonight's first."""
    today = timezone.localdate()
    return list(
        club.events.exclude(status=Event.Status.FINISHED)
        .filter(date__gte=today)
        .order_by("date", "pk")
    )


def archive(club: Club) -> list[Season]:
    """The finished evenings by year, the latest first."""
    by_year = defaultdict(list)
    for event in club.events.filter(status=Event.Status.FINISHED).order_by("-date", "-pk"):
        by_year[event.date.year].append(event)
    return [Season(year, events) for year, events in by_year.items()]
