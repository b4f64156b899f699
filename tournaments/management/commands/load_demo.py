"""Load the demo club once: a progressive Canasta evening, a Swiss Gin event, and a
season of six finished club evenings of the club's members, ranked as a series. The
club's public page is on.

The two events go through the same services the director and the phones use, so
they are exactly what a real evening would leave in the database: the register
comes first, so tonight's pasted list links its players to their members. The season's
evenings are written in bulk to keep ``make run`` quick: the seating, every deal
as a confirmed entry scored by the card game's own rules, and each game's results
recomputed by ``services.scores.results`` as a confirmation would.
"""

import datetime
import json
import random
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.db.models import prefetch_related_objects

from meld.paths import manage_command
from scoring.gin_profiles import GinProfile
from scoring.profiles import Profile
from tournaments.card_games import evaluate
from tournaments.kernel.deal import Scored, seats_prefetch
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.profiles import event_profile
from tournaments.models import (
    Club,
    Entry,
    Event,
    Game,
    Member,
    Player,
    Round,
    Seat,
    Series,
    Table,
)
from tournaments.models.series import default_placing_points
from tournaments.services.club import public_page as club_pages
from tournaments.services.club.series import save_series
from tournaments.services.ratings import refresh as ratings
from tournaments.services.rounds import steps as rounds
from tournaments.services.scores import entries
from tournaments.services.scores.results import refresh_game
from tournaments.services.setup import draw as draw_service
from tournaments.services.setup import events as setup
from tournaments.services.setup import players

DEMO = Path(settings.SHARE_DIR) / "fixtures" / "demo.json"
# A part of the demo's JSON file (fixtures/demo.json), as read.
Part = dict[str, Any]


class Command(BaseCommand):
    help = (
        "Load the demo club (once): a 12-player progressive Canasta event, a 16-player Swiss "
        "Gin event and a season of six club evenings ranked as a series."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force", action="store_true", help="load again even if the demo club exists"
        )

    def handle(self, *args: Any, force: bool, **options: Any) -> None:
        demo = json.loads(DEMO.read_text(encoding="utf-8"))
        if Club.objects.filter(name=demo["club"]).exists() and not force:
            self.stdout.write("The demo club is loaded already.")
            return
        director, password = self._director(demo["director"])
        with transaction.atomic():
            club = Club.objects.get_or_create(name=demo["club"])[0]
            club.directors.add(director)
        # A director trying Meld sees what the club's visitors would (serve_info prints its link).
        club = club_pages.set_public_page(club, True)
        rng = random.Random(demo["seed"])
        members = self._register(demo["season"], club)
        canasta_event = self._canasta(demo, club, director, rng)
        gin_event = self._gin(demo, club, director, rng)
        series = self._season(
            demo, club, director, members, random.Random(f"{demo['seed']}-season")
        )
        # The season's evenings were written finished, past the finishing step.
        ratings.recompute_club(club.pk)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo loaded: “{canasta_event.name}”, “{gin_event.name}” and the series "
                f"“{series.name}” of {series.events.count()} evenings."
            )
        )
        if password:
            self.stdout.write(
                self.style.WARNING(
                    f"Director log-in: user '{director.username}', password '{password}' "
                    f"(shown this once; change it with: {manage_command()} changepassword director)"
                )
            )

    def _director(self, username: str) -> tuple[User, str | None]:
        users = get_user_model()
        user = users.objects.filter(username=username).first()
        if user is not None:
            return user, None
        password = "-".join(secrets.token_urlsafe(4) for _ in range(3))
        return users.objects.create_user(username, password=password), password

    def _event(
        self,
        demo_part: Part,
        club: Club,
        director: User,
        *,
        card_game: str,
        fmt: str,
        rounds_planned: int,
    ) -> Event:
        event = setup.create_event(
            director,
            name=demo_part["name"],
            date=datetime.date.today(),
            card_game=card_game,
            profile_slug=demo_part["profile"],
            club=club,
        )
        event = setup.update_details(event, public=True)
        players.paste_players(event, "\n".join(demo_part["players"]))
        setup.set_format(
            event,
            format=fmt,
            balanced_schedule=False,
            fixed_partners=False,
            planned_rounds=rounds_planned,
        )
        return event

    def _canasta(self, demo: Part, club: Club, director: User, rng: random.Random) -> Event:
        part = demo["canasta"]
        event = self._event(
            part, club, director, card_game="canasta", fmt="progressive", rounds_planned=11
        )
        setup.set_round(
            event, round_kind="deals", round_deals=part["deals_per_round"], round_minutes=None
        )
        draw_service.draw_numbers(event, seed=demo["seed"], user=director)
        profile = event_profile(event)
        for _ in range(part["rounds_played"]):
            rnd = rounds.start_round(event, user=director)
            for game in rnd.games.all():
                for number in range(1, part["deals_per_round"] + 1):
                    self._play(game, number, lambda: canasta_deal(rng, profile))
            rounds.close_round(rnd, user=director)
        # The next round is under way: one table has a confirmed deal and one waiting.
        rnd = rounds.start_round(event, user=director)
        first = rnd.games.order_by("table__number").first()
        assert first is not None  # the round just started has a game at every table
        self._play(first, 1, lambda: canasta_deal(rng, profile))
        self._play(first, 2, lambda: canasta_deal(rng, profile), confirm=False)
        return event

    def _gin(self, demo: Part, club: Club, director: User, rng: random.Random) -> Event:
        part = demo["gin"]
        event = self._event(part, club, director, card_game="gin", fmt="swiss", rounds_planned=4)
        draw_service.draw_numbers(event, seed=demo["seed"], user=director)
        profile = event_profile(event)
        if not isinstance(profile, GinProfile):
            raise TypeError(f"the demo's Gin event plays by {profile!r}")
        for _ in range(part["rounds_played"]):
            rnd = rounds.start_round(event, user=director)
            for game in rnd.games.all():
                number = 1
                while not Game.objects.get(pk=game.pk).finished:
                    self._play(game, number, lambda: gin_hand(rng, profile))
                    number += 1
            rounds.close_round(rnd, user=director)
        return event

    @transaction.atomic
    def _register(self, part: Part, club: Club) -> list[Member]:
        """The club's members, who play the season (and tonight's Canasta evening)."""
        register = []
        for line in part["members"]:
            name, gender, number = (field.strip() for field in line.split(";"))
            public = {part["hidden"]: "hidden", part["initials"]: "initials"}.get(name, "full")
            register.append(
                Member(club=club, name=name, gender=gender, number=number, public_name=public)
            )
        # Loaded again (--force): the register keeps its members, the evenings come anew.
        known = Member.objects.filter(club=club, number__in=[m.number for m in register])
        found = {member.number: member for member in known}
        Member.objects.bulk_create(m for m in register if m.number not in found)
        return [found.get(m.number, m) for m in register]

    @transaction.atomic
    def _season(
        self, demo: Part, club: Club, director: User, members: list[Member], rng: random.Random
    ) -> Series:
        part = demo["season"]
        today = datetime.date.today()
        events = []
        for index in range(part["evenings"]):
            date = today - datetime.timedelta(days=7 * (part["evenings"] - index))
            event = setup.create_event(
                director,
                name=f"{part['evening']} {date:%d.%m.}",
                date=date,
                card_game="canasta",
                profile_slug=part["profile"],
                club=club,
            )
            event.public = True
            event.format = "progressive"
            event.planned_rounds = part["rounds"]
            event.round_kind = Event.RoundKind.DEALS
            event.round_deals = part["deals_per_round"]
            event.status = Event.Status.FINISHED
            event.save()
            playing = rng.sample(members, part["players_per_evening"])
            people = Player.objects.bulk_create(
                Player(event=event, name=m.name, number=n, gender=m.gender, member=m)
                for n, m in enumerate(playing, start=1)
            )
            self._evening(event, people, part, rng)
            events.append(event)
        return save_series(
            club,
            name=part["series"],
            events=events,
            rule=part["rule"],
            placing_points=default_placing_points(),
            best_of=part["best_of"],
            minimum_evenings=None,
        )

    def _evening(self, event: Event, people: list[Player], part: Part, rng: random.Random) -> None:
        """Every round: fresh partners at each table (by lot), every deal confirmed."""
        profile = event_profile(event)
        count = len(people) // 4
        tables = Table.objects.bulk_create(
            Table(event=event, number=n) for n in range(1, count + 1)
        )
        played = Round.objects.bulk_create(
            Round(event=event, number=n, status=Round.Status.CLOSED)
            for n in range(1, part["rounds"] + 1)
        )
        games = Game.objects.bulk_create(
            Game(round=rnd, table=table) for rnd in played for table in tables
        )
        seats = []
        for rnd in played:
            order = rng.sample(people, len(people))
            for game, four in zip(
                (g for g in games if g.round_id == rnd.pk), _fours(order), strict=True
            ):
                # The sides take turns round the table: partners sit opposite.
                seats += [
                    Seat(round=rnd, game=game, player=player, side=i % 2, position=i + 1)
                    for i, player in enumerate(four)
                ]
        Seat.objects.bulk_create(seats)
        prefetch_related_objects(games, seats_prefetch())
        rounds_by_pk = {rnd.pk: rnd for rnd in played}
        deals: dict[Game, list[Entry]] = {}
        for game in games:
            # Read once above: the scoring and the results need not read them again.
            game.round = rounds_by_pk[game.round_id]
            game.round.event = event
            deals[game] = []
            for number in range(1, part["deals_per_round"] + 1):
                scored = _scored(game, rng, profile)
                first, second, *third = scored.points
                deals[game].append(
                    Entry(
                        game=game,
                        number=number,
                        status=Entry.Status.CONFIRMED,
                        details=scored.details,
                        points_0=first,
                        points_1=second,
                        points_2=third[0] if third else None,
                    )
                )
        Entry.objects.bulk_create(entry for some in deals.values() for entry in some)
        for game, confirmed in deals.items():
            refresh_game(game, loaded=True, confirmed=confirmed)

    def _play(
        self, game: Game, number: int, make_data: Callable[[], Part], *, confirm: bool = True
    ) -> None:
        seats = {seat.side: seat for seat in game.seats.select_related("player").all()}
        for _ in range(50):
            try:
                entry = entries.submit_entry(game, number, make_data(), seat=seats[0])
                break
            except ServiceError:
                continue
        else:
            raise RuntimeError(f"no valid demo deal found for {game}")
        if confirm:
            entries.confirm_entry(entry, seat=seats[1])


def _fours(order: list[Player]) -> list[list[Player]]:
    return [order[i : i + 4] for i in range(0, len(order), 4)]


def _scored(game: Game, rng: random.Random, profile: Profile) -> Scored:
    """A plausible deal the card game's rules accept (a few tries, as the tables' phones
    would)."""
    for _ in range(50):
        try:
            return evaluate(game, canasta_deal(rng, profile), profile=profile)
        except ServiceError:
            continue
    raise RuntimeError(f"no valid demo deal found for {game}")


def canasta_deal(rng: random.Random, profile: Profile) -> Part:
    """A plausible deal: one side goes out with canastas, the other holds cards."""
    out_side = rng.randrange(2)
    sides: list[dict[str, Any]] = [{}, {}]
    naturals = rng.choice([0, 1, 1, 2])
    mixed = rng.choice([1, 1, 2]) if naturals == 0 else rng.choice([0, 1])
    sides[out_side] = {
        "natural_canastas": naturals,
        "mixed_canastas": mixed,
        "red_threes": rng.choice([0, 0, 1, 2]),
        "going_out": "out",
        "melded_points": 5 * rng.randrange(40 + 25 * (naturals + mixed), 120),
    }
    sides[1 - out_side] = {
        "mixed_canastas": rng.choice([0, 0, 1]),
        "red_threes": rng.choice([0, 1]),
        "melded_points": 5 * rng.randrange(12, 50),
        "hand_points": 5 * rng.randrange(2, 24),
    }
    if sides[1 - out_side]["mixed_canastas"]:
        sides[1 - out_side]["melded_points"] += 100
    return {"sides": sides}


def gin_hand(rng: random.Random, profile: GinProfile) -> Part:
    if rng.random() < 0.05:
        return {"kind": "no_game"}
    knocker = rng.randrange(2)
    if rng.random() < 0.15:
        return {
            "kind": "gin",
            "knocker": knocker,
            "knocker_deadwood": 0,
            "defender_deadwood": rng.randrange(5, 60),
        }
    return {
        "kind": "knock",
        "knocker": knocker,
        "knocker_deadwood": rng.randrange(1, profile.knock_limit + 1),
        "defender_deadwood": rng.randrange(0, 50),
    }
