"""Players: entering them (one by one, a pasted list, a CSV file), the one door they come in by.

Every way a player comes into an event (typed, picked from the members, a pasted
list, a CSV file, a late entry, a substitute, an import) goes through one door,
``admit_players``: it links each newcomer to the club's member their name means,
and leaves the choice to the director when several members could be meant.

A list or file (read by ``player_lists``) is added completely or not at all.
Equal names (ignoring case) are flagged as warnings, since two people may share
a name.

The teams and the draw of numbers are ``setup.draw``'s; a late entry, a withdrawal
and a substitute once round 1 has started are ``setup.player_changes``'s.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.access import keeps_register
from tournaments.formats import format_of
from tournaments.kernel import feed
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.names import Register, by_family_name, spelling_key
from tournaments.kernel.public_name import Faces, faces, moved
from tournaments.kernel.text import clean_text
from tournaments.kernel.users import Asker
from tournaments.models import Event, Member, Player
from tournaments.models.members import MEMBER_NAME_MAX
from tournaments.services.setup.events import (
    ensure_not_finished,
    ensure_unlocked,
    hold_setup,
    hold_unfinished,
    setup_locked,
)
from tournaments.services.setup.player_lists import (
    CLUB_MAX,
    MAX_ROWS,
    Row,
    list_size_problem,
    name_problem,
    parse_list,
    read_csv,
)
from tournaments.services.store.locks import lock_club, lock_event, lock_members, serialised

MAX_PROBLEMS_SHOWN = 30
MAX_NAMES_SHOWN = 10


@dataclass
class Added:
    """What was added, with a warning for every name that is now in the list more than once,
    a note for every player linked to a member spelt differently, and the players whose
    member the director is asked to choose."""

    players: list[Player] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    undecided: list[Player] = field(default_factory=list)


@dataclass
class Question:
    """Which member a player is: ``members`` are those their name may mean; ``playing``
    the ids of those already linked to another player of the event."""

    player: Player
    members: list[Member]
    playing: set[int]


# --- adding and changing players -----------------------------------------------


def _key(name: str) -> str:
    return name.casefold()


def duplicate_keys(event: Event) -> set[str]:
    """Names (case-folded) that more than one player of the event has."""
    seen: set[str] = set()
    twice: set[str] = set()
    for name in event.players.values_list("name", flat=True):
        key = _key(name)
        (twice if key in seen else seen).add(key)
    return twice


def _warnings(event: Event, names: list[str]) -> list[str]:
    twice = duplicate_keys(event)
    shown: set[str] = set()
    warnings = []
    for name in names:
        key = _key(name)
        if key in twice and key not in shown:
            shown.add(key)
            warnings.append(
                _(
                    "“%(name)s” is in the list more than once. Keep it if they are different people, "
                    "otherwise remove one."
                )
                % {"name": name}
            )
    return warnings


def problems_error(problems: list[str], field_name: str) -> ServiceError:
    shown = problems[:MAX_PROBLEMS_SHOWN]
    more = len(problems) - len(shown)
    if more:
        shown.append(
            ngettext("… and %(count)d more problem.", "… and %(count)d more problems.", more)
            % {"count": more}
        )
    message = ngettext(
        "Nothing was added: %(count)d problem needs fixing first.",
        "Nothing was added: %(count)d problems need fixing first.",
        len(problems),
    ) % {"count": len(problems)}
    return ServiceError(message, {field_name: shown})


def names_list(names: list[str]) -> str:
    """``names`` for a message: the first few, then how many more."""
    shown = ", ".join(names[:MAX_NAMES_SHOWN])
    more = len(names) - MAX_NAMES_SHOWN
    if more > 0:
        shown += " " + ngettext("and %(count)d more", "and %(count)d more", more) % {"count": more}
    return shown


# --- the door ------------------------------------------------------------------------


def admit_players(
    event: Event,
    newcomers: list[Player],
    *,
    join_register: bool = False,
    field_name: str = "name",
    by: Asker | None = None,
) -> Added:
    """Store ``newcomers`` (unsaved players) as players of ``event``: the one door every
    way in goes through (typed, picked from the members, pasted, a CSV file, a late
    entry, a substitute, an import).

    The caller runs it inside its transaction, after checking under its lock of the
    event what its way in relies on (round 1 not started, the format takes late
    entries, …). Here names are cleaned and checked, and in a club's event each
    newcomer is linked to the member their name means (``names.Register.meant``):

    - a newcomer with a member already set (picked from the register) keeps it; one
      who already plays in the event, or is no longer on the register (merged
      meanwhile), refuses the whole call;
    - one member meant, who does not play yet: linked (a note says so when the
      spelling differs, "Schober" for the member "Schöber");
    - several members meant, or one who already plays: not linked, and
      ``member_undecided`` asks the director (``choose_member``);
    - no member meant: a guest, or with ``join_register`` (one name typed on the
      players page) a new member of the club.

    ``by``: the director adding them (None: Meld itself, an import). One who does not keep
    the club's register (a co-director of this evening only) neither links a newcomer to
    a member nor adds one to it: a player's link to a member opens that member's data.

    Locks, after the caller's event: the clubs of the members involved (shared; the
    event's club exclusive with ``join_register``), then the members linked, in id
    order (``services.store.locks``).
    """
    problems = []
    for newcomer in newcomers:
        newcomer.event = event
        newcomer.name = clean_text(newcomer.name)
        newcomer.club = clean_text(newcomer.club)[:CLUB_MAX]
        if problem := name_problem(newcomer.name):
            problems.append(problem)
    if problems:
        raise problems_error(problems, field_name)
    if by is not None and not keeps_register(by, event):
        if any(newcomer.member_id is not None for newcomer in newcomers):
            raise ValueError("a member picked by a director who does not keep the register")
        notes: list[str] = []
    else:
        notes = _link_members(event, newcomers, join_register, field_name)
    players = Player.objects.bulk_create(newcomers, batch_size=1000)
    return Added(
        players,
        _warnings(event, [player.name for player in players]),
        notes,
        [player for player in players if player.member_undecided],
    )


def _picked(player: Player) -> Member:
    """The member ``player`` was picked as (one whose ``member_id`` is set)."""
    assert player.member is not None
    return player.member


def _link_members(
    event: Event, newcomers: list[Player], join_register: bool, field_name: str
) -> list[str]:
    picked = [newcomer for newcomer in newcomers if newcomer.member_id is not None]
    clubs = {_picked(newcomer).club_id for newcomer in picked}
    if event.club_id is not None:
        if clubs - {event.club_id}:
            raise ValueError("a member of another club")
        clubs.add(event.club_id)
    for club_id in sorted(clubs):
        lock_club(club_id, change=join_register and club_id == event.club_id)
    register = Register(Member.objects.filter(club_id=event.club_id) if event.club_id else ())
    meant = {
        index: register.meant(newcomer.name)
        for index, newcomer in enumerate(newcomers)
        if event.club_id is not None and newcomer.member_id is None
    }
    wanted = {_picked(newcomer).pk: _picked(newcomer).club_id for newcomer in picked}
    wanted.update({found[0].pk: found[0].club_id for found in meant.values() if len(found) == 1})
    locked: dict[int, Member] = {}
    for club_id in sorted(clubs):
        locked.update(lock_members(club_id, [pk for pk, club in wanted.items() if club == club_id]))
    _refuse_picked(event, picked, locked, field_name)
    playing = set(
        Player.objects.filter(event=event, member_id__in=locked).values_list("member_id", flat=True)
    )
    taken = {newcomer.member_id for newcomer in picked}
    notes = []
    for index, newcomer in enumerate(newcomers):
        if newcomer.member_id is not None:
            newcomer.member = locked[newcomer.member_id]
            continue
        found = meant.get(index, [])
        if len(found) == 1 and found[0].pk not in locked:
            found = []  # removed meanwhile by a writer outside the lock order
        if len(found) == 1 and found[0].pk not in playing and found[0].pk not in taken:
            newcomer.member = locked[found[0].pk]
        elif found:
            newcomer.member_undecided = True
            continue
        elif join_register and event.club_id is not None:
            newcomer.member = Member.objects.create(
                club_id=event.club_id, name=newcomer.name[:MEMBER_NAME_MAX], gender=newcomer.gender
            )
        else:
            continue
        taken.add(newcomer.member.pk)
        newcomer.gender = newcomer.gender or newcomer.member.gender
        if note := link_note(newcomer):
            notes.append(note)
    return notes


def link_note(player: Player) -> str:
    """What the director should know of how ``player`` was linked: to a member spelt
    differently, or not yet (several members could be meant)."""
    if player.member_undecided:
        return _("“%(name)s” could be one of several members: choose which one below.") % {
            "name": player.name
        }
    if player.member is not None and spelling_key(player.name) != spelling_key(player.member.name):
        return _("“%(name)s” is linked to the member “%(member)s”.") % {
            "name": player.name,
            "member": player.member.name,
        }
    return ""


def _refuse_picked(
    event: Event, picked: list[Player], locked: dict[int, Member], field_name: str
) -> None:
    gone = [_picked(newcomer).name for newcomer in picked if newcomer.member_id not in locked]
    if gone:
        message = ngettext(
            "Nothing was added: %(names)s is no longer on the register (merged or removed "
            "meanwhile). Pick again.",
            "Nothing was added: %(names)s are no longer on the register (merged or removed "
            "meanwhile). Pick again.",
            len(gone),
        ) % {"names": names_list(gone)}
        raise ServiceError(message, {field_name: [message]})
    playing = set(
        event.players.filter(member_id__in=[newcomer.member_id for newcomer in picked]).values_list(
            "member_id", flat=True
        )
    )
    twice = [_picked(newcomer).name for newcomer in picked if newcomer.member_id in playing]
    if twice:
        message = ngettext(
            "Nothing was added: %(names)s already plays tonight.",
            "Nothing was added: %(names)s already play tonight.",
            len(twice),
        ) % {"names": names_list(twice)}
        raise ServiceError(message, {field_name: [message]})


def questions(event: Event) -> list[Question]:
    """The players whose member the director is asked to choose, by family name."""
    undecided = list(event.players.filter(member_undecided=True))
    if not undecided or event.club is None:  # no read without a club (``club_id`` None)
        return []
    register = Register(event.club.members.all())
    playing = set(event.players.filter(member__isnull=False).values_list("member_id", flat=True))
    return [
        Question(player, by_family_name(register.meant(player.name)), playing)
        for player in by_family_name(undecided)
    ]


@serialised
@transaction.atomic
def choose_member(event: Event, player: Player, member_id: int | None) -> Player:
    """The director's answer: ``player`` is the member ``member_id`` (of the event's club),
    or (None) no member."""
    event = lock_event(event.pk)
    ensure_not_finished(event)
    own_player(event, player)
    if event.club_id is None:
        raise ValueError("an event without a club has no members to choose from")
    lock_club(event.club_id)
    player = Player.objects.get(pk=player.pk)
    member = None
    if member_id is not None:
        member = lock_members(event.club_id, [member_id]).get(member_id)
        if member is None:
            raise ServiceError(
                _("That member is no longer on the register (merged or removed meanwhile).")
            )
        if event.players.filter(member=member).exclude(pk=player.pk).exists():
            raise ServiceError(
                _(
                    "%(name)s already plays tonight: remove one of the two players, or choose "
                    "“not a member”."
                )
                % {"name": member.name}
            )
    before = faces([player])
    player.member, player.member_undecided = member, False
    player.save(update_fields=["member", "member_undecided"])
    names_changed(before, faces([player]))
    return player


# --- the ways in --------------------------------------------------------------------


@serialised
@transaction.atomic
def add_players(
    event: Event,
    newcomers: list[Player],
    field_name: str = "text",
    *,
    join_register: bool = False,
    by: Asker | None = None,
) -> Added:
    """Add all ``newcomers`` at once (bulk), before round 1."""
    # Shared with other additions, exclusive against ``start_round``: a list pasted
    # while round 1 starts lands before the seating or is refused after it.
    event = lock_event(event.pk)
    ensure_unlocked(event)
    if not newcomers:
        raise ServiceError(
            _("There were no names to add."), {field_name: [_("Enter at least one name.")]}
        )
    present = event.players.count()
    if present + len(newcomers) > MAX_ROWS:
        message = _(
            "An event takes at most %(most)d players: it has %(present)d, and this would add "
            "%(adding)d."
        ) % {"most": MAX_ROWS, "present": present, "adding": len(newcomers)}
        raise ServiceError(message, {field_name: [message]})
    added = admit_players(
        event, newcomers, join_register=join_register, field_name=field_name, by=by
    )
    feed.record(event, feed.Kind.NAMES)
    return added


def _from_rows(rows: list[Row]) -> list[Player]:
    return [Player(name=row.name, gender=row.gender, club=row.club) for row in rows]


def typed_or_picked(name: str, gender: str, club: str, member: Member | None) -> Player:
    """One player typed in, or picked from the members (then with the member's name)."""
    if member is not None:
        return Player(name=member.name, gender=member.gender or gender, club=club, member=member)
    cleaned = clean_text(name)
    if problem := name_problem(cleaned):
        raise ServiceError(problem, {"name": [problem]})
    return Player(name=cleaned, gender=gender, club=club)


def add_player(
    event: Event,
    *,
    name: str = "",
    gender: str = "",
    club: str = "",
    member: Member | None = None,
    by: Asker | None = None,
) -> Added:
    """One player typed in (the name's problem is shown next to the name field), or picked.

    In a club's event a typed name no member has joins the register too."""
    newcomer = typed_or_picked(name, gender, club, member)
    return add_players(event, [newcomer], field_name="name", join_register=member is None, by=by)


def paste_players(event: Event, text: str, *, by: Asker | None = None) -> Added:
    if problem := list_size_problem(text):
        raise ServiceError(problem, {"text": [problem]})
    parsed = parse_list(text)
    if parsed.problems:
        raise problems_error(parsed.problems, "text")
    return add_players(event, _from_rows(parsed.rows), field_name="text", by=by)


def import_csv(event: Event, data: bytes, *, by: Asker | None = None) -> Added:
    ensure_unlocked(event)
    parsed = read_csv(data)
    if parsed.problems:
        raise problems_error(parsed.problems, "file")
    return add_players(event, _from_rows(parsed.rows), field_name="file", by=by)


@transaction.atomic
def update_player(event: Event, player: Player, *, name: str, gender: str, club: str) -> Added:
    """Correct a name, gender or club (allowed during the event too: numbers stay)."""
    hold_unfinished(event, change=False)
    own_player(event, player)
    cleaned = clean_text(name)
    if problem := name_problem(cleaned):
        raise ServiceError(problem, {"name": [problem]})
    if gender != player.gender and setup_locked(event) and format_of(event).by_gender:
        raise ServiceError(
            _("In a mixed-pairs event the gender cannot change once round 1 has started."),
            {"gender": [_("Round 1 has started.")]},
        )
    before = faces([player])
    player.name, player.gender, player.club = cleaned, gender, clean_text(club)[:CLUB_MAX]
    player.save(update_fields=["name", "gender", "club"])
    names_changed(before, faces([player]))
    return Added([player], _warnings(event, [cleaned]))


def names_changed(before: Faces, after: Faces) -> None:
    """Inside a step that changed how players are named (a name corrected, a member renamed
    or choosing another public name, players linked to another member): each of their
    events records it on the feed, as public only where a public name moved (``before``
    and ``after`` the step: ``kernel.public_name.faces``)."""
    shown = moved(before, after)
    for event_id in sorted({event_id for event_id, _name in (*before.values(), *after.values())}):
        feed.record(event_id, feed.Kind.NAMES, public=event_id in shown)


def own_player(event: Event, player: Player) -> None:
    """Refuse a player of another event (a bug: views fetch players of the event)."""
    if player.event_id != event.pk:
        raise ValueError("the player belongs to another event")


@transaction.atomic
def remove_player(event: Event, player: Player) -> None:
    """Take a player off the list before round 1 (their number is then missing: draw again)."""
    hold_setup(event, change=False)
    own_player(event, player)
    player.delete()
    feed.record(event, feed.Kind.NAMES)
