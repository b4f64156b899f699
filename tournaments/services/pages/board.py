"""The director's table board, read in one place: every table's tile (its state, sides,
scores and live line: the deal it plays, "deal 3 of 4", when it last entered something,
whether it is late, and its call for the director) and the counts above them
(``round_board``); and the bar of what needs the director that every director page of the
event shows (``desk_alerts``). The views only draw them; their polls compare the change feed's value
of the round first (``services.pages.live``).

A table is late when it has entered nothing for ``LATE_MINUTES`` (since the round
started, if it has entered nothing at all), or when it has been quiet for
``BEHIND_MINUTES`` and is ``BEHIND_DEALS`` or more deals behind the median table
of the room: at a quick table ten quiet minutes are normal, at a table two deals
behind the others they are not.
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property, lru_cache
from statistics import median

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.card_games import group_sides
from tournaments.kernel import feed
from tournaments.models import Entry, Event, Game, Player, Round, Seat, TableCall
from tournaments.services.rounds.done import RoundState, TableProgress, round_state
from tournaments.services.scores.auto_confirm import due_entries

LATE_MINUTES = 15
BEHIND_MINUTES = 8
BEHIND_DEALS = 2

# Game id → its sides, each a list of its players in seat order.
Sides = dict[int, list[list[Player]]]


@dataclass
class TableLive:
    """One table's line of the board besides its scores."""

    deal: int | None  # the deal being played; None once the game is over
    deals: int | None  # deals per round, None when the round plays to a score or a time
    last_entry_at: datetime | None
    idle_seconds: int  # since the last entry, or since the round started
    late: bool
    behind: bool
    call: TableCall | None

    @property
    def idle_text(self) -> str:
        """As the board's script words it when it counts on (the same msgids)."""
        minutes = self.idle_seconds // 60
        if self.last_entry_at is None:
            if not minutes:
                return gettext("nothing entered yet")
            return gettext("nothing entered in {minutes} min").format(minutes=minutes)
        if not minutes:
            return gettext("last entry just now")
        return gettext("last entry {minutes} min ago").format(minutes=minutes)


def live_tables(rnd: Round, tables: list[TableProgress]) -> dict[int, TableLive]:
    """Game id → its ``TableLive`` (two queries); ``tables`` as ``done.round_state`` judged them."""
    event = rnd.event
    deals = event.round_deals if event.round_kind == Event.RoundKind.DEALS else None
    entries = (
        Entry.objects.filter(game__round=rnd)
        .exclude(status=Entry.Status.SUPERSEDED)
        .values("game_id")
        .annotate(last=Max("created_at"), highest=Max("number"))
    )
    seen = {row["game_id"]: row for row in entries}
    calls = {
        call.table_id: call
        for call in TableCall.objects.filter(
            round=rnd, acknowledged_at__isnull=True
        ).select_related("entry")
    }
    now = timezone.now()
    room = median(t.confirmed for t in tables) if tables else 0
    live = {}
    for table in tables:
        row = seen.get(table.game.pk)
        last = row["last"] if row else None
        # A closed round plays no next deal, whatever the director confirms in it since.
        over = table.over or table.done or rnd.status != Round.Status.OPEN
        deal = None if over else (row["highest"] if row else 0) + 1
        if deal is not None and deals is not None:
            deal = min(deal, deals)
        idle = max(0, int((now - (last or rnd.started_at)).total_seconds()))
        open_round = rnd.status == Round.Status.OPEN and not over
        behind = (
            open_round and idle >= BEHIND_MINUTES * 60 and room - table.confirmed >= BEHIND_DEALS
        )
        live[table.game.pk] = TableLive(
            deal=deal,
            deals=deals,
            last_entry_at=last,
            idle_seconds=idle,
            late=open_round and (idle >= LATE_MINUTES * 60 or behind),
            behind=behind,
            call=calls.get(table.game.table_id),
        )
    return live


@dataclass
class BoardTile:
    progress: TableProgress
    sides: list[list[Player]]
    live: TableLive

    @property
    def game(self) -> Game:
        return self.progress.game

    @property
    def scores(self) -> list[int]:
        """Each side's score; a table of three keeps its third column empty until a hand
        counts, and shows it as 0 like the others, its players beside it."""
        sides = max(2, len(self.sides))
        scores = self.game.scores[:sides]
        return scores + [0] * (sides - len(scores))

    @property
    def side_scores(self) -> list[tuple[list[Player], int]]:
        return list(zip(self.sides, self.scores, strict=False))


# The rounds' sides a process keeps: a federation server's few open rounds, a frame value each.
SIDES_KEPT = 64


@lru_cache(maxsize=SIDES_KEPT)
def _sides_kept(public_token: str, number: int, frame: int, rnd: Round) -> Sides:
    """Each game's sides of ``rnd`` (round ``number`` of the event whose token is
    ``public_token``: ids repeat across test databases, tokens do not) at the frame value
    ``frame``, with their players."""
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(round=rnd).select_related("player").order_by("position"):
        seats[seat.game_id].append(seat)
    return {
        game: [[seat.player for seat in side] for side in group_sides(found)]
        for game, found in seats.items()
    }


def round_sides(rnd: Round) -> Sides:
    """Game id → its sides' players, read once in each process for each of the event's frame
    values (every seat and name is in it). The frame value is read before the seats: a game
    seated after it has no sides until the next value, which its seating makes."""
    frame = feed.latest(feed.frame_key(rnd.event_id), rnd.event_id)
    return _sides_kept(rnd.event.public_token, rnd.number, frame, rnd)


def board_tiles(
    rnd: Round, tables: list[TableProgress], live: dict[int, TableLive]
) -> list[BoardTile]:
    """Every table of the round with its state, sides, scores and live line."""
    sides = round_sides(rnd)
    return [BoardTile(table, sides.get(table.game.pk, []), live[table.game.pk]) for table in tables]


@dataclass
class Board:
    """A round's board: the round judged (``done.round_state``) and each table's live line.
    The tiles are read when the board is drawn. (Its poll compares the feed's value first,
    so a poll that finds nothing changed judges nothing.)"""

    round: Round
    state: RoundState
    live: dict[int, TableLive]

    @cached_property
    def tiles(self) -> list[BoardTile]:
        return board_tiles(self.round, self.state.tables, self.live)

    @property
    def counts(self) -> dict[str, int]:
        """How many tables are in each state (done, playing, waiting …)."""
        counts: dict[str, int] = defaultdict(int)
        for tile in self.tiles:
            counts[tile.progress.state] += 1
        return dict(counts)

    @property
    def late(self) -> int:
        return sum(tile.live.late for tile in self.tiles)

    @property
    def calls(self) -> int:
        return sum(tile.live.call is not None for tile in self.tiles)


def tile_values(rnd: Round) -> dict[int, str]:
    """Each table's value on the change feed (``kernel.feed``), with the event's clock's in a
    round with a time limit (where the clock decides which tables are done or finishing; in
    any other round it only informs, and no tile shows it), read before the board is judged:
    a tile drawn with them is drawn again only when one of them, the time step or its
    lateness (which the room's progress decides) has changed."""
    tables = list(rnd.games.values_list("table_id", flat=True))
    keys = [feed.table_key(table) for table in tables]
    if rnd.event.timed:
        keys.append(feed.clock_key(rnd.event_id))
    values = feed.latest_of(keys, rnd.event_id)
    own, clock = values[: len(tables)], [str(value) for value in values[len(tables) :]]
    return {table: ".".join([str(value), *clock]) for table, value in zip(tables, own, strict=True)}


def round_board(rnd: Round) -> Board:
    """The board of ``rnd`` as the tables stand now."""
    state = round_state(rnd)
    return Board(rnd, state, live_tables(rnd, state.tables))


@dataclass
class DeskAlerts:
    """What needs the director in the open round, for the bar on every director page: the
    tables calling, the disputed entries and the late tables; and the entries due for
    automatic confirmation (the bar asks for them to be stored)."""

    round: Round | None
    calls: list[TableCall]
    disputed: list[Entry]
    late: list[tuple[TableProgress, TableLive]]
    due: int

    @property
    def shown(self) -> bool:
        return bool(self.calls or self.disputed or self.late)


def desk_alerts(rnd: Round | None) -> DeskAlerts:
    """The open round's calls, disputes and late tables (a few queries; none without a
    round)."""
    if rnd is None:
        return DeskAlerts(None, [], [], [], 0)
    tables = round_state(rnd).tables
    live = live_tables(rnd, tables)
    disputed = []
    if any(table.disputed for table in tables):
        disputed = list(
            Entry.objects.filter(game__round=rnd, status=Entry.Status.DISPUTED)
            .select_related("game__table")
            .order_by("game__table__number", "number")
        )
    calls = [call for t in tables if (call := live[t.game.pk].call) is not None]
    late = [(t, live[t.game.pk]) for t in tables if live[t.game.pk].late]
    due = due_entries(rnd).count()
    return DeskAlerts(rnd, calls, disputed, late, due)
