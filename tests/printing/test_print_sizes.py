"""Printouts a player reads at the table: type no smaller than 8 pt, rows as many as deals."""

import io

import pytest
from pypdf import PdfReader

from tests.factories import make_event, seat_round
from tests.printing.conftest import pages
from tournaments.printing import render

pytestmark = pytest.mark.django_db


def smallest_type(pdf: bytes) -> float:
    """The smallest font size any text of the document is set in (ReportLab sets it with Tf)."""
    sizes = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(
            visitor_text=lambda text, cm, tm, font, size: (
                sizes.append(size * tm[0]) if text.strip() else None
            )
        )
    return min(sizes)


@pytest.mark.parametrize(
    ("players", "fields"),
    [
        (12, {}),  # the whole plan: three tables of "9-10 vs. 11-12"
        (5, {}),  # a game and a pause column
        (16, {"fmt": "moveup"}),  # the player's own table, with partner and opponents' names
        (20, {"card_game": "gin", "fmt": "swiss"}),
    ],
)
@pytest.mark.parametrize("language", ["en", "de"])
def test_no_tally_prints_smaller_than_8_pt(director, players, fields, language):
    event = make_event(director, players=players, language=language, **fields)
    assert smallest_type(render(event, "tallies")) >= 8


def test_a_round_of_four_deals_gets_a_score_sheet_with_four_rows(director):
    event = make_event(
        director, players=8, fmt="moveup", language="en", round_kind="deals", round_deals=4
    )
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    text = pages(render(event, "score-sheets"))[0]
    rows = text.split("Start\n")[1].split("Signature")[0].split()
    assert rows[-4:] == ["1", "2", "3", "4"] and "5" not in rows[4:]


def test_a_game_to_the_target_gets_twenty_rows(director):
    event = make_event(director, players=8, fmt="moveup", language="en")
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    text = pages(render(event, "score-sheets"))[0]
    rows = text.split("Start\n")[1].split("Signature")[0].split()
    assert rows[-1] == "20"
