"""Load the demo club once: a progressive Canasta evening and a Swiss Gin event.

Everything goes through the same services the director and the phones use, so
the demo is exactly what a real evening would leave in the database.
"""

import datetime
import json
import random
import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments.models import Club, Event, Game
from tournaments.services import entries, players, rounds, setup
from tournaments.services.errors import ServiceError
from tournaments.services.profiles import event_profile

DEMO = Path(settings.BASE_DIR) / "fixtures" / "demo.json"


class Command(BaseCommand):
    help = "Load the demo club (once): a 12-player progressive Canasta event and a 16-player Swiss Gin event."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--force", action="store_true", help="load again even if the demo club exists"
        )

    def handle(self, *args, force: bool, **options) -> None:
        demo = json.loads(DEMO.read_text(encoding="utf-8"))
        if Club.objects.filter(name=demo["club"]).exists() and not force:
            self.stdout.write("The demo club is loaded already.")
            return
        director, password = self._director(demo["director"])
        with transaction.atomic():
            club = Club.objects.get_or_create(name=demo["club"])[0]
            club.directors.add(director)
        rng = random.Random(demo["seed"])
        canasta_event = self._canasta(demo, club, director, rng)
        gin_event = self._gin(demo, club, director, rng)
        self.stdout.write(
            self.style.SUCCESS(f"Demo loaded: “{canasta_event.name}” and “{gin_event.name}”.")
        )
        if password:
            self.stdout.write(
                self.style.WARNING(
                    f"Director log-in: user '{director.username}', password '{password}' "
                    "(shown this once; change it with: .venv/bin/python manage.py changepassword director)"
                )
            )

    def _director(self, username: str):
        users = get_user_model()
        user = users.objects.filter(username=username).first()
        if user is not None:
            return user, None
        password = "-".join(secrets.token_urlsafe(4) for _ in range(3))
        return users.objects.create_user(username, password=password), password

    def _event(
        self, demo_part: dict, club, director, *, game: str, fmt: str, rounds_planned: int
    ) -> Event:
        event = setup.create_event(
            director,
            name=demo_part["name"],
            date=datetime.date.today(),
            game=game,
            profile_slug=demo_part["profile"],
            club=club,
        )
        event.public = True
        event.save(update_fields=["public"])
        players.paste_players(event, "\n".join(demo_part["players"]))
        setup.set_format(
            event,
            format=fmt,
            balanced_schedule=False,
            fixed_partners=False,
            planned_rounds=rounds_planned,
        )
        return event

    def _canasta(self, demo: dict, club, director, rng: random.Random) -> Event:
        part = demo["canasta"]
        event = self._event(
            part, club, director, game="canasta", fmt="progressive", rounds_planned=11
        )
        setup.set_round(
            event, round_kind="deals", round_deals=part["deals_per_round"], round_minutes=None
        )
        players.draw_numbers(event, seed=demo["seed"], user=director)
        profile = event_profile(event)
        for _ in range(part["rounds_played"]):
            rnd = rounds.start_round(event, user=director)
            for game in rnd.games.all():
                for number in range(1, part["deals_per_round"] + 1):
                    self._play(game, number, lambda: canasta_deal(rng, profile))
            rounds.close_round(rnd, user=director)
        # The next round is under way: one table has a confirmed deal and one waiting.
        rnd = rounds.start_round(event, user=director)
        game = rnd.games.order_by("table__number").first()
        self._play(game, 1, lambda: canasta_deal(rng, profile))
        self._play(game, 2, lambda: canasta_deal(rng, profile), confirm=False)
        return event

    def _gin(self, demo: dict, club, director, rng: random.Random) -> Event:
        part = demo["gin"]
        event = self._event(part, club, director, game="gin", fmt="swiss", rounds_planned=4)
        players.draw_numbers(event, seed=demo["seed"], user=director)
        profile = event_profile(event)
        for _ in range(part["rounds_played"]):
            rnd = rounds.start_round(event, user=director)
            for game in rnd.games.all():
                number = 1
                while not Game.objects.get(pk=game.pk).finished:
                    self._play(game, number, lambda: gin_hand(rng, profile))
                    number += 1
            rounds.close_round(rnd, user=director)
        return event

    def _play(self, game: Game, number: int, make_data, *, confirm: bool = True) -> None:
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


def canasta_deal(rng: random.Random, profile) -> dict:
    """A plausible deal: one side goes out with canastas, the other holds cards."""
    out_side = rng.randrange(2)
    sides = [{}, {}]
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


def gin_hand(rng: random.Random, profile) -> dict:
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
