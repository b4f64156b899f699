"""An evening in its second round, for the guide cards: who moved where from which table.

Round 1 (closed, side A won everywhere): table 1 is 1 & 6 against 2 & 5, table 2 is
3 & 8 against 4 & 7, player 9 sits out. Round 2 (open): table 1 plays nothing, table 2
is 1 & 8 against 2 & 7, table 3 is 3 & 9 against 4 & 6, player 5 sits out.
"""

from tests.factories import make_event, seat_round
from tests.web.rounds_helpers import close, finish
from tournaments.kernel import feed
from tournaments.models import Bye, Event, Game, Round, Seat, Table


def seat_at(rnd: Round, table_number: int, sides) -> Game:
    players = {p.number: p for p in rnd.event.players.all()}
    table, _ = Table.objects.get_or_create(event=rnd.event, number=table_number)
    game = Game.objects.create(round=rnd, table=table)
    position = 1
    for side, members in enumerate(sides):
        for number in members:
            Seat.objects.create(
                round=rnd, game=game, player=players[number], side=side, position=position
            )
            position += 1
    return game


def first_round(owner) -> Event:
    event = make_event(owner, players=9)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    Bye.objects.create(round=rnd, player=event.players.get(number=9))
    return event


def second_round(event: Event) -> Round:
    first = event.rounds.get(number=1)
    finish(first)
    close(first)
    rnd = Round.objects.create(event=event, number=2)
    seat_at(rnd, 2, [(1, 8), (2, 7)])
    seat_at(rnd, 3, [(3, 9), (4, 6)])
    Bye.objects.create(round=rnd, player=event.players.get(number=5))
    feed.record(event, feed.Kind.ROUND, round=rnd)  # as starting the round does
    return rnd


def table(event: Event, number: int) -> Table:
    return event.tables.get(number=number)
