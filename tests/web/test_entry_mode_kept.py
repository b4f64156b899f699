"""A phone's entry mode stays as the phone chose it (issue 32, item 5).

Before, a phone showing the deal in "Points" switched to "Score only" by itself after it
confirmed the other side's deal entered that way: its next form took the mode of the
table's last deal.
"""

import pytest

from meld_testkit.page import read
from tests.web.table_helpers import DEAL_FORM, canasta_game, phone, seat_of, table_url
from tournaments.models import Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}
QUICK = {"s0_total": "100", "s1_total": "50"}


def form_mode(html: str) -> str:
    fields = {name for form in read(html).forms for name, _value in form.fields}
    return "totals" if "s0_total" in fields else "deal" if "s0_melded_points" in fields else ""


@pytest.mark.parametrize("chosen", ["deal", None])
def test_confirming_a_deal_entered_in_another_mode_keeps_this_phones_mode(director, chosen):
    game = canasta_game(director, entry_modes=["deal", "totals"])
    side_a, side_b = phone(game, 1), phone(game, 2)
    shown = side_b.get(table_url("tournaments-table", game), {"mode": chosen} if chosen else {})
    assert form_mode(shown.content.decode()) == "deal"
    side_a.get(table_url("tournaments-table", game), {"mode": "totals"})
    side_a.post(
        table_url("tournaments-table-submit", game),
        {"number": 1, "idempotency_key": "k1", "mode": "totals", **QUICK},
        **HTMX,
    )
    entry = Entry.objects.get(game=game, number=1)
    assert entry.details["mode"] == "totals"
    answer = side_b.post(table_url("tournaments-table-confirm", game, entry.pk), **HTMX)
    assert form_mode(answer.content.decode()) == "deal"
    assert form_mode(side_b.get(table_url("tournaments-table", game)).content.decode()) == "deal"
    # The phone that entered in "Score only" goes on in it.
    assert form_mode(side_a.get(table_url("tournaments-table", game)).content.decode()) == "totals"


def test_a_phone_that_switched_mode_keeps_it_after_entering(director):
    game = canasta_game(director, entry_modes=["deal", "totals"])
    side_a = phone(game, 1)
    side_a.get(table_url("tournaments-table", game), {"mode": "totals"})
    side_a.post(
        table_url("tournaments-table-submit", game),
        {"number": 1, "idempotency_key": "k1", "mode": "deal", **DEAL_FORM},
        **HTMX,
    )
    assert form_mode(side_a.get(table_url("tournaments-table", game)).content.decode()) == "deal"


def test_the_phone_keeps_its_mode_at_its_next_table(director):
    """Found by the evening machine: in round 2 the player's phone at another table showed
    "Points" again, though it had chosen "Score only" (the choice was kept per table)."""
    game = canasta_game(director, entry_modes=["deal", "totals"])
    side_a = phone(game, 1)
    side_a.get(table_url("tournaments-table", game), {"mode": "totals"})
    other = game.round.games.get(table__number=2)
    side_a.post(table_url("tournaments-table-seat", other), {"seat": seat_of(other, 3).pk})
    shown = side_a.get(table_url("tournaments-table", other)).content.decode()
    assert form_mode(shown) == "totals"


def test_a_form_sent_again_keeps_the_mode_chosen_since(director):
    """Found by the evening machine: deal 1 sent in "Points", the phone switched to "Score
    only", then its outbox sent deal 1 again: the form went back to "Points"."""
    game = canasta_game(director, entry_modes=["deal", "totals"])
    side_a = phone(game, 1)
    sent = {"number": 1, "idempotency_key": "k1", "mode": "deal", **DEAL_FORM}
    side_a.post(table_url("tournaments-table-submit", game), sent, **HTMX)
    side_a.get(table_url("tournaments-table", game), {"mode": "totals"})
    side_a.post(table_url("tournaments-table-submit", game), sent, **HTMX)
    assert Entry.objects.filter(game=game).count() == 1
    assert form_mode(side_a.get(table_url("tournaments-table", game)).content.decode()) == "totals"
