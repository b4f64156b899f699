"""Guide cards (where each player sits, round by round) and seating lists for the wall."""

import pytest

from pairings import schedules
from tests.factories import make_event, seat_round
from tests.printing.conftest import pages
from tournaments.models import Player
from tournaments.printing import PrintError, guides, render, seating_lists

pytestmark = pytest.mark.django_db


def test_guide_cards_give_table_and_seat_of_every_round_of_the_schedule(director):
    event = make_event(director, players=8, language="en")
    data = guides.load(event)
    schedule = schedules.progressive_schedule(8)
    assert len(data.cards) == 8
    for card in data.cards:
        assert len(card.rows) == len(schedule.rounds)
        for row, rnd in zip(card.rows, schedule.rounds, strict=True):
            table = next(i for i, (a, b) in enumerate(rnd.tables, start=1) if card.number in a + b)
            assert row.table == table
            # Partners sit opposite: the first pair in seats 1 and 3, the second in 2 and 4.
            (p, q), (r, s) = rnd.tables[table - 1]
            assert row.seat == {p: 1, r: 2, q: 3, s: 4}[card.number]
    assert len(pages(guides.build(data))) == 2  # four A6 cards to an A4 page


def test_guide_cards_of_a_swiss_event_show_the_rounds_seated_so_far(director):
    event = make_event(director, card_game="gin", players=4, fmt="swiss", language="en")
    seat_round(event, 1, [(4, 1), (2, 3)])
    card = guides.load(event).cards[0]
    assert (card.number, card.rows[0].table, card.rows[0].seat) == (1, 1, 2)
    assert card.rows[1].table is None  # round 2 not seated yet
    text = pages(render(event, "guide-cards"))[0]
    assert "Player 1" in text and "SEAT" in text


def test_seating_lists_sort_by_name_the_german_way(director):
    event = make_event(director, card_game="gin", players=4, fmt="swiss", language="de")
    for number, name in zip((1, 2, 3, 4), ("Zander", "Öztürk", "Otto", "Ärger"), strict=True):
        Player.objects.filter(event=event, number=number).update(name=name)
    seat_round(event, 1, [(1, 2), (3, 4)])
    by_name = pages(render(event, "seating"))[0]
    positions = [by_name.index(name) for name in ("Ärger", "Otto", "Öztürk", "Zander")]
    assert positions == sorted(positions)
    assert seating_lists.name_key("Größ") == seating_lists.name_key("GROSS")


def test_seating_lists_have_a_page_by_table(director):
    event = make_event(director, players=8, fmt="moveup", language="en")
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    texts = pages(render(event, "seating"))
    assert len(texts) == 2
    assert "By name" in texts[0] and "By table" in texts[1]
    assert texts[1].index("Table 1") < texts[1].index("Player 4") < texts[1].index("Table 2")
    assert "Page 2 of 2" in texts[1]


def test_seating_needs_a_round(director):
    event = make_event(director, card_game="gin", players=4, fmt="swiss")
    with pytest.raises(PrintError):
        render(event, "seating")


def test_before_the_first_round_a_progressive_seating_is_round_one_of_the_schedule(named_event):
    (a, b), (c, d) = schedules.progressive_schedule(8).rounds[0].tables[0]
    by_table = pages(render(named_event, "seating"))[1]
    assert "Round 1: seating" in by_table
    first_table = by_table.split("Table 2")[0]
    names = {p.number: p.name for p in named_event.players.all()}
    assert all(names[n] in first_table for n in (a, b, c, d))
