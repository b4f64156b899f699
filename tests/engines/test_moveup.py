"""Winner moves up, RULES.md 3.2 (source 000 §27, end)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meldcore.messages import DomainError
from pairings.moveup import (
    HIGH_TWO,
    HIGH_TWO_ALL_REUNITE,
    HIGHEST_WITH_LOWEST,
    HIGHEST_WITH_THIRD,
    ROUNDS,
    decide_table,
    explain_move,
    move,
    move_pairs,
    seat_table,
    seat_table_explained,
)


def three_tables():
    """Table t: winners (tW1, tW2) beat losers (tL1, tL2)."""
    return [((f"{t}W1", f"{t}W2"), (f"{t}L1", f"{t}L2")) for t in (1, 2, 3)]


def partners(*pairs):
    return {frozenset(pair) for pair in pairs}


# --- moving, one test per rule --------------------------------------------------------------


def test_the_winners_at_table_one_stay():
    assert move(three_tables())[0][:2] == ("1W1", "1W2")


def test_the_losers_at_table_one_go_to_the_highest_numbered_table():
    assert set(move(three_tables())[2]) >= {"1L1", "1L2"}


def test_at_every_other_table_the_losers_stay():
    tables = move(three_tables())
    assert tables[1][:2] == ("2L1", "2L2")
    assert tables[2][:2] == ("3L1", "3L2")


def test_at_every_other_table_the_winners_move_to_the_next_lower_numbered_table():
    tables = move(three_tables())
    assert tables[0][2:] == ("2W1", "2W2")
    assert tables[1][2:] == ("3W1", "3W2")


def test_four_rounds_are_played():
    assert ROUNDS == 4


def test_with_two_tables_the_losers_swap_with_the_winners_of_table_two():
    tables = move(three_tables()[:2])
    assert tables == [("1W1", "1W2", "2W1", "2W2"), ("2L1", "2L2", "1L1", "1L2")]


def test_with_one_table_everyone_stays():
    assert move([(("A", "B"), ("C", "D"))]) == [("A", "B", "C", "D")]


def test_fixed_partnerships_move_together():
    assert move_pairs(three_tables()) == [
        (("1W1", "1W2"), ("2W1", "2W2")),
        (("2L1", "2L2"), ("3W1", "3W2")),
        (("3L1", "3L2"), ("1L1", "1L2")),
    ]


def test_the_director_sees_who_stays_and_where_the_others_come_from():
    lines = [str(line) for line in explain_move(three_tables())]
    assert lines == [
        "Table 1: 1W1 & 1W2 stay; 2W1 & 2W2 come from table 2.",
        "Table 2: 2L1 & 2L2 stay; 3W1 & 3W2 come from table 3.",
        "Table 3: 3L1 & 3L2 stay; 1L1 & 1L2 come from table 1.",
    ]


def test_results_naming_a_player_twice_are_rejected():
    results = [(("A", "B"), ("C", "D")), (("A", "E"), ("F", "G"))]
    with pytest.raises(DomainError, match="A appears twice"):
        move(results)


def test_a_table_without_two_winners_and_two_losers_is_rejected():
    with pytest.raises(DomainError, match="Table 1 needs two winners and two losers"):
        move([(("A",), ("C", "D"))])


# --- a level game -------------------------------------------------------------------------


def test_the_side_with_the_higher_total_wins():
    assert decide_table(("A", "B"), ("C", "D"), 4210, 5030) == (("C", "D"), ("A", "B"))


def test_a_level_game_needs_a_decision_before_anyone_moves():
    with pytest.raises(DomainError, match="ended level at 5100 each"):
        decide_table(("A", "B"), ("C", "D"), 5100, 5100)


def test_a_level_game_follows_the_recorded_decision():
    result = decide_table(("A", "B"), ("C", "D"), 5100, 5100, level_winner=("C", "D"))
    assert result == (("C", "D"), ("A", "B"))


# --- partnerships at a table, one test per rule ---------------------------------------------


def test_the_high_two_cards_play_the_low_two():
    seating = seat_table_explained("ABCD", set())
    assert seating.sides == (("A", "B"), ("C", "D"))
    assert seating.fallback == HIGH_TWO


def test_if_high_two_would_reunite_partners_the_highest_partners_the_third_highest():
    assert seat_table("ABCD", partners("AB")) == (("A", "C"), ("B", "D"))
    assert seat_table("ABCD", partners("CD")) == (("A", "C"), ("B", "D"))
    assert seat_table_explained("ABCD", partners("CD")).fallback == HIGHEST_WITH_THIRD


def test_if_that_also_reunites_partners_the_highest_partners_the_lowest():
    seating = seat_table_explained("ABCD", partners("AB", "BD"))
    assert seating.sides == (("A", "D"), ("B", "C"))
    assert seating.fallback == HIGHEST_WITH_LOWEST


def test_if_all_three_reunite_partners_the_high_two_play_the_low_two():
    seating = seat_table_explained("ABCD", partners("AB", "AC", "BC"))
    assert seating.sides == (("A", "B"), ("C", "D"))
    assert seating.fallback == HIGH_TWO_ALL_REUNITE
    assert "Every way to seat this table reunites partners" in str(seating.note)


def test_the_note_names_who_partners_whom():
    seating = seat_table_explained("ABCD", partners("AB"))
    assert str(seating.note) == (
        "High two against low two would reunite partners: A (highest card) partners "
        "C (third-highest) against B and D."
    )


def test_partners_sit_opposite_with_the_highest_card_in_seat_one():
    assert seat_table_explained("ABCD", set()).seats == ("A", "C", "B", "D")


def test_a_table_needs_four_different_players():
    with pytest.raises(DomainError):
        seat_table("ABCA", set())


# --- properties -----------------------------------------------------------------------------


@st.composite
def events(draw):
    tables = draw(st.integers(min_value=1, max_value=25))
    players = draw(st.permutations(list(range(4 * tables))))
    return [
        ((players[4 * t], players[4 * t + 1]), (players[4 * t + 2], players[4 * t + 3]))
        for t in range(tables)
    ]


@settings(max_examples=200, deadline=None)
@given(events())
def test_moving_keeps_every_player_and_fills_every_table(results):
    tables = move(results)
    assert len(tables) == len(results)
    assert all(len(table) == 4 for table in tables)
    before = Counter(p for winners, losers in results for p in (*winners, *losers))
    assert Counter(p for table in tables for p in table) == before


@settings(max_examples=200, deadline=None)
@given(events())
def test_nobody_moves_more_than_one_table_except_the_losers_at_table_one(results):
    where = {p: t for t, table in enumerate(move(results)) for p in table}
    for t, (winners, losers) in enumerate(results):
        assert all(where[p] == max(t - 1, 0) for p in winners)
        expected = len(results) - 1 if t == 0 else t
        assert all(where[p] == expected for p in losers)


@settings(max_examples=100, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_drawn_partnerships_only_reunite_partners_when_every_way_would(results, rng):
    former = {frozenset(side) for winners, losers in results for side in (winners, losers)}
    for _ in range(ROUNDS - 1):
        played = []
        for table in move(results):
            drawn = list(table)
            rng.shuffle(drawn)
            seating = seat_table_explained(drawn, former)
            sides = {frozenset(side) for side in seating.sides}
            if seating.fallback != HIGH_TWO_ALL_REUNITE:
                assert not sides & former
            else:
                a, b, c, d = drawn
                for option in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
                    assert {frozenset(side) for side in option} & former
            former |= sides
            played.append(seating.sides if rng.random() < 0.5 else seating.sides[::-1])
        results = played
