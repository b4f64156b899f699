"""Nobody is sent home: sitters seated at a table of five, six or three (RULES.md 1.2)."""

from collections import Counter

import pytest

from pairings.odd_tables import odd_table_kinds
from pairings.schedules import TableKind, check_schedule, progressive_schedule, seat_everyone


def seat_counts(schedule):
    return [Counter(r.seated) for r in schedule.rounds]


@pytest.mark.parametrize(
    ("n", "kind", "sides"),
    [
        (9, TableKind.FIVE, (2, 3)),
        (10, TableKind.SIX_TWO_SIDES, (3, 3)),
        (10, TableKind.SIX_THREE_TEAMS, (2, 2, 2)),
        (11, TableKind.THREE, (1, 1, 1)),
    ],
)
def test_every_player_is_seated_exactly_once_in_every_round(n, kind, sides):
    schedule = seat_everyone(progressive_schedule(n), kind)
    for round_, counts in zip(schedule.rounds, seat_counts(schedule), strict=True):
        assert round_.sitting_out == ()
        assert counts == Counter(range(1, n + 1))
        assert [tuple(len(s) for s in t.sides) for t in round_.odd_tables] == [sides]
        assert all(t.kind is kind for t in round_.odd_tables)
    seating = [p for p in check_schedule(schedule).problems if p.template.startswith("Round")]
    assert seating == []


def test_four_player_tables_keep_their_pairs_of_pairs_shape():
    round_ = seat_everyone(progressive_schedule(9)).rounds[0]
    assert all(len(t) == 2 and all(len(side) == 2 for side in t) for t in round_.tables)
    assert len(round_.tables) == 1


def test_the_table_that_grows_to_five_rotates_between_rounds():
    schedule = progressive_schedule(13)
    grown = []
    for plain, seated in zip(schedule.rounds, seat_everyone(schedule).rounds, strict=True):
        (five,) = seated.odd_tables
        grown.append(next(i for i, t in enumerate(plain.tables) if t[0] == five.sides[0]))
    assert grown[:3] == [0, 1, 2]


def test_the_sitter_joins_the_side_of_three_at_the_table_of_five():
    plain = progressive_schedule(5).rounds[0]
    (five,) = seat_everyone(progressive_schedule(5)).rounds[0].odd_tables
    assert five.sides == (plain.tables[0][0], (*plain.tables[0][1], *plain.sitting_out))


@pytest.mark.parametrize(("n", "kinds"), [(8, ()), (9, ("five",)), (11, ("three",))])
def test_possible_odd_tables_follow_the_head_count(n, kinds):
    assert tuple(k.value for k in odd_table_kinds(n)) == kinds


def test_a_table_that_does_not_fit_the_head_count_is_refused():
    with pytest.raises(ValueError, match="A five table does not fit 10 players"):
        seat_everyone(progressive_schedule(10), TableKind.FIVE)


def test_without_sitters_the_schedule_is_unchanged():
    assert seat_everyone(progressive_schedule(8)).rounds == progressive_schedule(8).rounds
