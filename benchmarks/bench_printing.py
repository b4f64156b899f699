"""Printing a 96-player progressive event (24 tables): tallies, table cards and standings.

Target: the three documents in at most 1 s together. The builders are timed on
plain data (``tournaments.printing.data``), first cold (font files parsed) and
then warm (median of several runs); the loaders separately, against a
throw-away in-memory test database.
"""

import datetime
import os
import statistics
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from tournaments.models import Event, Player, Table
    from tournaments.printing.data import StandingsData, TableCardsData, TalliesData

PLAYERS = 96
ROUNDS = 7
RUNS = 5
FIRST = [
    "Jürgen",
    "Anna",
    "Grete",
    "Fritz",
    "Maximilian",
    "Eva",
    "Hans",
    "Ülkü",
    "Zoë",
    "Björn",
    "Renée",
    "Sören",
]
LAST = [
    "Größ",
    "Ährenfeld",
    "Weiß",
    "Öztürk",
    "Maier",
    "Übel",
    "Hohenzollern-Sigmaringen",
    "Birke",
    "Fink",
]


T = TypeVar("T")


class Seated(Protocol):
    """What the benchmark reads of a round: its tables of two pairs (the engine's ``Round``)."""

    @property
    def tables(self) -> Sequence[tuple[tuple[int, int], tuple[int, int]]]: ...


def name(number: int) -> str:
    return f"{FIRST[number % len(FIRST)]} {LAST[number % len(LAST)]} {number}"


def schedule_rounds() -> tuple[Sequence[Seated], str]:
    """The pairing engine's schedule for 96 players (first ROUNDS rounds), else a stand-in."""
    rounds: list[Any]  # the engine's rounds, or stand-ins with the same ``tables``
    try:
        from pairings.schedules import progressive_schedule

        started = time.perf_counter()
        rounds = progressive_schedule(PLAYERS).rounds[:ROUNDS]
        return rounds, f"engine ({time.perf_counter() - started:.2f} s to make)"
    except Exception as error:  # the engine is missing or cannot do 96: time the printing anyway
        from types import SimpleNamespace

        rounds = []
        for r in range(ROUNDS):
            order = [(i * (2 * r + 1) + r) % PLAYERS + 1 for i in range(PLAYERS)]
            seen = list(dict.fromkeys(order)) + [p for p in range(1, PLAYERS + 1) if p not in order]
            tables = [
                ((seen[4 * t], seen[4 * t + 1]), (seen[4 * t + 2], seen[4 * t + 3]))
                for t in range(24)
            ]
            rounds.append(SimpleNamespace(tables=tables, sitting_out=()))
        return rounds, f"stand-in ({type(error).__name__})"


def engine_can(players: int) -> bool:
    try:
        from pairings.schedules import progressive_schedule

        progressive_schedule(players)
    except Exception:
        return False
    return True


def plain_data(rounds: Sequence[Seated]) -> tuple["TalliesData", "TableCardsData", "StandingsData"]:
    from tournaments.printing import data
    from tournaments.printing.tallies import game_label, names_lines

    event = data.EventInfo(
        name="Großes Herbstturnier",
        date=datetime.date(2026, 11, 22),
        club="Canasta-Club Döbling",
        language="de",
        profile_name="Wiener Canasta",
    )
    scores = {
        p: {r: 1000 + (p * 37 + r * 11) % 4000 for r in range(1, ROUNDS + 1)}
        for p in range(1, PLAYERS + 1)
    }
    tallies = []
    for player in range(1, PLAYERS + 1):
        rows = []
        for index, rnd in enumerate(rounds, start=1):
            for table, (a, b) in enumerate(rnd.tables, start=1):
                if player in a + b:
                    names = names_lines(tuple(name(n) for n in a), tuple(name(n) for n in b))
                    rows.append(
                        data.TallyRow(
                            index, table, game_label(a, b), names, score=scores[player][index]
                        )
                    )
        tallies.append(
            data.Tally(player, name(player), rows=tuple(rows), total=sum(scores[player].values()))
        )
    cards = tuple(
        data.TableCard(
            table=t,
            link=f"http://192.168.1.20:8000/t/{os.urandom(18).hex()}/",
            code="ABCD2345",
            seating=data.TableSeating(
                t,
                tuple(
                    data.SeatInfo(pos, side, n, name(n))
                    for pos, side, n in ((1, 0, a[0]), (2, 1, b[0]), (3, 0, a[1]), (4, 1, b[1]))
                ),
            ),
        )
        for t, (a, b) in enumerate(rounds[0].tables, start=1)
    )
    ranked = sorted(range(1, PLAYERS + 1), key=lambda p: -sum(scores[p].values()))
    standing_rows = tuple(
        data.StandingRow(rank, p, name(p), scores[p], sum(scores[p].values()))
        for rank, p in enumerate(ranked, start=1)
    )
    return (
        data.TalliesData(event=event, tallies=tuple(tallies)),
        data.TableCardsData(event=event, base_url="http://192.168.1.20:8000", round=1, cards=cards),
        data.StandingsData(
            event=event,
            rounds=tuple(range(1, ROUNDS + 1)),
            rows=standing_rows,
            through_round=ROUNDS,
        ),
    )


def timed(function: Callable[..., T], *args: Any) -> tuple[float, T]:
    started = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - started, result


def bench_builders(rounds: Sequence[Seated]) -> None:
    from django.utils.translation import override

    from tournaments.printing import standings_pdf, table_cards, tallies

    with override("de"):
        documents = plain_data(rounds)
    builders: list[tuple[str, Callable[[Any], bytes]]] = [  # each for its document's data
        ("tallies", tallies.build),
        ("table_cards", table_cards.build),
        ("standings", standings_pdf.build),
    ]
    cold = 0.0
    for (label, build), document in zip(builders, documents, strict=True):
        seconds, pdf = timed(build, document)
        cold += seconds
        print(
            f"bench: printing_{label}_cold {seconds * 1000:.0f} ms ({len(pdf) // 1024} KB)",
            flush=True,
        )
    print(f"bench: printing_three_documents_cold {cold * 1000:.0f} ms", flush=True)
    warm_total = []
    for _ in range(RUNS):
        warm_total.append(
            sum(
                timed(build, document)[0]
                for (_l, build), document in zip(builders, documents, strict=True)
            )
        )
    for (label, build), document in zip(builders, documents, strict=True):
        runs = [timed(build, document)[0] for _ in range(RUNS)]
        print(f"bench: printing_{label} {statistics.median(runs) * 1000:.0f} ms", flush=True)
    print(
        f"bench: printing_three_documents {statistics.median(warm_total) * 1000:.0f} ms (target ≤ 1000)",
        flush=True,
    )


def bench_loaders(rounds: Sequence[Seated], size: int, event_format: str) -> None:
    """Load an event seated by ``rounds`` from a throw-away in-memory database, then render it."""
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    print(f"# printing: loaders timed on a {event_format} event of {size} players", flush=True)
    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        time_loaders(seated_event(rounds, size, event_format))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def seated_event(rounds: Sequence[Seated], size: int, event_format: str) -> "Event":
    """An event of ``size`` numbered players with ``rounds`` seated, all but the last closed."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event, Player, Table

    owner = get_user_model().objects.create_user("bench-printing")
    event = Event.objects.create(
        owner=owner,
        name="Großes Herbstturnier",
        date=datetime.date(2026, 11, 22),
        format=event_format,
        planned_rounds=ROUNDS,
        language="de",
    )
    players = {
        n: p
        for n, p in zip(
            range(1, size + 1),
            Player.objects.bulk_create(
                Player(event=event, name=name(n), number=n) for n in range(1, size + 1)
            ),
            strict=True,
        )
    }
    count = len(rounds[0].tables)
    tables = Table.objects.bulk_create(Table(event=event, number=t) for t in range(1, count + 1))
    for index, rnd in enumerate(rounds, start=1):
        seat_round(event, index, rnd, players, tables)
    return event


def seat_round(
    event: "Event", index: int, rnd: Seated, players: dict[int, "Player"], tables: list["Table"]
) -> None:
    """Round ``index`` seated as ``rnd`` says; a closed round gets a result for every seat."""
    from tournaments.models import Game, Result, Round, Seat

    status = Round.Status.OPEN if index == ROUNDS else Round.Status.CLOSED
    row = Round.objects.create(event=event, number=index, status=status)
    games = Game.objects.bulk_create(Game(round=row, table=table) for table in tables)
    Seat.objects.bulk_create(
        Seat(round=row, game=game, player=players[n], side=side, position=pos)
        for game, ((a, b), (c, d)) in zip(games, rnd.tables, strict=True)
        for pos, side, n in ((1, 0, a), (2, 1, c), (3, 0, b), (4, 1, d))
    )
    if status == Round.Status.CLOSED:
        Result.objects.bulk_create(
            Result(
                round=row,
                player=players[n],
                game=game,
                points=1000 + (n * 37 + index) % 4000,
            )
            for game, ((a, b), (c, d)) in zip(games, rnd.tables, strict=True)
            for n in (a, b, c, d)
        )


def time_loaders(event: "Event") -> None:
    """Each loader alone, then the three documents rendered from the database."""
    from tournaments.printing import render, standings_pdf, table_cards, tallies
    from tournaments.services.club.public_names import public_names

    def standings(event: "Event") -> "StandingsData":
        # A public document: its names come through the public-name door, as render() does.
        return standings_pdf.load(event, names=public_names(event))

    loads: list[tuple[str, Callable[[Event], object]]] = [
        ("tallies", tallies.load),
        ("table_cards", table_cards.load),
        ("standings", standings),
    ]
    for label, load in loads:
        runs = [timed(load, event)[0] for _ in range(RUNS)]
        print(f"bench: printing_load_{label} {statistics.median(runs) * 1000:.0f} ms", flush=True)
    total = [
        sum(timed(render, event, kind)[0] for kind in ("tallies", "table-cards", "standings"))
        for _ in range(3)
    ]
    print(
        f"bench: printing_three_documents_from_db {statistics.median(total) * 1000:.0f} ms",
        flush=True,
    )


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
    import django

    django.setup()
    rounds, source = schedule_rounds()
    print(
        f"# printing: {PLAYERS} players, 24 tables, {ROUNDS} rounds; schedule from the {source}",
        flush=True,
    )
    bench_builders(rounds)
    # The engine has schedules up to 48 players: a 96-player field is loaded as a
    # winner-moves-up event (its seating comes from the database alike), and the
    # largest progressive field the engine has shows the loaders with its schedule.
    from tournaments.models import Event

    if engine_can(PLAYERS):
        bench_loaders(rounds, PLAYERS, Event.Format.PROGRESSIVE)
    else:
        bench_loaders(rounds, PLAYERS, Event.Format.MOVEUP)
        largest = next((n for n in range(48, 7, -4) if engine_can(n)), None)
        if largest:
            from pairings.schedules import progressive_schedule

            rounds = progressive_schedule(largest).rounds[:ROUNDS]
            bench_loaders(rounds, largest, Event.Format.PROGRESSIVE)


if __name__ == "__main__":
    main()
