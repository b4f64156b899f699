"""Test data for score entry: a seated Canasta or Gin game and well-formed deals and hands."""

import re

from django.test import Client
from django.urls import reverse

from tests.factories import make_event, seat_round
from tournaments.models import Game, Seat

# Side A: natural canasta, one red three, went out, 120 melded: 500 + 100 + 100 + 120 = 820.
# Side B: 60 melded, 35 left in hand: 25.
DEAL = {
    "sides": [
        {"natural_canastas": 1, "red_threes": 1, "going_out": "out", "melded_points": 120},
        {"melded_points": 60, "hand_points": 35},
    ]
}
DEAL_POINTS = (820, 25)
# The same deal as the phone's entry form posts it.
DEAL_FORM = {
    "s0_natural_canastas": "1",
    "s0_red_threes": "1",
    "s0_going_out": "out",
    "s0_melded_points": "120",
    "s1_going_out": "none",
    "s1_melded_points": "60",
    "s1_hand_points": "35",
}


def poll_of(html: str) -> dict[str, str]:
    """What the phone's poll drawn in ``html`` sends: the table's and the clock's feed values."""
    found = re.search(r"since=(\d+)&amp;clock=(\d+)", html)
    assert found, "the page draws no poll"
    return {"since": found[1], "clock": found[2]}


def canasta_game(owner, **event_fields) -> Game:
    """Round 1 of a progressive evening: table 1 is 1 & 6 (side A) against 2 & 5 (side B)."""
    event = make_event(owner, **event_fields)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    return rnd.games.select_related("round__event", "table").get(table__number=1)


def gin_game(owner, **event_fields) -> Game:
    """Round 1 of a Gin round robin: table 1 is player 1 (side 0) against player 2 (side 1)."""
    event = make_event(owner, card_game="gin", players=4, fmt="roundrobin", **event_fields)
    rnd = seat_round(event, 1, [(1, 2), (3, 4)])
    return rnd.games.select_related("round__event", "table").get(table__number=1)


def seat_of(game: Game, number: int) -> Seat:
    return game.seats.select_related("player").get(player__number=number)


def table_url(name: str, game: Game, *args) -> str:
    return reverse(name, args=[game.table.token, *args])


def phone(game: Game, number: int) -> Client:
    """A phone at the table that has said it is player ``number``."""
    client = Client()
    client.post(table_url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def totals(*values: int) -> dict:
    return {"totals": list(values)}


def knock(knocker: int, knocker_deadwood: int, defender_deadwood: int) -> dict:
    return {
        "kind": "knock",
        "knocker": knocker,
        "knocker_deadwood": knocker_deadwood,
        "defender_deadwood": defender_deadwood,
    }
