"""Club evenings whose players are members, with their results, for the series' tests."""

import datetime

from tests.factories import make_event
from tournaments.models import Club, Event, Member, Result, Round, Series
from tournaments.services.club.series import save_series


def club_of(director, name: str = "CC Wien") -> Club:
    club = Club.objects.create(name=name)
    club.directors.add(director)
    return club


def members_of(club: Club, *names: str) -> dict[str, Member]:
    return {name: Member.objects.create(club=club, name=name) for name in names}


def evening(director, club: Club, day: int, points: dict[Member | str, int], **fields) -> Event:
    """An evening of ``club`` on 2026-01-``day``: one closed round, each player's points.

    A key that is a plain name is a guest: a player linked to no member.
    """
    event = make_event(
        director,
        players=0,
        club=club,
        name=f"Evening {day}",
        date=datetime.date(2026, 1, day),
        **fields,
    )
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.CLOSED)
    for number, (who, score) in enumerate(points.items(), start=1):
        member = who if isinstance(who, Member) else None
        player = event.players.create(name=str(who), number=number, member=member)
        Result.objects.create(round=rnd, player=player, points=score)
    return event


def total_series(club: Club, events: list[Event], name: str = "Winter cup") -> Series:
    """A series of ``events`` by total points, saved as the director's form saves it."""
    return save_series(
        club,
        name=name,
        events=events,
        rule=Series.Rule.TOTAL,
        placing_points=[],
        best_of=None,
        minimum_evenings=None,
    )
