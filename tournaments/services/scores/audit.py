"""The audit trail: one row for every change of a score, written in the same transaction.

A row keeps what happened (its action, the old and new values as data); ``describe``
turns it into a sentence in the language of whoever reads the trail, one function
per action. Rows written before an action had its own (the draw, players joining
or leaving) are recognised by the shape of their values.
"""

import re
from collections.abc import Callable
from typing import Any, cast

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.card_games import card_game_of
from tournaments.kernel import feed, statements
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.text import plain_text
from tournaments.kernel.users import Asker
from tournaments.models import AuditEntry, Entry, Event, Game, Round, Seat

# A reason is a sentence or two: kept with the entry or round and shown on the game page.
REASON_MAX = 500


def checked_reason(reason: str) -> str:
    """``reason`` as plain text (``tournaments.kernel.text``), or a refusal (next to the reason
    field) when it is too long."""
    reason = plain_text(reason or "").strip()
    if len(reason) > REASON_MAX:
        message = _("Say it in at most %(most)d characters (this has %(length)d).") % {
            "most": REASON_MAX,
            "length": len(reason),
        }
        raise ServiceError(message, {"reason": [message]})
    return reason


Action = AuditEntry.Action
ENDED_BY_DIRECTOR = (
    "ended_by_director"  # the key ``services.scores.results`` writes when it ends a game
)
# "Table 3 · Anna" in whatever language the row was written: the table's number and the name.
SEAT_LABEL = re.compile(r"^\D*(\d+) · (.+)$")


def seat_label(seat: Seat | None) -> str:
    if seat is None:
        return ""
    return f"{seat.game.table} · {seat.player}"


def record(
    event: Event,
    action: str,
    *,
    game: Game | None = None,
    round: Round | None = None,  # noqa: A002 - the club's word
    entry: Entry | None = None,
    user: Asker | None = None,
    seat: Seat | None = None,
    old: Any = None,
    new: Any = None,
    reason: str = "",
    kind: str | None = None,
    public: bool = True,
) -> AuditEntry:
    """One row of the trail and its change on the feed (``kernel.feed``): in ``game``'s
    scope, else ``round``'s, else the whole event's; ``kind`` where the action alone does
    not say it (a player entered late is a change of seats); ``public``: False for a
    change no public screen shows (``feed.record``)."""
    # A prepared insert: every score write makes one, in its transaction.
    row = AuditEntry(
        event=event,
        action=action,
        game=game,
        entry=entry,
        user=user if user is not None and user.is_authenticated else None,
        seat_label=seat_label(seat),
        old=old,
        new=new,
        reason=reason,
    )
    # Every row of the trail is a change some screen shows.
    kind = kind or _FEED_KINDS.get(action, feed.Kind.SCORE)
    feed.record(event, kind, round=round, game=game, public=public)
    return statements.insert(row)


_FEED_KINDS: dict[str, str] = {
    Action.ENTER: feed.Kind.ENTRY,
    Action.EDIT: feed.Kind.ENTRY,
    Action.DISPUTE: feed.Kind.ENTRY,
    Action.CLOSE_ROUND: feed.Kind.ROUND,
    Action.FORCE_CLOSE: feed.Kind.ROUND,
    Action.CLOCK: feed.Kind.CLOCK,
    Action.DRAW: feed.Kind.SEATS,
    Action.OTHER: feed.Kind.EVENT,
}


# --- reading the trail ---------------------------------------------------------------


def describe(row: AuditEntry) -> str:
    """What the row records, as one sentence in the active language."""
    return SENTENCES.get(row.action, _other)(row)


def actor(row: AuditEntry) -> str:
    """Who did it: the director's user name, the seat at the table, or Meld itself."""
    if row.user is not None:  # no read when there is no user (``user_id`` None)
        return row.user.get_username()
    if match := SEAT_LABEL.match(row.seat_label):
        return _("Table %(number)s · %(name)s") % {"number": match[1], "name": match[2]}
    return row.seat_label or _("Meld")


def reason(row: AuditEntry) -> str:
    """The reason a person gave; empty where the row's reason was only a label of the change."""
    if row.action in (Action.DRAW, Action.OTHER) and _known_other(row) is not None:
        return ""
    return row.reason


def _deal(row: AuditEntry, value: Any = None) -> str:
    number = value.get("number") if isinstance(value, dict) else None
    if number is None and row.entry is not None:
        number = row.entry.number
    return card_game_of(row.event).words.deal_name(number)


def _points(row: AuditEntry, value: Any) -> str:
    """An entry's snapshot as its points per side, "120 : -35", with how it was entered
    where the points do not tell (by card counts); several snapshots joined."""
    if isinstance(value, list):
        return "; ".join(filter(None, (_points(row, item) for item in value)))
    if isinstance(value, dict) and isinstance(value.get("points"), list):
        points = " : ".join(str(p) for p in value["points"])
        details = value.get("details")
        note = card_game_of(row.event).entry_note(details) if isinstance(details, dict) else ""
        return f"{points} {note}" if note else points
    return ""


def _enter(row: AuditEntry) -> str:
    return _("%(deal)s entered: %(points)s.") % {
        "deal": capfirst(_deal(row, row.new)),
        "points": _points(row, row.new),
    }


def _edit(row: AuditEntry) -> str:
    return _("%(deal)s changed before confirmation from %(old)s to %(new)s.") % {
        "deal": capfirst(_deal(row, row.new)),
        "old": _points(row, row.old),
        "new": _points(row, row.new),
    }


def _confirm(row: AuditEntry) -> str:
    return _("%(deal)s confirmed: %(points)s.") % {
        "deal": capfirst(_deal(row, row.new)),
        "points": _points(row, row.new),
    }


def _auto_confirm(row: AuditEntry) -> str:
    return _("%(deal)s confirmed automatically, nobody disputed it in time: %(points)s.") % {
        "deal": capfirst(_deal(row, row.new)),
        "points": _points(row, row.new),
    }


def _dispute(row: AuditEntry) -> str:
    return _("%(deal)s disputed: %(points)s.") % {
        "deal": capfirst(_deal(row, row.new)),
        "points": _points(row, row.new),
    }


def _correct(row: AuditEntry) -> str:
    values = {
        "deal": _deal(row, row.new),
        "old": _points(row, row.old),
        "new": _points(row, row.new),
    }
    if values["old"]:
        return _("The director corrected %(deal)s from %(old)s to %(new)s.") % values
    return _("The director entered %(deal)s: %(new)s.") % values


def _settle(row: AuditEntry) -> str:
    return _("The director settled the dispute over %(deal)s: %(new)s counts.") % {
        "deal": _deal(row, row.new),
        "new": _points(row, row.new),
    }


def _round_number(row: AuditEntry) -> Any:
    return (row.new or {}).get("round", "")


def _close_round(row: AuditEntry) -> str:
    return _("Round %(round)s closed.") % {"round": _round_number(row)}


def _force_close(row: AuditEntry) -> str:
    tables = (row.old or {}).get("unfinished_tables") or []
    if not tables:
        return _("Round %(round)s closed early.") % {"round": _round_number(row)}
    sentence = ngettext(
        "Round %(round)s closed early; table %(tables)s had not finished.",
        "Round %(round)s closed early; tables %(tables)s had not finished.",
        len(tables),
    ) % {"round": _round_number(row), "tables": ", ".join(str(t) for t in tables)}
    empty = (row.old or {}).get("empty_tables") or []
    if not empty:
        return sentence
    nothing = ngettext(
        "Table %(tables)s had entered nothing.",
        "Tables %(tables)s had entered nothing.",
        len(empty),
    ) % {"tables": ", ".join(str(t) for t in empty)}
    return f"{sentence} {nothing}"


def _left_unconfirmed(row: AuditEntry) -> str:
    return _("%(deal)s was left unconfirmed when the round was closed: %(points)s.") % {
        "deal": capfirst(_deal(row, row.old)),
        "points": _points(row, row.old),
    }


def _draw(row: AuditEntry) -> str:
    new = row.new or {}
    count = new.get("numbers") or 0
    return ngettext(
        "%(count)d number drawn by lot (draw %(seed)s).",
        "%(count)d numbers drawn by lot (draw %(seed)s).",
        count,
    ) % {"count": count, "seed": new.get("draw_seed", "")}


def _typed(row: AuditEntry) -> str:
    count = (row.new or {}).get("count") or 0
    return ngettext(
        "%(count)d number typed in by the director.",
        "%(count)d numbers typed in by the director.",
        count,
    ) % {"count": count}


def _late_entry(row: AuditEntry) -> str:
    return _("%(player)s entered late with number %(number)s and plays from round %(round)s.") % (
        row.new
    )


def _withdrawal(row: AuditEntry) -> str:
    new = cast(dict[str, Any], row.new)  # ``_known_other`` chose it by the keys of this dict
    return _("%(player)s withdrew and is not paired from round %(round)s on.") % {
        "player": new["player"],
        "round": new["withdrawn_from_round"],
    }


def _substitute(row: AuditEntry) -> str:
    return _(
        "%(player)s takes over number %(number)s from %(replaces)s from round %(round)s on."
    ) % (row.new)


def _ended(row: AuditEntry) -> str:
    scores = (row.old or {}).get("scores") or []
    return _("The director ended the game at %(scores)s.") % {
        "scores": " : ".join(str(s) for s in scores)
    }


def _finished(row: AuditEntry) -> str:
    return _("The event was finished.")


def _reopened(row: AuditEntry) -> str:
    return _("The event was reopened for corrections.")


def _co_director_added(row: AuditEntry) -> str:
    new = cast(dict[str, Any], row.new)  # ``_known_other`` chose it by the keys of this dict
    return _("%(name)s was added as co-director.") % {"name": new["co_director"]}


def _co_director_removed(row: AuditEntry) -> str:
    old = cast(dict[str, Any], row.old)  # ``_known_other`` chose it by the keys of this dict
    return _("%(name)s is no longer a co-director.") % {"name": old["co_director"]}


def _known_other(row: AuditEntry) -> Callable[[AuditEntry], str] | None:
    """The sentence of a row filed as another change, known by the keys of its values."""
    new = row.new if isinstance(row.new, dict) else {}
    old = row.old if isinstance(row.old, dict) else {}
    if "draw_seed" in new:
        return _draw
    if new.get("numbers") == "typed":
        return _typed
    if new.get(ENDED_BY_DIRECTOR):
        return _ended
    if {"player", "replaces", "number", "round"} <= new.keys():
        return _substitute
    if {"player", "withdrawn_from_round"} <= new.keys():
        return _withdrawal
    if {"player", "number", "round"} <= new.keys():
        return _late_entry
    if new.get("status") == Event.Status.FINISHED:
        return _finished
    if old.get("status") == Event.Status.FINISHED:
        return _reopened
    if "co_director" in new:
        return _co_director_added
    if "co_director" in old:
        return _co_director_removed
    return None


def _clock(row: AuditEntry) -> str:
    new = row.new if isinstance(row.new, dict) else {}
    values = {"number": new.get("round"), "minutes": new.get("minutes")}
    sentence = {
        "started": _("Clock of round %(number)s started: %(minutes)s minutes."),
        "runs_on": _("Clock of round %(number)s runs on."),
        "paused": _("Clock of round %(number)s paused."),
        "ended": _("Time of round %(number)s is up: the director ended it."),
        "extended": _("Clock of round %(number)s extended by %(minutes)s minutes."),
    }.get(new.get("step", ""))  # no step: no sentence
    return sentence % values if sentence else capfirst(row.get_action_display()) + "."


def _other(row: AuditEntry) -> str:
    known = _known_other(row)
    return known(row) if known is not None else capfirst(row.get_action_display()) + "."


SENTENCES: dict[str, Callable[[AuditEntry], str]] = {
    Action.CLOCK: _clock,
    Action.ENTER: _enter,
    Action.EDIT: _edit,
    Action.CONFIRM: _confirm,
    Action.AUTO_CONFIRM: _auto_confirm,
    Action.DISPUTE: _dispute,
    Action.CORRECT: _correct,
    Action.SETTLE: _settle,
    Action.CLOSE_ROUND: _close_round,
    Action.FORCE_CLOSE: _force_close,
    Action.LEFT_UNCONFIRMED: _left_unconfirmed,
    Action.DRAW: _draw,
    Action.OTHER: _other,
}
