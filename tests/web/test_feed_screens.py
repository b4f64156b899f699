"""The director's and the public screens read the change feed (docs/design.md, "The change
feed"): each poll carries the value its part was drawn with; while nothing changed in its
scope the answer is 204 without reading a database row, the director's log-in included; a
change made by a real step shows at the next poll; and what time alone changes (a table
turning late) shows within one time step."""

import re
from html import unescape

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.web.live_helpers import step_on
from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.services.pages import live as live_pages
from tournaments.services.rounds.clock import start_clock
from tournaments.services.scores.calls import acknowledge_call, call_director
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.setup.events import update_details
from tournaments.services.setup.players import update_player
from tournaments.views import director_rounds
from tournaments.views import public as public_views

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}
POLL = re.compile(r'hx-get="([^"]*since=[^"]*)"')


def poll_in(html: str, part: str = "") -> str:
    """The address a part polls (its element's id; else the first poll on the page)."""
    if part:
        html = html.split(f'id="{part}"', 1)[1]
    return unescape(POLL.search(html).group(1))


@pytest.fixture(autouse=True)
def still(monkeypatch):
    """Time stands still unless a test moves it: no step boundary falls between a part's
    drawing and its poll."""
    step = live_pages.time_step()
    monkeypatch.setattr(live_pages, "time_step", lambda: step)


@pytest.fixture
def game(director):
    """Round 1 being played at two tables of a public progressive Canasta evening."""
    return canasta_game(director, public=True, round_kind="time", round_minutes=30)


def screens(game, director_client) -> dict[str, tuple[Client, str, str]]:
    """Every screen of this part: who looks, the address its page (or its first load) has,
    and the id of the part that polls."""
    event, token = game.round.event, game.round.event.public_token
    visitor = Client()
    return {
        "board": (
            director_client,
            reverse("tournaments-director-board", args=[event.pk, 1]),
            "board",
        ),
        "bar": (
            director_client,
            reverse("tournaments-director-alerts", args=[event.pk]),
            "director-alerts",
        ),
        "close dialog": (
            director_client,
            reverse("tournaments-director-rounds", args=[event.pk]),
            "closing",
        ),
        "standings": (
            director_client,
            reverse("tournaments-director-standings", args=[event.pk]),
            "standings",
        ),
        "director clock": (
            director_client,
            reverse("tournaments-director-clock", args=[event.pk]),
            "round-clock",
        ),
        "public page": (visitor, reverse("tournaments-public", args=[token]), "live"),
        "projector": (visitor, reverse("tournaments-public-projector", args=[token]), "panel"),
        "public clock": (visitor, reverse("tournaments-public-clock", args=[token]), "round-clock"),
    }


SCREENS = [
    "board",
    "bar",
    "close dialog",
    "standings",
    "director clock",
    "public page",
    "projector",
    "public clock",
]


def opened(client: Client, url: str, part: str) -> str:
    """The part's poll as the screen first shows it (a page, or a part that loads itself)."""
    headers = HTMX if "clock" in url or "alerts" in url else {}
    answer = client.get(url, **headers)
    assert answer.status_code == 200, url
    return poll_in(answer.content.decode(), part)


# The screens that show the standings and nothing of a deal until it is confirmed.
STANDINGS_ONLY = ("public page", "projector")


def change_for(game, name: str) -> None:
    """A step that changes what the part shows: the clock for a clock, a deal for the rest,
    confirmed where the part shows only what counts."""
    if "clock" in name:
        start_clock(game.round, user=game.round.event.owner)
        return
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    if name in STANDINGS_ONLY:
        confirm_entry(entry, seat=seat_of(game, 2))


def unchanged_poll(client: Client, poll: str) -> int:
    """The poll's status, asserting that it read no database row."""
    with CaptureQueriesContext(connection) as queries:
        status = client.get(poll, **HTMX).status_code
    assert not queries.captured_queries, [q["sql"] for q in queries.captured_queries]
    return status


@pytest.mark.parametrize("name", SCREENS)
def test_an_unchanged_poll_reads_no_row_and_a_step_shows_at_the_next(
    game, director_client, name, django_capture_on_commit_callbacks
):
    client, url, part = screens(game, director_client)[name]
    poll = opened(client, url, part)
    assert unchanged_poll(client, poll) == 204
    with django_capture_on_commit_callbacks(execute=True):
        change_for(game, name)
    answer = client.get(poll, **HTMX)
    assert answer.status_code == 200 and f'id="{part}"' in answer.content.decode()
    again = poll_in(answer.content.decode(), part)
    assert again != poll
    assert unchanged_poll(client, again) == 204


@pytest.mark.parametrize("name", SCREENS)
def test_a_poll_seen_before_its_change_committed_asks_the_database_once(
    game, director_client, name
):
    """A test's transaction never commits: the change's keys are dropped, so the poll reads
    the event's latest change from one query and draws the part anew."""
    client, url, part = screens(game, director_client)[name]
    poll = opened(client, url, part)
    change_for(game, name)
    assert client.get(poll, **HTMX).status_code == 200


@pytest.mark.parametrize("name", ["director clock", "public clock"])
def test_a_deal_entered_leaves_the_clock_unchanged(
    game, director_client, name, django_capture_on_commit_callbacks
):
    """The clock's scope is the event's clock: on a busy evening the deals entered every few
    seconds do not redraw every clock in the room."""
    client, url, part = screens(game, director_client)[name]
    poll = opened(client, url, part)
    with django_capture_on_commit_callbacks(execute=True):
        submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    assert unchanged_poll(client, poll) == 204


def test_the_board_and_the_public_page_show_the_deal_and_the_score(game, director_client):
    named = screens(game, director_client)
    board_client, board_url, _ = named["board"]
    public_client, public_url, _ = named["public page"]
    board = opened(board_client, board_url, "board")
    public = opened(public_client, public_url, "live")
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    shown = board_client.get(board, **HTMX).content.decode()
    assert "1 waiting for confirmation" in shown
    confirm_entry(entry, seat=seat_of(game, 2))
    assert "820" in public_client.get(public, **HTMX).content.decode()
    assert (
        "1 waiting for confirmation"
        not in board_client.get(poll_in(shown), **HTMX).content.decode()
    )


@pytest.mark.parametrize("name", ["board", "bar", "close dialog"])
def test_what_time_alone_changes_is_drawn_within_a_time_step(
    game, director_client, name, monkeypatch
):
    client, url, part = screens(game, director_client)[name]
    poll = opened(client, url, part)
    assert f"step={live_pages.time_step()}" in poll
    assert client.get(poll, **HTMX).status_code == 204
    step = step_on(monkeypatch)
    answer = client.get(poll, **HTMX)
    assert answer.status_code == 200 and f"step={step}" in poll_in(answer.content.decode(), part)


@pytest.mark.parametrize("name", ["standings", "public page", "projector"])
def test_what_time_does_not_change_has_no_step(game, director_client, name, monkeypatch):
    client, url, part = screens(game, director_client)[name]
    poll = opened(client, url, part)
    assert "step=" not in poll
    step_on(monkeypatch)
    assert client.get(poll, **HTMX).status_code == 204


def test_a_screen_without_the_directors_log_in_gets_no_answer_from_the_pass(game, director_client):
    """The pass is the poll's path and the director's session: another client sending the
    same poll is sent to log in, never answered 204."""
    client, url, part = screens(game, director_client)["board"]
    poll = opened(client, url, part)
    assert client.get(poll, **HTMX).status_code == 204
    stranger = Client().get(poll, **HTMX)
    assert stranger.status_code == 302 and "/login/" in stranger["Location"]


def test_a_page_switched_off_is_a_404_at_its_first_change(game, director_client):
    client, url, part = screens(game, director_client)["public page"]
    poll = opened(client, url, part)
    event = game.round.event
    event.public = False
    event.save(update_fields=["public"])
    confirm_entry(submit_entry(game, 1, DEAL, seat=seat_of(game, 1)), seat=seat_of(game, 2))
    assert client.get(poll, **HTMX).status_code == 404


@pytest.mark.parametrize("name", ["public page", "projector", "public clock"])
def test_a_page_the_director_switches_off_is_a_404_at_its_next_poll(game, director_client, name):
    """Switching the page off is a change of the event: its next poll, carrying the last
    value it was given, is not answered from the pass but by the page, which is gone."""
    client, url, part = screens(game, director_client)[name]
    poll = opened(client, url, part)
    assert client.get(poll, **HTMX).status_code == 204
    update_details(game.round.event, public=False)
    assert client.get(poll, **HTMX).status_code == 404
    assert client.get(url).status_code == 404


def test_two_directors_screens_share_one_drawing_of_the_board(
    game, director, director_client, monkeypatch
):
    """Each screen has its own session; after a change the board is judged once for both."""
    tablet = Client()
    tablet.force_login(director)
    url = reverse("tournaments-director-board", args=[game.round.event_id, 1])
    polls = [
        (me, poll_in(me.get(url).content.decode(), "board")) for me in (director_client, tablet)
    ]
    judged = []
    original = director_rounds.round_board

    def counted(rnd):
        judged.append(rnd.pk)
        return original(rnd)

    monkeypatch.setattr(director_rounds, "round_board", counted)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    drawn = [me.get(poll, **HTMX).content.decode() for me, poll in polls]
    assert drawn[0] == drawn[1] and judged == [game.round_id]


def test_the_shared_boards_forms_post_by_htmx_with_the_token_in_its_header(game, director):
    """A drawing shared by every screen holds no one's CSRF token: Acknowledge posts by htmx,
    which sends the screen's own token in its header, and its answer opens the board whole."""
    laptop = Client(enforce_csrf_checks=True)
    laptop.force_login(director)
    url = reverse("tournaments-director-board", args=[game.round.event_id, 1])
    poll = poll_in(laptop.get(url).content.decode(), "board")
    call = call_director(game.table, game.round, reason="A card on the floor")
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    board = laptop.get(poll, **HTMX).content.decode()
    assert "A card on the floor" in board and "csrfmiddlewaretoken" not in board
    acknowledge = reverse(
        "tournaments-director-call-acknowledge", args=[game.round.event_id, call.pk]
    )
    assert f'hx-post="{acknowledge}"' in board
    assert laptop.post(acknowledge, **HTMX).status_code == 403  # no token, no step
    token = laptop.cookies["csrftoken"].value
    answer = laptop.post(acknowledge, HTTP_X_CSRFTOKEN=token, **HTMX)
    assert answer.status_code == 200 and answer["HX-Redirect"].startswith(url)
    call.refresh_from_db()
    assert call.acknowledged_by == director


@pytest.mark.parametrize("name", ["board", "standings", "public page", "projector"])
def test_a_name_corrected_during_the_round_reaches_every_screen_that_shows_it(
    game, director_client, name
):
    """Between two scores nothing else changes: the name's own change on the feed brings it
    (the mark a screen compared once forgot names, and a corrected name stayed on the board)."""
    if name == "standings":  # before the first score they name no one
        confirm_entry(submit_entry(game, 1, DEAL, seat=seat_of(game, 1)), seat=seat_of(game, 2))
    client, url, part = screens(game, director_client)[name]
    poll = opened(client, url, part)
    assert client.get(poll, **HTMX).status_code == 204
    event = game.round.event
    player = event.players.get(number=1)
    update_player(event, player, name="Zoë Typofixed", gender=player.gender, club="")
    answer = client.get(poll, **HTMX)
    assert answer.status_code == 200 and "Zoë Typofixed" in answer.content.decode()


def deal_confirmed(game) -> None:
    """Table 1's first deal, entered by side A and confirmed by side B."""
    confirm_entry(submit_entry(game, 1, DEAL, seat=seat_of(game, 1)), seat=seat_of(game, 2))


def name_corrected(game) -> None:
    """Player 1's name corrected by the director: a change of the event's frame."""
    event = game.round.event
    player = event.players.get(number=1)
    update_player(event, player, name="Zoë Typofixed", gender=player.gender, club="")


def seating_reads(monkeypatch) -> list[int]:
    """The events whose seating the public views read from here on, one item a read."""
    read: list[int] = []
    original = public_views.seating_of

    def counted(rnd):
        read.append(rnd.event_id)
        return original(rnd)

    monkeypatch.setattr(public_views, "seating_of", counted)
    return read


@pytest.mark.parametrize("name", ["public page", "projector"])
def test_the_seating_is_read_again_only_when_the_frame_changes(
    game, director_client, name, monkeypatch, django_capture_on_commit_callbacks
):
    """A deal confirmed redraws the standings from the seating read before; the clock draws
    nothing here (the screen's clock is a part of its own); a name corrected changes the
    event's frame, and the seating is read again, with the name."""
    client, url, part = screens(game, director_client)[name]
    read = seating_reads(monkeypatch)
    poll = opened(client, url, part)
    assert len(read) == 1
    with django_capture_on_commit_callbacks(execute=True):
        deal_confirmed(game)
    answer = client.get(poll, **HTMX).content.decode()
    assert "820" in answer and len(read) == 1
    with django_capture_on_commit_callbacks(execute=True):
        start_clock(game.round, user=game.round.event.owner)
    assert client.get(poll_in(answer, part), **HTMX).status_code == 204 and len(read) == 1
    with django_capture_on_commit_callbacks(execute=True):
        name_corrected(game)
    answer = client.get(poll_in(answer, part), **HTMX).content.decode()
    assert "Zoë Typofixed" in answer and len(read) == 2


def tile_of(board: str, number: int) -> str:
    return board.split(f'data-table="{number}"')[1].split("</li>")[0]


def test_a_boards_tile_is_drawn_again_only_when_its_table_or_the_clock_changed(
    game, director_client, monkeypatch, django_capture_on_commit_callbacks
):
    """Table 2's deal draws table 2's tile anew and table 1's comes as it was drawn, until
    its own call changes it, and again once the call is acknowledged."""
    client, url, part = screens(game, director_client)["board"]
    kept = []
    original = cache.set

    def counted(key, *args, **kwargs):
        if "board_tile" in key:
            kept.append(key)
        return original(key, *args, **kwargs)

    monkeypatch.setattr(cache, "set", counted)
    poll = opened(client, url, part)
    assert kept == []  # the page drawn for this director alone keeps nothing
    other = game.round.games.get(table__number=2)
    with django_capture_on_commit_callbacks(execute=True):
        submit_entry(other, 1, DEAL, seat=other.seats.get(position=1))
    board = client.get(poll, **HTMX).content.decode()
    assert 'data-state="entered"' in tile_of(board, 2) and len(kept) == 2
    assert 'data-state="waiting"' in tile_of(board, 1)
    with django_capture_on_commit_callbacks(execute=True):
        submit_entry(other, 2, DEAL, seat=other.seats.get(position=1))
    board = client.get(poll_in(board, part), **HTMX).content.decode()
    assert "2 waiting" in tile_of(board, 2) and len(kept) == 3  # table 2's alone
    with django_capture_on_commit_callbacks(execute=True):
        call = call_director(game.table, game.round, reason="A card on the floor")
    board = client.get(poll_in(board, part), **HTMX).content.decode()
    assert "A card on the floor" in tile_of(board, 1) and len(kept) == 4
    assert "2 waiting" in tile_of(board, 2)
    with django_capture_on_commit_callbacks(execute=True):
        acknowledge_call(call, user=game.round.event.owner)
    board = client.get(poll_in(board, part), **HTMX).content.decode()
    assert "A card on the floor" not in board and len(kept) == 5


def test_the_boards_own_page_posts_without_htmx_too(game, director):
    """A tap on Acknowledge before htmx has started on a board just opened posts the form
    itself: the page drawn for this director holds its CSRF token (a poll's shared board
    does not, and its tiles are the ones kept)."""
    laptop = Client(enforce_csrf_checks=True)
    laptop.force_login(director)
    call = call_director(game.table, game.round, reason="A card on the floor")
    url = reverse("tournaments-director-board", args=[game.round.event_id, 1])
    page = laptop.get(url).content.decode()
    form = tile_of(page, 1).split("<form", 1)[1].split("</form>")[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)[1]
    acknowledge = reverse(
        "tournaments-director-call-acknowledge", args=[game.round.event_id, call.pk]
    )
    answer = laptop.post(acknowledge, {"csrfmiddlewaretoken": token})
    assert answer.status_code == 302
    call.refresh_from_db()
    assert call.acknowledged_by == director
