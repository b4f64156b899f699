"""A club's season: 52 evenings of 60 members, four rounds each, ranked as a series.

Prints the server time of ``series_standings`` (median of several runs, wall and
this process's CPU) and its query count, then the query count for a series of 6
evenings: the two counts are the same, whatever the number of evenings. Runs
against a throw-away test database.
"""

import datetime
import os
import statistics
import time
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournaments.models import Club, Event

EVENINGS = 52
MEMBERS = 60
ROUNDS = 4
RUNS = 5


def build(owner: "User", club: "Club") -> list["Event"]:
    from tournaments.models import Event, Member, Player, Result, Round

    members = Member.objects.bulk_create(
        Member(club=club, name=f"Member {n:02d}") for n in range(1, MEMBERS + 1)
    )
    events = []
    for day in range(EVENINGS):
        event = Event.objects.create(
            owner=owner,
            club=club,
            name=f"Club evening {day + 1}",
            date=datetime.date(2026, 1, 5) + datetime.timedelta(days=7 * day),
        )
        players = Player.objects.bulk_create(
            Player(event=event, name=m.name, number=n, member=m)
            for n, m in enumerate(members, start=1)
        )
        rounds = Round.objects.bulk_create(
            Round(event=event, number=r, status="closed") for r in range(1, ROUNDS + 1)
        )
        Result.objects.bulk_create(
            Result(
                round=rnd,
                player=p,
                # Every player here has a number: made with one above.
                points=(cast(int, p.number) * 37 + rnd.number * 101 + day * 13) % 3000,
            )
            for rnd in rounds
            for p in players
        )
        events.append(event)
    return events


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import (
        CaptureQueriesContext,
        setup_test_environment,
        teardown_test_environment,
    )

    from tournaments.models import Club, Series
    from tournaments.services.club.series import series_standings

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        owner = get_user_model().objects.create_user("bench-series")
        club = Club.objects.create(name="Bench club")
        events = build(owner, club)
        season = Series.objects.create(club=club, name="Season", rule="best", best_of=40)
        season.events.set(events)
        short = Series.objects.create(club=club, name="Cup", rule="placing")
        short.events.set(events[:6])

        runs, cpu = [], []
        for _ in range(RUNS):
            started, used = time.perf_counter(), time.process_time()
            series_standings(season)
            runs.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
        with CaptureQueriesContext(connection) as queries:
            rows = series_standings(season).rows
        with CaptureQueriesContext(connection) as short_queries:
            series_standings(short)
        print(f"# series: {EVENINGS} evenings x {MEMBERS} members, {len(rows)} rows", flush=True)
        print(f"bench: series_standings_52_evenings {statistics.median(runs) * 1000:.0f} ms")
        # This process's CPU only (SQLite's work included, PostgreSQL's not): on a busy
        # machine it shows what the wall time would be without waiting for a core.
        print(f"bench: series_standings_52_evenings_cpu {statistics.median(cpu) * 1000:.0f} ms")
        print(f"bench: series_standings_52_evenings_queries {len(queries)} queries")
        print(f"bench: series_standings_6_evenings_queries {len(short_queries)} queries")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
