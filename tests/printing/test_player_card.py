"""Player cards: one page per table telling its players, with the phones' own words, how to
open the table, enter and confirm a deal, read the score sheet's marks and carry on offline."""

import pytest
from django.urls import reverse
from PIL import Image

from tests.conftest import module
from tests.factories import make_event, seat_round
from tests.printing.conftest import pages, render_png
from tournaments.models import Round, Table
from tournaments.printing import DOCUMENTS, render, table_cards

pytestmark = pytest.mark.django_db

BASE = "http://meld.example:8000"

# What each card says, in the event's language: the phones' buttons as the phones name them.
WORDS = {
    "en": [
        "Scores on your phone",
        "Open your table",
        "Players: type the code on your table card",
        "Open table",
        "I am …",
        "Send deal …",
        "Change deal …",
        "Confirm deal …",
        "Something wrong?",
        "Dispute",
        "waiting for confirmation",
        "disputed",
        "Minimum meld",
        "When the Wi-Fi drops",
        "Deal … is saved on this phone and will be sent when the connection is back.",
        "Call the director",
    ],
    "de": [
        "Punkte auf dem Handy",
        "Den Tisch öffnen",
        "Spieler: Geben Sie den Code auf Ihrer Tischkarte ein",
        "Tisch öffnen",
        "Ich bin …",
        "Spiel … senden",
        "Spiel … ändern",
        "Spiel … bestätigen",
        "Stimmt etwas nicht?",
        "Beanstanden",
        "wartet auf Bestätigung",
        "beanstandet",
        "Mindestmeldung",
        "Wenn das WLAN weg ist",
        "Spiel … ist auf diesem Handy gespeichert und wird gesendet, sobald die Verbindung "
        "wieder da ist.",
        "Turnierleitung rufen",
    ],
}


def flat(text: str) -> str:
    """The page's words on one line: a sentence may wrap anywhere."""
    return " ".join(text.split())


@pytest.fixture
def seated(director, settings):
    settings.MELD_BASE_URL = BASE

    def make(language: str, card_game: str = "canasta"):
        event = make_event(
            director, players=8, fmt="moveup", card_game=card_game, language=language
        )
        seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
        return event

    return make


@pytest.mark.parametrize(("language", "label"), [("en", "Player cards"), ("de", "Spielerkarten")])
def test_the_print_page_offers_the_player_cards(seated, director_client, settings, language, label):
    event = seated(language)
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = director_client.get(reverse("tournaments-director-print", args=[event.pk]))
    assert label in page.content.decode()
    pdf = director_client.get(
        reverse("tournaments-director-print-pdf", args=[event.pk, "player-cards"])
    )
    assert pdf["Content-Type"] == "application/pdf"
    assert DOCUMENTS["player-cards"].uses_round and DOCUMENTS["player-cards"].uses_blank


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_table_gets_one_page_in_the_events_language_with_the_phones_words(seated, language):
    event = seated(language)
    texts = [flat(text) for text in pages(render(event, "player-cards"))]
    assert len(texts) == 2 + 2  # the tables' pages, then each player's own card, four a page
    texts = texts[:2]
    for number, text in enumerate(texts, start=1):
        table = Table.objects.get(event=event, number=number)
        for words in WORDS[language]:
            assert words in text, (language, words)
        assert table_cards.grouped(table.code) in text
        assert "meld.example:8000" in text
        assert f"{'Tisch' if language == 'de' else 'Table'} {number}" in text
    other = WORDS["de" if language == "en" else "en"]
    assert not any(words in texts[0] for words in other if words not in WORDS[language])


def test_the_card_shows_the_rounds_players_of_its_table(seated):
    event = seated("en")
    first, second = (flat(text) for text in pages(render(event, "player-cards"))[:2])
    assert "Round 1 at this table: A: 1 Player 1 & 2 Player 2 · B: 3 Player 3 & 4 Player 4" in first
    assert "5 Player 5 & 6 Player 6" in second and "Player 1 " not in second


def test_a_blank_card_or_one_without_an_open_round_names_nobody(seated):
    event = seated("en")
    assert "Player 1" not in flat(pages(render(event, "player-cards", blank=True))[0])
    Round.objects.filter(event=event).update(status=Round.Status.CLOSED)
    text = flat(pages(render(event, "player-cards"))[0])
    assert "at this table" not in text and "Player 1" not in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_gin_card_speaks_of_hands_and_has_no_minimum_meld(seated, language):
    text = flat(pages(render(seated(language, card_game="gin"), "player-cards"))[0])
    hand = {"en": ["Send hand …", "Confirm hand …"], "de": ["Hand … senden", "Hand … bestätigen"]}
    for words in hand[language]:
        assert words in text
    assert ("Minimum meld" if language == "en" else "Mindestmeldung") not in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rendered_card_carries_the_tables_qr_code(seated, language, tmp_path):
    zxingcpp = module("zxingcpp", "pip install zxing-cpp (`make install` does)")
    event = seated(language)
    image = Image.open(render_png(render(event, "player-cards"), tmp_path, page=2))
    found = [code.text for code in zxingcpp.read_barcodes(image)]
    table = Table.objects.get(event=event, number=2)
    assert found == [f"{BASE}/t/{table.token}/"]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_cards_end_with_each_players_own_card_and_its_private_qr_code(
    seated, language, tmp_path
):
    """Issue 36: after the tables' pages, a card per player (four a page, to cut and hand
    out) with the QR code of the private link to their evening; none on blank cards."""
    zxingcpp = module("zxingcpp", "pip install zxing-cpp (`make install` does)")
    event = seated(language)
    pdf = render(event, "player-cards")
    texts = [flat(text) for text in pages(pdf)]
    assert len(texts) == 4
    heading = "Ihr Abend" if language == "de" else "Your evening"
    assert texts[2].count(heading) == 4 and texts[3].count(heading) == 4
    for number in range(1, 5):
        assert f"{number} · Player {number}" in texts[2]
    image = Image.open(render_png(pdf, tmp_path, page=3))
    found = sorted(code.text for code in zxingcpp.read_barcodes(image))
    tokens = event.players.filter(number__lte=4).values_list("evening_token", flat=True)
    assert found == sorted(f"{BASE}/me/{token}/" for token in tokens)
    assert len(pages(render(event, "player-cards", blank=True))) == 2
    assert pages(render(event, "own-links")) == pages(pdf)[2:]
