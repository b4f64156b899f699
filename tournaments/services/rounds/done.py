"""Whether a table and a round are done: the one answer the board, the rounds page, the
close dialog, closing itself and the projector share.

A table is done when its game is over (by the rules, by the deal count of a round
of so many deals, or because the director ended it: the card game's outcome,
stored as ``Game.finished``) and nothing it entered waits for confirmation or is
disputed. In a round with a time limit, once the time is up, a table is also done
when it has finished the deal it was playing then (``services.scores.time_up``: the
deal after the last one begun before the time ran out is in), and everything is
confirmed. A table that has entered nothing is never done before its game is over,
so a round with such a table is not done, and the close dialog names it.
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Max, Q
from django.utils import timezone

from tournaments.models import Entry, Game, Round
from tournaments.services.rounds.clock import Clock, clock_of
from tournaments.services.scores import time_up


@dataclass
class TableProgress:
    """How far a game of the round is: its entry counts, and whether it is done."""

    game: Game
    confirmed: int  # deals confirmed
    pending: int  # entries waiting for confirmation
    disputed: int
    # Once a round's time is up: the deal the table was playing then, and its last deal in.
    last_deal: int | None = None
    top_deal: int | None = None
    done: bool = False  # set by ``round_state``
    # Time is up in a round with a time limit and this table still plays its deal.
    finishing: bool = False

    @property
    def started(self) -> bool:
        return bool(self.confirmed or self.pending or self.disputed)

    @property
    def settled(self) -> bool:
        """Nothing of the table waits for confirmation or is disputed."""
        return not (self.pending or self.disputed)

    @property
    def over(self) -> bool:
        """The game is over: by its rules, its deal count, or ended by the director."""
        return self.game.finished

    @property
    def state(self) -> str:
        if self.disputed:
            return "disputed"
        if self.done:
            return "finished"
        if self.pending:
            return "entered"
        if self.confirmed:
            return "playing"
        return "waiting"


def table_done(*, over: bool, settled: bool, played_out: bool = False) -> bool:
    """The one rule: a table is done when nothing it entered waits and its game is over, or,
    once a round's time is up, it has played out the deal it was playing then."""
    return settled and (over or played_out)


def progress(rnd: Round, ended: datetime | None = None) -> list[TableProgress]:
    """Every game of the round with its entry counts, in table order, in one query
    (not yet judged: ``round_state`` says which are done). ``ended``: when the round's time
    ran out, to find the deal each table was playing then."""
    Status = Entry.Status
    games = rnd.games.select_related("table").annotate(
        n_confirmed=Count(
            "entries__number", filter=Q(entries__status=Status.CONFIRMED), distinct=True
        ),
        n_pending=Count("entries", filter=Q(entries__status=Status.ENTERED)),
        n_disputed=Count("entries", filter=Q(entries__status=Status.DISPUTED)),
        begun=Max("entries__number", filter=Q(entries__created_at__lt=ended or timezone.now())),
        top=Max("entries__number", filter=~Q(entries__status=Status.SUPERSEDED)),
    )
    tables = []
    for game in games.order_by("table__number"):
        table = TableProgress(game, game.n_confirmed, game.n_pending, game.n_disputed)
        if ended is not None:
            table.last_deal, table.top_deal = (game.begun or 0) + 1, game.top
        tables.append(table)
    return tables


@dataclass
class RoundState:
    """The round's tables, each judged, and what decides a round with a time limit."""

    round: Round
    tables: list[TableProgress]
    timed: bool  # the round has a time limit (a clock of another round only informs)
    clock: Clock | None
    time_up_at: datetime | None = field(default=None)  # when the time ran out, once it has

    @property
    def time_up(self) -> bool:
        return self.time_up_at is not None

    @property
    def done(self) -> bool:
        """Every table is done (a round without tables is not)."""
        return bool(self.tables) and all(table.done for table in self.tables)

    @property
    def finished(self) -> int:
        """How many tables are done."""
        return sum(table.done for table in self.tables)

    @property
    def not_done(self) -> list[TableProgress]:
        return [table for table in self.tables if not table.done]

    @property
    def empty(self) -> list[TableProgress]:
        """The tables that have entered nothing (and whose game the director has not ended)."""
        return [table for table in self.tables if not table.started and not table.over]


def round_state(rnd: Round, tables: list[TableProgress] | None = None) -> RoundState:
    """Judge every table of ``rnd`` (``tables``: its ``progress`` read with the round's
    time-up moment, when read already)."""
    timed = rnd.event.timed
    clock = clock_of(rnd)
    ended = time_up.time_up_at(rnd)
    tables = progress(rnd, ended) if tables is None else tables
    for table in tables:
        played_out = (
            ended is not None
            and table.top_deal is not None
            and table.last_deal is not None
            and table.top_deal >= table.last_deal
        )
        table.done = table_done(over=table.over, settled=table.settled, played_out=played_out)
        table.finishing = ended is not None and not table.over and not played_out
    return RoundState(rnd, tables, timed, clock, ended)
