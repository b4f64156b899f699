"""Every document: the event's language and paper, any name printed as typed, fonts that never fail."""

import io
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from tests.conftest import tool_missing
from tests.factories import make_event, seat_round
from tests.printing.conftest import page_sizes, pages
from tournaments.models import Player, Result
from tournaments.printing import DOCUMENTS, fonts, render
from tournaments.printing.layout import clean, fit

pytestmark = pytest.mark.django_db

HTML_NAME = "<b>Bold</b> & <script>alert(1)</script>"


def seated_event(director, **fields):
    event = make_event(director, players=8, fmt="moveup", **fields)
    Player.objects.filter(event=event, number=1).update(name="Jürgen Größ")
    Player.objects.filter(event=event, number=2).update(name=HTML_NAME)
    rnd = seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    for seat in rnd.seats.select_related("player"):
        Result.objects.create(
            round=rnd, player=seat.player, game=seat.game, points=1500 + seat.side * 700
        )
    return event


@pytest.mark.parametrize("kind", list(DOCUMENTS))
def test_german_documents_print_umlauts_and_sharp_s(director, kind):
    event = seated_event(director, language="de")
    text = "\n".join(pages(render(event, kind)))
    assert "Jürgen Größ" in text
    if kind == "standings":
        assert "2.200" in text  # German thousands separator


@pytest.mark.parametrize("kind", list(DOCUMENTS))
def test_documents_are_a4_by_default_and_us_letter_when_chosen(director, kind):
    a4 = seated_event(director, name="A4 evening")
    letter = seated_event(director, name="Letter evening", paper_size="letter")
    assert {(round(w), round(h)) for w, h in page_sizes(render(a4, kind))} <= {
        (595, 842),
        (842, 595),
    }
    assert {(round(w), round(h)) for w, h in page_sizes(render(letter, kind))} <= {
        (612, 792),
        (792, 612),
    }


@pytest.mark.parametrize("kind", list(DOCUMENTS))
def test_html_in_a_name_is_printed_literally(director, kind):
    event = seated_event(director, language="en")
    text = " ".join("\n".join(pages(render(event, kind))).split())  # a long name may wrap
    assert HTML_NAME in text


def test_english_documents_use_english_labels(director):
    event = seated_event(director, language="en")
    assert "PLAYER NUMBER" in pages(render(event, "tallies"))[0]
    assert "Rule profile:" in pages(render(event, "standings"))[0]


def test_control_and_direction_characters_are_dropped_from_a_line():
    assert clean("Anna\n\tBerg\u202e \x00Max") == "Anna Berg Max"


def test_text_too_long_for_its_box_shrinks_then_ends_with_an_ellipsis():
    font = fonts.fonts().regular
    line, size = fit("Maximilian Alexander von Hohenzollern-Sigmaringen", font, 12, 60, min_size=8)
    assert line.endswith("…") and size == pytest.approx(8, rel=0.01)
    assert fit("Anna", font, 12, 200) == ("Anna", 12)


def test_a_missing_font_file_falls_back_to_the_bundled_vera(tmp_path):
    name = fonts.register(
        "Meld-Test-Fallback", (tmp_path / "missing.ttf", fonts.VERA / "Vera.ttf"), "Helvetica"
    )
    assert name == "Meld-Test-Fallback"
    assert fonts.register("Meld-Test-None", (tmp_path / "missing.ttf",), "Helvetica") == "Helvetica"
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.setFont(name, 12)
    canvas.drawString(72, 720, "Größe Übung ß")
    canvas.save()
    assert "Größe Übung ß" in pages(buffer.getvalue())[0]


def test_the_documents_use_dejavu_where_it_is_installed():
    if not (fonts.DEJAVU / "DejaVuSans.ttf").is_file():
        tool_missing("DejaVu Sans", "apt-get install fonts-dejavu-core (`make browser` as root)")
    assert fonts.fonts().regular == "Meld"
    assert Path(fonts.CANDIDATES["Meld"][0][0]).name == "DejaVuSans.ttf"
