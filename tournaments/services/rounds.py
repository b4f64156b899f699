"""Rounds: start the next one (the pairing engine seats everybody), close the open one.

``start_round`` loads who plays, asks the engine of the event's format for the
seating, and writes the round's games, seats and byes in bulk, keeping the
engine's explanation on the round for the director. ``close_round`` closes a
round whose games are all complete; ``force_close_round`` closes it anyway, with
a reason in the audit trail and one audit row for every entry it leaves
unconfirmed, which the director sees afterwards (``left_unconfirmed``). Each step
takes its locks in the order of ``services.locks``.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from meld import backups
from meldcore.messages import DomainError
from pairings.draw import new_seed
from tournaments.formats.plans import note_data
from tournaments.models import AuditEntry, Bye, Entry, Event, Game, Player, Round, Seat, Table
from tournaments.services import audit
from tournaments.services.entries import snapshot
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_event, lock_games, lock_round, serialised
from tournaments.services.results import end_locked_game
from tournaments.services.seating import Lineup, check_setup, plan_round, translate

PENDING = (Entry.Status.ENTERED, Entry.Status.DISPUTED)


# ---------------------------------------------------------------- starting


def open_round(event: Event) -> Round | None:
    return event.rounds.filter(status=Round.Status.OPEN).first()


@serialised
def start_round(event: Event, *, user) -> Round:
    """Seat round N + 1 by the event's format and open it."""
    with transaction.atomic():
        event = lock_event(event.pk, change=True)
        if event.status == Event.Status.FINISHED:
            raise ServiceError(_("The event is finished; no more rounds can be started."))
        last = event.rounds.order_by("-number").first()
        if last is not None and last.status == Round.Status.OPEN:
            raise ServiceError(
                _("Round %(number)d is still being played. Close it before starting the next.")
                % {"number": last.number}
            )
        number = (last.number if last else 0) + 1
        if event.planned_rounds and number > event.planned_rounds:
            raise ServiceError(
                _("All %(count)d planned rounds have been played.")
                % {"count": event.planned_rounds}
            )
        if not event.draw_seed:
            event.draw_seed = new_seed()
            event.save(update_fields=["draw_seed"])
        lineup = Lineup(event, number)
        check_setup(event, lineup)
        try:
            plan = plan_round(event, number, lineup)
        except DomainError as error:
            raise ServiceError(" ".join(translate(error.problems))) from error
        tables = _tables(event, len(plan.tables))
        rnd = Round.objects.create(
            event=event,
            number=number,
            explanation_data=[note_data(note) for note in plan.notes],
        )
        games = Game.objects.bulk_create(
            Game(round=rnd, table=tables[index]) for index in range(1, len(plan.tables) + 1)
        )
        Seat.objects.bulk_create(
            Seat(round=rnd, game=game, player=player, side=side, position=position)
            for game, sides in zip(games, plan.tables, strict=True)
            for side, position, player in _seats(sides)
        )
        Bye.objects.bulk_create(
            Bye(round=rnd, player=player, points=points) for player, points in plan.byes
        )
        if event.status == Event.Status.SETUP:
            event.status = Event.Status.RUNNING
            event.save(update_fields=["status"])
        return rnd


def _seats(sides: list[list[Player]]) -> Iterable[tuple[int, int, Player]]:
    """(side, position, player): the sides take turns round the table, so partners sit
    opposite (a, c, b, d at a table of four; a, c, b, d, e with two against three)."""
    position = 0
    for index in range(max(len(members) for members in sides)):
        for side, members in enumerate(sides):
            if index < len(members):
                position += 1
                yield side, position, members[index]


def _tables(event: Event, needed: int) -> dict[int, Table]:
    tables = {table.number: table for table in event.tables.filter(number__lte=needed)}
    missing = [number for number in range(1, needed + 1) if number not in tables]
    if missing:
        raise ServiceError(
            ngettext(
                "This round needs %(count)d table, but table %(missing)s does not exist yet. "
                "Create the tables first.",
                "This round needs %(count)d tables, but tables %(missing)s do not exist yet. "
                "Create the tables first.",
                needed,
            )
            % {"count": needed, "missing": ", ".join(str(n) for n in missing)}
        )
    return tables


# ---------------------------------------------------------------- closing


@dataclass
class TableProgress:
    """How far a game of the round is: what the board shows and what closing checks."""

    game: Game
    confirmed: int
    pending: int
    disputed: int

    @property
    def state(self) -> str:
        if self.disputed:
            return "disputed"
        if self.game.finished and not self.pending:
            return "finished"
        if self.pending:
            return "entered"
        if self.confirmed:
            return "playing"
        return "waiting"


def progress(rnd: Round) -> list[TableProgress]:
    """Every game of the round with its entry counts, in one query."""
    games = (
        rnd.games.select_related("table")
        .annotate(
            n_confirmed=Count(
                "entries__number", filter=Q(entries__status=Entry.Status.CONFIRMED), distinct=True
            ),
            n_pending=Count("entries", filter=Q(entries__status=Entry.Status.ENTERED)),
            n_disputed=Count("entries", filter=Q(entries__status=Entry.Status.DISPUTED)),
        )
        .order_by("table__number")
    )
    return [TableProgress(g, g.n_confirmed, g.n_pending, g.n_disputed) for g in games]


def incomplete(rnd: Round) -> list[TableProgress]:
    """The games that keep the round from closing normally."""
    return blocking(rnd.event, progress(rnd))


def blocking(event: Event, tables: Iterable[TableProgress]) -> list[TableProgress]:
    """Of ``tables``, those not complete: unconfirmed entries, or the game not over.

    A game is over when it is finished, or (a round of so many deals) when its
    deals are confirmed; a timed round is over when the director closes it.
    """
    open_games = []
    for table in tables:
        if table.pending or table.disputed:
            open_games.append(table)
        elif event.round_kind == Event.RoundKind.TIME:
            continue  # the director closing a timed round says time is up
        elif event.round_kind == Event.RoundKind.DEALS and table.confirmed >= (
            event.round_deals or 0
        ):
            continue
        elif not table.game.finished:
            open_games.append(table)
    return open_games


@dataclass
class WaitingTable:
    """A table that keeps the round from closing, with the entries it waits for."""

    progress: TableProgress
    entries: list[Entry]

    @property
    def game(self) -> Game:
        return self.progress.game


def waiting_tables(rnd: Round) -> list[WaitingTable]:
    """What closing the round would leave: each table not done, with its entries still
    waiting for confirmation or disputed (in deal order) — what the close dialog lists."""
    waiting = incomplete(rnd)
    pending: dict[int, list[Entry]] = {}
    for entry in (
        Entry.objects.filter(game__in=[t.game for t in waiting], status__in=PENDING)
        .select_related("entered_by_seat__player")
        .order_by("number")
    ):
        pending.setdefault(entry.game_id, []).append(entry)
    return [WaitingTable(table, pending.get(table.game.pk, [])) for table in waiting]


def left_unconfirmed(rnd: Round) -> list[AuditEntry]:
    """The entries a forced close left unconfirmed in ``rnd``: their audit rows (table
    order), each with the entry as it is now (``.entry``), which may have been
    confirmed or corrected by the director since."""
    return list(
        AuditEntry.objects.filter(game__round=rnd, action=AuditEntry.Action.LEFT_UNCONFIRMED)
        .select_related("game__table", "entry__entered_by_seat__player")
        .order_by("game__table__number", "entry__number", "pk")
    )


def _lock_open(rnd: Round) -> Round:
    rnd = lock_round(rnd.pk, change=True)
    if rnd.status != Round.Status.OPEN:
        raise ServiceError(_("Round %(number)d is already closed.") % {"number": rnd.number})
    return rnd


@serialised
def close_round(rnd: Round, *, user) -> Round:
    """Close a round whose games are all complete and confirmed."""
    with transaction.atomic():
        rnd = _lock_open(rnd)
        waiting = incomplete(rnd)
        if waiting:
            raise ServiceError(
                _(
                    "Round %(number)d cannot be closed yet: table %(tables)s is not finished or has "
                    "entries waiting for confirmation. Close it early only if you must."
                )
                % {
                    "number": rnd.number,
                    "tables": ", ".join(str(t.game.table.number) for t in waiting),
                }
            )
        if rnd.event.round_kind == Event.RoundKind.TIME:
            _end_timed_games(rnd, user)
        return _close(rnd, user=user, action=AuditEntry.Action.CLOSE_ROUND, reason="")


def _end_timed_games(rnd: Round, user) -> None:
    """Time is up: the games still going end with their confirmed deals."""
    reason = _("Time is up: round %(number)d closed.") % {"number": rnd.number}
    for game in lock_games(rnd):
        if not game.finished:
            end_locked_game(game, user=user, reason=reason)


@serialised
def force_close_round(rnd: Round, *, user, reason: str) -> Round:
    """Close a round early; unconfirmed entries then do not count. Needs a reason.

    Each entry left waiting for confirmation or disputed gets an audit row of its
    own (``left_unconfirmed``, the entry as it was), so the director sees it
    afterwards and may still confirm or correct it.
    """
    reason = audit.checked_reason(reason)
    if not reason:
        raise ServiceError(
            _("Say why the round is closed early."), {"reason": [_("A reason is needed.")]}
        )
    with transaction.atomic():
        rnd = _lock_open(rnd)
        waiting = incomplete(rnd)
        rnd.close_reason = reason
        closed = _close(
            rnd,
            user=user,
            action=AuditEntry.Action.FORCE_CLOSE,
            reason=reason,
            old={"unfinished_tables": [t.game.table.number for t in waiting]},
        )
        left = Entry.objects.filter(game__round=rnd, status__in=PENDING).select_related("game")
        for entry in left.order_by("game__table__number", "number"):
            audit.record(
                rnd.event,
                AuditEntry.Action.LEFT_UNCONFIRMED,
                game=entry.game,
                entry=entry,
                user=user,
                old=snapshot(entry),
                reason=reason,
            )
        return closed


def _close(rnd: Round, *, user, action: str, reason: str, old=None) -> Round:
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at", "close_reason"])
    audit.record(
        rnd.event,
        action,
        user=user,
        old=old,
        new={"round": rnd.number, "status": "closed"},
        reason=reason,
    )
    transaction.on_commit(backups.round_closed, robust=True)
    return rnd
