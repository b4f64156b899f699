"""Score entry at the table: submit, edit, confirm, dispute; the director corrects and settles.

One side's phone enters a deal, a phone of another side confirms it (or the
director does, or it is confirmed automatically after the event's minutes).
The phone that entered a deal never confirms it, whatever seat it claims: each
phone carries a device id (a cookie), and the entry keeps a hash of it. Every
step runs in one transaction that first takes its row locks in the order of
``services.locks`` (event, round, game, entry) and checks again under them that
the round is open and the event running, so two phones writing the same deal
are served one after the other and nothing lands in a closed round; the
database's constraints (one confirmed and one pending entry per deal, unique
idempotency keys) stay as the last line of defence. Every change writes an
audit row.
"""

import hashlib
import json
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.games import deal_name, evaluate
from tournaments.models import AuditEntry, Entry, Event, Game, Round, Seat
from tournaments.services import audit
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_entry, lock_game, serialised
from tournaments.services.results import refresh_game

Status = Entry.Status
Action = AuditEntry.Action
PENDING = (Status.ENTERED, Status.DISPUTED)


class EntryConflict(ServiceError):
    """Another phone got there first; ``entry`` is what it stored, to show instead."""

    def __init__(self, message: str, entry: Entry) -> None:
        super().__init__(message)
        self.entry = entry


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


def device_hash(device: str | None) -> str | None:
    """What an entry keeps of the phone's device id: enough to recognise the phone, not the id."""
    if not device:
        return None
    return hashlib.sha256(f"meld.device:{device}".encode()).hexdigest()


def _locked(game_id: int, loaded: Game | None = None) -> Game:
    """``lock_game``, keeping the seats the caller has loaded already (they do not change
    within a round), so recomputing the game's results does not read them again."""
    game = lock_game(game_id)
    cache = getattr(loaded, "_prefetched_objects_cache", {})
    if "seats" in cache:
        game._prefetched_objects_cache = {"seats": cache["seats"]}
    return game


def _loaded_game(entry: Entry) -> Game | None:
    return entry.game if Entry.game.is_cached(entry) else None


def _is_director(game: Game, user) -> bool:
    return user is not None and game.round.event.is_directed_by(user)


def _check_seat(game: Game, seat: Seat | None, user) -> None:
    if seat is not None:
        if seat.game_id != game.pk:
            raise ServiceError(_("This seat is not at this table in this round."))
    elif not _is_director(game, user):
        raise ServiceError(_("Say who you are first: tap your name."))


def _check_running(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event is finished: nothing can be changed any more."))


def _check_playable(game: Game) -> None:
    """Entries only while the event runs, for its current, open round and an unfinished game.

    ``game`` comes from ``lock_game``: its round and event were read under the lock.
    """
    rnd = game.round
    _check_running(rnd.event)
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


def _is_number(number: Any) -> bool:
    return isinstance(number, int) and not isinstance(number, bool) and number >= 1


def _deal_rows(game: Game, number: Any, key: str | None) -> list[Entry]:
    """In one query: every version of deal ``number`` and of the deal before it (which
    tells whether ``number`` may be entered), and the entry stored under ``key``."""
    wanted = Q(game=game, number__in=[number - 1, number]) if _is_number(number) else Q(pk__in=[])
    if key:
        wanted |= Q(idempotency_key=key)
    return list(Entry.objects.filter(wanted).select_related("entered_by_seat"))


def _check_number(game: Game, number: Any, rows: list[Entry]) -> int:
    """Deals are entered in order: every deal up to the last has a version, so deal
    ``number`` may be entered when the one before it has one."""
    event = game.round.event
    in_order = _is_number(number) and (
        number == 1 or any(row.game_id == game.pk and row.number == number - 1 for row in rows)
    )
    if not in_order:
        last = game.entries.aggregate(last=Max("number"))["last"] or 0
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


def _same_content(entry: Entry, scored) -> bool:
    """Whether ``entry`` holds what ``scored`` says (details as stored: through JSON)."""
    details = json.loads(json.dumps(scored.details))
    return entry.points == list(scored.points) and entry.details == details


def _entered_here(entry: Entry, device: str | None) -> bool:
    """Whether the phone with this device hash entered ``entry``."""
    return device is not None and entry.entered_by_device == device


def _replay(
    game: Game, stored: Entry, number: int, scored, rows, *, seat, user, device
) -> Entry | None:
    """The same form (idempotency key) sent again: the entry that holds its numbers.

    The same numbers get the stored answer. Other numbers (the phone kept the form
    after a lost answer and the player fixed a typo) replace the stored entry as an
    edit while it still waits for confirmation by the other side: then None. Otherwise
    the phone is told so, never "stored".
    """
    if stored.game_id != game.pk:
        raise ServiceError(_("This form was sent for another table."))
    if stored.number == number:
        if _same_content(stored, scored):
            return stored
        current = next(
            (row for row in rows if row.number == number and row.status != Status.SUPERSEDED),
            None,
        )
        if current is not None and current.pk != stored.pk and _same_content(current, scored):
            return current
        editable = (
            current is not None
            and current.pk == stored.pk
            and stored.status == Status.ENTERED
            and _same_side(stored, seat, user)
            and (stored.entered_by_device is None or _entered_here(stored, device))
        )
        if editable:
            return None
    raise ServiceError(
        _("%(deal)s was already sent with other numbers; check the score sheet and edit it there.")
        % {"deal": deal_name(game, stored.number, start=True)}
    )


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
    device: str | None = None,
) -> Entry:
    """Store a deal's (hand's) scores as entered by ``seat`` (or the director ``user``).

    The same ``idempotency_key`` with the same scores returns the entry it stored;
    with other scores see ``_replay``. A pending entry of the same side is
    replaced (a new version) when ``expected_version`` names it; a disputed entry
    may be replaced by either side the same way. ``device``: the phone's device
    id, kept hashed on the entry so that phone cannot confirm it.
    """
    scored = evaluate(game, data)
    device = device_hash(device)
    with transaction.atomic():
        game = _locked(game.pk)
        rows = _deal_rows(game, number, idempotency_key)
        key = idempotency_key or None
        stored = next((row for row in rows if key and row.idempotency_key == key), None)
        if stored is not None:
            answer = _replay(
                game, stored, number, scored, rows, seat=seat, user=user, device=device
            )
            if answer is not None:
                return answer
            expected_version, key = stored.version, None  # the key stays with its first entry
        _check_seat(game, seat, user)
        _check_playable(game)
        number = _check_number(game, number, rows)
        entries = [row for row in rows if row.game_id == game.pk and row.number == number]
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
            entered_by_device=device,
            idempotency_key=key,
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
def confirm_entry(
    entry: Entry, *, seat: Seat | None = None, user=None, device: str | None = None
) -> Entry:
    """A seat of another side than the entering one, on another phone (or the director),
    confirms the entry. ``device``: the confirming phone's device id."""
    device = device_hash(device)
    with transaction.atomic():
        game = _locked(entry.game_id, _loaded_game(entry))
        entry = lock_entry(entry.pk, game)
        director = _is_director(game, user) and seat is None
        if not director:
            _check_seat(game, seat, user)
            if entry.entered_by_seat_id is not None and entry.entered_by_seat.side == seat.side:
                raise ServiceError(
                    _("Your side entered %(deal)s: a player of the other side confirms it.")
                    % {"deal": deal_name(game, entry.number)}
                )
            if _entered_here(entry, device):
                raise ServiceError(
                    _(
                        "%(deal)s was entered on this phone: a player of the other side "
                        "confirms it on their own phone."
                    )
                    % {"deal": deal_name(game, entry.number, start=True)}
                )
        if entry.status == Status.CONFIRMED:
            return entry  # a second tap on "confirm"
        if entry.status != Status.ENTERED:
            raise ServiceError(
                _("%(deal)s is no longer waiting for confirmation.")
                % {"deal": deal_name(game, entry.number, start=True)}
            )
        if director:
            _check_running(game.round.event)
        else:
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
def dispute_entry(entry: Entry, *, seat: Seat, reason: str, device: str | None = None) -> Entry:
    """A seat of another side (on another phone) says the entry is wrong; the director
    settles it (or a side enters a corrected version)."""
    reason = _reason(reason)
    device = device_hash(device)
    with transaction.atomic():
        game = _locked(entry.game_id, _loaded_game(entry))
        entry = lock_entry(entry.pk, game)
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
        if _entered_here(entry, device):
            raise ServiceError(
                _(
                    "%(deal)s was entered on this phone: a player of the other side disputes it "
                    "on their own phone."
                )
                % {"deal": deal_name(game, entry.number, start=True)}
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
def auto_confirm_due(game: Game, cutoff: datetime | None = None) -> list[Entry]:
    """Confirm the entries left unanswered for the event's auto-confirm minutes.

    Called lazily when a table page or board is loaded or polled; a cheap check
    first, so a poll only writes when something is due. ``cutoff``: the
    caller's ``auto_confirm_cutoff`` when it has asked already.
    """
    if cutoff is None:
        cutoff = auto_confirm_cutoff(game.round.event)
    if cutoff is None:
        return []
    due = Entry.objects.filter(game_id=game.pk, status=Status.ENTERED, created_at__lte=cutoff)
    if not due.exists():
        return []
    with transaction.atomic():
        game = _locked(game.pk, game)
        try:
            _check_playable(game)
        except ServiceError:
            return []
        confirmed = list(due.order_by("number"))
        for entry in confirmed:
            _decide(entry, Status.CONFIRMED)
            audit.record(
                game.round.event, Action.AUTO_CONFIRM, game=game, entry=entry, new=snapshot(entry)
            )
        refresh_game(game, loaded=True)
    return confirmed


# --- the director ---------------------------------------------------------------


def _check_director(game: Game, user) -> None:
    if not _is_director(game, user):
        raise ServiceError(_("Only the event's director can do this."))


@serialised
def correct_entry(game: Game, number: int, data: dict[str, Any], *, user, reason: str) -> Entry:
    """The director's version of a deal: confirmed at once, replacing every other version.

    Allowed in a closed round too (the audit row says who and why); refused once
    the event is finished.
    """
    _check_director(game, user)
    reason = _reason(reason)
    scored = evaluate(game, data)
    with transaction.atomic():
        game = _locked(game.pk, game)
        _check_running(game.round.event)
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
    Allowed in a closed round too; refused once the event is finished.
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
        game = _locked(game.pk, game)
        entry = lock_entry(entry.pk, game)
        _check_running(game.round.event)
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
