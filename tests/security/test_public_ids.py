"""Public ids say nothing: what the public page and the projector send (the pages, every live
part, the addresses they poll and what the polls carry) depends on nothing the public does
not see. A member who withheld their name can be renamed on the register and a visitor sees
nothing of it, and a visitor cannot tell a guessed name from seven others by comparing what
the pages send (the polls carry the change feed's opaque values, never a hash of names)."""

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.series_helpers import club_of
from tournaments.models import Change, Member, Player, Result
from tournaments.services.club.members import save_member

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}
CANDIDATES = [
    "Clara Roth",
    "Carla Roth",
    "Klara Rot",
    "Clara Rothe",
    "Chiara Ross",
    "Clare Roth",
    "Klara Roth",
    "Clara Rath",
]
# The visitor's own CSRF token (masked anew in every answer): theirs, not the event's.
TOKEN = re.compile(r'"X-CSRFToken": "[^"]*"|name="csrfmiddlewaretoken" value="[^"]*"')
POLL = re.compile(r'hx-get="([^"]*since=[^"]*)"')
SINCE = re.compile(r"since=[0-9]+")


@pytest.fixture
def event(director, monkeypatch):
    """Round 1 being played, a score in: the hidden member at table 1 with the second place;
    the projector's clock stands still for the comparison."""
    monkeypatch.setattr("tournaments.views.public.time.time", lambda: 1_000_000.0)
    club = club_of(director)
    event = make_event(director, players=8, club=club, public=True, language="en")
    hidden = Member.objects.create(
        club=club, name=CANDIDATES[0], public_name=Member.PublicName.HIDDEN
    )
    Player.objects.filter(event=event, number=1).update(name=CANDIDATES[0], member=hidden)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    for number, points in ((1, 700), (3, 900), (6, 700)):
        Result.objects.create(round=rnd, player=event.players.get(number=number), points=points)
    return event


def observed(event) -> dict[str, str]:
    """Everything a visitor's browser gets from the public page and the projector: every page,
    every panel and part, and each poll's answer as htmx sends it."""
    token, visitor = event.public_token, Client()
    page = reverse("tournaments-public", args=[token])
    projector = reverse("tournaments-public-projector", args=[token])
    addresses = {
        "page": (page, {}),
        "live part": (page + "?since=-1", HTMX),
        "clock": (reverse("tournaments-public-clock", args=[token]), HTMX),
        **{f"panel {n}": (f"{projector}?panel={n}", {}) for n in range(3)},
        **{f"polled panel {n}": (f"{projector}?panel={n}&since=-1", HTMX) for n in range(3)},
    }
    seen = {}
    for name, (address, headers) in addresses.items():
        answer = visitor.get(address, **headers)
        assert answer.status_code == 200, address
        seen[name] = TOKEN.sub("", answer.content.decode())
        for poll in POLL.findall(seen[name]):
            status = visitor.get(poll.replace("&amp;", "&"), **HTMX).status_code
            seen[f"{name}, its poll"] = str(status)
    return seen


def _without_ids(seen: dict[str, str]) -> dict[str, str]:
    return {
        name: SINCE.sub("since=", text)
        for name, text in seen.items()
        if not name.endswith("its poll")
    }


def test_renaming_a_hidden_member_changes_nothing_a_visitor_can_observe(
    event, django_capture_on_commit_callbacks
):
    """The rename is a change on the feed (the director's pages show the real name), but not
    of the scopes whose values the public polls carry: a stranger polling every evening
    cannot tell that a withheld member was renamed, nor which evenings were theirs."""
    before = observed(event)
    assert "(name withheld)" in before["page"] and "Roth" not in before["page"]
    member = Member.objects.get(name=CANDIDATES[0])
    with django_capture_on_commit_callbacks(execute=True):
        save_member(member.club, member, name="Clarissa Rothmann", public_name=member.public_name)
    assert Change.objects.filter(event=event, kind=Change.Kind.NAMES).exists()
    after = observed(event)
    assert after == before  # the polls' values too
    assert not any("Rothmann" in text for text in after.values())


def test_a_name_the_public_sees_change_moves_the_public_polls(
    event, django_capture_on_commit_callbacks
):
    """Showing initials instead of withholding the name is a change the public pages draw."""
    before = observed(event)
    member = Member.objects.get(name=CANDIDATES[0])
    with django_capture_on_commit_callbacks(execute=True):
        save_member(member.club, member, name=member.name, public_name=Member.PublicName.INITIALS)
    after = observed(event)
    assert SINCE.findall(after["page"]) != SINCE.findall(before["page"])
    assert "C. R." in after["page"] and "C. R." not in before["page"]


def test_eight_candidate_names_send_the_same_bytes(event):
    """A visitor who guesses the hidden name cannot check the guess: for each of eight
    candidates as the hidden member's name (on the register and on the event's list), the
    public page and the projector send the same, polls included."""
    seen = []
    for name in CANDIDATES:
        Member.objects.filter(public_name=Member.PublicName.HIDDEN).update(name=name)
        Player.objects.filter(event=event, number=1).update(name=name)
        cache.clear()  # nothing drawn for one candidate is served for the next
        seen.append(observed(event))
    assert all(other == seen[0] for other in seen[1:])
    assert not any(name in text for name in CANDIDATES for text in seen[0].values())
