"""Table cards: the number huge, a QR code of the table's link, its short code, the seating."""

import pytest
from PIL import Image

from tests.conftest import module
from tests.factories import make_event, make_tables, seat_round
from tests.printing.conftest import pages, render_png
from tournaments.models import Round, Table
from tournaments.printing import PrintError, render, table_cards

pytestmark = pytest.mark.django_db

BASE = "http://meld.example:8000"


@pytest.fixture
def seated(director, settings):
    settings.MELD_BASE_URL = BASE
    event = make_event(director, players=8, fmt="moveup", language="en")
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    return event


def test_the_qr_code_holds_the_tables_link(seated, tmp_path):
    zxingcpp = module("zxingcpp", "pip install zxing-cpp (`make install` does)")
    pdf = render(seated, "table-cards")
    for number in (1, 2):
        table = Table.objects.get(event=seated, number=number)
        folder = tmp_path / str(number)
        folder.mkdir()
        image = Image.open(render_png(pdf, folder, page=number))
        found = [code.text for code in zxingcpp.read_barcodes(image)]
        assert found == [f"{BASE}/t/{table.token}/"]


def test_each_table_gets_a_page_with_its_number_code_and_seating(seated):
    texts = pages(render(seated, "table-cards"))
    assert len(texts) == 2
    table = Table.objects.get(event=seated, number=2)
    text = texts[1]
    assert "TABLE" in text and "\n2\n" in f"\n{text}\n"
    assert table_cards.grouped(table.code) in text
    assert "meld.example:8000" in text
    assert "Round 1: seating" in text
    for number in (5, 6, 7, 8):
        assert f"Player {number}" in text
    assert "Player 1" not in text


def test_between_rounds_a_card_says_the_next_seating_is_set_when_that_round_starts(seated):
    Round.objects.filter(event=seated).update(status=Round.Status.CLOSED)
    text = pages(render(seated, "table-cards"))[0]
    assert "Round 2: the seating is set when the round starts." in text
    assert "Player 1" not in text


def test_before_round_1_of_a_paired_event_the_card_says_the_seating_follows(director):
    event = make_event(director, players=8, fmt="moveup", language="en")
    make_tables(event, 2)
    text = pages(render(event, "table-cards"))[0]
    assert "Round 1: the seating is set when the round starts." in text


def test_before_round_1_of_a_progressive_event_the_card_shows_round_1_as_planned(director):
    """A progressive schedule fixes round 1 once the numbers are drawn: the cards printed
    before the evening carry it, rather than standing blank."""
    event = make_event(director, players=8, fmt="progressive", language="en")
    make_tables(event, 2)
    texts = pages(render(event, "table-cards"))
    planned = table_cards.load(event)
    assert planned.planned and planned.round == 1 and planned.follows is None
    for text, card in zip(texts, planned.cards, strict=True):
        assert "Round 1 (not started yet): seating as planned" in text
        for seat in card.seating.seats:
            assert f"Player {seat.number}" in text


def test_blank_cards_and_a_finished_event_carry_no_seating_and_no_note(seated):
    blank = pages(render(seated, "table-cards", blank=True))[0]
    assert "seating" not in blank and "Player 1" not in blank
    Round.objects.filter(event=seated).update(status=Round.Status.CLOSED)
    seated.status = seated.Status.FINISHED
    seated.save()
    assert "seating" not in pages(render(seated, "table-cards"))[0]


def test_the_code_is_grouped_in_fours_for_reading_aloud():
    assert table_cards.grouped("ABCDEFGH") == "ABCD EFGH"


def test_an_event_without_tables_cannot_print_table_cards(director):
    event = make_event(director, players=8, fmt="moveup")
    with pytest.raises(PrintError):
        render(event, "table-cards")


def test_the_qr_runs_are_cached_per_link():
    table_cards.qr_runs.cache_clear()
    table_cards.qr_runs("http://x/t/abc/")
    table_cards.qr_runs("http://x/t/abc/")
    assert table_cards.qr_runs.cache_info().hits == 1
