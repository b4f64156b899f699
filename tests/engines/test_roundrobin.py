"""Round robin, RULES.md 3.3 (source 002 §16)."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meldcore.messages import DomainError
from pairings.roundrobin import schedule

sizes = st.integers(min_value=2, max_value=40)


def games(rounds):
    return [pair for games in rounds for pair in games if pair[1] is not None]


@settings(max_examples=60, deadline=None)
@given(sizes)
def test_every_entrant_plays_every_other_exactly_once(n):
    met = Counter(frozenset(pair) for pair in games(schedule(n)))
    assert set(met) == {frozenset(pair) for pair in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}


@settings(max_examples=60, deadline=None)
@given(sizes)
def test_everyone_plays_or_sits_out_exactly_once_per_round(n):
    for games_of_round in schedule(n):
        seated = [p for pair in games_of_round for p in pair if p is not None]
        assert sorted(seated) == list(range(1, n + 1))


@settings(max_examples=60, deadline=None)
@given(sizes)
def test_an_even_field_plays_n_minus_one_rounds_and_an_odd_field_n(n):
    assert len(schedule(n)) == (n - 1 if n % 2 == 0 else n)


@settings(max_examples=60, deadline=None)
@given(sizes.filter(lambda n: n % 2))
def test_in_an_odd_field_each_round_has_one_bye_and_everyone_sits_out_once(n):
    byes = []
    for games_of_round in schedule(n):
        round_byes = [a for a, b in games_of_round if b is None]
        assert len(round_byes) == 1
        assert games_of_round[-1] == (round_byes[0], None)
        byes += round_byes
    assert sorted(byes) == list(range(1, n + 1))


def test_an_even_field_has_no_byes():
    assert all(b is not None for games_of_round in schedule(8) for _, b in games_of_round)


def test_six_players_follow_the_berger_tables():
    assert schedule(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@settings(max_examples=60, deadline=None)
@given(sizes)
def test_first_seats_are_shared_fairly(n):
    seats: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    for first, second in games(schedule(n)):
        seats[first].append("first")
        seats[second].append("second")
    for run in seats.values():
        assert abs(run.count("first") - run.count("second")) <= (0 if n % 2 else 1)
        assert all(len(set(run[i : i + 3])) > 1 for i in range(len(run) - 2))


def test_a_round_robin_needs_two_entrants():
    with pytest.raises(DomainError, match="at least 2 entrants"):
        schedule(1)
