"""Score entry at the table: submit, edit, confirm, dispute; the director corrects and settles.

One side's phone enters a deal, a phone of another side confirms it (or the
director does, or it is confirmed automatically after the event's minutes).
Every step runs in one transaction that first locks the game's row, so two
phones writing the same deal are served one after the other; the database's
constraints (one confirmed and one pending entry per deal, unique idempotency
keys) stay as the last line of defence. Every change writes an audit row.
"""

import functools
import random
import time
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, OperationalError, connection, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Entry, Event, Game, Round, Seat
from tournaments.services import audit
from tournaments.services.deal_data import deal_name, evaluate
from tournaments.services.errors import ServiceError
from tournaments.services.results import refresh_game

Status = Entry.Status
Action = AuditEntry.Action
PENDING = (Status.ENTERED, Status.DISPUTED)


class EntryConflict(ServiceError):
    """Another phone got there first; ``entry`` is what it stored, to show instead."""

    def __init__(self, message: str, entry: Entry) -> None:
        super().__init__(message)
        self.entry = entry


def serialised(step):
    """Run ``step`` again when SQLite reports its write lock busy.

    A file database waits for the lock itself (``timeout`` in the settings); a
    shared-cache database (the test database) answers "locked" at once, so the
    second writer tries again until the first has committed. Inside an outer
    transaction there is nothing to retry: the error goes up.
    """

    @functools.wraps(step)
    def wrapper(*args, **kwargs):
        deadline = time.monotonic() + 20
        while True:
            try:
                return step(*args, **kwargs)
            except OperationalError as error:
                retry = (
                    connection.vendor == "sqlite"
                    and "locked" in str(error)
                    and not connection.in_atomic_block
                    and time.monotonic() < deadline
                )
                if not retry:
                    raise
                time.sleep(random.uniform(0.01, 0.05))

    return wrapper


# --- helpers --------------------------------------------------------------------


def current_round(event: Event) -> Round | None:
    """The round being played, else the last one."""
    return (
        event.rounds.filter(status=Round.Status.OPEN).first()
        or event.rounds.order_by("-number").first()
    )


def snapshot(entry: Entry | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {
        "number": entry.number,
        "version": entry.version,
        "status": entry.status,
        "points": entry.points,
        "details": entry.details,
    }


def _lock(game_id: int) -> Game:
    """The game's row, locked until the transaction ends (PostgreSQL; SQLite's
    IMMEDIATE transactions already hold the database's write lock)."""
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("round__event", "table")
        .get(pk=game_id)
    )


def _is_director(game: Game, user) -> bool:
    return user is not None and game.round.event.is_directed_by(user)


def _check_seat(game: Game, seat: Seat | None, user) -> None:
    if seat is not None:
        if seat.game_id != game.pk:
            raise ServiceError(_("This seat is not at this table in this round."))
    elif not _is_director(game, user):
        raise ServiceError(_("Say who you are first: tap your name."))


def _check_playable(game: Game) -> None:
    """Entries only for the event's current, open round and an unfinished game."""
    rnd = game.round
    # An open round is the event's only open one, so it is the current round:
    # only a closed round needs the look-up.
    current = rnd if rnd.status == Round.Status.OPEN else current_round(rnd.event)
    if current is not None and current.pk != rnd.pk:
        raise ServiceError(
            _("%(round)s is over; the current round is %(current)s. Open the table's page again.")
            % {"round": rnd, "current": current}
        )
    if rnd.status != Round.Status.OPEN:
        raise ServiceError(
            _("%(round)s is closed: no more scores can be entered.") % {"round": rnd}
        )
    if game.finished:
        raise ServiceError(_("This game is over: no more deals can be entered."))


def _check_number(game: Game, number: Any) -> int:
    event = game.round.event
    last = game.entries.aggregate(last=Max("number"))["last"] or 0
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= last + 1:
        raise ServiceError(
            _("%(deal)s cannot be entered now; the next one is %(next)s.")
            % {"deal": deal_name(game, number, start=True), "next": deal_name(game, last + 1)}
        )
    if event.round_kind == Event.RoundKind.DEALS and number > (event.round_deals or 0):
        raise ServiceError(
            _("A game of this round has %(count)s deals only.") % {"count": event.round_deals}
        )
    return number


def _next_version(game: Game, number: int) -> int:
    last = game.entries.filter(number=number).aggregate(last=Max("version"))["last"]
    return (last or 0) + 1


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(_("Give a reason."), {"reason": [_("Give a reason.")]})
    return audit.checked_reason(reason)


def _create(**fields) -> Entry:
    try:
        # No savepoint of its own: the refusal below ends the caller's transaction anyway.
        with transaction.atomic(savepoint=False):
            return Entry.objects.create(**fields)
    except IntegrityError:
        # Only reachable when the lock was bypassed; the constraint still holds.
        raise ServiceError(
            _("Another phone stored this deal at the same moment: look at the score sheet.")
        ) from None


def _points(scored) -> dict[str, int | None]:
    values = list(scored.points) + [None] * (3 - len(scored.points))
    return {"points_0": values[0], "points_1": values[1], "points_2": values[2]}


def _same_side(entry: Entry, seat: Seat | None, user) -> bool:
    if entry.entered_by_seat_id is None:
        return seat is None and entry.entered_by_user_id is not None and user is not None
    return seat is not None and entry.entered_by_seat.side == seat.side


# --- the table ------------------------------------------------------------------


@serialised
def submit_entry(
    game: Game,
    number: int,
    data: dict[str, Any],
    *,
    seat: Seat | None = None,
    user=None,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> Entry:
    """Store a deal's (hand's) scores as entered by ``seat`` (or the director ``user``).

    The same ``idempotency_key`` again returns the entry it stored. A pending
    entry of the same side is replaced (a new version) when ``expected_version``
    names it; a disputed entry may be replaced by either side the same way.
    """
    scored = evaluate(game, data)
    with transaction.atomic():
        game = _lock(game.pk)
        if idempotency_key:
            stored = Entry.objects.filter(idempotency_key=idempotency_key).first()
            if stored is not None:
                if stored.game_id != game.pk:
                    raise ServiceError(_("This form was sent for another table."))
                return stored
        _check_seat(game, seat, user)
        _check_playable(game)
        number = _check_number(game, number)
        entries = list(game.entries.filter(number=number).select_related("entered_by_seat"))
        if any(entry.status == Status.CONFIRMED for entry in entries):
            raise ServiceError(
                _("%(deal)s is confirmed; only the director can change it now.")
                % {"deal": deal_name(game, number, start=True)}
            )
        pending = next((entry for entry in entries if entry.status in PENDING), None)
        if pending is not None:
            may_replace = pending.status == Status.DISPUTED or _same_side(pending, seat, user)
            if not may_replace or expected_version != pending.version:
                raise EntryConflict(
                    _("The other phone already entered %(deal)s: here it is.")
                    % {"deal": deal_name(game, number)},
                    pending,
                )
            old = snapshot(pending)
            pending.status = Status.SUPERSEDED
            pending.save(update_fields=["status"])
        entry = _create(
            game=game,
            number=number,
            version=max((previous.version for previous in entries), default=0) + 1,
            status=Status.ENTERED,
            details=scored.details,
            entered_by_seat=seat,
            entered_by_user=user if user is not None and user.is_authenticated else None,
            idempotency_key=idempotency_key or None,
            **_points(scored),
        )
        audit.record(
            game.round.event,
            Action.EDIT if pending is not None else Action.ENTER,
            game=game,
            entry=entry,
            user=user,
            seat=seat,
            old=old if pending is not None else None,
            new=snapshot(entry),
        )
    return entry


@serialised
def confirm_entry(entry: Entry, *, seat: Seat | None = None, user=None) -> Entry:
    """A seat of another side than the entering one (or the director) confirms the entry."""
    with transaction.atomic():
        game = _lock(entry.game_id)
        entry = Entry.objects.select_related("entered_by_seat").get(pk=entry.pk)
        if entry.status == Status.CONFIRMED:
            return entry  # a second tap on "confirm"
        if entry.status != Status.ENTERED:
            raise ServiceError(
                _("%(deal)s is no longer waiting for confirmation.")
                % {"deal": deal_name(game, entry.number, start=True)}
            )
        director = _is_director(game, user) and seat is None
        if not director:
            _check_seat(game, seat, user)
            if entry.entered_by_seat_id is not None and entry.entered_by_seat.side == seat.side:
                raise ServiceError(
                    _("Your side entered %(deal)s: a player of the other side confirms it.")
                    % {"deal": deal_name(game, entry.number)}
                )
            _check_playable(game)
        _decide(entry, Status.CONFIRMED, seat=seat, user=user)
        audit.record(
            game.round.event,
            Action.CONFIRM,
            game=game,
            entry=entry,
            user=user,
            seat=seat,
            new=snapshot(entry),
        )
        refresh_game(game, loaded=True)
    return entry


@serialised
def dispute_entry(entry: Entry, *, seat: Seat, reason: str) -> Entry:
    """A seat of another side says the entry is wrong; the director settles it
    (or a side enters a corrected version)."""
    reason = _reason(reason)
    with transaction.atomic():
        game = _lock(entry.game_id)
        entry = Entry.objects.select_related("entered_by_seat").get(pk=entry.pk)
        _check_seat(game, seat, None)
        if entry.status != Status.ENTERED:
            raise ServiceError(
                _("%(deal)s is no longer waiting for confirmation.")
                % {"deal": deal_name(game, entry.number, start=True)}
            )
        if entry.entered_by_seat_id is not None and entry.entered_by_seat.side == seat.side:
            raise ServiceError(
                _("Your side entered %(deal)s: change it instead of disputing it.")
                % {"deal": deal_name(game, entry.number)}
            )
        _check_playable(game)
        _decide(entry, Status.DISPUTED, seat=seat, reason=reason)
        audit.record(
            game.round.event,
            Action.DISPUTE,
            game=game,
            entry=entry,
            seat=seat,
            new=snapshot(entry),
            reason=reason,
        )
    return entry


def _decide(entry: Entry, status: str, *, seat=None, user=None, reason: str | None = None) -> None:
    entry.status = status
    entry.decided_by_seat = seat
    entry.decided_by_user = user if user is not None and user.is_authenticated else None
    entry.decided_at = timezone.now()
    fields = ["status", "decided_by_seat", "decided_by_user", "decided_at"]
    if reason is not None:
        entry.reason = reason
        fields.append("reason")
    entry.save(update_fields=fields)


def auto_confirm_cutoff(event: Event):
    """Entries entered before this moment are due for automatic confirmation (None: never)."""
    if not event.auto_confirm_minutes:
        return None
    return timezone.now() - timedelta(minutes=event.auto_confirm_minutes)


@serialised
def auto_confirm_due(game: Game) -> list[Entry]:
    """Confirm the entries left unanswered for the event's auto-confirm minutes.

    Called lazily when a table page or board is loaded or polled; a cheap check
    first, so a poll only writes when something is due.
    """
    event = game.round.event
    cutoff = auto_confirm_cutoff(event)
    if cutoff is None:
        return []
    due = game.entries.filter(status=Status.ENTERED, created_at__lte=cutoff)
    if not due.exists():
        return []
    with transaction.atomic():
        game = _lock(game.pk)
        try:
            _check_playable(game)
        except ServiceError:
            return []
        confirmed = list(due.order_by("number"))
        for entry in confirmed:
            _decide(entry, Status.CONFIRMED)
            audit.record(event, Action.AUTO_CONFIRM, game=game, entry=entry, new=snapshot(entry))
        refresh_game(game, loaded=True)
    return confirmed


# --- the director ---------------------------------------------------------------


def _check_director(game: Game, user) -> None:
    if not _is_director(game, user):
        raise ServiceError(_("Only the event's director can do this."))


@serialised
def correct_entry(game: Game, number: int, data: dict[str, Any], *, user, reason: str) -> Entry:
    """The director's version of a deal: confirmed at once, replacing every other version."""
    _check_director(game, user)
    reason = _reason(reason)
    scored = evaluate(game, data)
    with transaction.atomic():
        game = _lock(game.pk)
        last = game.entries.aggregate(last=Max("number"))["last"] or 0
        if not isinstance(number, int) or not 1 <= number <= last + 1:
            raise ServiceError(
                _("%(deal)s cannot be entered now; the next one is %(next)s.")
                % {"deal": deal_name(game, number, start=True), "next": deal_name(game, last + 1)}
            )
        current = game.entries.filter(number=number, status__in=[Status.CONFIRMED, *PENDING])
        old = [snapshot(entry) for entry in current]
        current.update(status=Status.SUPERSEDED)
        entry = _director_version(game, number, scored, user=user, reason=reason)
        audit.record(
            game.round.event,
            Action.CORRECT,
            game=game,
            entry=entry,
            user=user,
            old=old or None,
            new=snapshot(entry),
            reason=reason,
        )
        refresh_game(game, loaded=True)
    return entry


def _director_version(game: Game, number: int, scored, *, user, reason: str) -> Entry:
    """The director's own version of a deal: it counts at once, with the reason kept."""
    return _create(
        game=game,
        number=number,
        version=_next_version(game, number),
        status=Status.CONFIRMED,
        details=scored.details,
        entered_by_user=user,
        decided_by_user=user,
        decided_at=timezone.now(),
        reason=reason,
        **_points(scored),
    )


@serialised
def settle_dispute(
    entry: Entry, *, user, accept: bool, reason: str, data: dict[str, Any] | None = None
) -> Entry:
    """The director decides a disputed entry.

    ``accept``: the entry counts as entered. Otherwise it is set aside, and with
    ``data`` the director's own version counts instead; without, the table
    enters the deal again. Returns the entry that now stands (or the set-aside one).
    """
    game = entry.game
    _check_director(game, user)
    reason = _reason(reason)
    if accept and data is not None:
        raise ServiceError(
            _("Either accept the entry as it is or give the right scores, not both.")
        )
    scored = evaluate(game, data) if data is not None else None
    with transaction.atomic():
        game = _lock(game.pk)
        entry = Entry.objects.get(pk=entry.pk)
        if entry.status != Status.DISPUTED:
            raise ServiceError(
                _("%(deal)s is not disputed.") % {"deal": deal_name(game, entry.number, start=True)}
            )
        old = snapshot(entry)
        if accept:
            _decide(entry, Status.CONFIRMED, user=user)
            result = entry
        else:
            entry.status = Status.SUPERSEDED
            entry.save(update_fields=["status"])
            result = entry
            if scored is not None:
                result = _director_version(game, entry.number, scored, user=user, reason=reason)
        audit.record(
            game.round.event,
            Action.SETTLE,
            game=game,
            entry=result,
            user=user,
            old=old,
            new=snapshot(result),
            reason=reason,
        )
        refresh_game(game, loaded=True)
    return result
