"""Steps that a page left open sends while another step changes what they rely on, each on
its own connection (a race probe's findings): a call and a dispute at one table, a set-up
step while round 1 starts, a name or a detail while the evening finishes.

Each test holds the first step inside its transaction (its locks taken) and starts the
second meanwhile, as ``test_close_races`` does: the second must wait for the first's locks
and then see what it did, never deadlock, fail on a row gone or land where it has no place.
"""

import pytest

from tests.factories import make_event, make_tables
from tests.faults.test_close_races import held, run_together
from tests.web.rounds_helpers import close, finish
from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.kernel import feed
from tournaments.models import Event, Player, Round, TableCall
from tournaments.services.rounds import steps as rounds
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.calls import acknowledge_call, call_director
from tournaments.services.scores.entries import dispute_entry, submit_entry
from tournaments.services.setup import events as setup
from tournaments.services.setup.directors import add_co_director
from tournaments.services.setup.draw import draw_numbers
from tournaments.services.setup.events import finish_event, set_round, set_scoring, update_details
from tournaments.services.setup.players import remove_player, update_player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

STARTED = "Round 1 has started, so the set-up can no longer be changed."
FINISHED = "The event is finished: nothing can be changed any more."


def a_call_on_the_feed(event_id, kind, *args, **kwargs) -> bool:
    return kind == feed.Kind.CALL


# --- a call and a dispute at the same table ---------------------------------------------


def test_a_call_and_a_dispute_at_one_table_wait_for_each_other_instead_of_deadlocking(director):
    game = canasta_game(director)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    with held(feed, "record", a_call_on_the_feed) as reached:
        called, disputed = run_together(
            lambda: call_director(game.table, game.round, reason="A question"),
            lambda: dispute_entry(entry, seat=seat_of(game, 2), reason="Wrong total"),
            reached,
        )
    assert called[0] == "done", called
    assert disputed[0] == "done", disputed
    call = TableCall.objects.get()  # pressing and disputing is one call to the table
    assert (call.reason, call.entry_id) == ("A question", entry.pk)


def test_acknowledging_a_call_while_the_table_disputes_waits_instead_of_deadlocking(director):
    game = canasta_game(director)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    call = call_director(game.table, game.round, reason="A question")
    with held(feed, "record", a_call_on_the_feed) as reached:
        seen, disputed = run_together(
            lambda: acknowledge_call(call, user=director),
            lambda: dispute_entry(entry, seat=seat_of(game, 2), reason="Wrong total"),
            reached,
        )
    assert seen[0] == "done", seen
    assert disputed[0] == "done", disputed
    assert TableCall.objects.filter(acknowledged_at__isnull=False).exists()


# --- a set-up step while round 1 starts -------------------------------------------------


@pytest.fixture
def ready(director):
    """A winner-moves-up evening of 8 players at 2 tables, round 1 not yet started."""
    event = make_event(director, players=8, fmt="moveup")
    make_tables(event, 2)
    return event


SETUP_STEPS = {
    "rounds": lambda event: set_round(
        event, round_kind=Event.RoundKind.DEALS, round_deals=4, round_minutes=None
    ),
    "scoring": lambda event: set_scoring(event, scoring_mode=event.scoring_mode, bye_score=0),
    "draw": lambda event: draw_numbers(event, seed="again"),
    "remove": lambda event: remove_player(event, event.players.get(number=8)),
}


@pytest.mark.parametrize("step", sorted(SETUP_STEPS))
def test_a_set_up_step_sent_while_round_1_starts_waits_and_is_refused(director, ready, step):
    with held(rounds, "plan_round") as reached:
        started, changed = run_together(
            lambda: start_round(ready, user=director),
            lambda: SETUP_STEPS[step](Event.objects.get(pk=ready.pk)),
            reached,
        )
    assert started[0] == "done", started
    assert changed == ("refused", STARTED)
    assert ready.rounds.get().status == Round.Status.OPEN
    assert Player.objects.filter(event=ready).count() == 8
    ready.refresh_from_db()
    assert ready.round_kind != Event.RoundKind.DEALS or ready.round_deals != 4


# --- a name or a detail while the evening finishes --------------------------------------


@pytest.fixture
def played(director, ready):
    first = start_round(ready, user=director)
    finish(first)
    close(first)
    return ready


RUNNING_STEPS = {
    "name": lambda event: update_player(
        event, event.players.get(number=1), name="Late Name", gender="", club=""
    ),
    "details": lambda event: update_details(event, name="Renamed after the end"),
}


@pytest.mark.parametrize("step", sorted(RUNNING_STEPS))
def test_a_change_sent_while_the_evening_finishes_waits_and_is_refused(director, played, step):
    with held(setup, "record") as reached:
        finished, changed = run_together(
            lambda: finish_event(Event.objects.get(pk=played.pk), director),
            lambda: RUNNING_STEPS[step](Event.objects.get(pk=played.pk)),
            reached,
        )
    assert finished[0] == "done", finished
    assert changed == ("refused", FINISHED)
    assert not Player.objects.filter(event=played, name="Late Name").exists()
    assert Event.objects.get(pk=played.pk).name != "Renamed after the end"


# --- the owner adds a co-director twice (a double tap) ----------------------------------


def test_a_co_director_added_twice_at_once_is_added_once(director, other_director):
    event = make_event(director, players=0)
    with held(feed, "record") as reached:
        first, second = run_together(
            lambda: add_co_director(event, director, other_director.username),
            lambda: add_co_director(event, director, other_director.username),
            reached,
        )
    assert first[0] == "done", first
    assert second == ("refused", "Please correct the marked fields."), second
    assert list(event.co_directors.all()) == [other_director]
