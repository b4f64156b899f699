"""Rounds: start the next one (the pairing engine seats everybody), close the open one.

``start_round`` loads who plays, asks the engine of the event's format for the
seating, and writes the round's games, seats and byes in bulk, keeping the
engine's explanation on the round for the director. ``close_round`` closes a
round whose games are all complete; ``force_close_round`` closes it anyway, with
a reason in the audit trail and one audit row for every entry it leaves
unconfirmed, which the director sees afterwards (``left_unconfirmed``). Each step
takes its locks in the order of ``services.store.locks``.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from meldcore.messages import DomainError
from pairings.draw import new_seed
from tournaments.formats.plans import note_data, translate
from tournaments.kernel import feed, signals
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Bye, Entry, Event, Game, Player, Round, Seat, Table
from tournaments.services.rounds.done import RoundState, TableProgress, round_state
from tournaments.services.rounds.seating import check_setup, lineup_of, plan_round
from tournaments.services.scores import audit
from tournaments.services.scores.auto_confirm import confirm_due_in_round
from tournaments.services.scores.calls import end_calls
from tournaments.services.scores.entry_rows import confirm_due, keeps_due, locked, snapshot
from tournaments.services.scores.results import end_locked_game
from tournaments.services.store.locks import lock_event, lock_games, lock_round, serialised

PENDING = (Entry.Status.ENTERED, Entry.Status.DISPUTED)


# ---------------------------------------------------------------- starting


def open_round(event: Event) -> Round | None:
    """The round being played (with its event), if any: the one door every page asks."""
    return event.rounds.filter(status=Round.Status.OPEN).select_related("event").first()


@serialised
def start_round(event: Event, *, user: Asker, number: int | None = None) -> Round:
    """Seat round N + 1 by the event's format and open it; ``number``: the round the
    director's page offered to start, refused when it is no longer the next one."""
    asked = number
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
        if asked is not None and asked != number:
            raise ServiceError(
                _(
                    "Round %(number)d was started already, on another screen: here is the "
                    "page as it is now."
                )
                % {"number": asked}
                if asked < number
                else _("This page was out of date: here it is as it is now.")
            )
        if event.planned_rounds and number > event.planned_rounds:
            raise ServiceError(
                _("All %(count)d planned rounds have been played.")
                % {"count": event.planned_rounds}
            )
        if not event.draw_seed:
            event.draw_seed = new_seed()
            event.save(update_fields=["draw_seed"])
        lineup = lineup_of(event, number)
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
        if event.status == Event.Status.SETUP or event.reopened:
            # A round started after a reopen plays the evening on.
            event.status, event.reopened = Event.Status.RUNNING, False
            event.save(update_fields=["status", "reopened"])
        feed.record(event, feed.Kind.ROUND, round=rnd)
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
class WaitingTable:
    """A table that keeps the round from closing, with the entries it waits for."""

    progress: TableProgress
    entries: list[Entry]

    @property
    def game(self) -> Game:
        return self.progress.game


def waiting_tables(state: RoundState) -> list[WaitingTable]:
    """What closing the round would leave: each table not done, with its entries still
    waiting for confirmation or disputed (in deal order) — what the close dialog lists."""
    waiting = state.not_done
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


def still_left(event: Event) -> dict[int, int]:
    """Round number → how many entries a forced close left that still do not count."""
    rows = (
        AuditEntry.objects.filter(
            event=event, action=AuditEntry.Action.LEFT_UNCONFIRMED, entry__status__in=PENDING
        )
        .values("game__round__number")
        .annotate(count=Count("pk"))
    )
    return {row["game__round__number"]: row["count"] for row in rows}


def unconfirmed_entries(event: Event) -> list[Entry]:
    """Every entry of the event still waiting for confirmation or disputed (they do not
    count), by round, table and deal: what the finish dialog lists."""
    return list(
        Entry.objects.filter(game__round__event=event, status__in=PENDING)
        .select_related("game__round", "game__table", "entered_by_seat__player")
        .order_by("game__round__number", "game__table__number", "number")
    )


def table_numbers(tables: Iterable[TableProgress]) -> str:
    return ", ".join(str(table.game.table.number) for table in tables)


def not_done_message(state: RoundState) -> str:
    """Why the round cannot be closed normally, naming the tables (and those that have
    entered nothing, whose players would have no score for the round)."""
    lines = [
        _(
            "Round %(number)d cannot be closed yet: table %(tables)s is not finished or has "
            "entries waiting for confirmation. Close it early only if you must."
        )
        % {"number": state.round.number, "tables": table_numbers(state.not_done)}
    ]
    if state.timed and not state.time_up:
        lines.append(_("The round's time is not up."))
    if state.empty:
        lines.append(empty_tables_message(state.empty))
    return " ".join(lines)


def empty_tables_message(empty: list[TableProgress]) -> str:
    return ngettext(
        "Table %(tables)s has entered nothing: its players have no score for this round.",
        "Tables %(tables)s have entered nothing: their players have no score for this round.",
        len(empty),
    ) % {"tables": table_numbers(empty)}


def _lock_open(rnd: Round) -> Round:
    rnd = lock_round(rnd.pk, change=True)
    if rnd.status != Round.Status.OPEN:
        raise ServiceError(_("Round %(number)d is already closed.") % {"number": rnd.number})
    return rnd


def _lock_games_counting_due(rnd: Round) -> list[Game]:
    """Every game of the round, locked, with the entries due for automatic confirmation
    stored first: they count in what closing decides."""
    games = lock_games(rnd)
    for game in games:
        confirm_due(game)
    return games


@serialised
def close_round(rnd: Round, *, user: Asker) -> Round:
    """Close a round whose every table is done (``services.rounds.done``). Refused, it keeps
    what it stored as due for automatic confirmation (as ``keeps_due`` does for a game's
    steps): its answer was drawn with those entries counting."""
    try:
        with transaction.atomic():
            playing = _lock_open(rnd)
            games = _lock_games_counting_due(playing)
            state = round_state(playing)
            if not state.done:
                raise ServiceError(not_done_message(state))
            if state.timed:
                _end_timed_games(playing, games, user)
            return _close(playing, user=user, action=AuditEntry.Action.CLOSE_ROUND, reason="")
    except ServiceError:
        confirm_due_in_round(rnd)
        raise


def _end_timed_games(rnd: Round, games: list[Game], user: Asker) -> None:
    """Time is up: the games still going end with their confirmed deals."""
    reason = _("Time is up: round %(number)d closed.") % {"number": rnd.number}
    for game in games:
        if not game.finished:
            end_locked_game(game, user=user, reason=reason)


@serialised
@keeps_due
def end_game(game: Game, *, user: Asker, reason: str = "") -> Game:
    """The director ends a timed game (round kind "time") of the open round after its last deal."""
    if not game.round.event.is_directed_by(user):
        raise ServiceError(_("Only the event's director can end a game."))
    reason = audit.checked_reason(reason)
    with transaction.atomic():
        game = locked(game.pk)
        event, rnd = game.round.event, game.round
        if event.status == Event.Status.FINISHED:
            raise ServiceError(_("The event is finished: nothing can be changed any more."))
        if game.finished:
            raise ServiceError(_("This game is already over."))
        if rnd.status != Round.Status.OPEN:
            raise ServiceError(
                _("%(round)s is closed: no more scores can be entered.") % {"round": rnd}
            )
        if not event.timed:
            raise ServiceError(
                _("Only a timed game is ended by the director; this one ends by itself.")
            )
        return end_locked_game(game, user=user, reason=reason)


@serialised
def force_close_round(rnd: Round, *, user: Asker, reason: str) -> Round:
    """Close a round early; unconfirmed entries then do not count. Needs a reason.

    Entries due for automatic confirmation count first. Each entry left waiting
    for confirmation or disputed gets an audit row of its own (``left_unconfirmed``,
    the entry as it was), so the director sees it afterwards and may still confirm
    or correct it.
    """
    reason = audit.checked_reason(reason)
    if not reason:
        raise ServiceError(
            _("Say why the round is closed early."), {"reason": [_("A reason is needed.")]}
        )
    with transaction.atomic():
        rnd = _lock_open(rnd)
        _lock_games_counting_due(rnd)
        state = round_state(rnd)
        rnd.close_reason = reason
        closed = _close(
            rnd,
            user=user,
            action=AuditEntry.Action.FORCE_CLOSE,
            reason=reason,
            old={
                "unfinished_tables": [t.game.table.number for t in state.not_done],
                "empty_tables": [t.game.table.number for t in state.empty],
            },
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


def _close(rnd: Round, *, user: Asker, action: str, reason: str, old: object = None) -> Round:
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at", "close_reason"])
    end_calls(round=rnd)  # the round's play was their cause
    audit.record(
        rnd.event,
        action,
        round=rnd,
        user=user,
        old=old,
        new={"round": rnd.number, "status": "closed"},
        reason=reason,
    )
    transaction.on_commit(signals.announce_round_closed, robust=True)
    return rnd
