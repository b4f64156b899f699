"""Finished club evenings with their games, seats and totals, for the ratings' tests."""

import datetime

from tests.factories import make_event
from tournaments.models import Club, Event, Game, Member, Player, Result, Round, Seat, Table

# One table's game: its sides (members, or names of guests) and each side's total.
TableGame = tuple[tuple[tuple[Member | str, ...], ...], tuple[int, ...]]


def rated_evening(
    director,
    club: Club,
    when: datetime.date | int,
    rounds: list[list[TableGame]],
    *,
    card_game: str = "canasta",
    status: str = Event.Status.FINISHED,
    **fields,
) -> Event:
    """An evening of ``club`` whose ``rounds`` are closed, each table's game scored.

    ``when``: the date, or a day of January 2026. A person who is a plain name is a guest."""
    date = when if isinstance(when, datetime.date) else datetime.date(2026, 1, when)
    event = make_event(
        director,
        card_game=card_game,
        players=0,
        club=club,
        name=fields.pop("name", f"Evening {date:%d.%m.}"),
        date=date,
        status=status,
        **fields,
    )
    players: dict[Member | str, Player] = {}

    def player(who: Member | str) -> Player:
        if who not in players:
            member = who if isinstance(who, Member) else None
            players[who] = event.players.create(
                name=str(who), number=len(players) + 1, member=member
            )
        return players[who]

    for number, games in enumerate(rounds, start=1):
        rnd = Round.objects.create(event=event, number=number, status=Round.Status.CLOSED)
        for index, (sides, scores) in enumerate(games, start=1):
            table = Table.objects.get_or_create(event=event, number=index)[0]
            totals = list(scores) + [None] * (3 - len(scores))
            played = Game.objects.create(
                round=rnd,
                table=table,
                finished=True,
                score_0=totals[0],
                score_1=totals[1],
                score_2=totals[2],
            )
            position = 1
            for side, people in enumerate(sides):
                for who in people:
                    seated = player(who)
                    Seat.objects.create(
                        round=rnd, game=played, player=seated, side=side, position=position
                    )
                    Result.objects.create(
                        round=rnd, player=seated, game=played, points=scores[side]
                    )
                    position += 1
    return event


def entered_evening(director, club: Club, day: int, seating, deals, **fields) -> Event:
    """A finished Canasta evening of ``club`` on 2026-01-``day`` whose one round is seated
    as ``seating`` (``[((a, b), (c, d)), ...]``: members) and whose tables' deals were
    entered by the director as totals (``deals[table - 1]``: each deal's two totals)."""
    from tournaments.services.scores.entries import correct_entry
    from tournaments.services.setup import events as setup

    event = make_event(
        director,
        players=0,
        club=club,
        name=f"Evening {day:02d}.01.",
        date=datetime.date(2026, 1, day),
        status=Event.Status.RUNNING,
        **fields,
    )
    rnd = Round.objects.create(event=event, number=1)
    for number, sides in enumerate(seating, start=1):
        game = Game.objects.create(
            round=rnd, table=Table.objects.create(event=event, number=number)
        )
        position = 1
        for side, people in enumerate(sides):
            for member in people:
                player = event.players.create(name=member.name, number=position, member=member)
                Seat.objects.create(
                    round=rnd, game=game, player=player, side=side, position=position
                )
                position += 1
        for deal, totals in enumerate(deals[number - 1], start=1):
            correct_entry(game, deal, {"totals": list(totals)}, user=director, reason="sheet")
    rnd.status = Round.Status.CLOSED
    rnd.save(update_fields=["status"])
    setup.finish_event(event, director)
    return event
