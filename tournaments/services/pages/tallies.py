"""Tallies: each player's rounds and what each round scored, as the standings count it.

The director's tally page (``tally``) and the printed tallies
(``recorded_scores``) both score a round by the event's first metric and
score a bye by ``standings.bye_score``, so the page, the printout and the
standings always agree.
"""

from dataclasses import dataclass

from tournaments.models import Bye, Event, Game, Player, Result, Seat
from tournaments.services.scores.standings import (
    RoundScore,
    bye_score,
    entrants,
    precedence,
    standings,
)


@dataclass
class TallyLine:
    """One round on a player's tally: where they sat, with whom, against whom, what they scored."""

    round: int
    game: Game | None = None
    partners: tuple[Player, ...] = ()
    opponents: tuple[Player, ...] = ()
    score: RoundScore | None = None  # None while the game has no result
    bye: bool = False
    running: int = 0


def counted_together(event: Event, player: Player) -> set[int]:
    """The players whose rounds count on ``player``'s tally: with a substitute, as the
    event's ``substitute_scoring`` says (the standings count them the same way)."""
    _ranked, key_of = entrants(event)
    key = key_of.get(player.pk, player.pk)
    if isinstance(key, tuple):
        return {player.pk}  # a team's tally is each partner's own
    return {pk for pk, other in key_of.items() if other == key} | {player.pk}


def tally(event: Event, player: Player) -> list[TallyLine]:
    """The player's rounds in order (5 queries whatever the event's size), with the rounds
    of a substitute or of the player replaced where the event counts them together."""
    together = counted_together(event, player)
    seats = list(
        Seat.objects.filter(player_id__in=together).select_related("game__table", "game__round")
    )
    games = [seat.game_id for seat in seats]
    others: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(game_id__in=games).select_related("player").order_by("position")
    ):
        others.setdefault(seat.game_id, []).append(seat)
    results = {r.round_id: r for r in Result.objects.filter(player_id__in=together)}
    lines: dict[int, TallyLine] = {}
    for seat in seats:
        at_table = others.get(seat.game_id, [])
        line = TallyLine(
            round=seat.game.round.number,
            game=seat.game,
            partners=tuple(
                s.player for s in at_table if s.side == seat.side and s.player_id not in together
            ),
            opponents=tuple(s.player for s in at_table if s.side != seat.side),
        )
        result = results.get(seat.round_id)
        if result is not None:
            line.score = RoundScore(result.points, result.net, result.match_points, result.won)
        lines[line.round] = line
    for bye in Bye.objects.filter(player_id__in=together).select_related("round"):
        lines[bye.round.number] = TallyLine(
            round=bye.round.number, score=bye_score(event, bye.points), bye=True
        )
    ordered = [lines[number] for number in sorted(lines)]
    key = precedence(event)[0].key
    running = 0
    for line in ordered:
        running += line.score.value(key) if line.score is not None else 0
        line.running = running
    return ordered


def recorded_scores(event: Event) -> dict[int, tuple[dict[int, int], int]]:
    """Each player's score per round as the printed tally shows it, and the standings' total.

    Player id → (round → score, total). A team's rounds and total count for both
    partners (and a substitute who joined the team).
    """
    key = precedence(event)[0].key
    _ranked, key_of = entrants(event)
    rows = {row.key: row for row in standings(event)}
    scores: dict[int, tuple[dict[int, int], int]] = {}
    for player_id, entrant in key_of.items():
        row = rows[entrant]
        per_round = {number: score.value(key) for number, score in row.rounds.items()}
        scores[player_id] = (per_round, row.total)
    return scores
