"""An answer to a table's phone leaves the table's head, who sits here and the call's notice as
the phone shows them when they would be drawn alike now (services/pages/table_drawn.py): the
page sends back each part's key, and the answer draws a part again only when its key now
differs. A name corrected, a call made or answered, another language: the part comes again,
with the state now."""

import re

import pytest
from django.test import Client

from tests.web.table_helpers import DEAL, DEAL_FORM, canasta_game, seat_of, table_url
from tournaments.models import TableCall
from tournaments.services.scores.calls import acknowledge_call, call_director
from tournaments.services.scores.entries import submit_entry
from tournaments.services.setup.players import update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

PARTS = {"head": 'id="table-head"', "who": 'id="who"', "call": 'id="call-director"'}


def seated(game, number: int) -> Client:
    client = Client()
    client.post(table_url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def keys_of(html: str) -> dict[str, str]:
    """What the page sends back of each part (``hx-include=".drawn"``)."""
    return dict(re.findall(r'name="(drawn_\w+)" value="([^"]*)"', html))


def page_keys(phone: Client, game) -> dict[str, str]:
    keys = keys_of(phone.get(table_url("tournaments-table", game)).content.decode())
    assert set(keys) == {f"drawn_{part}" for part in PARTS}
    return keys


def send(phone: Client, game, number: int, keys: dict[str, str]) -> str:
    data = {**DEAL_FORM, "number": str(number), "idempotency_key": f"k{number}", **keys}
    answer = phone.post(table_url("tournaments-table-submit", game), data, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    return answer.content.decode()


def drawn(html: str) -> set[str]:
    return {part for part, marker in PARTS.items() if marker in html}


def test_a_deal_sent_leaves_the_parts_the_phone_shows_as_they_are(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    keys = page_keys(phone, game)
    html = send(phone, game, 1, keys)
    assert drawn(html) == set()
    assert 'id="sheet"' in html and 'id="now"' in html and "Deal 1 is stored." in html
    assert 'name="number" value="2"' in html  # the next deal's form
    # A request that sends no key (a page of an older Meld, the call's own answer) gets all.
    assert drawn(send(phone, game, 2, {})) == set(PARTS)


def test_a_name_corrected_brings_the_head_and_who_sits_here_again(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    keys = page_keys(phone, game)
    me = seat_of(game, 1).player
    update_player(game.round.event, me, name="Zoë Typofixed", gender=me.gender, club="")
    html = send(phone, game, 1, keys)
    assert drawn(html) == set(PARTS)
    assert html.count("Zoë Typofixed") >= 2  # "You are …" and the seating
    assert keys_of(html) != keys
    assert drawn(send(phone, game, 2, keys_of(html))) == set()


def test_a_call_and_its_answer_bring_the_calls_notice_again(director):
    game = canasta_game(director)
    other = seated(game, 2)
    keys = page_keys(other, game)
    call_director(game.table, game.round, reason="A card fell", device=None)
    poll = table_url("tournaments-table-sheet", game)
    answer = other.get(poll, {"game": game.pk, "since": "0", **keys}, HTTP_HX_REQUEST="true")
    html = answer.content.decode()
    assert drawn(html) == {"call"} and "The director is called." in html
    after_call = keys_of(html)
    acknowledge_call(TableCall.objects.get(), user=director)
    html = send(other, game, 1, {**keys, **after_call})
    assert drawn(html) == {"call"} and "The director is called." not in html


def test_another_language_draws_every_part_in_it(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    keys = page_keys(phone, game)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 2))
    data = {"game": game.pk, "since": "0", **keys}
    poll = table_url("tournaments-table-sheet", game)
    html = phone.get(poll, data, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert drawn(html) == set(PARTS)
    assert "Wer hier sitzt" in html and "Who sits here" not in html


def test_the_calculator_is_each_tables_own_in_each_language(director):
    first, second = canasta_game(director), canasta_game(director)
    for game in (first, second):
        html = seated(game, 1).get(table_url("tournaments-table", game)).content.decode()
        assert f'hx-post="/t/{game.table.token}/calculator/"' in html
        assert "Card calculator: tap the cards of a meld" in html
    german = seated(first, 1).get(table_url("tournaments-table", first), HTTP_ACCEPT_LANGUAGE="de")
    assert "Kartenrechner" in german.content.decode()


def rows_drawn(answer) -> int:
    """How many rows the answer drew with the template engine (not kept from before)."""
    return sum(t.name == "tournaments/table/partials/sheet_row.html" for t in answer.templates)


def test_a_pad_row_is_drawn_once_and_kept_for_the_same_phone_and_state(director):
    game = canasta_game(director)
    phone = seated(game, 1)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    first = phone.get(table_url("tournaments-table", game))
    again = phone.get(table_url("tournaments-table", game))
    assert rows_drawn(first) == 1 and rows_drawn(again) == 0
    assert first.content.decode().count("waiting for confirmation") == 1
    assert again.content.decode().count("waiting for confirmation") == 1


def test_a_kept_row_is_never_another_phones_or_another_states(director):
    game = canasta_game(director)
    entering, other = seated(game, 1), seated(game, 2)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    submit_entry(game, 2, DEAL, seat=seat_of(game, 1))
    mine = entering.get(table_url("tournaments-table", game)).content.decode()
    assert "A player of the other side confirms it on their phone." in mine
    theirs = other.get(table_url("tournaments-table", game))
    html = theirs.content.decode()
    # Deal 1 is the moment's (its buttons at the top); deal 2's row holds this phone's form.
    assert "A player of the other side confirms it on their phone." not in html
    token = re.search(r'/entry/(\d+)/confirm/"', html)
    assert token and 'name="csrfmiddlewaretoken"' in html
    again = other.get(table_url("tournaments-table", game))
    assert rows_drawn(again) == 1  # the row with a form is drawn each time, deal 1's is kept
    confirm = table_url("tournaments-table-confirm", game, int(token.group(1)))
    assert other.post(confirm, HTTP_HX_REQUEST="true").status_code == 200
    html = entering.get(table_url("tournaments-table", game)).content.decode()
    assert html.count("waiting for confirmation") == 1  # deal 2 confirmed: its row anew
    german = entering.get(table_url("tournaments-table", game), HTTP_ACCEPT_LANGUAGE="de")
    assert "wartet auf Bestätigung" in german.content.decode()


def test_a_row_drawn_for_a_phone_without_a_seat_is_not_the_seated_ones(director):
    game = canasta_game(director)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    submit_entry(game, 2, DEAL, seat=seat_of(game, 1))
    looking = Client().get(table_url("tournaments-table", game)).content.decode()
    assert looking.count("waiting for confirmation") == 2 and "Change deal" not in looking
    seated_html = seated(game, 6).get(table_url("tournaments-table", game)).content.decode()
    assert "Change deal 1" in seated_html  # deal 1's row (deal 2 is the moment's, at the top)
