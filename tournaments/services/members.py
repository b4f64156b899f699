"""A club's member register: adding and editing members, a CSV import, building it
from the players of past events, merging two members, and picking tonight's players.

Members are not scores: nothing here writes an audit row. Names are matched
ignoring case, accents and spacing ("José  Núñez" is "jose nunez"), so a name
typed a little differently each evening still finds its member.
"""

import unicodedata
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.access import events_for
from tournaments.models import Club, Event, Member, Player
from tournaments.models.members import MEMBER_NAME_MAX, MEMBER_NUMBER_MAX
from tournaments.services import players as player_service
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_event
from tournaments.services.player_lists import MAX_ROWS, Row, clean_text, read_csv
from tournaments.services.setup import ensure_unlocked


def name_key(name: str) -> str:
    """The form of a name two spellings of one person share: no case, accents or extra spaces."""
    decomposed = unicodedata.normalize("NFKD", clean_text(name))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())


def _keyed(club: Club) -> dict[str, Member]:
    """The club's members by name key; of two with one key, the older one."""
    keyed: dict[str, Member] = {}
    for member in club.members.order_by("-pk"):
        keyed[name_key(member.name)] = member
    return keyed


@dataclass
class Imported:
    members: list[Member] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass
class Built:
    """What building the register from past events did."""

    events: int = 0
    created: int = 0
    linked: int = 0


# --- one member ---------------------------------------------------------------------


def _name_problem(name: str) -> str:
    if not name:
        return _("The name is empty.")
    if len(name) > MEMBER_NAME_MAX:
        return _("The name is longer than %(max)d characters (%(length)d).") % {
            "max": MEMBER_NAME_MAX,
            "length": len(name),
        }
    return ""


@transaction.atomic
def save_member(
    club: Club,
    member: Member | None = None,
    *,
    name: str,
    number: str = "",
    gender: str = "",
    active: bool = True,
    public_name: str = Member.PublicName.FULL,
) -> Member:
    """Add a member to ``club`` (or change ``member``, which must be the club's)."""
    if member is not None and member.club_id != club.pk:
        raise ValueError("the member belongs to another club")
    name, number = clean_text(name), clean_text(number)
    errors: dict[str, list[str]] = {}
    if problem := _name_problem(name):
        errors["name"] = [problem]
    if len(number) > MEMBER_NUMBER_MAX:
        errors["number"] = [
            _("A member number has at most %(max)d characters.") % {"max": MEMBER_NUMBER_MAX}
        ]
    elif number:
        taken = club.members.filter(number=number)
        if member is not None:
            taken = taken.exclude(pk=member.pk)
        if taken.exists():
            errors["number"] = [
                _("Member number %(number)s is already %(name)s's.")
                % {"number": number, "name": taken.first().name}
            ]
    if errors:
        raise ServiceError(next(iter(errors.values()))[0], errors)
    member = member or Member(club=club)
    member.name, member.number, member.gender = name, number, gender
    member.active, member.public_name = active, public_name
    member.save()
    return member


# --- a CSV file ---------------------------------------------------------------------


@transaction.atomic
def import_members(club: Club, data: bytes) -> Imported:
    """Members from a CSV file (name, gender; the player list's columns): all or nothing.

    A name already on the register, or twice in the file, is added all the same
    and flagged: two members may share a name.
    """
    parsed = read_csv(data)
    if parsed.problems:
        raise player_service.problems_error(parsed.problems, "file")
    if not parsed.rows:
        raise ServiceError(
            _("There were no names to add."), {"file": [_("The file has no names.")]}
        )
    present = club.members.count()
    if present + len(parsed.rows) > MAX_ROWS:
        message = _(
            "A register takes at most %(most)d members: it has %(present)d, and this would add "
            "%(adding)d."
        ) % {"most": MAX_ROWS, "present": present, "adding": len(parsed.rows)}
        raise ServiceError(message, {"file": [message]})
    known = set(_keyed(club))
    seen: set[str] = set()
    warnings = []
    for row in parsed.rows:
        key = name_key(row.name)
        if key in known or key in seen:
            warnings.append(
                _(
                    "“%(name)s” is on the register more than once. Merge them if they are one person."
                )
                % {"name": row.name}
            )
        seen.add(key)
    members = Member.objects.bulk_create(
        [Member(club=club, name=row.name, gender=row.gender) for row in parsed.rows],
        batch_size=1000,
    )
    return Imported(members, warnings)


# --- from past events ---------------------------------------------------------------


@transaction.atomic
def build_from_events(user, club: Club) -> Built:
    """One member for every distinct name among the players of ``user``'s past events of ``club``.

    Past: round 1 has been started (an evening still being set up has no settled
    list). A name that already has a member gets no second one; every player
    without a member is linked to the member of their name.
    """
    events = events_for(user).filter(club=club).exclude(status=Event.Status.SETUP)
    players = list(
        Player.objects.filter(event__in=events, member__isnull=True)
        .order_by("-event__date", "-event_id", "pk")
        .only("pk", "name", "gender")
    )
    keyed = _keyed(club)
    new: dict[str, Member] = {}
    for player in players:
        key = name_key(player.name)
        if not key or key in keyed:
            continue
        member = new.get(key)
        if member is None:
            # The latest event's spelling of the name wins.
            new[key] = Member(club=club, name=clean_text(player.name), gender=player.gender)
        elif not member.gender:
            member.gender = player.gender
    created = Member.objects.bulk_create(list(new.values()), batch_size=1000)
    keyed.update({name_key(member.name): member for member in created})
    for player in players:
        player.member = keyed.get(name_key(player.name))
    linked = [player for player in players if player.member is not None]
    Player.objects.bulk_update(linked, ["member"], batch_size=1000)
    return Built(events=events.count(), created=len(created), linked=len(linked))


# --- merging -----------------------------------------------------------------------


@transaction.atomic
def merge_members(keep: Member, gone: Member) -> Member:
    """``gone``'s players become ``keep``'s, and ``gone`` is deleted."""
    if keep.pk == gone.pk:
        message = _("Choose two different members to merge.")
        raise ServiceError(message, {"gone": [message]})
    if keep.club_id != gone.club_id:
        message = _("Only members of one club can be merged.")
        raise ServiceError(message, {"gone": [message]})
    gone.players.update(member=keep)
    number, gender = gone.number, gone.gender
    gone.delete()
    # What only the deleted entry knew is kept.
    keep.number = keep.number or number
    keep.gender = keep.gender or gender
    keep.save(update_fields=["number", "gender"])
    return keep


# --- tonight's players ---------------------------------------------------------------


def playing_member_ids(event: Event) -> set[int]:
    return set(event.players.filter(member__isnull=False).values_list("member_id", flat=True))


@transaction.atomic
def pick_members(event: Event, members: list[Member]) -> player_service.Added:
    """Add the ticked members as players of ``event``, each linked to their member.

    All or nothing: a member who already plays tonight refuses the whole pick.
    """
    event = lock_event(event.pk)
    ensure_unlocked(event)
    if not members:
        message = _("Tick who is here tonight.")
        raise ServiceError(message, {"members": [message]})
    playing = playing_member_ids(event)
    twice = [member.name for member in members if member.pk in playing]
    if twice:
        message = ngettext(
            "Nothing was added: %(names)s already plays tonight.",
            "Nothing was added: %(names)s already play tonight.",
            len(twice),
        ) % {"names": ", ".join(twice)}
        raise ServiceError(message, {"members": [message]})
    rows = [Row(name=member.name, gender=member.gender) for member in members]
    added = player_service.add_players(event, rows, field_name="members")
    for player, member in zip(added.players, members, strict=True):
        player.member = member
    Player.objects.bulk_update(added.players, ["member"])
    return added


@transaction.atomic
def add_typed_player(event: Event, *, name: str, gender: str = "", club: str = ""):
    """One player typed on the players page; in a club's event they join its register too
    (or are linked to the member of their name)."""
    added = player_service.add_player(event, name=name, gender=gender, club=club)
    if event.club_id is not None:
        player = added.players[0]
        member = _keyed(event.club).get(name_key(player.name))
        if member is None:
            member = Member.objects.create(club=event.club, name=player.name, gender=gender)
        player.member = member
        player.save(update_fields=["member"])
    return added
