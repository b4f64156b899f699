"""Score sheets: Canasta (points, running total, minimum meld per side) and Gin."""

import pytest

from tests.factories import make_event, seat_round
from tests.printing.conftest import pages, shown
from tournaments.models import Entry, Event
from tournaments.printing import render, score_sheets

pytestmark = pytest.mark.django_db


def confirm(game, deals, status=Entry.Status.CONFIRMED):
    for number, (a, b) in enumerate(deals, start=1):
        Entry.objects.create(game=game, number=number, points_0=a, points_1=b, status=status)


@pytest.fixture
def canasta(director):
    event = make_event(director, players=8, fmt="moveup", language="en")
    rnd = seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    confirm(rnd.games.get(table__number=1), [(1200, 800), (500, -300), (2100, 1400)])
    confirm(rnd.games.get(table__number=2), [(999, 111)], status=Entry.Status.ENTERED)
    return event


def test_canasta_sheets_show_running_totals_and_each_sides_next_minimum(canasta):
    data = score_sheets.load(canasta)
    first = data.sheets[0]
    assert [row.totals for row in first.rows] == [(1200, 800), (1700, 500), (3800, 1900)]
    assert [row.minimums for row in first.rows] == [(50, 50), (90, 50), (120, 90)]
    text = pages(score_sheets.build(data))[0]
    for value in (1200, 1700, 3800, 1900, -300):
        assert shown(value, "en") in text
    assert "Player 1" in text and "Player 4" in text
    assert "Round 1" in text and "Table 1" in text


def test_unconfirmed_deals_are_not_printed(canasta):
    second = pages(render(canasta, "score-sheets"))[1]
    assert "999" not in second and "Player 5" in second


def test_the_sheet_prints_the_profiles_minimum_meld_bands(canasta):
    text = pages(render(canasta, "score-sheets"))[0]
    assert "below 0: 15" in text and "from 3,000: 120" in text


def test_blank_sheets_have_no_names_or_deals(canasta):
    texts = pages(render(canasta, "score-sheets", blank=True))
    assert len(texts) == 2
    assert not any("Player" in text or "3,800" in text for text in texts)


def test_gin_sheets_total_the_game_as_the_engine_does(director):
    event = make_event(director, card_game="gin", players=2, fmt="swiss", language="en")
    rnd = seat_round(event, 1, [(1, 2)])
    # RULES.md 2: hands A 23, A 27, B 32, A 35, B 10, A 19 → A 284, B 82, A wins 202.
    confirm(rnd.games.get(), [(23, 0), (27, 0), (0, 32), (35, 0), (0, 10), (19, 0)])
    data = score_sheets.load(event)
    totals = data.sheets[0].gin
    assert totals.totals == (284, 82) and totals.net == 202 and totals.boxes == (80, 40)
    text = pages(score_sheets.build(data))[0]
    assert "Gin Rummy score sheet" in text
    assert "284" in text and "82" in text and "202" in text and "104" in text


def test_sheets_before_any_round_are_numbered_by_table(director):
    event = make_event(director, card_game="gin", players=6, fmt="swiss", language="en")
    texts = pages(render(event, "score-sheets"))
    assert len(texts) == 3
    assert "Table 3" in texts[2]


def test_a_deal_confirmed_while_an_earlier_one_waits_is_not_printed(canasta):
    """The sheet prints what the pad counts: deals in order, none after a gap."""
    game = canasta.rounds.get(number=1).games.get(table__number=2)
    Entry.objects.create(
        game=game, number=2, points_0=640, points_1=360, status=Entry.Status.CONFIRMED
    )
    sheet = score_sheets.load(canasta).sheets[1]
    assert sheet.rows == ()
    assert "640" not in pages(render(canasta, "score-sheets"))[1]


def test_a_gin_round_of_so_many_hands_prints_its_winner_once_they_are_played(director):
    """Nobody reached the target, but the round's two hands are played: the game is over and
    the leader wins by the difference of the totals, boxes counted (RULES.md 2)."""
    event = make_event(
        director,
        card_game="gin",
        players=2,
        fmt="swiss",
        language="en",
        round_kind=Event.RoundKind.DEALS,
        round_deals=2,
    )
    rnd = seat_round(event, 1, [(1, 2)])
    confirm(rnd.games.get(), [(23, 0)])
    assert score_sheets.load(event).sheets[0].gin.finished is False
    assert "Winner's margin: ______" in pages(render(event, "score-sheets"))[0]
    Entry.objects.create(
        game=rnd.games.get(), number=2, points_0=0, points_1=10, status=Entry.Status.CONFIRMED
    )
    totals = score_sheets.load(event).sheets[0].gin
    # A: 23 and a box of 20 = 43; B: 10 and a box = 30.
    assert totals.totals == (43, 30) and totals.finished and totals.winner == 0
    assert "Winner's margin: 13" in pages(render(event, "score-sheets"))[0]
