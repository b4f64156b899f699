"""Issue 32.3: an untouched entry form is not a deal.

"Send deal 1" on a form nobody typed in stores nothing: the server answers the form with a
question ("Nothing was typed for deal 1. Store it as 0 : 0?") and a button that sends it
again with the hidden flag ``as_typed``; the ordinary Send stays. For every Canasta entry
mode and every Gin table kind, by deadwood and on the card picker; with htmx and without.
"""

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_tables
from tournaments.models import Entry, Game, Seat
from tournaments.services.rounds.steps import start_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

KINDS = {
    "canasta, points": {"entry_modes": ["deal"]},
    "canasta, card counts": {"entry_modes": ["counts"]},
    "canasta, each side's score": {"entry_modes": ["totals"]},
    "gin, two": {"card_game": "gin", "players": 2, "fmt": "tables"},
    "gin, rotation": {"card_game": "gin", "players": 3, "fmt": "tables", "table_kind": "rotation"},
    "gin, chouette": {"card_game": "gin", "players": 3, "fmt": "tables", "table_kind": "chouette"},
    "gin, four": {"card_game": "gin", "players": 4, "fmt": "tables", "table_kind": "partnership"},
    "gin, six": {
        "card_game": "gin",
        "players": 6,
        "fmt": "tables",
        "table_kind": "partnership-six",
    },
}


class _Form(HTMLParser):
    """What a browser sends for the page's entry form as drawn: every input's value, the
    checked radios."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.action = ""
        self.data: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and "entry-form" in (attrs.get("class") or ""):
            self.inside, self.action = True, attrs["action"]
        elif tag == "input" and self.inside and attrs.get("name"):
            kind = attrs.get("type", "text")
            if kind in ("radio", "checkbox") and "checked" not in attrs:
                return
            self.data[attrs["name"]] = attrs.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def as_drawn(html: str) -> tuple[str, dict[str, str]]:
    parser = _Form()
    parser.feed(html)
    return parser.action, parser.data


def started(director, **fields) -> Game:
    fields = {"players": 8, **fields}
    event = make_event(director, draw_seed="untouched", **fields)
    make_tables(event, max(1, fields["players"] // 4))
    rnd = start_round(event, user=director)
    return rnd.games.select_related("table", "round__event").get(table__number=1)


def phone(game: Game, mode: str = "") -> tuple[Client, str]:
    client = Client()
    seat = Seat.objects.filter(game=game).order_by("position").first()
    url = reverse("tournaments-table", args=[game.table.token])
    client.post(reverse("tournaments-table-seat", args=[game.table.token]), {"seat": seat.pk})
    return client, client.get(url + (f"?mode={mode}" if mode else "")).content.decode()


STORABLE = ["canasta, points", "canasta, card counts"]  # an untouched form is a valid 0 : 0
GIN = [kind for kind in KINDS if kind.startswith("gin")]


def send_untouched(director, kind, *, htmx=True, mode=""):
    game = started(director, **KINDS[kind])
    client, page = phone(game, mode)
    action, data = as_drawn(page)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return game, client, action, data, client.post(action, data, **headers)


def deal_word(kind: str) -> str:
    return "hand" if kind.startswith("gin") else "deal"


@pytest.mark.parametrize("kind", list(KINDS))
def test_an_untouched_form_stores_nothing_and_says_nothing_was_typed(director, kind):
    game, _client, _action, _data, answer = send_untouched(director, kind)
    html = answer.content.decode()
    assert answer.status_code == 200
    assert not Entry.objects.filter(game=game).exists()
    assert f"Nothing was typed for {deal_word(kind)} 1." in html
    assert f"Send {deal_word(kind)} 1" in html  # the ordinary Send stays


@pytest.mark.parametrize("kind", STORABLE)
@pytest.mark.parametrize("htmx", [True, False])
def test_an_untouched_deal_is_asked_about_before_it_is_stored(director, kind, htmx):
    game, _client, _action, _data, answer = send_untouched(director, kind, htmx=htmx)
    html = answer.content.decode()
    assert answer.status_code == 200
    assert not Entry.objects.filter(game=game).exists()
    assert "Nothing was typed for deal 1. Store it as 0 : 0?" in html
    assert 'name="as_typed" value="1"' in html and "Yes, store it as 0 : 0" in html
    if not htmx:
        assert "<html" in html  # the whole page, with the question in its form


@pytest.mark.parametrize("kind", STORABLE)
def test_the_questions_button_stores_the_deal_as_typed(director, kind):
    game, client, action, data, answer = send_untouched(director, kind)
    _action, again = as_drawn(answer.content.decode())
    assert again["idempotency_key"] == data["idempotency_key"]
    client.post(action, {**again, "as_typed": "1"}, HTTP_HX_REQUEST="true")
    entry = Entry.objects.get(game=game)
    assert entry.number == 1 and list(entry.points) == [0, 0]


@pytest.mark.parametrize("kind", GIN)
def test_an_untouched_gin_hand_on_the_card_picker_stores_nothing(director, kind):
    """Turning to the card picker says how the hand is entered, not what it was."""
    game = started(director, **KINDS[kind])
    client, page = phone(game)
    action, data = as_drawn(page)
    assert "mode" in data
    answer = client.post(action, {**data, "mode": "cards"}, HTTP_HX_REQUEST="true")
    assert not Entry.objects.filter(game=game).exists()
    assert "Nothing was typed for hand 1." in answer.content.decode()


@pytest.mark.parametrize("kind", GIN)
def test_a_gin_no_game_chosen_on_purpose_is_typed_and_stored(director, kind):
    game = started(director, **KINDS[kind])
    client, page = phone(game)
    action, data = as_drawn(page)
    kinds = [name for name in data if name.endswith("kind")]
    assert kinds
    answer = client.post(
        action, {**data, **dict.fromkeys(kinds, "no_game")}, HTTP_HX_REQUEST="true"
    )
    assert "Nothing was typed" not in answer.content.decode()
    assert Entry.objects.filter(game=game, number=1).exists()


def test_a_typed_deal_is_stored_at_once(director):
    game = started(director, **KINDS["canasta, points"])
    client, page = phone(game)
    action, data = as_drawn(page)
    client.post(action, {**data, "s0_melded_points": "120"}, HTTP_HX_REQUEST="true")
    assert Entry.objects.filter(game=game, number=1).exists()


def test_the_question_is_asked_in_the_phones_language(director):
    game = started(director, **KINDS["canasta, points"])
    client, page = phone(game)
    client.cookies["django_language"] = "de"
    action, data = as_drawn(
        client.get(reverse("tournaments-table", args=[game.table.token])).content.decode()
    )
    html = client.post(action, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Nothing was typed" not in html
    assert "Für Spiel 1 wurde nichts eingegeben. Als 0 : 0 speichern?" in html
