"""Test data built straight through the models, independent of the services under test."""

import datetime

from scoring.profiles import CANASTA_PROFILES, GIN_PROFILES, profile_to_dict
from tournaments.models import Event, Game, Player, Result, Round, Seat, Table


def make_event(
    owner, *, card_game="canasta", players=8, fmt="progressive", profile_slug=None, **fields
) -> Event:
    slug = profile_slug or "wiener"
    profiles = CANASTA_PROFILES if card_game == "canasta" else GIN_PROFILES
    event = Event.objects.create(
        owner=owner,
        name=fields.pop("name", "Club evening"),
        date=fields.pop("date", datetime.date(2026, 11, 22)),
        card_game=card_game,
        format=fmt,
        profile_slug=slug,
        profile=profile_to_dict(profiles[slug]),
        **fields,
    )
    for number in range(1, players + 1):
        Player.objects.create(event=event, name=f"Player {number}", number=number)
    return event


def seat_round(event: Event, number: int, tables: list) -> Round:
    """Open round ``number`` with ``tables`` as ``[((a, b), (c, d)), ...]`` of player numbers.

    A side may be a single number for one-against-one games (Gin, Swiss).
    """
    players = {p.number: p for p in event.players.all()}
    rnd = Round.objects.create(event=event, number=number)
    for index, sides in enumerate(tables, start=1):
        table, _ = Table.objects.get_or_create(event=event, number=index)
        game = Game.objects.create(round=rnd, table=table)
        position = 1
        for side, members in enumerate(sides):
            members = members if isinstance(members, tuple) else (members,)
            for member in members:
                Seat.objects.create(
                    round=rnd, game=game, player=players[member], side=side, position=position
                )
                position += 1
    return rnd


def make_tables(event: Event, count: int) -> list[Table]:
    return Table.objects.bulk_create(Table(event=event, number=n) for n in range(1, count + 1))


def substituted_event(director) -> Event:
    """Gin, four players; Player 1 hands over to Sam after round 1.

    Round 1: 1 → 100, 2 → 50, 3 → 80, 4 → 20. Round 2: Sam → 30, 2 → 60, 3 → 10, 4 → 40.
    """
    from tournaments.services.setup import player_changes

    event = make_event(
        director, card_game="gin", players=4, fmt="swiss", status=Event.Status.RUNNING
    )
    players = {p.number: p for p in event.players.all()}
    first = seat_round(event, 1, [(1, 2), (3, 4)])
    for number, points in {1: 100, 2: 50, 3: 80, 4: 20}.items():
        game = first.seats.get(player=players[number]).game
        Result.objects.create(round=first, game=game, player=players[number], points=points)
    first.status = Round.Status.CLOSED
    first.save()
    sam = player_changes.substitute(event, players[1], name="Sam", user=director)
    second = seat_round(event, 2, [(1, 4), (2, 3)])
    second.seats.filter(game__table__number=1, side=0).update(player=sam)
    for player, points in {sam: 30, players[2]: 60, players[3]: 10, players[4]: 40}.items():
        game = second.seats.get(player=player).game
        Result.objects.create(round=second, game=game, player=player, points=points)
    second.status = Round.Status.CLOSED
    second.save()
    event.refresh_from_db()
    return event
