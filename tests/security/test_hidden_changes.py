"""A change no public screen shows leaves the value strangers' polls carry as it was, and
a change that does show moves it: the public page, the projector and the public clock
poll with that value, and a value that moved tells a stranger something happened.

Found by a probe with only the public link: each step below once moved the value."""

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.series_helpers import club_of, evening, members_of, total_series
from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.kernel import feed
from tournaments.kernel.public_ids import public_id
from tournaments.models import Event, Member, Result, Round
from tournaments.services.club.members import merge_members, save_member
from tournaments.services.club.public_page import set_public_page
from tournaments.services.member_data.erase import erase_member
from tournaments.services.scores.entries import (
    confirm_entry,
    dispute_entry,
    settle_dispute,
    submit_entry,
)
from tournaments.services.setup.events import (
    add_co_director,
    finish_event,
    remove_co_director,
    update_details,
)
from tournaments.services.setup.players import choose_member, update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def hidden(director):
    """A public evening being played, whose player 1 is a member who withheld her name."""
    club = club_of(director)
    clara = Member.objects.create(
        club=club, name="Clara Roth", public_name=Member.PublicName.HIDDEN
    )
    event = make_event(
        director, players=4, club=club, public=True, language="en", status=Event.Status.RUNNING
    )
    event.players.filter(number=1).update(name="Clara Roth", member=clara)
    rnd = seat_round(event, 1, [((1, 3), (2, 4))])
    Result.objects.create(round=rnd, player=event.players.get(number=1), points=700)
    return event, clara


def drawn(event: Event) -> str:
    """The value the public page was drawn with, as a stranger's page carries it."""
    page = Client().get(reverse("tournaments-public", args=[event.public_token]))
    return re.search(r"/p/[^/]+/\?since=(\d+)", page.content.decode())[1]


def polled(event: Event, since: str) -> int:
    url = reverse("tournaments-public", args=[event.public_token]) + f"?since={since}"
    return Client().get(url, **HTMX).status_code


def _hidden_steps(event, clara, director, other_director):
    player = event.players.get(number=1)
    return {
        "her name as typed": lambda: update_player(
            event, player, name="Klara Roth", gender="", club=""
        ),
        "her club": lambda: update_player(event, player, name=player.name, gender="", club="SC"),
        "a co-director added": lambda: add_co_director(event, director, other_director.username),
        "a co-director removed": lambda: (
            event.co_directors.add(other_director),
            remove_co_director(event, director, other_director.pk),
        ),
        "the paper": lambda: update_details(event, paper_size="letter"),
        "the entry modes": lambda: update_details(event, entry_modes=["totals"]),
        "details saved unchanged": lambda: update_details(event, name=event.name),
        "a withheld duplicate merged": lambda: merge_members(
            clara,
            Member.objects.create(
                club=clara.club, name="C. Roth", public_name=Member.PublicName.HIDDEN
            ),
        ),
    }


STEPS = [
    "her name as typed",
    "her club",
    "a co-director added",
    "a co-director removed",
    "the paper",
    "the entry modes",
    "details saved unchanged",
    "a withheld duplicate merged",
]


@pytest.mark.parametrize("step", STEPS)
def test_a_step_no_public_screen_shows_leaves_the_strangers_value(
    step, hidden, director, other_director, django_capture_on_commit_callbacks
):
    event, clara = hidden
    since = drawn(event)
    with django_capture_on_commit_callbacks(execute=True):
        _hidden_steps(event, clara, director, other_director)[step]()
    assert polled(event, since) == 204
    assert drawn(event) == since


def test_a_withheld_member_chosen_for_an_undecided_player_leaves_the_value(
    hidden, django_capture_on_commit_callbacks
):
    """An undecided player is withheld in public; the member chosen withheld her name too."""
    event, clara = hidden
    player = event.players.get(number=1)
    event.players.filter(pk=player.pk).update(member=None, member_undecided=True)
    since = drawn(event)
    with django_capture_on_commit_callbacks(execute=True):
        choose_member(event, player, clara.pk)
    assert polled(event, since) == 204


@pytest.mark.parametrize(
    "step",
    [
        lambda event, clara: update_player(
            event, event.players.get(number=2), name="Berta Neu", gender="", club=""
        ),
        lambda event, clara: update_details(event, name="Spring cup"),
        lambda event, clara: save_member(
            clara.club,
            clara,
            name=clara.name,
            number="",
            gender="",
            active=True,
            public_name=Member.PublicName.INITIALS,
        ),
    ],
    ids=["a shown name corrected", "the event renamed", "initials chosen"],
)
def test_a_step_a_public_screen_shows_moves_the_value(
    step, hidden, django_capture_on_commit_callbacks
):
    event, clara = hidden
    since = drawn(event)
    with django_capture_on_commit_callbacks(execute=True):
        step(event, clara)
    assert polled(event, since) == 200


def test_erasing_a_withheld_member_leaves_her_finished_evenings_values(hidden, director):
    """(The erasure's own after-commit step empties SQLite's log: the values are read from
    the changes themselves here, the cache's keys being dropped by the step.)"""
    event, clara = hidden
    event.rounds.update(status=Round.Status.CLOSED)
    finish_event(event, director)
    since = drawn(event)
    erase_member(clara, director)
    assert polled(event, since) == 204


def test_a_hidden_rename_stays_hidden_when_the_cached_value_is_gone(
    hidden, django_capture_on_commit_callbacks
):
    """The cache forgets a value (a day later, a restart, a restore): the value is taken
    again from the last change that reached the strangers' scope, not the event's last."""
    event, clara = hidden
    since = drawn(event)
    with django_capture_on_commit_callbacks(execute=True):
        save_member(
            clara.club,
            clara,
            name="Clara Rothmann",
            number="",
            gender="",
            active=True,
            public_name=clara.public_name,
        )
    assert polled(event, since) == 204
    cache.delete_many(list(feed.public_keys(event.pk)))
    assert polled(event, since) == 204
    assert drawn(event) == since


def test_a_deal_waiting_stays_hidden_when_the_cached_value_is_gone(
    director, django_capture_on_commit_callbacks
):
    game = canasta_game(director, public=True, language="en")
    event = game.round.event
    since = drawn(event)
    with django_capture_on_commit_callbacks(execute=True):
        submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    cache.clear()
    assert polled(event, since) == 204
    clock = reverse("tournaments-public-clock", args=[event.public_token])
    assert Client().get(clock, **HTMX).status_code == 200  # drawn anew: nothing cached


def test_the_public_series_counts_no_evening_whose_results_are_not_public(director):
    club = set_public_page(club_of(director), True)
    anna = members_of(club, "Anna Berger")["Anna Berger"]
    done = evening(director, club, 5, {anna: 3000}, status=Event.Status.FINISHED)
    tonight = evening(director, club, 6, {anna: 1234}, status=Event.Status.RUNNING)
    tonight.name = "Behind closed doors"
    tonight.save(update_fields=["name"])
    series = total_series(club, [done, tonight])
    url = reverse("tournaments-public-club-series", args=[club.public_token, public_id(series)])
    page = Client().get(url).content.decode()
    assert "3,000" in page
    assert "1,234" not in page and "Behind closed doors" not in page and "4,234" not in page
    Event.objects.filter(pk=tonight.pk).update(public=True)  # its own page shows them
    assert "4,234" in Client().get(url).content.decode()


def _standings(event: Event) -> str:
    """The public page's standings as a stranger's poll draws them (its value aside)."""
    url = reverse("tournaments-public", args=[event.public_token]) + "?since=1"
    return re.sub(r"since=\d+", "", Client().get(url, **HTMX).content.decode())


@pytest.mark.parametrize("how", ["a dispute set aside", "a later deal confirmed first"])
def test_a_table_where_no_deal_counts_yet_shows_no_score(director, how):
    """Nothing counts at table 1 yet: its players show "–" like everyone's, not a 0 that
    tells a stranger which table had a dispute or a deal waiting."""
    game = canasta_game(director, public=True, language="en")
    event = game.round.event
    before = _standings(event)
    first = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    if how == "a dispute set aside":
        disputed = dispute_entry(first, seat=seat_of(game, 2), reason="wrong")
        settle_dispute(disputed, user=director, accept=False, reason="Enter it again")
    else:
        second = submit_entry(game, 2, DEAL, seat=seat_of(game, 1))
        confirm_entry(second, seat=seat_of(game, 2))
    assert not Result.objects.filter(game=game).exists()
    assert _standings(event) == before


def test_the_club_pages_addresses_carry_no_database_id(director):
    """An evening's and a series' address on the club's public page says nothing of how many
    events and series the server holds (a federation's other clubs', unpublished ones)."""
    club = set_public_page(club_of(director), True)
    done = evening(director, club, 5, {"Anna Berger": 3000}, status=Event.Status.FINISHED)
    series = total_series(club, [done])
    page = Client().get(reverse("tournaments-public-club", args=[club.public_token]))
    links = re.findall(r'href="(/c/[^"]+/(?:evenings|series)/[^"]+/)"', page.content.decode())
    assert sorted(links) == sorted(
        [
            reverse("tournaments-public-club-evening", args=[club.public_token, public_id(done)]),
            reverse("tournaments-public-club-series", args=[club.public_token, public_id(series)]),
        ]
    )
    assert all(re.search(r"/[0-9a-f]{16}/$", link) for link in links)
    for name, row in (("evening", done), ("series", series)):
        by_id = f"/c/{club.public_token}/{'evenings' if name == 'evening' else 'series'}/{row.pk}/"
        assert Client().get(by_id).status_code == 404


def test_a_hidden_rename_costs_the_next_public_drawing_nothing_extra(
    hidden, django_capture_on_commit_callbacks
):
    """Nothing a stranger sees changed, so nothing is read or drawn again: a stranger
    loading the page every second cannot time a hidden change either."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event, clara = hidden
    url = reverse("tournaments-public", args=[event.public_token])
    Client().get(url)
    with CaptureQueriesContext(connection) as warm:
        Client().get(url)
    with django_capture_on_commit_callbacks(execute=True):
        save_member(
            clara.club,
            clara,
            name="Clara Rothmann",
            number="",
            gender="",
            active=True,
            public_name=clara.public_name,
        )
    with CaptureQueriesContext(connection) as after:
        Client().get(url)
    assert len(after) == len(warm)
