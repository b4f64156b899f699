"""Table cards: the number huge, a QR code of the table's link, its short code, the seating."""

import pytest
from PIL import Image

from tests.conftest import module
from tests.factories import make_event, seat_round
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


def test_without_an_open_round_the_card_has_no_seating(seated):
    Round.objects.filter(event=seated).update(status=Round.Status.CLOSED)
    text = pages(render(seated, "table-cards"))[0]
    assert "seating" not in text and "Player 1" not in text


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
