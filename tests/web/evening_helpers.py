"""Played club evenings for the players' own pages, mails and data (issue 36): 12 players
of a club's register (some guests), progressive Canasta, every round seated by the format,
every deal entered by the director as totals (confirmed entries), closed and finished
through the services."""

import datetime
import random

from tests.factories import make_event
from tournaments.models import Club, Event, Member, Round
from tournaments.services.rounds import steps
from tournaments.services.scores.entries import correct_entry
from tournaments.services.setup import events as setup
from tournaments.services.setup.draw import ensure_tables

NAMES = [
    "Anna Berger",
    "Bernd Huber",
    "Clara Roth",
    "Dora Stein",
    "Emil Stern",
    "Franz Wolf",
    "Gerda Lang",
    "Hugo Brandt",
    "Ida Kern",
    "Jakob Moser",
    "Karin Fuchs",
    "Ludwig Graf",
]


def club_with_members(director, name: str = "CC Wien", public=None) -> tuple[Club, dict]:
    club = Club.objects.create(name=name)
    club.directors.add(director)
    public = public or {}
    members = {
        who: Member.objects.create(
            club=club, name=who, public_name=public.get(who, Member.PublicName.FULL)
        )
        for who in NAMES
    }
    return club, members


def deal_totals(rng: random.Random) -> list[int]:
    return [rng.randrange(-20, 300) * 5, rng.randrange(-20, 300) * 5]


def played_evening(
    director,
    club: Club,
    people: list,
    *,
    day: int = 10,
    rounds: int = 3,
    deals: int = 2,
    seed: int = 1,
    finish: bool = True,
    **fields,
) -> Event:
    """``people``: 12 members or guest names, numbered 1 to 12 in that order."""
    event = make_event(
        director,
        players=0,
        club=club,
        name=fields.pop("name", f"Evening {day:02d}.03."),
        date=datetime.date(2026, 3, day),
        planned_rounds=rounds,
        round_kind=Event.RoundKind.DEALS,
        round_deals=deals,
        entry_modes=["totals"],
        **fields,
    )
    for number, who in enumerate(people, start=1):
        member = who if isinstance(who, Member) else None
        event.players.create(name=str(who), number=number, member=member)
    ensure_tables(event)
    rng = random.Random(seed)
    for _number in range(rounds):
        play_round(event, director, rng, deals)
    if finish:
        setup.finish_event(event, director)
    event.refresh_from_db()
    return event


def play_round(event: Event, director, rng: random.Random, deals: int) -> Round:
    rnd = steps.start_round(event, user=director)
    for game in rnd.games.all():
        for deal in range(1, deals + 1):
            correct_entry(
                game, deal, {"totals": deal_totals(rng)}, user=director, reason="score sheet"
            )
    return steps.close_round(rnd, user=director)
