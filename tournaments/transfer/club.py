"""Who an imported event belongs to: its director, its club, the club's members and series.

An import never reaches into a club its director does not direct: the event, its
members and its series land only in one of the owner's clubs (or in a new club
of the export's name, which the owner then directs).
"""

from collections.abc import Mapping

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from tournaments.kernel.errors import ServiceError
from tournaments.models import Club, Member, Series
from tournaments.services.club.members import name_key
from tournaments.services.club.series import save_series
from tournaments.transfer.schema import Row, row_problem


def users(names: list[str | None]) -> dict[str, User]:
    """This server's users of those names (a name nobody has is left out)."""
    wanted = {name for name in names if name}
    return {
        user.get_username(): user for user in get_user_model().objects.filter(username__in=wanted)
    }


def owner_of(name: str, given: User | None = None) -> User:
    """The imported event's director: ``given`` (``import_event --owner``), else the
    exported director where a user of that name exists here."""
    owner = given or users([name]).get(name)
    if owner is None:
        raise ServiceError(
            _("The event's director “%(name)s” does not exist here: name an owner.")
            % {"name": name}
        )
    if not owner.is_active:  # nobody could sign in to run the copy
        raise ServiceError(
            _("The event's director “%(name)s” has no active account here: name an owner.")
            % {"name": owner.get_username()}
        )
    return owner


def co_directors(names: list[str | None], known: Mapping[str, User], owner: User) -> list[User]:
    """The exported co-directors who may help run the copy, by the rules of
    ``services.setup.directors.add_co_director``: active users here, the owner not among them
    (a name nobody has, or whom those rules leave out, is left out)."""
    named = [known[name] for name in dict.fromkeys(names) if name is not None and name in known]
    return [user for user in named if user.is_active and user.pk != owner.pk]


def club_of(name: str | None, owner: User) -> Club | None:
    """The club the event joins: the export's club where ``owner`` directs it; a new club of
    that name, which ``owner`` directs, where there is none; refused where someone else's."""
    if not name:
        return None
    club = Club.objects.filter(name=name).first()
    if club is None:
        club = Club.objects.create(name=name)
        club.directors.add(owner)
        return club
    if not club.directors.filter(pk=owner.pk).exists():
        raise ServiceError(
            _(
                "%(user)s does not direct the club “%(club)s”: an event is imported into one "
                "of its director's clubs only. Nothing was imported."
            )
            % {"user": owner.get_username(), "club": name}
        )
    return club


def link_members(club: Club, wanted: list[Row]) -> list[Member]:
    """The club's members of the export's members, in their order: found by member number,
    else by name (``services.club.members.name_key``), else added to the register."""
    register = list(Member.objects.filter(club=club).order_by("pk"))
    by_number = {member.number: member for member in register if member.number}
    by_name: dict[str, Member] = {}
    for member in register:
        by_name.setdefault(name_key(member.name), member)
    found = [by_number.get(row["number"]) or by_name.get(name_key(row["name"])) for row in wanted]
    new = [Member(club=club, **row) for row, known in zip(wanted, found, strict=True) if not known]
    Member.objects.bulk_create(new)
    added = iter(new)
    return [known or next(added) for known in found]


def join_series(club: Club, wanted: list[Row]) -> list[Series]:
    """The club's series of the export's series names; a missing one is created as exported,
    through the one door a series is saved by (``services.club.series.save_series``), which
    refuses a rule without what it needs and keeps only the rule's own fields."""
    result = []
    for position, row in enumerate(wanted, start=1):
        series = (
            Series.objects.filter(club=club, name=row["name"]).order_by("created_at", "pk").first()
        )
        if series is None:
            try:
                series = save_series(club, events=[], **row)
            except ServiceError as refusal:
                column, problems = next(iter(refusal.field_errors.items()), ("name", []))
                problem = " ".join(problems) or refusal.message
                raise row_problem("series", position, column, problem) from None
        result.append(series)
    return result


def check_belongs(club: Club | None, members: list[Row], series: list[Row]) -> None:
    """Members and series travel with a club's event only."""
    if club is not None:
        return
    if members:
        raise ServiceError(_("The export's members belong to a club, but the event has none."))
    if series:
        raise ServiceError(_("The export's series belong to a club, but the event has none."))
