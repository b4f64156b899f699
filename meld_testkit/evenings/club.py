"""The app as the state machine speaks to it: an event set up as a director would, phones
that open a table's link and say who they are, and what each page says, read from its HTML.

Every request goes through ``Club.answer``: an answer of 500 or more fails the step at once.
Pages are read the way a browser shows them (``meld_testkit.page``); the marks read here
(``data-kind``, ``data-notice``, ``data-state`` …) are the ones the templates draw for
exactly this.
"""

import csv
import datetime
import io
import itertools
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from meld_testkit.model.chouette import CHOUETTE
from meld_testkit.model.games import Game
from meld_testkit.model.rotation import ROTATION
from meld_testkit.model.rounds import Player
from meld_testkit.page import Form, Page, read

if TYPE_CHECKING:
    from scoring.canasta_profiles import CanastaProfile
    from tournaments.printing.data import ScoreSheet

PASSWORD = "evening-Pass-1"
LANGUAGES = ("en", "de")


TILE = re.compile(r'<li class="tile[^"]*" data-table="(\d+)"(.*?)</li>', re.S)
SIDE = re.compile(r'<span class="names">(.*?)</span><span class="score">([^<]*)</span>', re.S)
COUNTS = re.compile(r'</span>\s*<span class="muted">([^<]*)</span>', re.S)


@dataclass(frozen=True)
class Tile:
    """A table's tile on the board: its ``data-…`` marks, each side's players' numbers and
    score as it reads, and its counts' line ("3 deals confirmed · 1 waiting")."""

    marks: dict[str, str]
    numbers: tuple[tuple[int, ...], ...]
    scores: tuple[str, ...]
    counts: str

    @classmethod
    def read(cls, marks: dict[str, str], html: str) -> "Tile":
        sides = SIDE.findall(html)
        numbers = tuple(
            tuple(int(player.split()[0]) for player in names.split("&amp;")) for names, _ in sides
        )
        counts = COUNTS.search(html)
        return cls(
            marks,
            numbers,
            tuple(" ".join(score.split()) for _, score in sides),
            " ".join(counts.group(1).split()) if counts else "",
        )


class Answer(Protocol):
    """The app's answer to a request of the test client, as the machine reads it."""

    status_code: int
    content: bytes


@dataclass(frozen=True)
class Config:
    """The kind of evening an example plays."""

    card_game: str  # "canasta", "gin"
    format: str  # "progressive", "swiss", "moveup", "roundrobin", "tables"
    players: int
    kind: str  # "game", "deals", "time"
    deals: int | None = None
    auto_confirm: int | None = None  # minutes after which a deal left unanswered counts
    # Gin: "partnership" (four at a table), "rotation" or "chouette" (three)
    table_kind: str = ""
    rounds: int | None = None  # the rounds the director sets (tables in draw order)
    profile: str = "wiener"  # the rule profile (Canasta: "house" asks who went out, 1.6)

    @property
    def model_game(self) -> str:
        """The model's name for the card game at a table of this kind."""
        games = {"partnership": "gin4", "rotation": ROTATION, "chouette": CHOUETTE}
        return games.get(self.table_kind, self.card_game)

    def __str__(self) -> str:
        deals = f" of {self.deals}" if self.deals else ""
        rules = f" ({self.profile})" if self.profile != "wiener" else ""
        return f"{self.card_game}{rules} {self.format} {self.players} players, {self.kind}{deals}"


CONFIGS: tuple[Config, ...] = (
    Config("canasta", "progressive", 8, "game"),
    Config("canasta", "progressive", 8, "deals", 3, auto_confirm=10),
    Config("canasta", "progressive", 8, "time"),
    Config("canasta", "moveup", 8, "game", auto_confirm=10),
    Config("canasta", "progressive", 8, "game", profile="house"),
    Config("gin", "swiss", 4, "game"),
    Config("gin", "swiss", 5, "deals", 3),
    Config("gin", "roundrobin", 3, "deals", 2),
    Config("gin", "tables", 8, "game", table_kind="partnership", rounds=3),
    Config("gin", "tables", 6, "game", table_kind="rotation", rounds=2),
    Config("gin", "tables", 7, "deals", 4, auto_confirm=10, table_kind="rotation", rounds=3),
    Config("gin", "tables", 6, "game", table_kind="chouette", rounds=3),
    Config("gin", "tables", 3, "deals", 3, auto_confirm=10, table_kind="chouette", rounds=4),
    Config("gin", "tables", 3, "time", table_kind="chouette", rounds=2),
    Config("gin", "tables", 6, "time", table_kind="rotation", rounds=2),
)
# ``MELD_EVENINGS=partnership`` (a word of a config's description) plays only those evenings:
# the deep run's ``--only``.
CONFIGS = (
    tuple(
        config
        for config in CONFIGS
        if os.environ.get("MELD_EVENINGS", "") in f"{config} {config.table_kind}"
    )
    or CONFIGS
)


@dataclass(frozen=True)
class Said:
    """What a phone's page says now, as read."""

    kind: str
    deal: int | None
    form: str
    figures: tuple[int, ...] | None
    called: bool
    coming: bool
    decision: int | None  # the deal the director's decision names
    page: Page = field(compare=False, repr=False)


@dataclass
class Handset:
    """A phone of the machine: its client (cookies: device, seat, player, entry mode)."""

    name: str
    client: Client
    language: str


def points_of(text: str) -> tuple[int, ...]:
    return tuple(int(value) for value in text.split(":") if value)


class Club:
    """One event of the machine, set up through the services as the wizard would, then
    played through HTTP."""

    def __init__(self, config: Config, number: int) -> None:
        from tournaments.models import Event
        from tournaments.services.setup import draw, events, players

        self.config = config
        user = get_user_model().objects.create_user(f"director{number}", password=PASSWORD)
        event = events.create_event(
            user,
            name=f"Evening {number}",
            date=datetime.date(2026, 11, 28),
            card_game=config.card_game,
            profile_slug=config.profile,
        )
        events.set_format(
            event,
            format=config.format,
            balanced_schedule=False,
            fixed_partners=False,
            planned_rounds=config.rounds,
            table_kind=config.table_kind,
        )
        events.set_round(
            event,
            round_kind=config.kind,
            round_deals=config.deals,
            round_minutes=30 if config.kind == "time" else None,
        )
        if config.card_game == "canasta":
            events.update_details(event, entry_modes=["deal", "counts", "totals"])
        if config.auto_confirm:
            events.update_details(event, auto_confirm_minutes=config.auto_confirm)
        events.update_details(event, public=True)  # a visitor's page follows the evening
        players.paste_players(event, "\n".join(f"Player {n}" for n in range(1, config.players + 1)))
        draw.draw_numbers(event, seed=f"evening-{number}")
        self.event = Event.objects.get(pk=event.pk)
        self.director = Client()
        self.director.force_login(user)
        self.names = itertools.count(1)

    @property
    def rules(self) -> "CanastaProfile":
        """The Canasta rule profile the event plays by (Gin's games do not read it)."""
        from scoring.profiles import CANASTA_PROFILES

        return CANASTA_PROFILES.get(self.config.profile, CANASTA_PROFILES["wiener"])

    # --- requests ---------------------------------------------------------------------

    @staticmethod
    def answer(response: Answer, what: str) -> Answer:
        assert response.status_code < 500, f"{what} answered {response.status_code}"
        return response

    def get(self, client: Client, url: str, what: str, **params: Any) -> Page:
        response = self.answer(client.get(url, params), what)
        assert response.status_code == 200, f"{what} answered {response.status_code}"
        return read(response.content.decode())

    def post(
        self, client: Client, url: str, data: Mapping[str, object], what: str, *, htmx: bool = True
    ) -> Answer:
        extra: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        return self.answer(client.post(url, data, **extra), what)

    def url(self, name: str, *args: Any) -> str:
        return reverse(name, args=[self.event.pk, *args])

    # --- the director -----------------------------------------------------------------

    def director_post(self, name: str, *args: Any, data: dict[str, str] | None = None) -> Answer:
        return self.post(self.director, self.url(name, *args), data or {}, name, htmx=False)

    def score_sheets(self, number: int) -> dict[int, "ScoreSheet"]:
        """Round ``number``'s score sheets by table: the PDF as the director prints it, and
        the plain data it is drawn from (``printing.score_sheets``)."""
        from tournaments.printing import score_sheets

        url = self.url("tournaments-director-print-pdf", "score-sheets")
        pdf = self.answer(self.director.get(url, {"round": number}), "the score sheets")
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF"), "no score sheets"
        sheets = score_sheets.load(self.event, number).sheets
        return {sheet.table: sheet for sheet in sheets if sheet.table is not None}

    def own_evening(self, player: int) -> str:
        """The page of a player's own evening, as their private link opens it."""
        from tournaments.models import Player as PlayerRow

        token = PlayerRow.objects.get(pk=player).evening_token
        url = reverse("tournaments-player-evening", args=[token])
        answer = self.answer(Client().get(url), "a player's own evening")
        assert answer.status_code == 200, f"a player's own evening answered {answer.status_code}"
        return answer.content.decode()

    def messages(self) -> str:
        """The messages the director's next page shows (what the last step answered)."""
        page = self.get(self.director, self.url("tournaments-director-rounds"), "rounds")
        shown = [e.text for e in page.elements if "message" in e.attrs.get("class", "")]
        return " | ".join(shown)

    def game_page(self, game_id: int, fix: int | None = None) -> Page:
        params = {"fix": fix} if fix is not None else {}
        url = self.url("tournaments-director-game", game_id)
        return self.get(self.director, url, "the director's game page", **params)

    def board(self, round_number: int) -> dict[int, Tile]:
        """Each table's tile on the board, by table number: its marks and each side's score
        as it reads."""
        page = self.get(
            self.director, self.url("tournaments-director-board", round_number), "the board"
        )
        drawn = {int(table): html for table, html in TILE.findall(page.html)}
        return {
            int(tile.attrs["data-table"]): Tile.read(
                tile.attrs, drawn[int(tile.attrs["data-table"])]
            )
            for tile in page.marked("data-state")
        }

    # --- the app's state, as the director's pages and the seating hold it --------------

    def seating(self, round_number: int) -> tuple[dict[int, Game], tuple[int, ...]]:
        """The round as the app seated it: each table's game, its sides, and who sits out."""
        from tournaments.models import Bye, Round

        rnd = Round.objects.get(event=self.event, number=round_number)
        games: dict[int, Game] = {}
        self.game_ids: dict[tuple[int, int], int] = getattr(self, "game_ids", {})
        self.tokens: dict[int, str] = getattr(self, "tokens", {})
        for game in rnd.games.select_related("table").prefetch_related("seats"):
            sides: dict[int, list[int]] = {}
            for seat in sorted(game.seats.all(), key=lambda seat: seat.position):
                sides.setdefault(seat.side, []).append(seat.player_id)
            table = game.table.number
            games[table] = Game(
                round_number,
                table,
                tuple(tuple(sides[side]) for side in sorted(sides)),
                self.config.model_game,
                rules=self.rules,
            )
            self.game_ids[(round_number, table)] = game.pk
            self.tokens[table] = game.table.token
        byes = tuple(Bye.objects.filter(round=rnd).values_list("player_id", flat=True))
        return games, byes

    def players(self) -> dict[int, Player]:
        from tournaments.models import Player as PlayerRow

        return {
            row.pk: Player(
                row.pk, row.number or 0, row.name, row.joined_round or 1, row.withdrawn_from_round
            )
            for row in PlayerRow.objects.filter(event=self.event)
        }

    def scores(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """Every game's score as the app counts it, by (round, table)."""
        from tournaments.models import Game as GameRow

        found = {}
        for row in GameRow.objects.filter(round__event=self.event).select_related("round", "table"):
            values = (row.score_0, row.score_1, row.score_2)
            score = tuple(value for value in values if value is not None)
            if self.config.model_game == ROTATION and not any(score):
                # A table of three keeps its third column empty until a hand counts.
                score = (0, 0, 0)
            found[(row.round.number, row.table.number)] = score
        return found

    def standings(self) -> dict[int, int]:
        """Each number's total on the director's standings, as its export gives it."""
        response = self.answer(
            self.director.get(self.url("tournaments-director-standings"), {"export": "csv"}),
            "the standings",
        )
        rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
        rounds = sum(1 for name in rows[0] if name[1:].isdigit())
        return {int(row[1]): int(row[3 + rounds]) for row in rows[1:] if row[1].isdigit()}

    def entries(self) -> int:
        from tournaments.models import Entry

        return Entry.objects.filter(game__round__event=self.event).count()

    # --- the phones -------------------------------------------------------------------

    def phone(self, language: str) -> Handset:
        name = f"phone{next(self.names)}"
        return Handset(name, Client(HTTP_ACCEPT_LANGUAGE=language), language)

    def table_url(self, name: str, table: int, *args: Any) -> str:
        return reverse(name, args=[self.tokens[table], *args])

    def sit(self, handset: Handset, table: int, round_number: int, player: int) -> None:
        from tournaments.models import Seat

        seat = Seat.objects.get(round__event=self.event, round__number=round_number, player=player)
        self.post(
            handset.client,
            self.table_url("tournaments-table-seat", table),
            {"seat": seat.pk},
            "choosing a seat",
            htmx=False,
        )

    def table_page(self, handset: Handset, table: int, **params: Any) -> Page:
        return self.get(
            handset.client, self.table_url("tournaments-table", table), "a phone", **params
        )

    def said(self, handset: Handset, table: int) -> Said:
        """What the phone at ``table`` says now: its page, with its call's notice."""
        page = self.table_page(handset, table)
        now = page.by_id("now")
        assert now is not None, "the phone's page has no #now"
        points = page.marked("data-points")
        decision = page.marked("data-notice", "decision")
        return Said(
            now.attrs.get("data-kind", ""),
            int(now.attrs["data-deal"]) if now.attrs.get("data-deal") else None,
            now.attrs.get("data-form", ""),
            points_of(points[0].attrs["data-points"]) if points else None,
            bool(page.marked("data-notice", "called")),
            bool(page.marked("data-notice", "coming")),
            int(decision[0].attrs["data-deal"]) if decision else None,
            page,
        )

    def entry_form(self, page: Page, table: int) -> Form | None:
        """The deal's entry form on the page (not the question's or a mode's)."""
        url = self.table_url("tournaments-table-submit", table)
        return next(
            (
                form
                for form in page.forms
                if form.action == url and "entry-form" in form.attrs.get("class", "")
            ),
            None,
        )
