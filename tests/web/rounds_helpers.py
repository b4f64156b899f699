"""Test data for running rounds: finished games and results, read-back of a seating.

``finish`` and ``close`` stand for the steps that would play and close a round, so each
records its change on the feed as those steps do (``tournaments.kernel.feed``): the
screens that poll follow them."""

from tournaments.kernel import feed
from tournaments.models import Game, Result, Round, Seat


def seating(rnd: Round) -> list[tuple[tuple[int, ...], ...]]:
    """Per table (in table order) each side's player numbers in seat order."""
    tables: dict[int, dict[int, list[int]]] = {}
    for seat in (
        Seat.objects.filter(round=rnd)
        .select_related("player", "game__table")
        .order_by("game__table__number", "position")
    ):
        tables.setdefault(seat.game.table.number, {}).setdefault(seat.side, []).append(
            seat.player.number
        )
    return [tuple(tuple(sides[s]) for s in sorted(sides)) for _, sides in sorted(tables.items())]


def positions(rnd: Round) -> dict[int, tuple[int, int, int]]:
    """Player number → (table, side, position)."""
    return {
        seat.player.number: (seat.game.table.number, seat.side, seat.position)
        for seat in Seat.objects.filter(round=rnd).select_related("player", "game__table")
    }


def finish(rnd: Round, points_of=None, *, winner_side: int | None = 0) -> None:
    """Every game finished; side ``winner_side`` wins; each player's Result written.

    ``points_of(game, side) -> (points_0, points_1)`` gives the sides' scores
    (default: the winners 1000, the losers 500).
    """
    for game in Game.objects.filter(round=rnd).prefetch_related("seats"):
        scores = (
            points_of(game) if points_of else ((1000, 500) if winner_side == 0 else (500, 1000))
        )
        # A table of three (Gin rotation): the third player scores least.
        scores = (*scores, *(250,) * (len({seat.side for seat in game.seats.all()}) - 2))
        winner = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else None
        game.score_0, game.score_1 = scores[:2]
        game.score_2 = scores[2] if len(scores) > 2 else None
        game.finished = True
        game.winner_side = winner
        game.save()
        margin = abs(scores[0] - scores[1])
        Result.objects.bulk_create(
            Result(
                round=rnd,
                player_id=seat.player_id,
                game=game,
                points=scores[seat.side],
                net=(margin if seat.side == winner else -margin) if winner is not None else 0,
                match_points=2 if seat.side == winner else 1 if winner is None else 0,
                won=seat.side == winner,
            )
            for seat in game.seats.all()
        )
    feed.record(rnd.event_id, feed.Kind.SCORE, round=rnd)


def close(rnd: Round) -> None:
    rnd.status = Round.Status.CLOSED
    rnd.save(update_fields=["status"])
    feed.record(rnd.event_id, feed.Kind.ROUND, round=rnd)
