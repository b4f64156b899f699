"""What a stranger can type into an address: an entry id beyond any database integer in a
table's link, and an evening dated at the end of the calendar behind a player's private
link, are a 404 or the page, never a 500 (found by an attack probe, 30 November)."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_event
from tests.web.table_helpers import canasta_game, phone, table_url
from tournaments.models import Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

BEYOND = 2**63


@pytest.mark.parametrize("entry_id", [BEYOND, 10**23])
def test_an_entry_id_beyond_any_database_integer_is_no_such_entry(director, entry_id):
    game = canasta_game(director)
    client = phone(game, 1)
    assert client.get(table_url("tournaments-table-edit", game, entry_id)).status_code == 404
    for step in ("confirm", "dispute"):
        answer = client.post(table_url(f"tournaments-table-{step}", game, entry_id))
        assert answer.status_code == 404
    assert not Entry.objects.exists()


@pytest.mark.parametrize(
    ("date", "status"), [(datetime.date(9999, 12, 31), 200), (datetime.date(1, 1, 1), 404)]
)
def test_a_private_link_of_an_evening_at_the_end_of_the_calendar_answers(
    director, client, date, status
):
    """Dated at the calendar's end the link is open; at its start long expired."""
    event = make_event(director, players=2, date=date)
    player = event.players.get(number=1)
    link = reverse("tournaments-player-evening", args=[player.evening_token])
    assert client.get(link).status_code == status
