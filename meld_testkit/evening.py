"""The Django side of the tests' and benchmarks' evenings, run in a subprocess by
``meld_testkit.serving.kit`` as ``python -m meld_testkit.evening <command>``: build an
event through the services, play a round, measure writes and standings, count the deals.
"""

import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from meld_testkit.clients import DEAL, PASSWORD

if TYPE_CHECKING:
    from tournaments.models import Round


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
    import django

    django.setup()


def build_event(players: int, deals: int, username: str) -> dict[str, Any]:
    """An event through the services: players pasted, numbers drawn, round 1 started
    (winner moves up: tables of four by number), ``deals`` deals a round (0: a full game
    to the target, which only confirmed deals reach)."""
    import datetime

    from django.contrib.auth import get_user_model

    from tournaments.models import Event
    from tournaments.services.rounds import steps as rounds
    from tournaments.services.setup import draw as draw_service
    from tournaments.services.setup import events as setup
    from tournaments.services.setup import players as player_service

    user, _ = get_user_model().objects.get_or_create(username=username)
    user.set_password(PASSWORD)
    user.save()
    event = setup.create_event(
        user,
        name=f"Load {players}",
        date=datetime.date(2026, 11, 22),
        card_game="canasta",
        profile_slug="wiener",
    )
    setup.set_format(
        event,
        format=Event.Format.MOVEUP,
        balanced_schedule=False,
        fixed_partners=False,
        planned_rounds=None,
    )
    if deals:
        setup.set_round(
            event, round_kind=Event.RoundKind.DEALS, round_deals=deals, round_minutes=None
        )
    else:
        setup.set_round(
            event, round_kind=Event.RoundKind.GAME, round_deals=None, round_minutes=None
        )
    event.public = True
    event.save(update_fields=["public"])
    player_service.paste_players(event, "\n".join(f"Player {n:04d}" for n in range(1, players + 1)))
    draw_service.draw_numbers(event, seed="bench")
    rnd = rounds.start_round(event, user=user)
    return {
        "event": event.pk,
        "public_token": event.public_token,
        "round": rnd.number,
        "username": username,
        "tables": _tables(rnd),
    }


def _tables(rnd: "Round") -> list[dict[str, Any]]:
    """Each table of the round as the phones find it: its links and the seats of its two sides."""
    tables = []
    for game in (
        rnd.games.select_related("table").prefetch_related("seats").order_by("table__number")
    ):
        seats = sorted(game.seats.all(), key=lambda seat: seat.position)
        tables.append(
            {
                "number": game.table.number,
                "token": game.table.token,
                "code": game.table.code,
                "game": game.pk,
                "seat_a": next(s.pk for s in seats if s.side == 0),
                "seat_b": next(s.pk for s in seats if s.side == 1),
            }
        )
    return tables


def play_round(event_id: int, username: str) -> None:
    """Every table of the open round plays its deals (services, as the phones would), then it closes."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event
    from tournaments.services.rounds import steps as rounds
    from tournaments.services.scores.entries import confirm_entry, submit_entry

    user = get_user_model().objects.get(username=username)
    event = Event.objects.get(pk=event_id)
    rnd = rounds.open_round(event)
    if rnd is None:
        raise RuntimeError(f"event {event_id} has no open round to play")
    sides = [
        {
            k.split("_", 1)[1]: (v if k.endswith("going_out") else int(v))
            for k, v in DEAL.items()
            if k.startswith(f"s{side}_")
        }
        for side in (0, 1)
    ]
    for game in rnd.games.prefetch_related("seats").order_by("table__number"):
        seats = {seat.side: seat for seat in game.seats.all()}
        flip = game.table.number % 2  # half the tables are won by the other side
        for number in range(1, (event.round_deals or 1) + 1):
            entry = submit_entry(
                game, number, {"sides": sides[::-1] if flip else sides}, seat=seats[0]
            )
            confirm_entry(entry, seat=seats[1])
    rounds.close_round(rnd, user=user)


def floor_statements(vendor: str) -> tuple[str, str, str, str]:
    """The floor's plain SQL, on the app's own tables (their indexes and constraints too)."""
    lock = " FOR SHARE OF e, r FOR UPDATE OF g" if vendor == "postgresql" else ""
    read = (
        "SELECT g.id, g.score_0, r.status, e.status FROM tournaments_game g "
        "INNER JOIN tournaments_round r ON r.id = g.round_id "
        f"INNER JOIN tournaments_event e ON e.id = r.event_id WHERE g.id = %s{lock}"
    )
    entry = (
        "INSERT INTO tournaments_entry (game_id, number, version, status, points_0, points_1, "
        "details, reason, created_at) VALUES (%s, %s, 1, 'superseded', 820, 25, %s, '', %s) "
        "RETURNING id"
    )
    audit = (
        "INSERT INTO tournaments_auditentry (event_id, game_id, entry_id, action, seat_label, "
        "new, reason, created_at) VALUES (%s, %s, %s, 'enter', '', %s, '', %s)"
    )
    update = "UPDATE tournaments_game SET score_0 = %s WHERE id = %s"
    return read, entry, audit, update


def measure_writes(tables: int, deals: int) -> dict[str, Any]:
    """Milliseconds per score write through the services (a submit, then its confirm, as the
    phone views call them, with the game as the table's page holds it) against the database's
    floor on the same connection (so the same journal mode, synchronous setting and IMMEDIATE
    transactions on SQLite): one transaction that locks the game's row (its event and round
    shared on PostgreSQL, as a phone's step does), inserts an entry row and an audit row into
    Meld's own tables and updates the locked row, in plain SQL. Service and floor alternate
    table by table, so a neighbour's load falls on both alike."""
    from django.db import connection, transaction
    from django.utils import timezone

    from tournaments.kernel.deal import seats_of, seats_prefetch
    from tournaments.models import Event, Game
    from tournaments.services.scores.entries import confirm_entry, submit_entry

    built = build_event(4 * tables, deals, "writes")
    event = Event.objects.get(pk=built["event"])
    sides = [
        {
            k.split("_", 1)[1]: (v if k.endswith("going_out") else int(v))
            for k, v in DEAL.items()
            if k.startswith(f"s{side}_")
        }
        for side in (0, 1)
    ]
    games = list(
        Game.objects.filter(round__event=event)
        .select_related("round__event", "table")
        .prefetch_related(seats_prefetch())
        .order_by("table__number")
    )
    read, insert_entry, insert_audit, update = floor_statements(connection.vendor)
    details = json.dumps({"sides": sides})
    service = floor = 0.0
    writes = 0
    for game in games:
        seats = {seat.side: seat for seat in seats_of(game)}
        started = time.perf_counter()
        for number in range(1, deals + 1):
            entry = submit_entry(game, number, {"sides": sides}, seat=seats[0])
            confirm_entry(entry, seat=seats[1])
        service += time.perf_counter() - started
        started = time.perf_counter()
        for index in range(2 * deals):
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(read, [game.pk])
                cursor.fetchone()
                cursor.execute(insert_entry, [game.pk, 1000 + index, details, timezone.now()])
                entry_id = cursor.fetchone()[0]
                cursor.execute(insert_audit, [event.pk, game.pk, entry_id, details, timezone.now()])
                cursor.execute(update, [820 * index, game.pk])
        floor += time.perf_counter() - started
        writes += 2 * deals
    return {
        "writes": writes,
        "service_ms": service * 1000 / writes,
        "floor_ms": floor * 1000 / writes,
    }


def measure_standings(players: int, repeats: int) -> dict[str, Any]:
    """Server time (median) and queries of the director's standings page after a round."""
    import statistics

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournaments.models import Event
    from tournaments.services.rounds import steps as rounds

    built = build_event(players, 1, f"standings{players}")
    event = Event.objects.get(pk=built["event"])
    play_round(event.pk, built["username"])
    rounds.start_round(event, user=event.owner)  # round 2 open: the standings show round 1
    client = Client()
    client.force_login(event.owner)
    url = reverse("tournaments-director-standings", args=[event.pk])
    public = reverse("tournaments-public", args=[event.public_token])
    assert client.get(url).status_code == 200
    times, public_times = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - started)
        started = time.perf_counter()
        client.get(public)
        public_times.append(time.perf_counter() - started)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    with CaptureQueriesContext(connection) as public_queries:
        client.get(public)
    return {
        "players": players,
        "median_ms": statistics.median(times) * 1000,
        "queries": len(queries),
        "public_median_ms": statistics.median(public_times) * 1000,
        "public_queries": len(public_queries),
    }


def count_deals(event_id: int) -> dict[str, Any]:
    """What the database holds: confirmed entries per deal, and entries and audit rows that do not pair up."""
    from django.db.models import Count

    from tournaments.models import AuditEntry, Entry

    entries = Entry.objects.filter(game__round__event_id=event_id)
    per_deal = (
        entries.filter(status=Entry.Status.CONFIRMED)
        .values("game", "number")
        .annotate(n=Count("id"))
    )
    audited = set(
        AuditEntry.objects.filter(event_id=event_id, entry__isnull=False).values_list(
            "entry_id", flat=True
        )
    )
    confirmed_audit = set(
        AuditEntry.objects.filter(event_id=event_id, action="confirm").values_list(
            "entry_id", flat=True
        )
    )
    return {
        "entries": entries.count(),
        "confirmed": entries.filter(status=Entry.Status.CONFIRMED).count(),
        "doubled": sum(1 for row in per_deal if row["n"] > 1),
        "pending": entries.filter(status=Entry.Status.ENTERED).count(),
        "without_audit": entries.exclude(pk__in=audited).count(),
        "confirmed_without_audit": entries.filter(status=Entry.Status.CONFIRMED)
        .exclude(pk__in=confirmed_audit)
        .count(),
        "audit_enter": AuditEntry.objects.filter(event_id=event_id, action="enter").count(),
        "audit_enter_orphans": AuditEntry.objects.filter(
            event_id=event_id, action="enter", entry__isnull=True
        ).count(),
    }


def finish(event_id: int) -> dict[str, Any]:
    """The director closes the open round and finishes the event (services, as the pages do)."""
    from tournaments.models import Event
    from tournaments.services.rounds import steps as rounds
    from tournaments.services.setup import events as setup

    event = Event.objects.get(pk=event_id)
    rnd = rounds.open_round(event)
    if rnd is not None:
        rounds.close_round(rnd, user=event.owner)
    setup.finish_event(event, event.owner)
    return {"status": Event.objects.get(pk=event_id).status}


def deals(event_id: int) -> dict[str, Any]:
    """The confirmed deals (table, deal, points of each side) and each game's and player's
    totals, as the standings count them."""
    from tournaments.models import Entry, Game, Result

    confirmed = Entry.objects.filter(game__round__event_id=event_id, status=Entry.Status.CONFIRMED)
    games = Game.objects.filter(round__event_id=event_id).select_related("table")
    results = Result.objects.filter(player__event_id=event_id)
    return {
        "confirmed": sorted(
            [entry.game.table.number, entry.number, entry.points_0, entry.points_1]
            for entry in confirmed.select_related("game__table")
        ),
        "games": sorted([game.table.number, game.score_0, game.score_1] for game in games),
        "player_points": sum(result.points for result in results),
    }


def main(argv: list[str]) -> int:
    _django()
    command, *args = argv
    if command == "setup":
        answer = build_event(int(args[0]), int(args[1]), args[2] if len(args) > 2 else "bench")
    elif command == "standings":
        answer = measure_standings(int(args[0]), int(args[1]))
    elif command == "writes":
        answer = measure_writes(int(args[0]), int(args[1]))
    elif command == "count":
        answer = count_deals(int(args[0]))
    elif command == "finish":
        answer = finish(int(args[0]))
    elif command == "deals":
        answer = deals(int(args[0]))
    else:
        raise SystemExit(f"unknown command {command}")
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
