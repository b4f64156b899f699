"""The database itself refuses what must never be stored."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from tournaments.models import Entry, Event, Game, Player, Round, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    return Event.objects.create(owner=director, name="Friday", date=datetime.date(2026, 11, 20))


def refused(create) -> bool:
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


def test_two_players_cannot_hold_the_same_number_in_one_event(event):
    Player.objects.create(event=event, name="Anna", number=1)
    assert refused(lambda: Player.objects.create(event=event, name="Bert", number=1))


def test_players_without_a_number_yet_do_not_clash(event):
    Player.objects.create(event=event, name="Anna")
    Player.objects.create(event=event, name="Bert")
    assert event.players.count() == 2


def test_the_same_number_may_be_used_in_another_event(event, director):
    other = Event.objects.create(owner=director, name="Saturday", date=datetime.date(2026, 11, 21))
    Player.objects.create(event=event, name="Anna", number=1)
    Player.objects.create(event=other, name="Anna", number=1)
    assert sorted(Player.objects.filter(number=1).values_list("event__name", flat=True)) == [
        "Friday",
        "Saturday",
    ]


def test_table_numbers_are_unique_per_event_and_tokens_are_long_and_distinct(event):
    first = Table.objects.create(event=event, number=1)
    second = Table.objects.create(event=event, number=2)
    assert len(first.token) >= 32 and first.token != second.token
    assert refused(lambda: Table.objects.create(event=event, number=1))


def test_renewing_a_table_token_changes_token_and_code(event):
    table = Table.objects.create(event=event, number=1)
    old_token, old_code = table.token, table.code
    table.renew_token()
    table.save()
    assert table.token != old_token and table.code != old_code


def test_only_one_round_of_an_event_can_be_open(event):
    Round.objects.create(event=event, number=1)
    assert refused(lambda: Round.objects.create(event=event, number=2))


def test_a_player_has_one_seat_per_round(event):
    anna = Player.objects.create(event=event, name="Anna", number=1)
    rnd = Round.objects.create(event=event, number=1)
    game_1 = Game.objects.create(round=rnd, table=Table.objects.create(event=event, number=1))
    game_2 = Game.objects.create(round=rnd, table=Table.objects.create(event=event, number=2))
    Seat.objects.create(round=rnd, game=game_1, player=anna, side=0, position=1)
    assert refused(
        lambda: Seat.objects.create(round=rnd, game=game_2, player=anna, side=0, position=1)
    )


def test_a_deal_has_at_most_one_confirmed_and_one_pending_entry(event):
    rnd = Round.objects.create(event=event, number=1)
    game = Game.objects.create(round=rnd, table=Table.objects.create(event=event, number=1))
    Entry.objects.create(
        game=game, number=1, version=1, status="confirmed", points_0=100, points_1=0
    )
    assert refused(
        lambda: Entry.objects.create(
            game=game, number=1, version=2, status="confirmed", points_0=5, points_1=0
        )
    )
    Entry.objects.create(game=game, number=1, version=2, status="entered", points_0=5, points_1=0)
    assert refused(
        lambda: Entry.objects.create(
            game=game, number=1, version=3, status="entered", points_0=10, points_1=0
        )
    )


def test_an_idempotency_key_stores_one_entry(event):
    rnd = Round.objects.create(event=event, number=1)
    game = Game.objects.create(round=rnd, table=Table.objects.create(event=event, number=1))
    Entry.objects.create(game=game, number=1, points_0=100, points_1=0, idempotency_key="k1")
    assert refused(
        lambda: Entry.objects.create(
            game=game, number=2, points_0=100, points_1=0, idempotency_key="k1"
        )
    )


def test_a_deals_round_needs_its_number_of_deals(event):
    event.round_kind = "deals"
    event.round_deals = None
    assert refused(event.save)
