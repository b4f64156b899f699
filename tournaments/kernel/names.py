"""People's names: when two spellings are one person's, and the order of a list of names.

Two names are compared at three depths:

- ``spelling_key``: equal up to case and spacing ("anna  berger" is "Anna Berger").
  Only these are taken for one person without asking.
- ``loose_keys``: equal up to accents, the umlaut written as a plain vowel or with an
  "e" (Öhlinger, Ohlinger, Oehlinger; Brandstätter, Brandstaetter), ß or ss, hyphens
  and spaces. Two names that share a loose key *may* be one person's: a new player
  whose name is the loose match of exactly one member is that member; two members
  with a loose key in common are suggested for merging, never merged by themselves.
- ``name_key``: case, accents and spacing dropped; matches an export's members.

``Register`` answers which members a name may mean. ``family_key`` sorts names the
way a club's lists are read: by family name, umlauts as their plain vowel (DIN 5007).
"""

import hashlib
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import TypeVar

from django.conf import settings

from tournaments.kernel.text import clean_text
from tournaments.models import Member

T = TypeVar("T")

# Letters Unicode does not split into a base letter and an accent.
_LETTERS = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d"})
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
_JOINERS = str.maketrans("", "", " -‐‑'’.")


def spelling_key(name: str) -> str:
    """A name as it is spelt, without case or extra spaces."""
    return " ".join(unicodedata.normalize("NFC", clean_text(name)).casefold().split())


def _bare(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def name_key(name: str) -> str:
    """The form of a name without case, accents or extra spaces ("José  Núñez" → "jose nunez")."""
    return " ".join(_bare(clean_text(name)).casefold().split())


def loose_keys(name: str) -> frozenset[str]:
    """The forms two spellings of one name share: the umlaut as its plain vowel and as the
    vowel with an "e", every other accent dropped, no spaces or hyphens."""
    spelt = spelling_key(name).translate(_JOINERS)
    return frozenset(
        {
            _bare(spelt.translate(_LETTERS)),
            _bare(spelt.translate(_UMLAUTS).translate(_LETTERS)),
        }
    )


def may_be_one(first: str, second: str) -> bool:
    return bool(loose_keys(first) & loose_keys(second))


def search_forms(text: str) -> frozenset[str]:
    """The forms a search compares: as ``loose_keys``, with the spaces kept."""
    spelt = spelling_key(text)
    return frozenset(
        {
            _bare(spelt.translate(_LETTERS)),
            _bare(spelt.translate(_UMLAUTS).translate(_LETTERS)),
        }
    )


def finds(query_forms: frozenset[str], name: str) -> bool:
    """Whether a search for (the forms of) a query finds ``name``: "ohl" finds "Öhlinger"."""
    forms = search_forms(name)
    return any(query in form for query in query_forms for form in forms)


def _sort_form(text: str) -> str:
    return _bare(text.casefold().translate(_LETTERS))


def family_key(name: str) -> tuple[str, str, str]:
    """Sorts by family name, then given names: the last word, or what comes before a comma
    ("Berger, Anna"). Umlauts sort as their plain vowel."""
    cleaned = clean_text(name)
    if "," in cleaned:
        family, given = cleaned.split(",", 1)
    else:
        given, _, family = cleaned.rpartition(" ")
    return (_sort_form(family.strip()), _sort_form(given.strip()), cleaned.casefold())


def by_family_name(
    items: Iterable[T],
    name: Callable[[T], str] = lambda item: item.name,  # type: ignore[attr-defined]  # by default the items' own names
) -> list[T]:
    return sorted(items, key=lambda item: family_key(name(item)))


def accents(name: str) -> int:
    """How many letters of ``name`` carry an accent or umlaut (ß counts): of two spellings
    of one name, the one written with them is usually the right one."""
    return sum(1 for ch in name if ch == "ß" or _bare(ch) != ch)


class Register:
    """A club's members, found by name.

    ``meant(name)`` is who a name means: the members spelt exactly that way (up to
    case and spacing); when there is none, the members it matches loosely. One member
    found is that member; several found is a question for the director.
    """

    def __init__(self, members: Iterable[Member] = ()):
        self._spelt: dict[str, list[Member]] = defaultdict(list)
        self._loose: dict[str, list[Member]] = defaultdict(list)
        for member in members:
            self.add(member)

    def add(self, member: Member) -> None:
        self._spelt[spelling_key(member.name)].append(member)
        for key in loose_keys(member.name):
            self._loose[key].append(member)

    def spelt(self, name: str) -> list[Member]:
        return list(self._spelt.get(spelling_key(name), ()))

    def loosely(self, name: str) -> list[Member]:
        found: dict[int, Member] = {}
        for key in loose_keys(name):
            for member in self._loose.get(key, ()):
                found.setdefault(member.pk, member)
        return sorted(found.values(), key=lambda member: member.pk)

    def meant(self, name: str) -> list[Member]:
        return self.spelt(name) or self.loosely(name)


def lot(scope: str, member_id: int) -> str:
    """Where a member stands among those level on everything a list of ``scope`` ranks and
    names them by: drawn per list and member, so it stays put as members join, and tells
    nothing of the name (a member's number or the register's order may follow the
    alphabet, and a withheld name is withheld alike for all of them). Keyed by the site's
    secret: a stranger cannot compute which member stands where."""
    key = hashlib.sha256(f"meld.lot:{settings.SECRET_KEY}".encode()).digest()
    return hashlib.blake2b(f"{scope}:{member_id}".encode(), key=key).hexdigest()
