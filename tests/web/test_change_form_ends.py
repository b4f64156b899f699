"""A change form ends with the deal it changes: opened on a waiting or disputed deal, it
stays under the player's fingers while that deal still waits, and goes at the next poll once
the deal is decided (confirmed by the other side, settled by the director), for the form
wanted now; a Send of it after that says why, with that form."""

import re

import pytest

from tests.web.table_helpers import canasta_game, phone, poll_of, seat_of, table_url, totals
from tournaments.models import Entry
from tournaments.services.scores.entries import (
    confirm_entry,
    dispute_entry,
    settle_dispute,
    submit_entry,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
HTMX = {"HTTP_HX_REQUEST": "true"}
SHOWN = re.compile(r'id="shown" name="shown" value="([^"]*)"')


def change_form(game, entry):
    """Side A's phone with deal 1's change form open, and that answer."""
    side_a = phone(game, 1)
    side_a.get(table_url("tournaments-table", game))
    edit = side_a.get(table_url("tournaments-table-edit", game, entry.pk), **HTMX)
    html = edit.content.decode()
    assert 'name="expected_version"' in html
    return side_a, html


def polled(client, game, page):
    shown = SHOWN.search(page)[1]
    sent = {"game": game.pk, **poll_of(page), "shown": shown}
    return client.get(table_url("tournaments-table-sheet", game), sent, **HTMX).content.decode()


def entry_panel(answer: str) -> str:
    return answer.split('<section id="entry"')[1].split("</section>")[0]


@pytest.fixture
def game(director):
    return canasta_game(director, entry_modes=["totals"])


def test_a_change_form_of_a_version_entered_again_since_goes(game):
    entry = submit_entry(game, 1, totals(780, 390), seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="We had 470")
    side_a, edit = change_form(game, entry)
    submit_entry(game, 1, totals(780, 470), seat=seat_of(game, 2), expected_version=1)
    later = Entry.objects.get(game=game, number=1, status=Entry.Status.ENTERED)
    assert later.version == 2
    answer = polled(side_a, game, edit)
    assert 'id="entry"' in answer  # version 2 waits now: version 1's change is refused


def test_the_change_form_stays_while_its_version_waits(game):
    entry = submit_entry(game, 1, totals(780, 390), seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="We had 470")
    side_a, edit = change_form(game, entry)
    assert 'id="entry"' not in polled(side_a, game, edit)


def test_a_change_form_goes_when_the_director_settles_the_dispute(game, director):
    entry = submit_entry(game, 1, totals(780, 390), seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="We had 470")
    side_a, edit = change_form(game, entry)
    settle_dispute(entry, user=director, accept=False, reason="Sheet", data=totals(780, 470))
    answer = polled(side_a, game, edit)
    panel = entry_panel(answer)
    assert SHOWN.search(panel)[1].startswith("2@") and "Change deal 1" not in panel


def test_a_change_form_goes_when_the_other_side_confirms(game):
    entry = submit_entry(game, 1, totals(780, 390), seat=seat_of(game, 1))
    side_a, edit = change_form(game, entry)
    confirm_entry(entry, seat=seat_of(game, 2))
    panel = entry_panel(polled(side_a, game, edit))
    assert SHOWN.search(panel)[1].startswith("2@") and "Change deal 1" not in panel


def test_a_send_of_the_change_after_the_deal_was_decided_says_why_with_the_next_form(
    game, director
):
    entry = submit_entry(game, 1, totals(780, 390), seat=seat_of(game, 1))
    side_a, edit = change_form(game, entry)
    confirm_entry(entry, seat=seat_of(game, 2))
    sent = {
        "number": 1,
        "expected_version": entry.version,
        "idempotency_key": "late-change",
        "s0_total": "780",
        "s1_total": "480",
    }
    answer = side_a.post(table_url("tournaments-table-submit", game), sent, **HTMX)
    html = answer.content.decode()
    assert "only the director can change it now" in html.split('<section id="now"')[1]
    panel = entry_panel(html)
    assert SHOWN.search(panel)[1].startswith("2@") and "Change deal 1" not in panel
    assert list(Entry.objects.filter(game=game).values_list("number", "status")) == [
        (1, Entry.Status.CONFIRMED)
    ]
