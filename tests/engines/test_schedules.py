"""Published progressive schedules, mixed pairs, the API's refusals, pasted schedules."""

import re

import pytest

from pairings.schedules import (
    Schedule,
    check_schedule,
    format_schedule,
    parse_schedule,
    progressive_schedule,
)

# RULES.md 3.1, copied character for character (the 4-player games as one line).
RULES_TEXT = {
    4: "R1 1-2 vs 3-4; R2 1-3 vs 2-4; R3 1-4 vs 2-3",
    5: "R1 1-2 vs 3-4 (5 out); R2 1-5 vs 2-3 (4 out); R3 1-4 vs 2-5 (3 out); "
    "R4 1-3 vs 4-5 (2 out); R5 2-4 vs 3-5 (1 out).",
    8: "R1 1-6 vs 2-5 | 3-8 vs 4-7; R2 2-3 vs 5-8 | 1-4 vs 6-7; R3 1-8 vs 3-6 | 2-7 vs 4-5; "
    "R4 1-2 vs 3-4 | 5-6 vs 7-8; R5 1-7 vs 2-8 | 3-5 vs 4-6; R6 2-6 vs 3-7 | 1-5 vs 4-8; "
    "R7 2-4 vs 6-8 | 1-3 vs 5-7.",
    12: "R1 1-2 vs 3-4 | 5-6 vs 7-8 | 9-10 vs 11-12; R2 3-6 vs 7-10 | 1-4 vs 9-12 | 2-11 vs 5-8; "
    "R3 4-11 vs 7-12 | 2-9 vs 3-8 | 1-6 vs 5-10; R4 3-10 vs 5-12 | 1-8 vs 2-7 | 4-9 vs 6-11; "
    "R5 1-10 vs 8-11 | 3-12 vs 6-9 | 2-5 vs 4-7; R6 1-12 vs 6-7 | 4-5 vs 10-11 | 2-3 vs 8-9; "
    "R7 2-6 vs 3-11 | 7-9 vs 8-10 | 1-5 vs 4-12; R8 2-12 vs 5-9 | 3-7 vs 4-8 | 1-11 vs 6-10; "
    "R9 1-7 vs 4-10 | 3-9 vs 5-11 | 2-8 vs 6-12; R10 6-8 vs 9-11 | 2-4 vs 10-12 | 1-3 vs 5-7; "
    "R11 1-9 vs 7-11 | 2-10 vs 3-5 | 4-6 vs 8-12.",
}


def rules_rounds(n: int) -> list[tuple[list, tuple]]:
    """The rounds as RULES.md prints them, read without Meld's own parser."""
    rounds = []
    for chunk in RULES_TEXT[n].rstrip(".").split(";"):
        tables = [
            ((int(a), int(b)), (int(c), int(d)))
            for a, b, c, d in re.findall(r"(\d+)-(\d+) vs (\d+)-(\d+)", chunk)
        ]
        out = re.search(r"\((\d+) out\)", chunk)
        rounds.append((tables, (int(out.group(1)),) if out else ()))
    return rounds


@pytest.mark.parametrize("n", [4, 5, 8, 12])
def test_published_schedule_is_exactly_the_printed_one(n):
    schedule = progressive_schedule(n)
    assert [(r.tables, r.sitting_out) for r in schedule.rounds] == rules_rounds(n)
    assert schedule.n_players == n
    assert schedule.source == "published"


def test_published_tables_are_lists_of_pairs_of_pairs():
    first = progressive_schedule(8).rounds[0]
    assert first.tables == [((1, 6), (2, 5)), ((3, 8), (4, 7))]
    assert first.sitting_out == ()


@pytest.mark.parametrize("n", [4, 5, 8])
def test_published_small_schedules_are_balanced(n):
    report = check_schedule(progressive_schedule(n))
    assert report.balanced, report.problems
    assert set(report.partners.values()) == {1}
    assert set(report.opponents.values()) == {2}


def test_published_twelve_partners_everyone_once_but_repeats_opponents():
    report = check_schedule(progressive_schedule(12))
    assert set(report.partners.values()) == {1}
    assert report.opponent_spread == {1: 24, 2: 23, 3: 14, 4: 5}
    assert not report.balanced
    assert "Players 1 and 2 oppose each other 1 time(s) (balanced: twice)." in map(
        str, report.problems
    )


def test_five_players_sit_out_once_each_in_the_printed_order():
    report = check_schedule(progressive_schedule(5))
    assert [r.sitting_out for r in progressive_schedule(5).rounds] == [(5,), (4,), (3,), (2,), (1,)]
    assert set(report.sat_out.values()) == {1}


def test_balanced_twelve_differs_from_published_and_is_balanced():
    balanced = progressive_schedule(12, balanced=True)
    report = check_schedule(balanced)
    assert report.balanced, report.problems[:5]
    assert len(balanced.rounds) == 11
    assert balanced.rounds != progressive_schedule(12).rounds


def test_balanced_eight_is_the_published_one():
    assert progressive_schedule(8, balanced=True).rounds == progressive_schedule(8).rounds


@pytest.mark.parametrize(("n", "rounds"), [(8, 4), (12, 6)])
def test_mixed_pairs_play_the_first_rounds_and_always_pair_odd_with_even(n, rounds):
    mixed = progressive_schedule(n, mixed=True)
    assert mixed.rounds == progressive_schedule(n).rounds[:rounds]
    for round_ in mixed.rounds:
        for pair in (p for table in round_.tables for p in table):
            assert sum(player % 2 for player in pair) == 1, pair


@pytest.mark.parametrize("n", [4, 5, 9, 10, 16])
def test_mixed_pairs_for_other_sizes_is_refused_with_a_clear_message(n):
    with pytest.raises(ValueError, match=f"no mixed-pairs schedule for {n} players"):
        progressive_schedule(n, mixed=True)


def test_mixed_and_balanced_twelve_is_refused():
    with pytest.raises(ValueError, match="not balanced"):
        progressive_schedule(12, mixed=True, balanced=True)


@pytest.mark.parametrize("n", [6, 7, 10, 11, 46, 47])
def test_balanced_is_refused_where_no_whist_tournament_exists(n):
    with pytest.raises(ValueError, match="No balanced schedule exists"):
        progressive_schedule(n, balanced=True)


@pytest.mark.parametrize("n", [0, 3, 49, 100])
def test_sizes_outside_four_to_forty_eight_are_refused(n):
    with pytest.raises(ValueError, match="4 to 48 players"):
        progressive_schedule(n)


def test_callers_cannot_spoil_the_next_schedule_by_editing_theirs():
    progressive_schedule(8).rounds[0].tables.clear()
    assert len(progressive_schedule(8).rounds[0].tables) == 2


def test_pasted_schedule_reads_rounds_tables_and_sitters():
    schedule = parse_schedule("R1 1-6 vs 2-5 | 3-8 vs 4-7\nR2: 2-3 vs 5-8 | 1-4 vs 6-7 (9 out)\n")
    assert schedule.n_players == 9
    assert schedule.rounds[1].tables == [((2, 3), (5, 8)), ((1, 4), (6, 7))]
    assert schedule.rounds[1].sitting_out == (9,)
    assert schedule.rounds[0].sitting_out == (9,)


def test_pasted_schedule_accepts_the_rule_book_paragraph():
    assert parse_schedule(RULES_TEXT[8]).rounds == progressive_schedule(8).rounds


def test_formatted_schedule_reads_back_unchanged():
    schedule = progressive_schedule(5)
    assert parse_schedule(format_schedule(schedule)).rounds == schedule.rounds


def test_pasted_line_that_is_not_a_table_is_named_in_the_error():
    with pytest.raises(ValueError, match=r"Line 2: “3-8 vs 4” is not a table like “1-6 vs 2-5”"):
        parse_schedule("1-6 vs 2-5 | 3-8 vs 4-7\n1-2 vs 5-6 | 3-8 vs 4\n")


def test_every_bad_line_is_reported_at_once():
    with pytest.raises(ValueError) as error:
        parse_schedule("1-2 vs 3\n\n1-3 vs 2-4\nfoo")
    assert [p.params["line"] for p in error.value.problems] == [1, 4]


def test_empty_paste_is_refused():
    with pytest.raises(ValueError, match="empty"):
        parse_schedule("  \n")


def test_check_catches_a_wrong_table_in_a_pasted_schedule():
    text = RULES_TEXT[8].replace("R3 1-8 vs 3-6", "R3 1-8 vs 3-5")
    messages = [str(p) for p in check_schedule(parse_schedule(text)).problems]
    assert "Round 3: player 5 is placed twice." in messages
    assert "Round 3: 1 player(s) sit out (6); with 8 players 0 would." in messages
    assert "Players 1 and 5 oppose each other 3 time(s) (balanced: twice)." in messages
    assert not check_schedule(parse_schedule(text)).balanced


def test_check_names_repeated_partners_and_numbers_outside_the_field():
    schedule = parse_schedule("1-2 vs 3-4\n1-2 vs 3-9", n_players=4)
    messages = [str(p) for p in check_schedule(schedule).problems]
    assert "Round 2: there is no player 9 (players are 1 to 4)." in messages
    assert "Players 1 and 2 partner 2 time(s) (balanced: once)." in messages


def test_check_catches_a_second_sit_out_before_everyone_had_one():
    schedule = parse_schedule(
        "1-2 vs 3-4 (5 out)\n1-5 vs 2-3 (4 out)\n1-4 vs 3-5 (2 out)\n"
        "2-4 vs 3-5 (1 out)\n1-3 vs 2-4 (5 out)"
    )
    messages = [str(p) for p in check_schedule(schedule).problems]
    assert (
        "Round 5: player 5 sits out again after 1 time(s) while player 3 has sat out 0 time(s)."
        in messages
    )


def test_problems_carry_a_template_and_parameters_for_translation():
    problem = check_schedule(parse_schedule("1-2 vs 3-4\n1-2 vs 3-4")).problems[0]
    assert problem.template.startswith("Players %(a)d and %(b)d")
    assert problem.params == {"a": 1, "b": 2, "count": 2}


def test_report_counts_every_pair_even_those_that_never_meet():
    report = check_schedule(Schedule(n_players=6, rounds=parse_schedule("1-2 vs 3-4").rounds))
    assert report.partners[(5, 6)] == 0
    assert report.opponents[(1, 3)] == 1
    assert report.sat_out == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}
