"""The change feed's scopes and its answer from the cache (``tournaments.kernel.feed``)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_event, seat_round
from tournaments.kernel import feed

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(director):
    event = make_event(director, players=8)
    first = seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    return event, first, list(first.games.order_by("table__number"))


def _keys(event, rnd, games):
    return [
        feed.event_key(event.pk),
        feed.round_key(rnd.pk),
        *(feed.table_key(game.table_id) for game in games),
    ]


def _values(event, rnd, games):
    return tuple(feed.latest(key, event.pk) for key in _keys(event, rnd, games))


def _values_of(change, event, rnd, games):
    """What the screens of these scopes are given once ``change`` reached them."""
    return tuple(feed.value_of(key, change.pk) for key in _keys(event, rnd, games))


def test_a_game_change_reaches_its_table_round_and_event_not_the_other_table(
    evening, django_capture_on_commit_callbacks
):
    event, rnd, (one, two) = evening
    with django_capture_on_commit_callbacks(execute=True):
        feed.record(event, feed.Kind.SCORE, game=one)
    before = _values(event, rnd, (one, two))
    with django_capture_on_commit_callbacks(execute=True):
        change = feed.record(event, feed.Kind.SCORE, game=one)
    after = _values(event, rnd, (one, two))
    assert after[:3] == _values_of(change, event, rnd, (one,))
    assert after[3] == before[3]


def test_a_round_or_event_change_reaches_every_table(evening, django_capture_on_commit_callbacks):
    event, rnd, games = evening
    with django_capture_on_commit_callbacks(execute=True):
        clock = feed.record(event, feed.Kind.CLOCK, round=rnd)
    assert _values(event, rnd, games) == _values_of(clock, event, rnd, games)
    with django_capture_on_commit_callbacks(execute=True):
        names = feed.record(event, feed.Kind.NAMES)
    assert _values(event, rnd, games) == _values_of(names, event, rnd, games)


def test_an_unchanged_scope_is_answered_from_the_cache_alone(
    evening, django_capture_on_commit_callbacks
):
    event, rnd, (one, _two) = evening
    with django_capture_on_commit_callbacks(execute=True):
        feed.record(event, feed.Kind.SCORE, game=one)
    with CaptureQueriesContext(connection) as queries:
        feed.latest(feed.table_key(one.table_id), event.pk)
    assert len(queries) == 0


def test_before_its_commit_a_change_drops_its_keys_so_a_reader_asks_the_database(evening):
    """A test's transaction never commits: the reader still sees the change, from one query."""
    event, rnd, (one, _two) = evening
    shown = feed.latest(feed.table_key(one.table_id), event.pk)
    change = feed.record(event, feed.Kind.SCORE, game=one)
    with CaptureQueriesContext(connection) as queries:
        now = feed.latest(feed.table_key(one.table_id), event.pk)
    key = feed.table_key(one.table_id)
    assert (shown, now, len(queries)) == (feed.value_of(key, 0), feed.value_of(key, change.pk), 1)


def test_the_values_screens_are_given_say_nothing(evening, django_capture_on_commit_callbacks):
    """Not the change's id: two polls' values do not count the changes between them (another
    club's, a deal waiting), and one change's value in one scope tells nothing of another's."""
    event, rnd, (one, _two) = evening
    with django_capture_on_commit_callbacks(execute=True):
        first = feed.record(event, feed.Kind.SCORE, game=one)
        second = feed.record(event, feed.Kind.SCORE, game=one)
    key = feed.standings_key(event.pk)
    values = [feed.value_of(key, change.pk) for change in (first, second)]
    assert feed.latest(key, event.pk) == values[1] not in (first.pk, second.pk)
    assert abs(values[1] - values[0]) > 1_000_000 and min(values) > 0 and max(values) < 2**53
    assert feed.value_of(feed.event_key(event.pk), second.pk) != values[1]


def test_a_change_no_public_screen_shows_leaves_the_public_scopes(
    evening, django_capture_on_commit_callbacks
):
    event, rnd, games = evening
    public = [feed.standings_key(event.pk), feed.clock_key(event.pk)]
    before = [feed.latest(key, event.pk) for key in public]
    with django_capture_on_commit_callbacks(execute=True):
        names = feed.record(event, feed.Kind.NAMES, public=False)
    assert [feed.latest(key, event.pk) for key in public] == before
    assert _values(event, rnd, games) == _values_of(names, event, rnd, games)
