"""The event's standings on the change feed (``tournaments.kernel.feed``, ``standings_key``):
what the public page and the projector compare. Every change reaches it but the ones that
count nowhere: a deal entered, changed or disputed and waiting for its confirmation, a call
and the clock. A deal confirmed, a name corrected and a round closed reach it."""

import pytest

from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.kernel import feed
from tournaments.models import Change
from tournaments.services.rounds.clock import start_clock
from tournaments.services.rounds.steps import force_close_round
from tournaments.services.scores.calls import call_director
from tournaments.services.scores.entries import confirm_entry, dispute_entry, submit_entry
from tournaments.services.setup.players import update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def game(director):
    return canasta_game(director, public=True, round_kind="time", round_minutes=30)


def standings_now(game) -> int:
    return feed.latest(feed.standings_key(game.round.event_id), game.round.event_id)


def step_reaches_the_standings(game, step, django_capture_on_commit_callbacks) -> bool:
    """Runs ``step`` and says whether the standings' value moved; the step must have
    recorded a change on the feed either way."""
    before, changes = standings_now(game), Change.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        step()
    assert Change.objects.count() > changes
    return standings_now(game) != before


def test_a_deal_waiting_a_call_and_the_clock_leave_the_standings(
    game, django_capture_on_commit_callbacks
):
    standings_now(game)  # the value is known before the first step
    entered = []

    def enter():
        entered.append(submit_entry(game, 1, DEAL, seat=seat_of(game, 1)))

    def change():
        version = entered[-1].version
        entered.append(submit_entry(game, 1, DEAL, seat=seat_of(game, 1), expected_version=version))

    def dispute():
        dispute_entry(entered[-1], seat=seat_of(game, 2), reason="We counted 20 less.")

    def call():
        call_director(game.table, game.round, reason="A question")

    def clock():
        start_clock(game.round, user=game.round.event.owner)

    for step in (enter, change, dispute, call, clock):
        assert not step_reaches_the_standings(game, step, django_capture_on_commit_callbacks), (
            step.__name__
        )


def test_a_deal_confirmed_a_name_corrected_and_a_round_closed_reach_the_standings(
    game, django_capture_on_commit_callbacks
):
    event = game.round.event
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    player = event.players.get(number=1)

    def confirm():
        confirm_entry(entry, seat=seat_of(game, 2))

    def rename():
        update_player(event, player, name="Zoë Typofixed", gender=player.gender, club="")

    def close():
        force_close_round(game.round, user=event.owner, reason="The hall closes.")

    for step in (confirm, rename, close):
        assert step_reaches_the_standings(game, step, django_capture_on_commit_callbacks), (
            step.__name__
        )


def test_a_kind_of_change_not_named_as_counting_nowhere_reaches_the_standings():
    """The rule is written the safe way round: only the kinds named reach no standings."""
    assert set(feed.UNCOUNTED) == {Change.Kind.ENTRY, Change.Kind.CALL, Change.Kind.CLOCK}
    for kind in Change.Kind:
        keys = feed._scope_keys(1, 2, None, kind)
        assert (feed.standings_key(1) in keys) == (kind not in feed.UNCOUNTED), kind
