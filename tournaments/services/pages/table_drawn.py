"""What an answer to a table's phone draws again and what it leaves as the phone shows it.

The entry panel: the page sends back what it shows (``shown``), and an answer draws the
panel only when another is due (``panel_drawn``).

The table's head, who sits here and the call's notice, which a deal, a confirmation or a
poll rarely changes, each carry, in a hidden input (``drawn_<part>``, class ``drawn``), the key of what
it was drawn from, and the page sends the keys back with every request of the pad
(``hx-include``). An answer draws a part again only when its key now differs from the one
sent. A key names everything its part is drawn from: the event's frame value (its names,
seating and rules, read before the state is), the game, the seat, the language and, for
the call's notice, the call it shows. A part drawn without its key (the call's own POST)
sends none and is drawn again by the next answer; a key sent by a page drawn before a
change of the frame never equals one drawn after it.
"""

from collections.abc import Mapping

from django.utils.translation import get_language

from tournaments.card_games.entry import EntryForm
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.models import Game, Seat, TableCall
from tournaments.services.pages.table_moment import CONFIRM, FORM_LATER, FORM_NONE, Moment
from tournaments.services.scores.results import Sheet

# What the entry panel shows, as the page sends it back (``shown``): a fresh form's deal
# ("3", or "3-later" folded away behind another answer) with the event's frame value it was
# drawn with ("3@41": its names, seating and rules), a change of a waiting or disputed
# deal's version ("edit3.2"), or nothing.
LATER = "-later"
EDITING = "edit"
FRAME = "@"


def shown_value(number: int | None, *, later: bool, frame: int | None) -> str:
    """``shown`` of a fresh form of deal ``number``."""
    return f"{number}{LATER if later else ''}{'' if frame is None else f'{FRAME}{frame}'}"


def editing_value(number: int | None, version: int) -> str:
    """``shown`` of the change of version ``version`` of deal ``number``."""
    return f"{EDITING}{number}.{version}"


def edited_version(form: EntryForm) -> int | None:
    """The version a change form is for (None: a fresh form's, or one no version can be)."""
    try:
        return parse_int(form["expected_version"].value(), minimum=1, maximum=MAX_ID)
    except NumberError:
        return None


def _still_pending(shown: str, sheet: Sheet) -> bool:
    """Whether the version a change form is for still waits or is disputed: once it is
    decided (confirmed, settled by the director, entered again by the other side), the form
    would only be refused."""
    return any(editing_value(row.number, row.entry.version) == shown for row in sheet.pending)


def _wanted(seat: Seat | None, game: Game, moment: Moment, sheet: Sheet) -> str:
    """What the entry panel shows when drawn now, in the words of ``shown``, its frame aside."""
    if seat is None or game.finished or moment.form == FORM_NONE:
        return ""
    return shown_value(sheet.next_number, later=moment.form == FORM_LATER, frame=None)


def panel_drawn(
    seat: Seat | None,
    game: Game,
    moment: Moment,
    sheet: Sheet,
    shown: str | None,
    *,
    poll: bool,
    frame: int,
) -> dict[str, bool | int]:
    """What an answer draws of the entry panel, given what the phone shows (``shown``; None:
    draw it): nothing when that is what is drawn now, else the panel. A poll leaves a change
    of a deal still pending and an open form under the player's fingers while a form is
    still wanted;
    when the deal that form is for waits for this phone's answer, only its Send goes
    (``blocked``: one primary action). A form drawn before the event's ``frame`` changed
    (a name, the seating, the rules) is drawn again: what was typed comes back from the
    phone's draft."""
    wanted = _wanted(seat, game, moment, sheet)
    if shown is not None:
        shown, _, drawn_in = shown.partition(FRAME)
        if drawn_in and drawn_in != str(frame):
            return {"panel": True}
    if shown == wanted:
        return {}
    if shown is None or not poll or not (shown and wanted):
        return {"panel": True}
    if shown.startswith(EDITING):
        return {} if _still_pending(shown, sheet) else {"panel": True}
    number = shown.removesuffix(LATER)
    if number == wanted.removesuffix(LATER):
        return {"panel": True} if shown.endswith(LATER) else {}
    if moment.kind == CONFIRM and moment.entry is not None and str(moment.entry.number) == number:
        return {"blocked": moment.entry.number}
    return {"panel": True}


def drawn_keys(
    game: Game,
    seat: Seat | None,
    frame: int,
    *,
    choosing: bool,
    call: TableCall | None,
    coming: TableCall | None,
) -> dict[str, str]:
    """Each part's key now; ``choosing``: the phone's moment is to say who it is (who sits
    here then leaves out its own seat switch)."""
    base = f"{frame}.{game.pk}.{seat.pk if seat else 0}.{get_language()}"
    notice = f"{call.pk if call else 0}.{coming.pk if coming else 0}.{int(game.finished)}"
    return {
        "head": base,
        "who": f"{base}.{int(choosing)}",
        "call": f"{base}.{notice}",
    }


def kept(sent: Mapping[str, str], keys: Mapping[str, str]) -> frozenset[str]:
    """The parts the phone shows as they would be drawn now (``sent``: the request's data)."""
    return frozenset(part for part, key in keys.items() if sent.get(f"drawn_{part}") == key)
