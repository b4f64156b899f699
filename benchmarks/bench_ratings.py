"""The club's rating lists: their speed, and whether they rank players better than points do.

- ``ratings_recompute``: a club of 60 members with ten seasons of 52 evenings each, Canasta
  and Gin week about (every evening 60 players, four rounds seated by lot: 15 Canasta
  tables of four or 30 Gin tables of two, about 47 000 games), both lists replayed from the start
  (``services.ratings.refresh.recompute_club``). Target 2 000 ms.
- ``ratings_evening``: one finished evening rated on top of the list
  (``services.ratings.refresh.evening_finished``), with its query count for a Canasta and a Gin
  evening: the same. Target 100 ms.
- A simulation, no database: 40 players with hidden skills play a season of 20 progressive
  Canasta evenings with rotating partners (``pairings.schedules.progressive_schedule(40)``,
  numbers drawn afresh each evening, four rounds of four deals). A side's deal score is
  drawn around its players' skill minus its opponents'. ``ratings_tau_rating`` and
  ``ratings_tau_points`` are Kendall's τ between the hidden skills and the rating list (the
  shown values, with Canasta's margin, ``CardGame.rating_margin``), and between the hidden
  skills and the season's total points; ``ratings_tau_winloss`` rates who won alone. Each
  is the mean over several seeded seasons. The rating list must beat the points.

Runs against a throw-away test database.
"""

import datetime
import math
import os
import random
import statistics
import time
from itertools import combinations
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournaments.models import Club, Event, Member, Player, Round, Table

SEASONS = 10
EVENINGS = 52
MEMBERS = 60
ROUNDS = 4
RUNS = 3

SIM_PLAYERS = 40
SIM_EVENINGS = 20
SIM_ROUNDS = 4
SIM_DEALS = 4
SIM_SEASONS = 60
DEAL_MEAN = 800  # a side's usual deal
DEAL_SKILL = 300  # points a deal per unit of skill its side has over the other
DEAL_SPREAD = 900  # the luck of the cards, per side and deal


# --- the simulation -------------------------------------------------------------------


def kendall_tau(xs: list[float], ys: list[float]) -> float:
    """Kendall's τ-b of two rankings of the same players (ties counted as neither)."""
    concordant = discordant = ties_x = ties_y = 0
    for (x1, y1), (x2, y2) in combinations(zip(xs, ys, strict=True), 2):
        dx, dy = x1 - x2, y1 - y2
        if dx == 0 and dy == 0:
            continue
        if dx == 0:
            ties_x += 1
        elif dy == 0:
            ties_y += 1
        elif (dx > 0) == (dy > 0):
            concordant += 1
        else:
            discordant += 1
    pairs_x = concordant + discordant + ties_y
    pairs_y = concordant + discordant + ties_x
    tau: float = (concordant - discordant) / ((pairs_x * pairs_y) ** 0.5)
    return tau


def simulated_season(seed: int, margin: float, *, places: bool) -> tuple[float, float]:
    """τ of the rating list and of the points series against the hidden skills."""
    from pairings.schedules import progressive_schedule
    from ratings import Evening, Ledger, Match, table_matches

    rng = random.Random(seed)
    skill = {player: rng.gauss(0, 1) for player in range(1, SIM_PLAYERS + 1)}
    schedule = progressive_schedule(SIM_PLAYERS)
    ledger = Ledger(margin=margin)
    points = dict.fromkeys(skill, 0)
    for evening in range(SIM_EVENINGS):
        drawn = rng.sample(list(skill), len(skill))
        who = {number: drawn[number - 1] for number in range(1, SIM_PLAYERS + 1)}
        matches: list[Match] = []
        for rnd in schedule.rounds[:SIM_ROUNDS]:
            for (a, b), (c, d) in rnd.tables:
                sides = ((who[a], who[b]), (who[c], who[d]))
                strength = [sum(skill[p] for p in side) for side in sides]
                totals = [0, 0]
                for _deal in range(SIM_DEALS):
                    for i in (0, 1):
                        edge = strength[i] - strength[1 - i]
                        totals[i] += round(rng.gauss(DEAL_MEAN + DEAL_SKILL * edge, DEAL_SPREAD))
                for side, total in zip(sides, totals, strict=True):
                    for player in side:
                        points[player] += total
                matches += table_matches(sides, totals, places=places)
        ledger.rate_evening(Evening(evening, tuple(matches)))
    order = sorted(skill)
    hidden = [skill[p] for p in order]
    rated = kendall_tau(hidden, [ledger.rating(p).shown for p in order])
    return rated, kendall_tau(hidden, [points[p] for p in order])


def simulation() -> None:
    from tournaments.card_games import CARD_GAMES

    margin = CARD_GAMES["canasta"].rating_margin
    seasons = [simulated_season(seed, margin, places=False) for seed in range(SIM_SEASONS)]
    winloss = [simulated_season(seed, 0.0, places=True)[0] for seed in range(SIM_SEASONS)]
    rated = statistics.mean(r for r, _ in seasons)
    points = statistics.mean(p for _, p in seasons)
    beaten = sum(r > p for r, p in seasons)
    print(
        f"# simulation: {SIM_SEASONS} seasons of {SIM_EVENINGS} evenings, {SIM_PLAYERS} players, "
        f"margin {margin:g}; the rating list beat the points in {beaten} of them",
        flush=True,
    )
    print(f"bench: ratings_tau_rating {rated:.3f}")
    print(f"bench: ratings_tau_points {points:.3f}")
    print(f"bench: ratings_tau_winloss {statistics.mean(winloss):.3f}")


# --- the club's database -------------------------------------------------------------


def _tables(card_game: str, rng: random.Random, numbers: list[int]) -> list[list[list[int]]]:
    """A round's tables by lot: partners against partners (Canasta) or one against one."""
    drawn = rng.sample(numbers, len(numbers))
    if card_game == "canasta":
        return [[drawn[i : i + 2], drawn[i + 2 : i + 4]] for i in range(0, len(drawn), 4)]
    return [[[drawn[i]], [drawn[i + 1]]] for i in range(0, len(drawn), 2)]


def _scores(card_game: str, rng: random.Random, edge: float) -> list[int]:
    """A game's totals as the card game counts them: Canasta's thousands, Gin's hundreds
    (the winner ahead by the game bonus and more, the better player winning more often)."""
    if card_game == "canasta":
        return [round(rng.gauss(2500 + 400 * sign * edge, 1500)) for sign in (1, -1)]
    loser = max(0, round(rng.gauss(60, 40)))
    winner = loser + 100 + abs(round(rng.gauss(80, 60)))
    won = rng.random() < 1 / (1 + math.exp(-edge))
    return [winner, loser] if won else [loser, winner]


def _with_members(
    players: list["Player"], members: list["Member"]
) -> list[tuple["Player", "Member"]]:
    """Each player with their member (every evening enters all members in the same order)."""
    # Every player here has a number: made with one (``build``).
    return [(player, members[cast(int, player.number) - 1]) for player in players]


def _play(
    rng: random.Random,
    rounds: list["Round"],
    plans: dict[int, list[list[list[list[int]]]]],  # each round's tables, sides, numbers
    table_of: dict[tuple[int, int], "Table"],
    strength: dict[tuple[int, int | None], float],
    by_number: dict[tuple[int, int | None], "Player"],
) -> None:
    """Every round's games, scored from the sides' strength, and their seats."""
    from tournaments.models import Game, Seat

    games, seated = [], []
    for rnd in rounds:
        for number, sides in enumerate(plans[rnd.event_id][rnd.number - 1], start=1):
            power = [sum(strength[(rnd.event_id, n)] for n in side) for side in sides]
            scores = _scores(rnd.event.card_game, rng, power[0] - power[1])
            games.append(
                Game(
                    round=rnd,
                    table=table_of[(rnd.event_id, number)],
                    finished=True,
                    score_0=scores[0],
                    score_1=scores[1],
                )
            )
            seated.append(sides)
    games = Game.objects.bulk_create(games, batch_size=2000)
    Seat.objects.bulk_create(
        (
            Seat(
                round_id=game.round_id,
                game=game,
                player=by_number[(game.round.event_id, n)],
                side=side,
                position=position,
            )
            for game, sides in zip(games, seated, strict=True)
            for position, (side, n) in enumerate(
                ((s, n) for s, ns in enumerate(sides) for n in ns), start=1
            )
        ),
        batch_size=5000,
    )


def build(
    owner: "User", club: "Club", rng: random.Random, first: datetime.date, evenings: int
) -> list["Event"]:
    """``evenings`` finished evenings of all members, Canasta and Gin week about."""
    from tournaments.models import Event, Member, Player, Round, Table

    members = list(Member.objects.filter(club=club).order_by("pk"))
    skill = {m.pk: rng.gauss(0, 1) for m in members}
    events = Event.objects.bulk_create(
        Event(
            owner=owner,
            club=club,
            name=f"Club evening {day + 1}",
            date=first + datetime.timedelta(days=7 * day),
            card_game="canasta" if day % 2 == 0 else "gin",
            status=Event.Status.FINISHED,
            public_token=f"bench-{first}-{day}",
        )
        for day in range(evenings)
    )
    players = Player.objects.bulk_create(
        Player(event=event, name=m.name, number=n, member=m)
        for event in events
        for n, m in enumerate(members, start=1)
    )
    by_number = {(p.event_id, p.number): p for p in players}
    rounds = Round.objects.bulk_create(
        Round(event=event, number=n, status=Round.Status.CLOSED)
        for event in events
        for n in range(1, ROUNDS + 1)
    )
    numbers = list(range(1, MEMBERS + 1))
    plans = {
        event.pk: [_tables(event.card_game, rng, numbers) for _ in range(ROUNDS)]
        for event in events
    }
    tables = Table.objects.bulk_create(
        Table(event=event, number=n, token=f"b{event.pk}-{n}", code=f"B{event.pk:07d}{n:03d}")
        for event in events
        for n in range(1, len(plans[event.pk][0]) + 1)
    )
    table_of = {(t.event_id, t.number): t for t in tables}
    strength = {(p.event_id, p.number): skill[m.pk] for p, m in _with_members(players, members)}
    _play(rng, rounds, plans, table_of, strength, by_number)
    return events


def club_figures() -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Club, Event, Member
    from tournaments.services.ratings import refresh as ratings

    rng = random.Random(28)
    owner = get_user_model().objects.create_user("bench-ratings")
    club = Club.objects.create(name="Bench club")
    Member.objects.bulk_create(
        Member(club=club, name=f"Member {n:02d}") for n in range(1, MEMBERS + 1)
    )
    started = time.perf_counter()
    build(owner, club, rng, datetime.date(2016, 1, 4), SEASONS * EVENINGS)
    print(
        f"# ratings: {SEASONS * EVENINGS} evenings built in {time.perf_counter() - started:.0f} s",
        flush=True,
    )

    runs, cpu = [], []
    for _ in range(RUNS):
        started, used = time.perf_counter(), time.process_time()
        ratings.recompute_club(club.pk)
        runs.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
    print(f"bench: ratings_recompute {statistics.median(runs) * 1000:.0f} ms")
    print(f"bench: ratings_recompute_cpu {statistics.median(cpu) * 1000:.0f} ms")

    later = build(owner, club, rng, datetime.date(2026, 1, 5), 2 * RUNS)
    Event.objects.filter(pk__in=[e.pk for e in later]).update(status=Event.Status.RUNNING)
    times: list[float] = []
    counts: dict[str, set[int]] = {}
    for event in later:
        Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            ratings.evening_finished(event.pk)
            times.append(time.perf_counter() - started)
        counts.setdefault(event.card_game, set()).add(len(queries))
    print(f"bench: ratings_evening {statistics.median(times) * 1000:.0f} ms")
    for card_game, found in sorted(counts.items()):
        print(
            f"bench: ratings_evening_{card_game}_queries {'/'.join(map(str, sorted(found)))} queries"
        )


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    simulation()
    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        club_figures()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
