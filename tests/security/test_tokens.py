"""Table links: long, random, and each opens only its own table of its own event."""

import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round
from tournaments.models import Entry, Event, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_events(director, other_director):
    ours = make_event(director, public=True)
    theirs = make_event(other_director, name="Other club", public=True)
    theirs.players.update(name="Stranger")
    for event in (ours, theirs):
        seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    return ours, theirs


def names_on(client, token: str) -> str:
    return client.get(reverse("tournaments-table", args=[token])).content.decode()


def test_a_token_shows_only_its_own_tables_players(client, two_events):
    ours, theirs = two_events
    page = names_on(client, ours.tables.get(number=1).token)
    assert "Player 1" in page and "Player 6" in page and "Player 2" in page
    assert "Player 3" not in page and "Stranger" not in page
    assert "Stranger" in names_on(client, theirs.tables.get(number=1).token)


def test_an_entry_of_another_table_cannot_be_touched_through_this_token(client, two_events):
    ours, theirs = two_events
    foreign_game = theirs.rounds.get().games.get(table__number=1)
    entry = Entry.objects.create(game=foreign_game, number=1, points_0=100, points_1=50)
    token = ours.tables.get(number=1).token
    for name in ("tournaments-table-confirm", "tournaments-table-dispute"):
        assert (
            client.post(reverse(name, args=[token, entry.pk]), {"reason": "x"}).status_code == 404
        )
    assert client.get(reverse("tournaments-table-edit", args=[token, entry.pk])).status_code == 404
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED


def test_a_seat_of_another_table_cannot_be_chosen(client, two_events):
    ours, theirs = two_events
    foreign_seat = theirs.rounds.get().seats.first()
    token = ours.tables.get(number=1).token
    assert (
        client.post(
            reverse("tournaments-table-seat", args=[token]), {"seat": foreign_seat.pk}
        ).status_code
        == 404
    )


@pytest.mark.usefixtures("english")
def test_a_seat_cookie_does_not_carry_over_to_another_table(client, two_events):
    ours, _theirs = two_events
    first, second = ours.tables.get(number=1), ours.tables.get(number=2)
    seat = ours.rounds.get().games.get(table=first).seats.first()
    client.post(reverse("tournaments-table-seat", args=[first.token]), {"seat": seat.pk})
    assert 'class="iam"' in names_on(client, first.token)
    # The same signed value presented for the other table names no seat there.
    client.cookies[f"meld_seat_{second.pk}"] = client.cookies[f"meld_seat_{first.pk}"].value
    page = names_on(client, second.token)
    assert 'name="seat"' in page and 'class="iam"' not in page  # asks for a seat again
    assert 'name="s0_melded_points"' not in page  # no entry without a seat


def test_a_public_token_opens_nothing_once_the_event_is_private(client, two_events):
    ours, _ = two_events
    url = reverse("tournaments-public", args=[ours.public_token])
    assert client.get(url).status_code == 200
    Event.objects.filter(pk=ours.pk).update(public=False)
    assert client.get(url).status_code == 404


def test_a_table_token_is_no_public_token_and_the_other_way_round(client, two_events):
    ours, _ = two_events
    table = ours.tables.get(number=1)
    assert client.get(reverse("tournaments-public", args=[table.token])).status_code == 404
    assert client.get(reverse("tournaments-table", args=[ours.public_token])).status_code == 404


def test_tokens_are_long_random_and_distinct(director):
    event = make_event(director, players=0)
    tables = Table.objects.bulk_create(Table(event=event, number=n) for n in range(1, 201))
    tokens = [table.token for table in tables]
    assert len(set(tokens)) == len(tokens)
    assert min(len(token) for token in tokens) >= 32  # 192 random bits, URL-safe
    assert len({token[:8] for token in tokens}) == len(tokens)  # no shared prefix or counter
    assert len(event.public_token) >= 22  # 128 random bits
    codes = [table.code for table in tables]
    assert len(set(codes)) == len(codes) and all(len(code) >= 8 for code in codes)
