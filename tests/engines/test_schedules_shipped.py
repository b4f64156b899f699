"""Every schedule Meld ships, checked: whist tournaments where promised, fair elsewhere."""

import pytest

from pairings.schedules import check_schedule, generated_info, progressive_schedule

ALL_SIZES = range(4, 49)
WHIST_SIZES = [n for n in ALL_SIZES if n % 4 in (0, 1)]
OTHER_SIZES = [n for n in ALL_SIZES if n % 4 in (2, 3)]
# Every whist size is solved (scripts/generate_schedules.py; Wh(48) by its starter search).
SHIPPED_BALANCED = WHIST_SIZES
# Translates of one base round (see the generator); a parity argument excludes n = 6 mod 8.
NEAR_WHIST_SIZES = [n for n in OTHER_SIZES if n >= 10 and n % 8 != 6]
ANNEALED_SIZES = [n for n in OTHER_SIZES if n not in NEAR_WHIST_SIZES]


@pytest.fixture(scope="module")
def reports():
    return {n: check_schedule(progressive_schedule(n)) for n in ALL_SIZES}


@pytest.mark.parametrize("n", SHIPPED_BALANCED)
def test_whist_size_is_shipped_balanced(n, reports):
    report = reports[n] if n != 12 else check_schedule(progressive_schedule(12, balanced=True))
    assert report.balanced, [str(p) for p in report.problems[:5]]
    assert set(report.partners.values()) == {1}
    assert set(report.opponents.values()) == {2}


@pytest.mark.parametrize("n", WHIST_SIZES)
def test_whist_size_has_n_minus_one_rounds_or_n_with_one_sitter_each(n):
    schedule = progressive_schedule(n, balanced=n in SHIPPED_BALANCED)
    expected = n - 1 if n % 4 == 0 else n
    assert len(schedule.rounds) == expected
    assert all(len(r.tables) == n // 4 for r in schedule.rounds)
    assert all(len(r.sitting_out) == n % 4 for r in schedule.rounds)


@pytest.mark.parametrize("n", ALL_SIZES)
def test_nobody_partners_twice_and_everyone_is_placed_once_per_round(n, reports):
    report = reports[n]
    assert report.repeated_partners == []
    seating = [p for p in report.problems if "Round" in p.template]
    assert seating == []


@pytest.mark.parametrize("n", ALL_SIZES)
def test_sit_outs_are_spread_evenly(n, reports):
    counts = reports[n].sat_out.values()
    assert max(counts) - min(counts) <= 1


@pytest.mark.parametrize("n", OTHER_SIZES)
def test_other_sizes_play_n_rounds_and_partner_nearly_everyone(n, reports):
    schedule = progressive_schedule(n)
    assert len(schedule.rounds) == n
    assert schedule.source == "best effort"
    partners = {
        p: sum(c for pair, c in reports[n].partners.items() if p in pair) for p in range(1, n + 1)
    }
    # n mod 4 sit-outs per round in turn: each player sits out 2 or 3 times and partners the rest.
    assert set(partners.values()) == {n - n % 4}


@pytest.mark.parametrize("n", NEAR_WHIST_SIZES)
def test_near_whist_sizes_make_every_pair_oppose_one_to_three_times(n, reports):
    spread = reports[n].opponent_spread
    assert min(spread) == 1
    assert max(spread) <= 3
    assert not reports[n].balanced


@pytest.mark.parametrize("n", ANNEALED_SIZES)
def test_annealed_sizes_leave_at_most_one_pair_in_ten_never_opposing(n, reports):
    spread = reports[n].opponent_spread
    assert spread.get(0, 0) <= 0.1 * sum(spread.values())


# The Wh(41) found seats one pair together again in each pair of consecutive rounds.
ADJACENCY_FREE = [n for n in SHIPPED_BALANCED if n >= 16 and n != 41]


@pytest.mark.parametrize("n", ADJACENCY_FREE)
def test_from_sixteen_up_no_two_players_share_a_table_in_adjacent_rounds(n, reports):
    assert reports[n].adjacent_meetings == 0


def test_forty_one_players_share_a_table_at_most_once_between_consecutive_rounds(reports):
    assert reports[41].adjacent_meetings <= len(progressive_schedule(41).rounds) - 1


@pytest.mark.parametrize("n", [n for n in WHIST_SIZES if n > 8])
def test_generator_recorded_how_and_how_long(n):
    info = generated_info(n)
    assert info["balanced"] is (n in SHIPPED_BALANCED)
    assert info["seconds"] >= 0
    assert "construction" in info


def test_forty_eight_players_get_a_whist_tournament_over_z47_plus_a_fixed_player():
    schedule = progressive_schedule(48, balanced=True)
    report = check_schedule(schedule)
    assert report.balanced
    assert report.adjacent_meetings == 0
    assert len(schedule.rounds) == 47
    # Player 48 is the fixed point: the others move on by one step each round.
    assert all(
        48 in {p for table in r.tables for pair in table for p in pair} for r in schedule.rounds
    )
    assert "Z_47 plus a fixed player" in generated_info(48)["construction"]


@pytest.mark.parametrize("n", ALL_SIZES)
def test_no_schedule_beats_the_opponent_bound_and_whist_sizes_meet_it_at_zero(n, reports):
    report = reports[n]
    assert report.opponent_deviation >= report.least_opponent_deviation
    if n in WHIST_SIZES and n != 12:
        assert report.opponent_deviation == report.least_opponent_deviation == 0


@pytest.mark.parametrize("n", [n for n in NEAR_WHIST_SIZES if n not in (42, 47)])
def test_near_whist_sizes_are_as_close_to_balanced_as_their_tables_allow(n, reports):
    # n rounds of n // 4 tables: 4 n (n // 4) meetings where twice per pair needs n (n - 1).
    bound = n * (n - 1) - 4 * n * (n // 4)
    assert bound == n * (n % 4 - 1)
    assert reports[n].least_opponent_deviation == bound
    assert reports[n].opponent_deviation == bound
    assert set(reports[n].opponent_spread) == {1, 2}


def test_ten_players_sit_out_two_a_round_and_miss_ten_meetings_at_least():
    # 10 rounds of 2 tables: 80 opponent meetings; 45 pairs twice would be 90.
    report = reports_for(10)
    assert report.least_opponent_deviation == 10
    assert report.opponent_deviation == 10


def reports_for(n):
    return check_schedule(progressive_schedule(n))
