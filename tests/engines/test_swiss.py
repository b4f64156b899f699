"""Swiss system pairings, RULES.md 3.4 (source 002 §16), and the recorded draw."""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meldcore.messages import DomainError
from pairings.draw import draw_order, new_seed, rank_by_score
from pairings.roundrobin import schedule
from pairings.swiss import NoValidPairing, first_round, pair_round, rounds_for, seeded_first_round


def met(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in pairs}


def reference_pairing(ranking, played, had_bye=()):
    """RULES.md 3.4 read literally: exhaustive depth-first search, best-placed first."""

    def search(remaining):
        if not remaining:
            return []
        top, rest = remaining[0], remaining[1:]
        for i, other in enumerate(rest):
            if frozenset((top, other)) in played:
                continue
            found = search(rest[:i] + rest[i + 1 :])
            if found is not None:
                return [(top, other), *found]
        return None

    if len(ranking) % 2 == 0:
        return search(list(ranking)), None
    bottom_up = list(reversed(ranking))
    preference = [e for e in bottom_up if e not in had_bye] + [e for e in bottom_up if e in had_bye]
    for bye in preference:
        found = search([e for e in ranking if e != bye])
        if found is not None:
            return found, bye
    return None, None


# --- rules, one test each -------------------------------------------------------------------


def test_round_one_pairings_are_drawn_by_lot():
    entrants = list(range(1, 11))
    seed = new_seed()
    pairing = first_round(entrants, seed)
    drawn = draw_order(entrants, seed)
    assert pairing.pairs == [(drawn[i], drawn[i + 1]) for i in range(0, 10, 2)]
    assert first_round(entrants, seed).pairs == pairing.pairs
    assert seed in str(pairing.notes[0])
    others = {tuple(first_round(entrants, f"other-{i}").pairs) for i in range(5)}
    assert len(others | {tuple(pairing.pairs)}) > 1


def test_a_seeded_round_one_pairs_the_top_half_with_the_bottom_half():
    pairing = seeded_first_round([7, 3, 9, 1, 4, 8, 2])
    assert pairing.pairs == [(7, 1), (3, 4), (9, 8)]
    assert pairing.bye == 2
    assert [note.params for note in pairing.notes] == [{"first": 7, "second": 1}, {"player": 2}]
    assert seeded_first_round([5, 6]).pairs == [(5, 6)]
    with pytest.raises(DomainError):
        seeded_first_round([5])


def test_the_leader_plays_the_best_placed_player_he_has_not_played():
    pairing = pair_round([1, 2, 3, 4, 5, 6], met((1, 2), (1, 3)))
    assert pairing.pairs[0] == (1, 4)


def test_the_leader_of_the_remaining_players_plays_the_best_placed_remaining_player_he_has_not_played():
    pairing = pair_round([1, 2, 3, 4, 5, 6], met((1, 2), (2, 3), (2, 4)))
    assert pairing.pairs == [(1, 3), (2, 5), (4, 6)]


def test_if_the_same_players_lead_again_the_first_plays_the_third_and_the_second_the_fourth():
    pairing = pair_round(list(range(1, 9)), met((1, 2), (3, 4), (5, 6), (7, 8)))
    assert pairing.pairs == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_no_two_players_meet_twice():
    ranking = list(range(1, 9))
    played = met((1, 2), (3, 4), (5, 6), (7, 8), (1, 3), (2, 4), (5, 7), (6, 8))
    pairing = pair_round(ranking, played)
    assert not {frozenset(pair) for pair in pairing.pairs} & played


def test_equal_scores_are_ordered_by_a_recorded_draw():
    scores = {"Anna": 120, "Ben": 40, "Cleo": 40, "Dana": 40, "Emil": -200}
    ranked = rank_by_score(scores, "recorded-seed")
    assert ranked[0] == "Anna" and ranked[-1] == "Emil"
    tied = [name for name in draw_order(scores, "recorded-seed") if scores[name] == 40]
    assert ranked[1:4] == tied
    assert rank_by_score(scores, "recorded-seed") == ranked
    orders = {tuple(rank_by_score(scores, f"seed-{i}")) for i in range(20)}
    assert len(orders) > 1


def test_five_to_eight_entrants_play_three_rounds():
    assert [rounds_for(n) for n in range(5, 9)] == [3, 3, 3, 3]


def test_nine_to_sixteen_entrants_play_four_rounds():
    assert {rounds_for(n) for n in range(9, 17)} == {4}


def test_seventeen_to_thirty_two_entrants_play_five_rounds():
    assert {rounds_for(n) for n in range(17, 33)} == {5}


def test_each_doubling_of_the_field_adds_one_round():
    assert [rounds_for(n) for n in (33, 64, 65, 2000, 10_000)] == [6, 6, 7, 11, 14]


def test_small_fields_play_ceil_log2_rounds_too():
    assert [rounds_for(n) for n in (2, 3, 4)] == [1, 2, 2]


def test_rounds_for_fewer_than_two_entrants_is_an_error():
    with pytest.raises(ValueError):
        rounds_for(1)


def test_a_dead_end_back_tracks_to_the_first_valid_pairing_in_preference_order():
    # Greedy would give 1-2, 3-4 and leave 5 and 6, who have met.
    assert pair_round([1, 2, 3, 4, 5, 6], met((5, 6))).pairs == [(1, 2), (3, 5), (4, 6)]
    # 6 has met everyone but the leader, so the leader's first choice must go.
    played = met((6, 2), (6, 3), (6, 4), (6, 5))
    assert pair_round([1, 2, 3, 4, 5, 6], played).pairs == [(1, 6), (2, 3), (4, 5)]


def test_the_director_is_told_where_the_standings_order_was_left():
    pairing = pair_round([1, 2, 3, 4, 5, 6], met((6, 2), (6, 3), (6, 4), (6, 5)))
    text = " ".join(str(note) for note in pairing.notes)
    assert "dead-ended at board 3" in text
    assert "re-paired" in text
    assert "Board 1: 1 meets 6; pairing 1 with 2, 3, 4, 5 would have left players" in text


def test_when_no_valid_pairing_exists_it_says_so_clearly():
    with pytest.raises(NoValidPairing) as raised:
        pair_round([1, 2, 3, 4], met((1, 2), (1, 3), (1, 4)))
    assert isinstance(raised.value, DomainError)
    assert "No valid pairing exists" in raised.value.errors[0]


def test_an_odd_field_gives_the_bye_to_the_lowest_placed_entrant_without_one():
    assert pair_round([1, 2, 3, 4, 5], set()).bye == 5
    pairing = pair_round([1, 2, 3, 4, 5], set(), had_bye={5})
    assert pairing.bye == 4
    assert pairing.pairs == [(1, 2), (3, 5)]


def test_the_bye_passes_over_an_entrant_whose_absence_leaves_no_valid_pairing():
    pairing = pair_round([1, 2, 3, 4, 5], met((4, 1), (4, 2), (4, 3)))
    assert pairing.bye == 4
    assert "Passed over for the bye: 5" in " ".join(map(str, pairing.notes))


def test_when_everyone_has_had_a_bye_the_lowest_placed_pairable_entrant_has_another():
    pairing = pair_round([1, 2, 3, 4, 5], met((5, 1), (5, 2), (5, 3)), had_bye={1, 2, 3, 4, 5})
    assert pairing.bye == 5
    assert "second bye" in str(pairing.notes[0])


def test_pairs_put_the_higher_placed_player_first_in_board_order():
    pairing = pair_round(["Dana", "Anna", "Ben", "Cleo"], met(("Dana", "Anna")))
    assert pairing.pairs == [("Dana", "Ben"), ("Anna", "Cleo")]


def test_a_ranking_listing_an_entrant_twice_is_rejected():
    with pytest.raises(DomainError, match="more than once"):
        pair_round([1, 2, 2, 3], set())


# --- adversarial fields ---------------------------------------------------------------------


def test_the_last_round_of_a_full_round_robin_is_the_only_pairing_left():
    rounds = schedule(12)
    played = {frozenset(pair) for games in rounds[:-1] for pair in games}
    ranking = list(range(1, 13))
    random.Random(3).shuffle(ranking)
    pairing = pair_round(ranking, played)
    assert {frozenset(pair) for pair in pairing.pairs} == {frozenset(p) for p in rounds[-1]}


@pytest.mark.parametrize("seed", range(5))
def test_with_two_rounds_of_a_round_robin_left_the_dead_end_is_resolved_as_depth_first_search(seed):
    played = {frozenset(pair) for games in schedule(12)[:-2] for pair in games}
    ranking = list(range(1, 13))
    random.Random(seed).shuffle(ranking)
    expected, _ = reference_pairing(ranking, played)
    assert pair_round(ranking, played).pairs == expected


def test_a_field_that_defeats_plain_depth_first_search_pairs_the_leader_with_the_last():
    # The last player has met everyone but the leader. Depth-first search would
    # run through every pairing of the 38 others, about 10^21, before moving the
    # leader's first choice; pruning by "can the rest still be paired?" does not.
    # How fast is measured by `python -m benchmarks swiss` (swiss_met_all_but_the_leader_40).
    n = 40
    ranking = list(range(1, n + 1))
    played = met(*((n, p) for p in ranking[1:-1]))
    pairing = pair_round(ranking, played)
    assert pairing.pairs == [(1, n)] + [(p, p + 1) for p in range(2, n - 1, 2)]


def test_two_groups_of_three_make_the_leader_give_up_his_first_choice():
    # Odd and even players have all met across, except 5 and 6: one group of
    # three must send 5 across, so the leader may not take 5 although greedy would.
    odd, even = [1, 3, 5], [2, 4, 6]
    played = met(*((a, b) for a in odd for b in even if (a, b) != (5, 6)))
    pairing = pair_round([1, 2, 5, 3, 4, 6], played)
    assert pairing.pairs == [(1, 3), (2, 4), (5, 6)]
    assert "pairing 1 with 5 would have left players who have all met" in str(pairing.notes[1])


def test_a_big_field_late_round_pairs_everyone_with_a_new_opponent():
    # How fast is measured by `python -m benchmarks swiss` (swiss_round6_2000_players).
    ranking, played, had_bye = simulate(2000, rounds=5, seed=7)
    check_round(ranking, played, had_bye, pair_round(ranking, played, had_bye))


# --- properties -----------------------------------------------------------------------------


@st.composite
def fields(draw):
    n = draw(st.integers(min_value=2, max_value=12))
    ranking = draw(st.permutations(list(range(n))))
    density = draw(st.sampled_from([0.0, 0.2, 0.4, 0.6, 0.8]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    played = {frozenset(pair) for pair in combinations(range(n), 2) if rng.random() < density}
    had_bye = draw(st.sets(st.sampled_from(range(n))))
    return ranking, played, had_bye


@settings(max_examples=1000, deadline=None)
@given(fields())
def test_pairing_equals_exhaustive_depth_first_search(field):
    ranking, played, had_bye = field
    expected_pairs, expected_bye = reference_pairing(ranking, played, had_bye)
    if expected_pairs is None:
        with pytest.raises(NoValidPairing):
            pair_round(ranking, played, had_bye)
    else:
        pairing = pair_round(ranking, played, had_bye)
        assert (pairing.pairs, pairing.bye) == (expected_pairs, expected_bye)


def simulate(n, rounds, seed, check=None):
    rng = random.Random(seed)
    score = dict.fromkeys(range(1, n + 1), 0)
    played: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for number in range(rounds):
        ranking = rank_by_score(score, f"{seed}-{number}")
        pairing = pair_round(ranking, played, had_bye)
        if check:
            check(ranking, played, had_bye, pairing)
        for a, b in pairing.pairs:
            played.add(frozenset((a, b)))
            net = rng.randint(25, 300)
            winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
            score[winner] += net
            score[loser] -= net
        if pairing.bye is not None:
            had_bye.add(pairing.bye)
    return rank_by_score(score, f"{seed}-{rounds}"), played, had_bye


def check_round(ranking, played, had_bye, pairing):
    seated = [p for pair in pairing.pairs for p in pair]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    assert sorted(seated) == sorted(ranking)
    assert not {frozenset(pair) for pair in pairing.pairs} & played
    assert pairing.bye is None or pairing.bye not in had_bye
    position = {p: i for i, p in enumerate(ranking)}
    assert all(position[a] < position[b] for a, b in pairing.pairs)
    assert [position[a] for a, _ in pairing.pairs] == sorted(position[a] for a, _ in pairing.pairs)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=40), st.integers(0, 10_000))
def test_a_whole_event_pairs_everyone_once_per_round_with_fair_byes(n, seed):
    simulate(n, rounds_for(n), seed, check=check_round)
