"""What a table's phone asks of its player now: one answer, drawn from the state of the
table, its round and its event at the moment a page or partial is drawn.

Every answer a phone gets (the table's page, the page between rounds, the pad's poll,
every POST's answer) draws its status line from ``table_moment``, never from what the
last action said: a message of an action ("stored", "confirmed") is shown once beside
it, and a page drawn later says what is true then.
"""

import hashlib
from dataclasses import dataclass, field, replace

from django.urls import reverse
from django.utils.text import capfirst, get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.canasta import side_label
from tournaments.card_games import card_game_of, deal_name
from tournaments.models import Entry, Event, Round
from tournaments.services.pages.guide import GuideCard
from tournaments.services.rounds.done import table_done
from tournaments.services.scores.entry_rows import current_round, entered_here
from tournaments.services.scores.results import Sheet, SheetRow
from tournaments.views.table_at import At
from tournaments.views.table_guide import guide_context

PENDING = (Entry.Status.ENTERED, Entry.Status.DISPUTED)

# What the phone asks: at a game of the open round ...
SEAT = "seat"  # say who you are
ENTER = "enter"  # enter the next deal
WAIT = "wait"  # this side's deal waits for the other side's confirmation
CONFIRM = "confirm"  # confirm (or dispute) the other side's deal
DISPUTED = "disputed"  # a deal is disputed: the director is called
GAME_OVER = "game_over"  # the game is over: wait for the round to close
# ... a phone whose player plays elsewhere now ...
GO = "go"  # go to your table of the open round
BYE = "bye"  # you sit out the open round
MOVED = "moved"  # this table's players went to other tables
NO_GAME = "no_game"  # this table plays no game in the open round
# ... and between rounds.
NOT_STARTED = "not_started"
ROUND_CLOSED = "round_closed"
LAST_ROUND = "last_round"
FINISHED = "finished"

# Whether the next deal's form is drawn, and how.
FORM_OPEN = "open"
FORM_LATER = "later"  # folded away behind the answer the moment asks for first
FORM_NONE = "none"


@dataclass(frozen=True)
class Moment:
    kind: str
    line: str  # what the phone says now
    hint: str = ""  # a second sentence, where there is more to say
    entry: Entry | None = None  # the deal to confirm, that waits, or that is disputed
    side: str = ""  # CONFIRM: the side that entered it
    form: str = FORM_NONE
    me: GuideCard | None = None  # the phone's player, when their card says where to go
    moves: tuple[GuideCard, ...] = ()  # where this table's players go
    standings_url: str = ""  # FINISHED: the public standings, when the event has them
    state: tuple = field(default=(), compare=False)  # between rounds: what ``mark`` hashes

    @property
    def mark(self) -> str:
        """Between rounds: changes whenever what the phone says would (its poll compares)."""
        return hashlib.sha1(repr((self.kind, *self.state)).encode()).hexdigest()[:16]


def table_moment(at: At, sheet: Sheet | None = None, *, guide: bool = True) -> Moment:
    """What the phone at ``at`` asks of its player now.

    ``sheet``: the game's score pad as just drawn (a phone seated at a game of the open
    round; nothing else is read then). ``guide``: read the guide cards a phone needs
    between rounds or left on its old table (False: the poll between rounds, which only
    compares the mark).
    """
    if at.game is None:
        return _between_rounds(at, guide=guide)
    if at.seat is None:
        return _unseated(at)
    return _seated(at, sheet)


# --- a phone seated at the game ---------------------------------------------------------


def _seated(at: At, sheet: Sheet) -> Moment:
    game, seat = at.game, at.seat
    disputed = _first(sheet, lambda row: row.status == Entry.Status.DISPUTED)
    if disputed is not None:
        return Moment(
            DISPUTED,
            _("%(deal)s is disputed: the director is called.")
            % {"deal": deal_name(game, disputed.number, start=True)},
            _("Agreed on the numbers after all? Then enter it again together."),
            entry=disputed.entry,
            form=FORM_LATER,
        )
    mine = _first(sheet, lambda row: _answers(at, row))
    if mine is not None:
        side = side_label(mine.entry.entered_by_seat.side)
        return Moment(
            CONFIRM,
            _("Side %(side)s entered %(deal)s: check it, then confirm it.")
            % {"side": side, "deal": deal_name(game, mine.number)},
            entry=mine.entry,
            side=side,
            form=FORM_LATER,
        )
    if table_done(over=sheet.finished, settled=not sheet.pending):
        return _game_over()
    waiting = [row.entry for row in sheet.rows if row.status == Entry.Status.ENTERED]
    more = _next_form(sheet)
    if waiting:
        entry = waiting[-1]  # the one sent last: the one a typo is found in
        if entered_here(entry, at.device) and entry.entered_by_seat.side != seat.side:
            line = card_game_of(at.event).words.says("entered_here", number=entry.number)
        else:
            names = [deal_name(game, other.number) for other in waiting]
            line = capfirst(
                ngettext(
                    "%(deals)s is sent and waits for the other side to confirm it.",
                    "%(deals)s are sent and wait for the other side to confirm them.",
                    len(names),
                )
                % {"deals": get_text_list(names, _("and"))}
            )
        return Moment(WAIT, line, entry=entry, form=more)
    if sheet.finished or more == FORM_NONE:
        return _game_over()
    return Moment(
        ENTER,
        _("Next: enter %(deal)s.") % {"deal": deal_name(game, sheet.next_number)},
        form=FORM_OPEN,
    )


def _answers(at: At, row: SheetRow) -> bool:
    """The row waits for this phone's confirmation: another side entered it on another phone."""
    entry = row.entry
    return (
        row.status == Entry.Status.ENTERED
        and entry.entered_by_seat is not None
        and entry.entered_by_seat.side != at.seat.side
        and not entered_here(entry, at.device)
    )


def _first(sheet: Sheet, wanted) -> SheetRow | None:
    return next((row for row in sheet.rows if wanted(row)), None)


def _next_form(sheet: Sheet) -> str:
    """Whether a deal is left to enter: not after the game's end or the round's last deal."""
    if sheet.finished or (sheet.deals_limit and sheet.next_number > sheet.deals_limit):
        return FORM_NONE
    return FORM_OPEN


def _game_over() -> Moment:
    return Moment(
        GAME_OVER,
        _("The game is over."),
        _("Wait until the director closes the round: this page then shows where you play next."),
    )


# --- a phone at the table's game that has not said who it is ------------------------------


def _unseated(at: At) -> Moment:
    # A phone that held a seat here in an earlier round, or follows a player seated
    # elsewhere, shows where the players go instead of asking who it is.
    if at.seat_cookie or at.player_id:
        found = _elsewhere(at, guide_context(at, left_behind=True))
        if found is not None:
            return found
    return Moment(
        SEAT,
        _("Who are you?"),
        _("Tap your name. This phone then enters and confirms for your side."),
    )


def _elsewhere(at: At, guide: dict, *, round_number: int | None = None) -> Moment | None:
    """The moment of a phone whose player (or table's players) play elsewhere in the open
    round, from the guide cards. Nothing to show: None, or with the open ``round_number``
    (this table plays no game in it) NO_GAME."""
    me: GuideCard | None = guide.get("me")
    moves = tuple(guide.get("moves") or ())
    if me is not None and me.round_number is not None:
        if me.seated and me.token != at.token:
            line = _("Round %(round)s: go to table %(table)s.") % {
                "round": me.round_number,
                "table": me.table_number,
            }
            return Moment(GO, line, me=me, moves=moves)
        if me.bye:
            line = _("Round %(round)s: you sit out (bye)") % {"round": me.round_number}
            return Moment(BYE, line, me=me, moves=moves)
    if moves:
        line = _("Round %(round)s: where the players of this table go") % {
            "round": moves[0].round_number
        }
        return Moment(MOVED, line, me=me, moves=moves)
    if round_number is not None:
        line = _("This table plays no game in round %(round)s.") % {"round": round_number}
        return Moment(NO_GAME, line, me=me)
    return None


# --- between rounds ----------------------------------------------------------------------


def _between_rounds(at: At, *, guide: bool) -> Moment:
    event = at.event
    rnd = current_round(event)
    cards = guide_context(at, left_behind=True) if guide else {}
    me = cards.get("me")
    if event.status == Event.Status.FINISHED:
        url = reverse("tournaments-public", args=[event.public_token]) if event.public else ""
        return Moment(
            FINISHED,
            _("The event is over. Thank you for playing!"),
            _("The final standings are on the event's page.")
            if url
            else _("The director announces the final standings."),
            me=me,
            standings_url=url,
            state=(event.status,),
        )
    if rnd is None:
        return Moment(
            NOT_STARTED,
            _("Waiting for the first round."),
            _("This page shows who sits here as soon as the director starts the round."),
            me=me,
            state=(event.status,),
        )
    if rnd.status == Round.Status.OPEN:
        found = _elsewhere(at, cards, round_number=rnd.number)
        return replace(found, state=(event.status, rnd.pk, rnd.status))
    uncounted = _uncounted(at, rnd)
    notes = []
    if uncounted:
        names = [card_game_of(event).words.deal_name(number) for number in uncounted]
        notes.append(
            ngettext(
                "%(round)s was closed by the director; %(deals)s did not count.",
                "%(round)s was closed by the director; %(deals)s did not count.",
                len(names),
            )
            % {"round": rnd, "deals": get_text_list(names, _("and"))}
        )
    if event.planned_rounds and rnd.number >= event.planned_rounds:
        kind = LAST_ROUND
        line = _("%(round)s was the last round.") % {"round": rnd}
        notes.append(_("The director now finishes the event; the final standings follow here."))
    else:
        kind = ROUND_CLOSED
        line = _("%(round)s is closed.") % {"round": rnd}
        notes.append(
            _("Wait for round %(next)s: this page shows it as soon as the director starts it.")
            % {"next": rnd.number + 1}
        )
    return Moment(
        kind,
        line,
        " ".join(notes),
        me=me,
        state=(event.status, rnd.pk, rnd.status, tuple(uncounted)),
    )


def _uncounted(at: At, rnd: Round) -> list[int]:
    """The deals of this table's game in the closed ``rnd`` left waiting when the director
    closed it early: they do not count (unless the director confirms them later)."""
    numbers = Entry.objects.filter(
        game__table=at.table, game__round=rnd, status__in=PENDING
    ).values_list("number", flat=True)
    return sorted(set(numbers))
