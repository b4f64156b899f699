"""The write steps keep a game's totals and its players' results exactly as a full recompute.

A confirmation updates the game from the confirmed entries it read with its lock and
skips pruning results (seats never move within a round); corrections, settlements and
automatic confirmations recompute the game in full. Random sequences of submits, edits,
confirmations, disputes, settlements and corrections, on Canasta and Gin, with games to
the target and games of a fixed number of deals: after every step the stored game and
results equal what ``refresh_game`` computes from scratch.
"""

import random

import pytest

from tests.web.table_helpers import canasta_game, gin_game, knock, totals
from tournaments.kernel.errors import ServiceError
from tournaments.models import Entry, Event, Game, Result
from tournaments.services.scores.entries import (
    confirm_entry,
    correct_entry,
    dispute_entry,
    settle_dispute,
    submit_entry,
)
from tournaments.services.scores.results import refresh_game

pytestmark = pytest.mark.django_db

PENDING = (Entry.Status.ENTERED, Entry.Status.DISPUTED)


def stored(game: Game) -> tuple:
    row = Game.objects.get(pk=game.pk)
    results = sorted(
        Result.objects.filter(game=game).values_list(
            "player_id", "round_id", "points", "net", "match_points", "won"
        )
    )
    return row.scores, row.finished, row.winner_side, results


def canasta_deal(rng: random.Random) -> dict:
    return totals(rng.randrange(-300, 2500, 5), rng.randrange(-300, 2500, 5))


def gin_hand(rng: random.Random) -> dict:
    return knock(rng.randrange(2), rng.randrange(0, 11), rng.randrange(0, 60))


def play_randomly(game: Game, director, deal, rng: random.Random, steps: int) -> int:
    """``steps`` random write steps; after each, the stored state is the full recompute's.
    Returns how many steps changed something."""
    a = game.seats.filter(side=0).select_related("player").first()
    b = game.seats.exclude(side=0).select_related("player").first()
    refresh_game(game)  # the results every seated player has from the start
    done = 0
    for _ in range(steps):
        entries = list(Entry.objects.filter(game=game).order_by("number", "version"))
        pending = next((e for e in entries if e.status in PENDING), None)
        last = max((e.number for e in entries), default=0)
        step = rng.choice(["submit", "edit", "confirm", "confirm", "dispute", "settle", "correct"])
        try:
            if step == "submit":
                submit_entry(game, last + 1, deal(rng), seat=a)
            elif step == "edit" and pending is not None:
                submit_entry(
                    game, pending.number, deal(rng), seat=a, expected_version=pending.version
                )
            elif step == "confirm" and pending is not None:
                confirm_entry(pending, seat=b)
            elif step == "dispute" and pending is not None:
                dispute_entry(pending, seat=b, reason="other numbers")
            elif step == "settle" and pending is not None:
                accept = rng.random() < 0.5
                settle_dispute(
                    pending,
                    user=director,
                    accept=accept,
                    reason="settled",
                    data=None if accept else deal(rng),
                )
            elif step == "correct" and last:
                number = rng.randint(1, last)
                correct_entry(game, number, deal(rng), user=director, reason="typo")
            else:
                continue
        except ServiceError:
            continue  # refused (the game is over, the entry is not disputed): nothing changed
        done += 1
        kept = stored(game)
        refresh_game(Game.objects.get(pk=game.pk))
        assert stored(game) == kept, f"after {step}"
    return done


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", [Event.RoundKind.GAME, Event.RoundKind.DEALS])
def test_canasta_totals_after_every_step_equal_a_full_recompute(director, seed, kind):
    game = canasta_game(director, round_kind=kind, round_deals=5 if kind == "deals" else None)
    assert play_randomly(game, director, canasta_deal, random.Random(seed), 40) > 10


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", [Event.RoundKind.GAME, Event.RoundKind.DEALS])
def test_gin_totals_after_every_step_equal_a_full_recompute(director, seed, kind):
    game = gin_game(director, round_kind=kind, round_deals=6 if kind == "deals" else None)
    assert play_randomly(game, director, gin_hand, random.Random(seed), 40) > 10
