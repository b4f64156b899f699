"""The register's merge suggestions: pairs of members whose names may be one person's,
each with the one to keep (``services.club.members`` merges them when the director says so).
"""

import datetime
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, Max

from tournaments.kernel.names import accents, by_family_name, loose_keys
from tournaments.models import Club, DistinctMembers, Member

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

SUGGESTIONS_SHOWN = 20


@dataclass
class Suggestion:
    """Two members whose names may be one person's: ``keep`` is the one to keep."""

    keep: Member
    gone: Member


class Played(TypedDict):
    """What ``suggestions`` counts of a member: their evenings and the last one's date."""

    evenings: int
    last: datetime.date | None


def _keeper(
    first: "WithAnnotations[Member, Played]", second: "WithAnnotations[Member, Played]"
) -> tuple[Member, Member]:
    """Of two entries of one person, the one to keep and the one to merge into it.

    The one with a member number (an entry of the register's own, not one built
    from an evening's list); then the one with more evenings; on a tie, the name written with accents or umlauts
    ("Öhlinger" over "Ohlinger" or "Oehlinger"); then the one who played last; then
    the older entry.
    """

    def weight(member: "WithAnnotations[Member, Played]") -> tuple[object, ...]:
        return (
            bool(member.number),
            member.evenings,
            accents(member.name),
            member.last or datetime.date.min,
            -member.pk,
        )

    keep = max((first, second), key=weight)
    return keep, second if keep is first else first


def suggestions(club: Club, limit: int = SUGGESTIONS_SHOWN) -> list[Suggestion]:
    """Pairs of members whose names are equal up to case, spacing, accents and umlaut
    spellings, except those the director said are different people; by family name."""
    members = list(
        club.members.annotate(evenings=Count("players"), last=Max("players__event__date"))
    )
    by_key: dict[str, list[WithAnnotations[Member, Played]]] = defaultdict(list)
    for member in members:
        for key in loose_keys(member.name):
            by_key[key].append(member)
    apart = set(
        DistinctMembers.objects.filter(first__club=club).values_list("first_id", "second_id")
    )
    pairs: dict[tuple[int, ...], Suggestion] = {}
    for alike in by_key.values():
        for index, first in enumerate(alike):
            for second in alike[index + 1 :]:
                ids = tuple(sorted((first.pk, second.pk)))
                if ids not in apart and ids not in pairs:
                    pairs[ids] = Suggestion(*_keeper(first, second))
    found = by_family_name(pairs.values(), lambda suggestion: suggestion.keep.name)
    return found[:limit]
