"""A club's member register: adding and editing members, a CSV import, building it
from the players of past events, merging two members (with its suggestions and
preview), and picking tonight's players.

Members are not scores: nothing here writes an audit row. Which spellings are one
person is ``kernel.names``'s: only names equal up to case and spacing are one
member by themselves; names equal up to accents and umlaut spellings ("Öhlinger",
"Ohlinger") may be one person, and the director decides.

Every step that changes the register takes the club's row exclusive first, then the
members it changes (``services.store.locks``), so two of them at once (a double click on
"Build", two merges) wait for each other instead of both writing.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.access import events_for
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.names import (
    Register,
    by_family_name,
    family_key,
    finds,
    search_forms,
    spelling_key,
)

# An export's members are matched to the register by it (tournaments.transfer).
from tournaments.kernel.names import name_key as name_key
from tournaments.kernel.public_name import faces
from tournaments.kernel.text import clean_text
from tournaments.kernel.users import Asker
from tournaments.models import Club, DistinctMembers, Event, Member, Player, Series
from tournaments.models.members import MEMBER_NAME_MAX, MEMBER_NUMBER_MAX
from tournaments.services.club.suggestions import Suggestion as Suggestion
from tournaments.services.club.suggestions import suggestions as suggestions
from tournaments.services.ratings import refresh as ratings
from tournaments.services.setup import players as player_service
from tournaments.services.setup.player_lists import MAX_ROWS, read_csv
from tournaments.services.store.locks import lock_club, lock_members, serialised


@dataclass
class Imported:
    members: list[Member] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass
class Built:
    """What building the register from past events did: ``folded`` the spellings taken
    for one member (the member's name, the other spellings), ``alike`` pairs of names
    that may be one person (kept apart, for the director to merge), ``unsure`` names
    several members have (their players are left unlinked)."""

    events: int = 0
    created: int = 0
    linked: int = 0
    folded: list[tuple[str, list[str]]] = field(default_factory=list)
    alike: list[tuple[str, str]] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)


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


def _number_taken(number: str, name: str) -> dict[str, list[str]]:
    return {
        "number": [
            _("Member number %(number)s is already %(name)s's.") % {"number": number, "name": name}
        ]
    }


def _gone_error(names: list[str]) -> ServiceError:
    return ServiceError(
        _("%(names)s is no longer on the register: merged or removed meanwhile.")
        % {"names": " & ".join(names)}
    )


def number_holder(club: Club, number: str, member: Member | None) -> Member | None:
    """The member of ``club`` other than ``member`` who has ``number``."""
    taken = club.members.filter(number=number)
    if member is not None:
        taken = taken.exclude(pk=member.pk)
    return taken.first()


@serialised
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
    club = lock_club(club.pk, change=True)
    if member is not None:
        member = lock_members(club.pk, [member.pk]).get(member.pk)
        if member is None:
            raise _gone_error([name])
    name, number = clean_text(name), clean_text(number)
    errors: dict[str, list[str]] = {}
    if problem := _name_problem(name):
        errors["name"] = [problem]
    if len(number) > MEMBER_NUMBER_MAX:
        errors["number"] = [
            _("A member number has at most %(max)d characters.") % {"max": MEMBER_NUMBER_MAX}
        ]
    elif number and (holder := number_holder(club, number, member)) is not None:
        errors.update(_number_taken(number, holder.name))
    if errors:
        raise ServiceError(next(iter(errors.values()))[0], errors)
    before = faces(member.players.select_related("member")) if member is not None else {}
    member = member or Member(club=club)
    member.name, member.number, member.gender = name, number, gender
    member.active, member.public_name = active, public_name
    try:
        # A writer that does not take the club's lock (an import) could still take
        # the number first: the constraint then answers, in words.
        with transaction.atomic():
            member.save()
    except IntegrityError:
        message = _("Member number %(number)s has just been given to another member.") % {
            "number": number
        }
        raise ServiceError(message, {"number": [message]}) from None
    player_service.names_changed(before, faces(member.players.select_related("member")))
    return member


# --- a CSV file ---------------------------------------------------------------------


@serialised
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
    club = lock_club(club.pk, change=True)
    present = club.members.count()
    if present + len(parsed.rows) > MAX_ROWS:
        message = _(
            "A register takes at most %(most)d members: it has %(present)d, and this would add "
            "%(adding)d."
        ) % {"most": MAX_ROWS, "present": present, "adding": len(parsed.rows)}
        raise ServiceError(message, {"file": [message]})
    register = Register(club.members.all())
    seen: set[str] = set()
    warnings = []
    for row in parsed.rows:
        key = spelling_key(row.name)
        if register.spelt(row.name) or key in seen:
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


def _spelling(players: list[Player]) -> str:
    """The name a new member takes from the spellings of their players (newest first).

    The spelling used most often, where a spelling in proper case wins over one in
    small or capital letters only ("Anna Berger" over "anna berger" and "ANNA
    BERGER", however often those were typed); between spellings used equally
    often, the latest evening's. Accents play no part: spellings that differ in
    them are different names here (``Built.alike``).
    """
    spellings = [clean_text(player.name) for player in players]
    counts = Counter(spellings)

    def rank(spelt: str) -> tuple[bool, int, int]:
        proper = not (spelt.islower() or spelt.isupper())
        return (proper, counts[spelt], -spellings.index(spelt))

    return max(counts, key=rank)


@serialised
@transaction.atomic
def build_from_events(user: Asker, club: Club) -> Built:
    """One member for every name among the players of ``user``'s past events of ``club``.

    Past: round 1 has been started (an evening still being set up has no settled
    list). Names equal up to case and spacing are one name ("Anna Berger", "anna
    berger"): its member is named by ``_spelling``. A name the register has once
    gets no second member, and its players are linked to it; a name the register
    has more than once is left to the director (its players stay unlinked). Names
    that differ in accents or umlaut spellings ("Walter Öhlinger", "Walter
    Ohlinger"; "Brandstätter", "Brandstaetter") are different members: the build
    reports them as alike, and the register suggests merging them.
    """
    club = lock_club(club.pk, change=True)
    events = events_for(user).filter(club=club).exclude(status=Event.Status.SETUP)
    players = list(
        Player.objects.filter(event__in=events, member__isnull=True, member_undecided=False)
        .order_by("-event__date", "-event_id", "pk")
        .only("pk", "name", "gender", "event_id", "member", "member_undecided")
    )
    register = Register(club.members.all())
    names: dict[str, list[Player]] = defaultdict(list)
    for player in players:
        if key := spelling_key(player.name):
            names[key].append(player)
    built = Built(events=events.count())
    new = []
    for group in names.values():
        known = register.spelt(group[0].name)
        if len(known) > 1:
            built.unsure.append(known[0].name)
            continue
        if known:
            name = known[0].name
        else:
            name = _spelling(group)[:MEMBER_NAME_MAX]
            gender = next((player.gender for player in group if player.gender), "")
            new.append(Member(club=club, name=name, gender=gender))
        others = sorted({clean_text(player.name) for player in group} - {name})
        if others:
            built.folded.append((name, others))
    created = Member.objects.bulk_create(new, batch_size=1000)
    for member in created:
        register.add(member)
    linked = []
    for player in players:
        found = register.spelt(player.name)
        if len(found) == 1:
            linked.append(player)
    before = faces(linked)
    for player in linked:
        player.member = register.spelt(player.name)[0]
    Player.objects.bulk_update(linked, ["member"], batch_size=1000)
    player_service.names_changed(before, faces(linked))
    if linked:
        # Players of finished evenings may now be members: their lists are replayed.
        ratings.after_change(club.pk)
    built.created, built.linked = len(created), len(linked)
    built.alike = _alike(register, created)
    built.folded.sort(key=lambda item: spelling_key(item[0]))
    built.unsure.sort(key=spelling_key)
    return built


def _alike(register: Register, created: list[Member]) -> list[tuple[str, str]]:
    """Pairs of names, one of them new, that may be one person's: by family name."""
    pairs: set[tuple[str, str]] = set()
    for member in created:
        for other in register.loosely(member.name):
            if spelling_key(other.name) != spelling_key(member.name):
                first, second = sorted((member.name, other.name), key=family_key)
                pairs.add((first, second))
    return sorted(pairs, key=lambda pair: family_key(pair[0]))


# --- merging -----------------------------------------------------------------------


@dataclass
class MergePreview:
    """What merging ``gone`` into ``keep`` would do: ``evenings`` (``gone``'s players, newest
    first) become ``keep``'s, and with them ``gone``'s results in ``series``; ``together``
    are the evenings both played (one person cannot have); ``number``, ``gender`` and
    ``public_name`` are what ``keep`` takes over from ``gone`` (empty when nothing)."""

    keep: Member
    gone: Member
    evenings: list[Player]
    series: list[tuple[Series, int]]
    together: list[Event]
    number: str
    gender: str
    public_name: str


def merge_preview(keep: Member, gone: Member) -> MergePreview:
    _check_pair(keep, gone)
    evenings = list(gone.players.select_related("event").order_by("-event__date", "-event_id"))
    counted: Counter[int] = Counter()
    series_by_id = {}
    for series in Series.objects.filter(events__players__member=gone).order_by("name", "pk"):
        counted[series.pk] += 1
        series_by_id[series.pk] = series
    together = list(
        Event.objects.filter(players__member=keep)
        .filter(players__member=gone)
        .distinct()
        .order_by("-date", "-pk")
    )
    return MergePreview(
        keep=keep,
        gone=gone,
        evenings=evenings,
        series=[(series, counted[pk]) for pk, series in series_by_id.items()],
        together=together,
        number=gone.number if not keep.number else "",
        gender=gone.get_gender_display() if gone.gender and not keep.gender else "",
        public_name=(
            gone.get_public_name_display() if _stricter(keep, gone) != keep.public_name else ""
        ),
    )


def _check_pair(keep: Member, gone: Member) -> None:
    if keep.pk == gone.pk:
        message = _("Choose two different members to merge.")
        raise ServiceError(message, {"gone": [message]})
    if keep.club_id != gone.club_id:
        message = _("Only members of one club can be merged.")
        raise ServiceError(message, {"gone": [message]})


@serialised
@transaction.atomic
def merge_members(keep: Member, gone: Member) -> Member:
    """``gone``'s players become ``keep``'s, and ``gone`` is deleted.

    Under the club's lock, so a merge the other way round at the same moment finds
    one of the two gone, and tonight's pick of ``gone`` either lands before (and is
    moved along) or finds ``gone`` no longer on the register.
    """
    _check_pair(keep, gone)
    lock_club(keep.club_id, change=True)
    locked = lock_members(keep.club_id, [keep.pk, gone.pk])
    missing = [member.name for member in (keep, gone) if member.pk not in locked]
    if missing:
        raise _gone_error(missing)
    keep, gone = locked[keep.pk], locked[gone.pk]
    players = Player.objects.filter(member__in=[keep, gone])
    before = faces(players.select_related("member"))
    gone.players.update(member=keep)
    # One member's evenings now: the club's lists are replayed (``gone``'s rows go with it).
    ratings.after_change(keep.club_id)
    number, gender, public_name = gone.number, gone.gender, _stricter(keep, gone)
    gone.delete()
    # What only the deleted entry knew is kept, and a choice to show less of the name
    # holds whichever entry it was made on.
    keep.number = keep.number or number
    keep.gender = keep.gender or gender
    keep.public_name = public_name
    keep.save(update_fields=["number", "gender", "public_name"])
    player_service.names_changed(before, faces(keep.players.select_related("member")))
    return keep


PRIVACY: list[str] = [Member.PublicName.FULL, Member.PublicName.INITIALS, Member.PublicName.HIDDEN]


def _stricter(keep: Member, gone: Member) -> str:
    """Of two entries' choices of their public name, the one that shows less."""
    return max(keep.public_name, gone.public_name, key=PRIVACY.index)


@serialised
@transaction.atomic
def keep_apart(first: Member, second: Member) -> None:
    """The director says ``first`` and ``second`` are two people: no more merge suggestion."""
    _check_pair(first, second)
    lock_club(first.club_id, change=True)
    locked = lock_members(first.club_id, [first.pk, second.pk])
    missing = [member.name for member in (first, second) if member.pk not in locked]
    if missing:
        raise _gone_error(missing)
    low, high = sorted((first.pk, second.pk))
    DistinctMembers.objects.get_or_create(first_id=low, second_id=high)


# --- finding members ------------------------------------------------------------------


def find_members(members: Iterable[Member], q: str, limit: int) -> tuple[list[Member], int]:
    """``members`` whose name contains ``q`` (accents and umlaut spellings aside: "ohl"
    finds "Öhlinger") or whose number is ``q``, by family name: at most ``limit`` of
    them, and how many there are."""
    query = clean_text(q)
    listed = list(members)
    if query:
        forms = search_forms(query)
        listed = [
            member
            for member in listed
            if finds(forms, member.name) or member.number.casefold() == query.casefold()
        ]
    listed = by_family_name(listed)
    return listed[:limit], len(listed)


# --- tonight's players ---------------------------------------------------------------


def playing_member_ids(event: Event) -> set[int]:
    return set(event.players.filter(member__isnull=False).values_list("member_id", flat=True))


def pick_members(event: Event, members: list[Member]) -> player_service.Added:
    """Add the ticked members as players of ``event``, each linked to their member.

    All or nothing: a member who already plays tonight refuses the whole pick.
    """
    if not members:
        message = _("Tick who is here tonight.")
        raise ServiceError(message, {"members": [message]})
    newcomers = [
        Player(name=member.name, gender=member.gender, member=member) for member in members
    ]
    return player_service.add_players(event, newcomers, field_name="members")
