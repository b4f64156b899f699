"""The rows and checks every entry step shares: loading and locking, the deal's rows,
numbers and versions, who may act, and what an entry's audit row keeps.

``services.scores.entries`` runs the steps (the table's and the director's); these
helpers read and write inside the step's transaction and lock order.
"""

import functools
import hashlib
import json
from collections.abc import Callable
from contextvars import ContextVar
from datetime import datetime, timedelta
from typing import Any, ParamSpec, TypeVar, cast

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.card_games import card_game_of, deal_name
from tournaments.kernel import statements
from tournaments.kernel.deal import Scored, keep_seats, seats_loaded, seats_of
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.keys import key_game
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Entry, Event, Game, Round, Seat
from tournaments.services.scores import audit, time_up
from tournaments.services.scores.results import refresh_game
from tournaments.services.store.locks import entries_with_seats, load_seats, lock_game

Status = Entry.Status

P = ParamSpec("P")
R = TypeVar("R")


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


def audit_entry(
    action: str,
    game: Game,
    entry: Entry,
    *,
    old: Any = None,
    user: Asker | None = None,
    seat: Seat | None = None,
    reason: str = "",
) -> None:
    """The audit row of a step that changed a deal: ``old`` as the step took its snapshot
    before the change (one entry's, or a list of them), and ``entry`` as it stands now."""
    audit.record(
        game.round.event,
        action,
        game=game,
        entry=entry,
        user=user,
        seat=seat,
        old=old,
        new=snapshot(entry),
        reason=reason,
    )


def device_hash(device: str | None) -> str | None:
    """What an entry keeps of the phone's device id: enough to recognise the phone, not the id."""
    if not device:
        return None
    return hashlib.sha256(f"meld.device:{device}".encode()).hexdigest()


# The game whose entries due for automatic confirmation the running step stored (``locked``).
_DUE_IN: ContextVar[int | None] = ContextVar("due_in", default=None)


def locked(game_id: int, loaded: Game | None = None) -> Game:
    """``lock_game``, keeping the seats the caller has loaded already (they do not change
    within a round), so recomputing the game's results does not read them again.

    Every step that writes a game's entries comes through here, so this is where
    entries due for automatic confirmation are stored first (``confirm_due``): the
    step then sees them as they count (and ``keeps_due`` keeps them if it is refused).
    """
    game = lock_game(game_id)
    if loaded is not None and seats_loaded(loaded):
        keep_seats(game, seats_of(loaded))
    else:
        load_seats(game)
    if confirm_due(game):
        _DUE_IN.set(game.pk)
    return game


def keeps_due(step: Callable[P, R]) -> Callable[P, R]:
    """A step refused after ``locked`` stored what was due stores it again, in a transaction
    of its own: the refusal rolls the step back, but what it said was drawn from those
    entries as they count ("deal 1 is no longer waiting for confirmation"), and so is the
    phone's answer after it."""

    @functools.wraps(step)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        token = _DUE_IN.set(None)
        try:
            return step(*args, **kwargs)
        except ServiceError:
            game_id = _DUE_IN.get()
            if game_id is not None:  # the step's transaction is rolled back by now
                store_due(game_id)
            raise
        finally:
            _DUE_IN.reset(token)

    return wrapper


def store_due(game_id: int) -> int:
    """``confirm_due`` for one game, in a transaction of its own; how many it stored."""
    with transaction.atomic():
        return len(confirm_due(lock_game(game_id)))


def auto_confirm_cutoff(event: Event, now: datetime | None = None) -> datetime | None:
    """Entries entered before this moment count as confirmed automatically (None: never)."""
    if not event.auto_confirm_minutes:
        return None
    return (now or timezone.now()) - timedelta(minutes=event.auto_confirm_minutes)


def confirm_due(game: Game) -> list[Entry]:
    """Store the confirmation of the game's entries left unanswered for the event's
    auto-confirm minutes, each with its audit row; ``game`` is locked by the caller
    (``lock_game``, ``lock_games``) with its round and event.

    Only while entries can be confirmed at the table (round open, event running,
    game not over), as a phone would. No page read stores it: the next step that
    writes the game, closing the round, the director's pages (a request of their
    own) and ``manage.py confirm_due`` do.
    """
    cutoff = auto_confirm_cutoff(game.round.event)
    if cutoff is None:
        return []
    try:
        check_playable(game)
    except ServiceError:
        return []
    due = list(
        Entry.objects.filter(
            game_id=game.pk, status=Status.ENTERED, created_at__lte=cutoff
        ).order_by("number")
    )
    for entry in due:
        entry.game = game
        decide(entry, Status.CONFIRMED)
        audit_entry(AuditEntry.Action.AUTO_CONFIRM, game, entry)
    if due:
        refresh_game(game, loaded=True)
    return due


def is_director(game: Game, user: Asker | None) -> bool:
    return user is not None and game.round.event.is_directed_by(user)


def check_seat(game: Game, seat: Seat | None, user: Asker | None) -> None:
    if seat is not None:
        if seat.game_id != game.pk:
            raise ServiceError(_("This seat is not at this table in this round."))
    elif not is_director(game, user):
        raise ServiceError(_("Say who you are first: tap your name."))


def check_running(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event is finished: nothing can be changed any more."))


def check_playable(game: Game) -> None:
    """Entries only while the event runs, for its current, open round and an unfinished game.

    ``game`` comes from ``lock_game``: its round and event were read under the lock.
    """
    rnd = game.round
    check_running(rnd.event)
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
        raise ServiceError(card_game_of(rnd.event).words.says("over"))


def is_number(number: Any) -> bool:
    return isinstance(number, int) and not isinstance(number, bool) and number >= 1


def deal_rows(game: Game, number: Any, key: str | None) -> list[Entry]:
    """In one query: every version of deal ``number`` and of the deal before it (which
    tells whether ``number`` may be entered), and the entry stored under ``key``."""
    deals = "en.game_id = %s AND en.number IN (%s, %s)"
    if is_number(number) and key:
        where, params = f"({deals}) OR en.idempotency_key = %s", [game.pk, number - 1, number, key]
    elif is_number(number):
        where, params = deals, [game.pk, number - 1, number]
    elif key:
        where, params = "en.idempotency_key = %s", [key]
    else:
        return []
    return entries_with_seats(f"deal_rows:{where}", where, params, game, lock=False)


def check_number(game: Game, number: Any, rows: list[Entry]) -> int:
    """Deals are entered in order: every deal up to the last has a version, so deal
    ``number`` may be entered when the one before it has one."""
    in_order = is_number(number) and (
        number == 1 or any(row.game_id == game.pk and row.number == number - 1 for row in rows)
    )
    if not in_order:
        last = game.entries.aggregate(last=Max("number"))["last"] or 0
        raise ServiceError(
            _("%(deal)s cannot be entered now; the next one is %(next)s.")
            % {"deal": deal_name(game, number, start=True), "next": deal_name(game, last + 1)}
        )
    if problem := beyond_the_round(game, cast(int, number), time_up.last_deal(game)):
        raise ServiceError(problem)
    return cast(int, number)  # in order: ``is_number`` said it is one


def beyond_the_round(game: Game, number: int, last: int | None) -> str:
    """Why deal ``number`` is not one the game's round plays: past its number of deals, or
    past ``last``, the deal the table played when the time ran out; "" when it is one."""
    event = game.round.event
    words = card_game_of(event).words
    if event.round_kind == Event.RoundKind.DEALS and number > (event.round_deals or 0):
        return str(words.says("only", count=event.round_deals))
    if last is not None and number > last:
        return str(words.says("time_last", number=last))
    return ""


def deal_left_problem(game: Game, number: int) -> str:
    """Why the director may not add deal ``number`` (the next one): the game is over, or it
    is past the round's number of deals or the deal played when its time ran out."""
    if game.finished:
        return _("The game is over: no deal can be added. Correct one of its deals instead.")
    return beyond_the_round(game, number, time_up.last_deal_played(game))


def check_deal_left(game: Game, number: int) -> None:
    if problem := deal_left_problem(game, number):
        raise ServiceError(problem)


def next_version(game: Game, number: int) -> int:
    last = game.entries.filter(number=number).aggregate(last=Max("version"))["last"]
    return (last or 0) + 1


def entry_reason(reason: str) -> str:
    reason = audit.checked_reason(reason)
    if not reason:
        raise ServiceError(_("Give a reason."), {"reason": [_("Give a reason.")]})
    return reason


def create_entry(**fields: Any) -> Entry:
    try:
        # No savepoint of its own: the refusal below ends the caller's transaction anyway.
        with transaction.atomic(savepoint=False):
            return statements.insert(Entry(**fields))
    except IntegrityError:
        # Only reachable when the lock was bypassed; the constraint still holds.
        words = card_game_of(fields["game"].round.event).words
        raise ServiceError(words.says("stored_twice")) from None


def points_of(scored: Scored) -> dict[str, int | None]:
    values: list[int | None] = [*scored.points, *[None] * (3 - len(scored.points))]
    return {"points_0": values[0], "points_1": values[1], "points_2": values[2]}


def same_side(entry: Entry, seat: Seat | None, user: Asker | None) -> bool:
    if entry.entered_by_seat_id is None:
        return seat is None and entry.entered_by_user_id is not None and user is not None
    return (
        seat is not None
        and entry.entered_by_seat is not None
        and entry.entered_by_seat.side == seat.side
    )


def same_content(entry: Entry, scored: Scored) -> bool:
    """Whether ``entry`` holds what ``scored`` says (details as stored: through JSON)."""
    details = json.loads(json.dumps(scored.details))
    return entry.points == list(scored.points) and entry.details == details


def decided_since(game: Game, number: int, version: int | None) -> bool:
    """Whether a change form's deal (``version``: None for a fresh form) no longer waits
    and is not disputed: confirmed or settled while the change was typed."""
    if version is None:
        return False
    pending = (Entry.Status.ENTERED, Entry.Status.DISPUTED)
    waits = Entry.objects.filter(game=game, number=number, version=version, status__in=pending)
    return not waits.exists()


def entered_here(entry: Entry, device: str | None) -> bool:
    """Whether the phone with this device hash entered ``entry``."""
    return device is not None and entry.entered_by_device == device


class FormOfAnotherGame(ServiceError):
    """The form was drawn for another game of the table (an earlier round's): its deal is
    answered as that game's and stored in no other."""


def _another_game(game: Game, owner: int, stored: Entry | None) -> FormOfAnotherGame:
    other = Game.objects.select_related("round").filter(pk=owner, table_id=game.table_id).first()
    if other is None:
        return FormOfAnotherGame(_("This form was drawn for another table: nothing was stored."))
    if stored is not None:
        return FormOfAnotherGame(
            _("%(deal)s of round %(round)d was stored then; this is round %(current)d.")
            % {
                "deal": deal_name(game, stored.number, start=True),
                "round": other.round.number,
                "current": game.round.number,
            }
        )
    return FormOfAnotherGame(
        _(
            "This deal was typed in round %(round)d, which is over: nothing was stored. "
            "This is round %(current)d."
        )
        % {"round": other.round.number, "current": game.round.number}
    )


def check_key_game(game: Game, key: str | None, stored: Entry | None) -> None:
    """A form answers as the game it was drawn for (its key's, or its stored entry's): one
    of another game is refused here, never stored in this one."""
    owner = key_game(key) if stored is None else stored.game_id
    if owner is not None and owner != game.pk:
        raise _another_game(game, owner, stored)


def check_unconfirmed(game: Game, number: int, versions: list[Entry]) -> None:
    """A phone changes a deal only until it is confirmed."""
    if any(entry.status == Status.CONFIRMED for entry in versions):
        raise ServiceError(
            _("%(deal)s is confirmed; only the director can change it now.")
            % {"deal": deal_name(game, number, start=True)}
        )


def replay(
    game: Game,
    stored: Entry,
    number: int,
    scored: Scored,
    rows: list[Entry],
    *,
    seat: Seat | None,
    user: Asker | None,
    device: str | None,
) -> Entry | None:
    """The same form (idempotency key) sent again: the entry that holds its numbers.

    The numbers that count for the deal now (its current version, the key's or a later
    one) get that version as the answer. Other numbers (the phone kept the form after a
    lost answer and the player fixed a typo) replace the stored entry as an edit while
    it is current and still waits for confirmation by the other side: then None.
    Otherwise the phone is told so, never "stored": not even for the numbers the key
    first stored once a later version has replaced them.
    """
    if stored.number == number:
        current = next(
            (row for row in rows if row.number == number and row.status != Status.SUPERSEDED),
            None,
        )
        if current is not None and same_content(current, scored):
            return current
        editable = (
            current is not None
            and current.pk == stored.pk
            and stored.status == Status.ENTERED
            and same_side(stored, seat, user)
            and (stored.entered_by_device is None or entered_here(stored, device))
        )
        if editable:
            return None
    raise ServiceError(
        _("%(deal)s was already sent with other numbers; check the score sheet and edit it there.")
        % {"deal": deal_name(game, stored.number, start=True)}
    )


def decide(
    entry: Entry,
    status: str,
    *,
    seat: Seat | None = None,
    user: Asker | None = None,
    reason: str | None = None,
) -> None:
    entry.status = status
    entry.decided_by_seat = seat
    entry.decided_by_user = user if user is not None and user.is_authenticated else None
    entry.decided_at = timezone.now()
    fields = ["status", "decided_by_seat", "decided_by_user", "decided_at"]
    if reason is not None:
        entry.reason = reason
        fields.append("reason")
    statements.update(entry, fields)
