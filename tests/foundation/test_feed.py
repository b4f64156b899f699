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


def _values(event, rnd, games):
    return (
        feed.latest(feed.event_key(event.pk), event.pk),
        feed.latest(feed.round_key(rnd.pk), event.pk),
        *(feed.latest(feed.table_key(game.table_id), event.pk) for game in games),
    )


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
    assert after[:3] == (change.pk, change.pk, change.pk)
    assert after[3] == before[3]


def test_a_round_or_event_change_reaches_every_table(evening, django_capture_on_commit_callbacks):
    event, rnd, games = evening
    with django_capture_on_commit_callbacks(execute=True):
        clock = feed.record(event, feed.Kind.CLOCK, round=rnd)
    assert set(_values(event, rnd, games)) == {clock.pk}
    with django_capture_on_commit_callbacks(execute=True):
        names = feed.record(event, feed.Kind.NAMES)
    assert set(_values(event, rnd, games)) == {names.pk}


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
    assert (shown, now, len(queries)) == (0, change.pk, 1)
