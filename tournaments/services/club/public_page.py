"""A club's public page: turning it on and off, its coming evenings, its archive of
finished ones and their final standings.

Every name these pages show is a public name (``services.club.public_names``).
"""

import secrets
from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from tournaments.kernel.public_name import public_name
from tournaments.models import Club, Event
from tournaments.services.club.evenings import ranked_evenings
from tournaments.services.club.public_names import name_rows
from tournaments.services.scores.standings import StandingRow


@transaction.atomic
def set_public_page(club: Club, on: bool) -> Club:
    """Turn the club's public page on or off; the first time on gives it its link."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if on and not club.public_token:
        club.public_token = secrets.token_urlsafe(16)
    club.public_page = on
    club.save(update_fields=["public_page", "public_token"])
    return club


def final_standings(event: Event) -> list[StandingRow]:
    """A finished evening's standings with every name as the club's public pages show it."""
    # ranked_evenings reads every player with their member: named without a query each.
    return name_rows(ranked_evenings([event])[event.pk], public_name)


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
