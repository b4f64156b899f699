"""The ratings engine: what a rated game is, and replaying evenings through openskill."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meldcore.messages import DomainError
from ratings import PROVISIONAL_GAMES, Evening, Ledger, Match, Rating, replay, table_matches


def test_the_winning_partners_rise_together_and_the_losers_fall():
    ledger = Ledger()
    outcome = ledger.rate_evening(Evening(1, (Match.by_places(((1, 2), (3, 4)), (0, 1)),)))
    assert ledger.rating(1).mu == ledger.rating(2).mu > 25 > ledger.rating(3).mu
    assert ledger.rating(3).mu == ledger.rating(4).mu
    assert outcome[1].scored == 1 and outcome[3].scored == 0
    assert outcome[1].expected == pytest.approx(0.5)
    assert outcome[1].before == Rating() and outcome[1].after.games == 1


def test_a_draw_between_equals_moves_no_one():
    ledger = Ledger()
    ledger.rate_evening(Evening(1, (Match.by_places(((1,), (2,)), (0, 0)),)))
    assert ledger.rating(1).mu == pytest.approx(25) == ledger.rating(2).mu
    assert ledger.rating(1).sigma < Rating().sigma


def test_beating_a_stronger_side_gains_more_than_beating_a_weaker_one():
    ledger = Ledger({1: Rating(30, 4, 20), 2: Rating(20, 4, 20), 3: Rating(25, 4, 20)})
    before = ledger.rating(3).mu
    upset = Ledger(ledger.ratings)
    upset.rate_evening(Evening(1, (Match.by_places(((3,), (1,)), (0, 1)),)))
    expected = Ledger(ledger.ratings)
    expected.rate_evening(Evening(1, (Match.by_places(((3,), (2,)), (0, 1)),)))
    assert upset.rating(3).mu - before > expected.rating(3).mu - before > 0


def test_three_sides_are_rated_by_their_places():
    match = Match(((1,), (2,), (3,)), (262, 37, 0))
    assert match.places == (0, 1, 2)
    ledger = Ledger()
    outcome = ledger.rate_evening(Evening(1, (match,)))
    assert ledger.rating(1).mu > ledger.rating(2).mu > ledger.rating(3).mu
    assert [outcome[k].scored for k in (1, 2, 3)] == [1, 0.5, 0]
    assert sum(outcome[k].expected for k in (1, 2, 3)) == pytest.approx(1.5)


def test_equal_points_are_a_shared_place():
    assert Match(((1,), (2,), (3,)), (50, 100, 50)).places == (1, 0, 1)


def test_a_favourites_win_by_more_than_the_margin_counts_for_more():
    start = {1: Rating(28, 5, 20), 2: Rating(28, 5, 20), 3: Rating(22, 5, 20), 4: Rating(22, 5, 20)}
    close, clear = Ledger(start, margin=1000), Ledger(start, margin=1000)
    close.rate_evening(Evening(1, (Match(((1, 2), (3, 4)), (3100, 2900)),)))
    clear.rate_evening(Evening(1, (Match(((1, 2), (3, 4)), (5200, 1100)),)))
    assert clear.rating(1).mu > close.rating(1).mu > 28


def test_a_win_by_more_than_two_and_a_half_margins_counts_as_one_by_that_much():
    start = {1: Rating(28, 5, 20), 2: Rating(22, 5, 20)}
    capped, huge = Ledger(start, margin=1000), Ledger(start, margin=1000)
    capped.rate_evening(Evening(1, (Match(((1,), (2,)), (3000, 500)),)))
    huge.rate_evening(Evening(1, (Match(((1,), (2,)), (90000, 500)),)))
    assert huge.ratings == capped.ratings


def test_years_of_clear_wins_keep_the_ratings_on_their_scale():
    # The better player wins more often, every win by a lot: openskill's margin alone
    # would drive these ratings apart by hundreds within 300 evenings.
    rng = random.Random(1)
    skill = {key: (key - 4.5) / 3 for key in range(1, 9)}
    ledger = Ledger(margin=1000)
    for evening in range(300):
        order = rng.sample(list(skill), len(skill))
        games = []
        for a, b in zip(order[::2], order[1::2], strict=True):
            won = rng.random() < 1 / (1 + math.exp(skill[b] - skill[a]))
            games.append(Match(((a,), (b,)), (6000, 500) if won else (500, 6000)))
        ledger.rate_evening(Evening(evening, tuple(games)))
    mus = [rating.mu for rating in ledger.ratings.values()]
    assert min(mus) > 0 and max(mus) < 50
    assert ledger.rating(8).mu > ledger.rating(1).mu


def test_three_sides_far_apart_keep_their_places_when_their_gaps_are_capped():
    ledger = Ledger(margin=100)
    outcome = ledger.rate_evening(Evening(1, (Match(((1,), (2,), (3,)), (1000, 100, 0)),)))
    assert ledger.rating(1).mu > ledger.rating(2).mu > ledger.rating(3).mu
    assert [outcome[k].scored for k in (1, 2, 3)] == [1, 0.5, 0]


def test_a_table_of_one_size_a_side_is_one_match_as_seated():
    assert table_matches(((1, 2), (3, 4)), (5200, 3100)) == (
        Match(((1, 2), (3, 4)), (5200.0, 3100.0)),
    )
    assert table_matches(((1,), (2,), (3,)), (40, 262, 0), places=True) == (
        Match.by_places(((1,), (2,), (3,)), (1, 0, 2)),
    )


def test_a_side_taking_turns_is_rated_by_each_group_that_can_sit_down():
    # A chouette: the lone player against each partner; a table of five: the pair
    # against each two of the three.
    assert table_matches(((1,), (2, 3)), (230, 30)) == (
        Match(((1,), (2,)), (230.0, 30.0)),
        Match(((1,), (3,)), (230.0, 30.0)),
    )
    assert [m.sides[1] for m in table_matches(((1, 2), (3, 4, 5)), (1, 2))] == [
        (3, 4),
        (3, 5),
        (4, 5),
    ]


def test_a_guest_is_a_newcomer_for_one_game_and_a_side_of_guests_rates_nobody():
    assert table_matches(((1, None), (2, 3)), (5000, 3000)) == (
        Match(((1,), (2, 3)), (5000.0, 3000.0), (1, 0)),
    )
    assert table_matches(((None, None), (2, 3)), (5000, 3000)) == ()
    # Two players of one evening taken for one member: the game cannot be rated.
    assert table_matches(((1, 2), (1, 3)), (5000, 3000)) == ()
    with_guest, with_newcomer = Ledger(), Ledger()
    with_guest.rate_evening(Evening(1, (Match(((1,), (2, 3)), (5000, 3000), (1, 0)),)))
    with_newcomer.rate_evening(Evening(1, (Match(((1, 9), (2, 3)), (5000, 3000)),)))
    assert with_guest.rating(1) == with_newcomer.rating(1)
    assert set(with_guest.ratings) == {1, 2, 3}


@pytest.mark.parametrize(
    ("sides", "places", "guests", "words"),
    [
        (((1,),), (0,), (), "at least two sides"),
        (((1,), (2,)), (0,), (), "needs its result"),
        (((1,), ()), (0, 1), (), "has no player"),
        (((1, 2), (2, 3)), (0, 1), (), "two sides"),
        (((1,), (2,)), (0, float("nan")), (), "not a number"),
        (((1,), (2,)), (0, float("inf")), (), "not a number"),
        (((1,), (2,)), (0, 1), (1,), "needs its guests"),
        (((1,), (2,)), (0, 1), (0, -1), "needs its guests"),
    ],
)
def test_a_match_that_cannot_have_been_played_is_refused(sides, places, guests, words):
    with pytest.raises(DomainError) as caught:
        Match(sides, places, guests)
    assert any(words in message for message in caught.value.errors)


def test_a_rating_is_provisional_until_enough_games_and_says_how_many_are_left():
    assert Rating(games=3).provisional and Rating(games=3).games_to_go == PROVISIONAL_GAMES - 3
    assert not Rating(games=PROVISIONAL_GAMES).provisional
    assert Rating(games=PROVISIONAL_GAMES + 5).games_to_go == 0


def test_the_shown_value_keeps_a_newcomers_lucky_night_below_a_steady_player():
    ledger = Ledger({9: Rating(28, 2.0, 80)})
    ledger.rate_evening(
        Evening(1, tuple(Match.by_places(((1,), (k,)), (0, 1)) for k in range(2, 6)))
    )
    assert ledger.rating(1).mu > 28
    assert ledger.rating(1).shown < ledger.rating(9).shown


players = st.integers(min_value=1, max_value=12)


@st.composite
def matches(draw):
    keys = draw(st.lists(players, min_size=2, max_size=6, unique=True))
    cut = draw(st.integers(min_value=1, max_value=len(keys) - 1))
    sides = (tuple(keys[:cut]), tuple(keys[cut:]))
    return Match(sides, draw(st.sampled_from([(0, 1), (1, 0), (0, 0), (3100, 2800)])))


evenings = st.lists(st.lists(matches(), min_size=1, max_size=5), min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(evenings)
def test_rating_evening_by_evening_gives_the_replays_list(games):
    season = [Evening(i, tuple(m)) for i, m in enumerate(games)]
    replayed, history = replay(season)
    ledger = Ledger()
    for evening in season:
        assert ledger.rate_evening(evening) == history[evening.key]
        ledger = Ledger(ledger.ratings)
    assert ledger.ratings == replayed.ratings


@settings(max_examples=60, deadline=None)
@given(evenings)
def test_every_game_is_counted_once_and_scored_within_its_bounds(games):
    season = [Evening(i, tuple(m)) for i, m in enumerate(games)]
    ledger, history = replay(season)
    played: dict[int, int] = {}
    for evening in season:
        for match in evening.matches:
            for key in (k for side in match.sides for k in side):
                played[key] = played.get(key, 0) + 1
        for outcome in history[evening.key].values():
            assert 0 <= outcome.scored <= outcome.games
            assert 0 <= outcome.expected <= outcome.games
    assert {k: r.games for k, r in ledger.ratings.items()} == played


@st.composite
def rated_games(draw):
    """A game of two to four sides, some with a guest, points within the margins' cap."""
    count = draw(st.integers(min_value=2, max_value=4))
    keys = draw(st.lists(players, min_size=count, max_size=count * 2, unique=True))
    sides = tuple(tuple(keys[index::count]) for index in range(count))
    points = tuple(draw(st.sampled_from([0.0, 500.0, 1200.0, 2400.0])) for _ in sides)
    guests = tuple(draw(st.integers(0, 1)) for _ in sides)
    return Match(sides, points, guests)


@settings(max_examples=80, deadline=None)
@given(st.lists(rated_games(), min_size=1, max_size=12), st.sampled_from([0.0, 1000.0]))
def test_the_ledger_rates_as_openskill_does_on_copies(games, margin):
    # The ledger lets openskill rate its working ratings in place; the answer must be the
    # one openskill gives the usual way, on copies it leaves alone.
    from openskill.models import PlackettLuce, PlackettLuceRating

    model = PlackettLuce(mu=25.0, sigma=25.0 / 3.0, margin=margin)
    expected: dict[int, PlackettLuceRating] = {}
    for match in games:
        teams = [
            [expected.setdefault(key, model.rating()) for key in side]
            + [model.rating() for _ in range(match.guests_on(index))]
            for index, side in enumerate(match.sides)
        ]
        rated = model.rate(teams, scores=list(match.points))
        for side, team in zip(match.sides, rated, strict=True):
            for key, new in zip(side, team, strict=False):
                expected[key] = new
    ledger, _ = replay([Evening(1, tuple(games))], margin)
    assert {k: (r.mu, r.sigma) for k, r in ledger.ratings.items()} == {
        k: (r.mu, r.sigma) for k, r in expected.items()
    }
