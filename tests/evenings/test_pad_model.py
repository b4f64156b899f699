"""What the model says a score pad shows (``meld_testkit.model.pad``), held to RULES.md's
own figures: Gin's worked example (2) and its shutout, Canasta's minimum meld (1.5)."""

from meld_testkit.model.evening import Evening
from meld_testkit.model.games import CONFIRMED, ENTERED, Game, Version
from meld_testkit.model.pad import Box, pad_says


def _game(card_game: str, *deals: tuple[tuple[int, int], str]) -> Game:
    versions = [
        Version(number, points, status, 0, "phone", "hand", None, number)
        for number, (points, status) in enumerate(deals, start=1)
    ]
    return Game(1, 1, ((1,), (2,)), card_game, versions)


def test_gin_for_two_counts_rules_worked_example():
    # RULES.md 2: A 23, A 27, B 32, A 35, B 10, A 19 → A 284, B 82.
    hands = ((23, 0), (27, 0), (0, 32), (35, 0), (0, 10), (19, 0))
    game = _game("gin", *((hand, CONFIRMED) for hand in hands), ((0, 25), ENTERED))
    pad = pad_says(Evening("gin", "swiss", "game"), game)
    assert pad.rows[5].totals == (104, 42)
    assert (pad.rows[6].status, pad.rows[6].totals) == (ENTERED, None)
    assert pad.points == (104, 42)
    assert pad.boxes == (Box(4, 20, 80), Box(2, 20, 40))
    assert (pad.game, pad.shutout, pad.totals) == ((100, 0), (0, 0), (284, 82))
    assert (pad.payments, pad.minimums) == ((), None)


def test_gin_for_two_adds_the_shutout_when_the_other_scored_nothing():
    game = _game("gin", ((58, 0), CONFIRMED), ((52, 0), CONFIRMED), ((0, 9), ENTERED))
    pad = pad_says(Evening("gin", "swiss", "game"), game)
    assert (pad.game, pad.shutout, pad.totals) == ((100, 0), (100, 0), (350, 0))


def test_gin_going_on_has_no_game_lines():
    pad = pad_says(Evening("gin", "swiss", "game"), _game("gin", ((58, 0), CONFIRMED)))
    assert (pad.game, pad.shutout, pad.totals) == (None, None, (78, 0))


def test_canasta_shows_each_sides_minimum_meld_by_its_total_while_the_game_runs():
    # RULES.md 1.5: below 0 → 15, from 1500 → 90, from 3000 → 120.
    game = _game("canasta", ((1500, -100), CONFIRMED), ((1600, 50), CONFIRMED))
    pad = pad_says(Evening("canasta", "progressive", "game"), game)
    assert (pad.totals, pad.minimums) == ((3100, -50), (120, 15))
    assert (pad.points, pad.boxes, pad.game) == (None, None, None)
    over = _game("canasta", ((5000, 0), CONFIRMED))
    assert pad_says(Evening("canasta", "progressive", "game"), over).minimums is None
