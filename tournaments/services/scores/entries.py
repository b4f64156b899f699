"""Score entry at the table: submit, edit, confirm, dispute; the director corrects and settles.

One side's phone enters a deal, a phone of another side confirms it (or the
director does, or it is confirmed automatically after the event's minutes: stored
by the next step that writes the game, see ``entry_rows.confirm_due``).
The phone that entered a deal never confirms it, whatever seat it claims: each
phone carries a device id (a cookie), and the entry keeps a hash of it. Every
step runs in one transaction that first takes its row locks in the order of
``services.store.locks`` (event, round, game, entry) and checks again under them that
the round is open and the event running, so two phones writing the same deal
are served one after the other and nothing lands in a closed round; the
database's constraints (one confirmed and one pending entry per deal, unique
idempotency keys) stay as the last line of defence. Every change writes an
audit row.
"""

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.card_games import card_game_of, deal_name, evaluate
from tournaments.card_games.base import LaterHand
from tournaments.kernel import statements
from tournaments.kernel.deal import Scored
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Entry, Game, Seat
from tournaments.services.scores.calls import end_calls, table_call
from tournaments.services.scores.entry_rows import (
    audit_entry,
    check_deal_left,
    check_key_game,
    check_number,
    check_playable,
    check_running,
    check_seat,
    check_unconfirmed,
    create_entry,
    deal_rows,
    decide,
    device_hash,
    entered_here,
    entry_reason,
    is_director,
    keeps_due,
    locked,
    next_version,
    points_of,
    replay,
    same_side,
    snapshot,
)
from tournaments.services.scores.results import refresh_game
from tournaments.services.store.locks import lock_entry, lock_entry_and_confirmed, serialised

Status = Entry.Status
Action = AuditEntry.Action
PENDING = (Status.ENTERED, Status.DISPUTED)


class EntryConflict(ServiceError):
    """Another phone got there first; ``entry`` is what it stored, to show instead."""

    def __init__(self, message: str, entry: Entry) -> None:
        super().__init__(message)
        self.entry = entry


def at_table(seat: Seat | None, game: Game) -> Seat | None:
    """``seat``, checked to sit at ``game``, with the game as read under the lock (its table
    names the seat in the audit row without another read)."""
    if seat is not None:
        seat.game = game
    return seat


# --- the table ------------------------------------------------------------------


@serialised
@keeps_due
def submit_entry(
    game: Game,
    number: int,
    data: dict[str, Any],
    *,
    seat: Seat | None = None,
    user: Asker | None = None,
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
        game = locked(game.pk, game)
        rows = deal_rows(game, number, idempotency_key)
        key = idempotency_key or None
        stored = next((row for row in rows if key and row.idempotency_key == key), None)
        check_key_game(game, key, stored)
        if stored is not None:
            answer = replay(game, stored, number, scored, rows, seat=seat, user=user, device=device)
            if answer is not None:
                answer.game = game  # read under the lock: the caller need not read it again
                return answer
            expected_version, key = stored.version, None  # the key stays with its first entry
        check_seat(game, seat, user)
        seat = at_table(seat, game)
        check_playable(game)
        number = check_number(game, number, rows)
        entries = [row for row in rows if row.game_id == game.pk and row.number == number]
        check_unconfirmed(game, number, entries)
        _check_later_hands(game, number, scored, director=False)
        pending = next((entry for entry in entries if entry.status in PENDING), None)
        old = None
        if pending is not None:
            may_replace = pending.status == Status.DISPUTED or same_side(pending, seat, user)
            if not may_replace or expected_version != pending.version:
                raise EntryConflict(
                    _("The other phone already entered %(deal)s: here it is.")
                    % {"deal": deal_name(game, number)},
                    pending,
                )
            old = snapshot(pending)
            if pending.status == Status.DISPUTED:
                end_calls(entry=pending)  # entered again: the dispute is over
            pending.status = Status.SUPERSEDED
            statements.update(pending, ["status"])
        entry = create_entry(
            game=game,
            number=number,
            version=max((previous.version for previous in entries), default=0) + 1,
            status=Status.ENTERED,
            details=scored.details,
            entered_by_seat=seat,
            entered_by_user=user if user is not None and user.is_authenticated else None,
            entered_by_device=device,
            idempotency_key=key,
            **points_of(scored),
        )
        action = Action.EDIT if pending is not None else Action.ENTER
        audit_entry(action, game, entry, old=old, user=user, seat=seat)
    return entry


@serialised
@keeps_due
def confirm_entry(
    entry: Entry, *, seat: Seat | None = None, user: Asker | None = None, device: str | None = None
) -> Entry:
    """A seat of another side than the entering one, on another phone (or the director),
    confirms the entry. ``device``: the confirming phone's device id."""
    device = device_hash(device)
    with transaction.atomic():
        game = locked(entry.game_id)
        entry, confirmed = lock_entry_and_confirmed(entry.pk, game)
        director = is_director(game, user) and seat is None
        if not director:
            seat = answering_seat(
                game,
                entry,
                seat,
                user,
                device,
                own_side=_("Your side entered %(deal)s: a player of the other side confirms it."),
                this_phone=_(
                    "%(deal)s was entered on this phone: a player of the other side "
                    "confirms it on their own phone."
                ),
            )
        if entry.status == Status.CONFIRMED:
            return entry  # a second tap on "confirm"
        if entry.status != Status.ENTERED:
            raise ServiceError(
                _("%(deal)s is no longer waiting for confirmation.")
                % {"deal": deal_name(game, entry.number, start=True)}
            )
        if director:
            check_running(game.round.event)
        else:
            check_playable(game)
        decide(entry, Status.CONFIRMED, seat=seat, user=user)
        audit_entry(Action.CONFIRM, game, entry, user=user, seat=seat)
        confirmed = sorted([*confirmed, entry], key=lambda row: row.number)
        refresh_game(game, loaded=True, confirmed=confirmed)
    return entry


def answering_seat(
    game: Game,
    entry: Entry,
    seat: Seat | None,
    user: Asker | None,
    device: str | None,
    *,
    own_side: str,
    this_phone: str,
) -> Seat:
    """The seat that confirms or disputes ``entry``: at the game's table, of another side than
    the one that entered it, on another phone. ``own_side`` and ``this_phone`` say otherwise
    (each with ``%(deal)s``), as the step words it."""
    check_seat(game, seat, user)
    seat = at_table(seat, game)
    assert seat is not None  # only a director answers without a seat, and not through here
    if entry.entered_by_seat is not None and entry.entered_by_seat.side == seat.side:
        raise ServiceError(own_side % {"deal": deal_name(game, entry.number)})
    if entered_here(entry, device):
        raise ServiceError(this_phone % {"deal": deal_name(game, entry.number, start=True)})
    return seat


@serialised
@keeps_due
def dispute_entry(entry: Entry, *, seat: Seat, reason: str, device: str | None = None) -> Entry:
    """A seat of another side (on another phone) says the entry is wrong; the director
    settles it (or a side enters a corrected version). The dispute calls the director to
    the table (the table's open call, with the dispute as its reason)."""
    reason = entry_reason(reason)
    device = device_hash(device)
    with transaction.atomic():
        game = locked(entry.game_id)
        entry = lock_entry(entry.pk, game)
        seat = answering_seat(
            game,
            entry,
            seat,
            None,
            device,
            own_side=_("Your side entered %(deal)s: change it instead of disputing it."),
            this_phone=_(
                "%(deal)s was entered on this phone: a player of the other side disputes it "
                "on their own phone."
            ),
        )
        if entry.status != Status.ENTERED:
            raise ServiceError(
                _("%(deal)s is no longer waiting for confirmation.")
                % {"deal": deal_name(game, entry.number, start=True)}
            )
        check_playable(game)
        decide(entry, Status.DISPUTED, seat=seat, reason=reason)
        # The reason as the player typed it: each screen says "Deal 1 is disputed" in its
        # reader's language (templates/tournaments/partials/call_cause.html).
        table_call(game.table, game.round, reason=reason, entry=entry, device=device)
        audit_entry(Action.DISPUTE, game, entry, seat=seat, reason=reason)
    return entry


# --- the director ---------------------------------------------------------------


def _check_director(game: Game, user: Asker) -> None:
    if not is_director(game, user):
        raise ServiceError(_("Only the event's director can do this."))


def _later_hands_message(
    game: Game, number: int, changes: list[LaterHand], *, director: bool
) -> str:
    first, last = changes[0].entry.number, changes[-1].entry.number
    hands = (
        deal_name(game, first)
        if first == last
        else _("hands %(first)d–%(last)d") % {"first": first, "last": last}
    )
    lines = []
    for change in changes:
        deal = deal_name(game, change.entry.number, start=True)
        if change.details is None:
            lines.append(
                _(
                    "%(deal)s was won by %(player)s, who would sit it out: it and the hands "
                    "after it are set aside, to be entered again in order"
                )
                % {"deal": deal, "player": change.out}
            )
            break
        lines.append(_("%(deal)s: %(seated)s") % {"deal": deal, "seated": change.seated})
    head = _("%(deal)s changes who plays %(hands)s:") % {
        "deal": deal_name(game, number, start=True),
        "hands": hands,
    }
    if director:
        tail = _("Tick “Re-seat the later hands” and save again to store this.")
    else:
        tail = _("Only the director can change who plays later hands now.")
    return f"{head} {'; '.join(lines)}. {tail}"


def _check_later_hands(
    game: Game, number: int, scored: Scored, *, director: bool, later: bool = False
) -> list[LaterHand]:
    """The later hands this version of deal ``number`` seats otherwise; refused (with what
    would change) unless the director said to re-seat them, so no later hand is left counted
    between players who did not play it, nor silently dropped from the totals."""
    changes = card_game_of(game.round.event).later_hands(game, number, list(scored.points))
    if changes and not (director and later):
        raise ServiceError(_later_hands_message(game, number, changes, director=director))
    return changes


def _reseat(game: Game, changes: list[LaterHand], *, user: Asker, reason: str) -> None:
    for change in changes:
        entry = change.entry
        old = snapshot(entry)
        if change.details is None:
            if entry.status == Status.DISPUTED:  # set aside: its call ends with it
                end_calls(entry=entry)
            entry.status = Status.SUPERSEDED
            entry.save(update_fields=["status"])
        else:
            entry.details = change.details
            entry.save(update_fields=["details"])
        audit_entry(Action.CORRECT, game, entry, old=old, user=user, reason=reason)


@serialised
@keeps_due
def correct_entry(
    game: Game, number: int, data: dict[str, Any], *, user: Asker, reason: str, later: bool = False
) -> Entry:
    """The director's version of a deal: confirmed at once, replacing every other version.

    Allowed in a closed round too (the audit row says who and why); refused once
    the event is finished. Where it changes who plays later hands, refused with what
    would change unless ``later``: then they are re-seated with their points, or set
    aside from the first whose winner would sit it out.
    """
    _check_director(game, user)
    reason = entry_reason(reason)
    scored = evaluate(game, data)
    with transaction.atomic():
        game = locked(game.pk, game)
        check_running(game.round.event)
        last = game.entries.aggregate(last=Max("number"))["last"] or 0
        if not isinstance(number, int) or not 1 <= number <= last + 1:
            raise ServiceError(
                _("%(deal)s cannot be entered now; the next one is %(next)s.")
                % {"deal": deal_name(game, number, start=True), "next": deal_name(game, last + 1)}
            )
        if number > last:  # a deal added: only one the round plays, while the game goes on
            check_deal_left(game, number)
        changes = _check_later_hands(game, number, scored, director=True, later=later)
        current = list(game.entries.filter(number=number, status__in=[Status.CONFIRMED, *PENDING]))
        old = [snapshot(entry) for entry in current]
        end_calls(entry__in=[entry for entry in current if entry.status == Status.DISPUTED])
        Entry.objects.filter(pk__in=[entry.pk for entry in current]).update(
            status=Status.SUPERSEDED
        )
        entry = _director_version(game, number, scored, user=user, reason=reason)
        _reseat(game, changes, user=user, reason=reason)
        audit_entry(Action.CORRECT, game, entry, old=old or None, user=user, reason=reason)
        refresh_game(game, loaded=True)
    return entry


def _director_version(
    game: Game, number: int, scored: Scored, *, user: Asker, reason: str
) -> Entry:
    """The director's own version of a deal: it counts at once, with the reason kept."""
    return create_entry(
        game=game,
        number=number,
        version=next_version(game, number),
        status=Status.CONFIRMED,
        details=scored.details,
        entered_by_user=user,
        decided_by_user=user,
        decided_at=timezone.now(),
        reason=reason,
        **points_of(scored),
    )


@serialised
@keeps_due
def settle_dispute(
    entry: Entry,
    *,
    user: Asker,
    accept: bool,
    reason: str,
    data: dict[str, Any] | None = None,
    later: bool = False,
) -> Entry:
    """The director decides a disputed entry.

    ``accept``: the entry counts as entered. Otherwise it is set aside, and with
    ``data`` the director's own version counts instead; without, the table
    enters the deal again. Returns the entry that now stands (or the set-aside one).
    ``later`` as for ``correct_entry``.
    Allowed in a closed round too; refused once the event is finished.
    """
    game = entry.game
    _check_director(game, user)
    reason = entry_reason(reason)
    if accept and data is not None:
        raise ServiceError(
            _("Either accept the entry as it is or give the right scores, not both.")
        )
    scored = evaluate(game, data) if data is not None else None
    with transaction.atomic():
        game = locked(game.pk, game)
        entry = lock_entry(entry.pk, game)
        check_running(game.round.event)
        if entry.status != Status.DISPUTED:
            raise ServiceError(
                _("%(deal)s is not disputed.") % {"deal": deal_name(game, entry.number, start=True)}
            )
        changes = (
            _check_later_hands(game, entry.number, scored, director=True, later=later)
            if scored is not None
            else []
        )
        card_game = card_game_of(game.round.event)
        if (
            not accept
            and scored is None
            and card_game.seats_by_earlier_hands
            and game.entries.filter(number__gt=entry.number).exists()
        ):
            # Without it the hands after it would count without knowing who played them.
            raise ServiceError(
                _("%(deal)s decides who plays the hands entered after it: give its right scores.")
                % {"deal": deal_name(game, entry.number, start=True)}
            )
        old = snapshot(entry)
        end_calls(entry=entry)  # the director has decided: the dispute's call is answered
        if accept:
            decide(entry, Status.CONFIRMED, user=user)
            result = entry
        else:
            entry.status = Status.SUPERSEDED
            entry.save(update_fields=["status"])
            result = entry
            if scored is not None:
                result = _director_version(game, entry.number, scored, user=user, reason=reason)
                _reseat(game, changes, user=user, reason=reason)
        audit_entry(Action.SETTLE, game, result, old=old, user=user, reason=reason)
        refresh_game(game, loaded=True)
    return result
