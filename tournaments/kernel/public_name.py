"""The name a public reader sees of one player or member: the one door, beneath every
service that changes a name and every page that shows one (``services.club.public_names``
names a whole event's players and its standings through it).

A member chooses on the register how their name appears in public
(``Member.PublicName``): in full, as initials (of the register's name), or withheld. A
player linked to no member shows as entered.

A step that changes names asks ``faces`` before and after it, and records its change on
the feed as public only in the events where a public name moved (``moved``): strangers'
polls must not tell that a name behind a withheld one was corrected.
"""

from collections.abc import Iterable

from django.utils.translation import gettext as _

from tournaments.models import Member, Player

# A player's id: their event's id and their public name.
Faces = dict[int, tuple[int, str]]


def initials(name: str) -> str:
    """ "Anna-Maria von Berg" → "A.-M. v. B." """
    return " ".join(
        "-".join(f"{part[0]}." for part in word.split("-") if part) for word in name.split()
    )


def withheld() -> str:
    return _("(name withheld)")


def member_name(member: Member, entered: str | None = None) -> str:
    """``member``'s public name; ``entered`` is how a player linked to them was entered,
    shown when the member chose their full name (the register's name otherwise)."""
    if member.public_name == Member.PublicName.FULL:
        return member.name if entered is None else entered
    if member.public_name == Member.PublicName.INITIALS:
        return initials(member.name)
    return withheld()


def public_name(player: Player) -> str:
    """One player's public name (reads their member: select it with the player). A player
    whose member is still undecided (several members could be meant and the director has
    not said which) is withheld: any of them may have withheld their name."""
    if player.member_undecided:
        return withheld()
    return player.name if player.member is None else member_name(player.member, player.name)


def faces(players: Iterable[Player]) -> Faces:
    """Each player's event and public name, as they are now."""
    return {player.pk: (player.event_id, public_name(player)) for player in players}


def moved(before: Faces, after: Faces) -> set[int]:
    """The events in which a public name differs between ``before`` and ``after`` (a player
    in only one of them counts as moved)."""
    return {
        face[0]
        for pk in before.keys() | after.keys()
        for face in (before.get(pk), after.get(pk))
        if face is not None and before.get(pk) != after.get(pk)
    }
