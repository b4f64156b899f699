"""What a table's phone asks of its player now: one answer, drawn from the state of the
table, its round and its event at the moment a page or partial is drawn.

Every answer a phone gets (the table's page, the page between rounds, the pad's poll,
every POST's answer) draws its status line from ``table_moment``, never from what the
last action said: a message of an action ("stored", "confirmed") is shown once beside
it, and a page drawn later says what is true then.

A read model: the views (``views/table.py``) locate the phone from its request (``At``,
``views/table_at.py``) and hand it in; what the moment reads of it is ``Phone``.
"""

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypedDict, TypeGuard, cast

from django.contrib.humanize.templatetags.humanize import intcomma
from django.urls import reverse
from django.utils.text import capfirst, get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.canasta import side_label
from tournaments.card_games import card_game_of, deal_name
from tournaments.models import AuditEntry, Entry, Event, Game, Player, Round, Seat, Table
from tournaments.services.pages.guide import GuideCard, guide_for, next_tables
from tournaments.services.pages.table_game import director_decision
from tournaments.services.rounds.done import table_done
from tournaments.services.scores.entry_rows import current_round, entered_here
from tournaments.services.scores.results import Sheet, SheetRow
from tournaments.services.scores.time_up import last_deal
from tournaments.services.setup.checks import rounds_to_play

PENDING = (Entry.Status.ENTERED, Entry.Status.DISPUTED)

# What the phone asks: at a game of the open round ...
SEAT = "seat"  # say who you are
ENTER = "enter"  # enter the next deal
WAIT = "wait"  # this side's deal waits for the other side's confirmation
CONFIRM = "confirm"  # confirm (or dispute) the other side's deal
DISPUTED = "disputed"  # a deal is disputed: the director is called
GAME_OVER = "game_over"  # the game is over: wait for the round to close
TIME_DONE = "time_done"  # time is up and the table's last deal is in: wait for the close
# ... a phone whose player plays elsewhere now ...
GO = "go"  # go to your table of the open round
BYE = "bye"  # you sit out the open round
REPLACED = "replaced"  # a substitute holds your number in the open round
MOVED = "moved"  # this table's players went to other tables
NO_GAME = "no_game"  # this table plays no game in the open round
# ... and between rounds.
NOT_STARTED = "not_started"
ROUND_CLOSED = "round_closed"
LAST_ROUND = "last_round"
FINISHED = "finished"
REOPENED = "reopened"  # finished, then reopened for corrections: no round is promised

# Whether the next deal's form is drawn, and how.
FORM_OPEN = "open"
FORM_LATER = "later"  # folded away behind the answer the moment asks for first
FORM_NONE = "none"


class Phone(Protocol):
    """Where a phone stands, as the moment reads it: the view's ``At`` (``views/table_at.py``,
    located from the request), named by what is read here so the read model needs no view."""

    # Read-only (properties), so that an ``At`` whose game is known to be there fits too.
    @property
    def table(self) -> Table: ...
    @property
    def event(self) -> Event: ...
    @property
    def game(self) -> Game | None: ...  # the table's game in the open round
    @property
    def seat(self) -> Seat | None: ...  # the phone's seat at that game
    @property
    def seat_cookie(self) -> str: ...  # the seat id the phone's cookie names
    @property
    def device(self) -> str | None: ...  # the hash of the phone's device id, as entries keep it
    @property
    def player_id(self) -> int | None: ...  # the player this phone remembers for the event
    @property
    def token(self) -> str: ...


class SeatedPhone(Phone, Protocol):
    """A phone seated at its table's game in the open round (``_is_seated``)."""

    @property
    def game(self) -> Game: ...
    @property
    def seat(self) -> Seat: ...


def _is_seated(at: Phone) -> TypeGuard[SeatedPhone]:
    """Whether the phone is seated at its table's game in the open round."""
    return at.game is not None and at.seat is not None


class Guide(TypedDict, total=False):
    """The guide cards a phone left behind shows (``guide_context``)."""

    me: GuideCard | None  # the remembered player's card
    moves: list[GuideCard]  # where this table's players go


@dataclass(frozen=True)
class Moment:
    kind: str
    line: str  # what the phone says now
    hint: str = ""  # a second sentence, where there is more to say
    # A hint time alone will bring (a timed round's "time is up"): its space is kept, so the
    # pad does not move under a finger when it comes.
    reserve: str = ""
    entry: Entry | None = None  # the deal to confirm, that waits, or that is disputed
    side: str = ""  # CONFIRM: the side that entered it
    form: str = FORM_NONE
    me: GuideCard | None = None  # the phone's player, when their card says where to go
    moves: tuple[GuideCard, ...] = ()  # where this table's players go
    standings_url: str = ""  # FINISHED: the public standings, when the event has them
    decision: str = ""  # what the director decided last at this game, until the table goes on
    decided: int | None = None  # the deal that decision was about
    evening_url: str = ""  # LAST_ROUND, FINISHED: the private page of the phone's player


def table_moment(at: Phone, sheet: Sheet | None = None) -> Moment:
    """What the phone at ``at`` asks of its player now.

    ``sheet``: the game's score pad as just drawn (a phone seated at a game of the open
    round; nothing else is read then).
    """
    if at.game is None:
        return _between_rounds(at)
    if not _is_seated(at):
        return _unseated(at)
    assert sheet is not None  # the views draw a seated phone's moment with its score pad
    return _seated(at, sheet)


# --- a phone seated at the game ---------------------------------------------------------


def _seated(at: SeatedPhone, sheet: Sheet) -> Moment:
    moment = _seated_moment(at, sheet)
    decided = director_decision(at.game)
    if decided is None:
        return moment
    return replace(
        moment, decision=_decision_line(at, decided), decided=_decided(decided)["number"]
    )


def _decided(decided: AuditEntry) -> dict[str, Any]:
    """The deal as the director's decision left it: a settled or corrected deal's audit row
    keeps its entry's snapshot as ``new`` (``services.scores.entry_rows.audit_entry``)."""
    return cast(dict[str, Any], decided.new)


def _decision_line(at: SeatedPhone, decided: AuditEntry) -> str:
    """ "The director decided: 780 : 470 counts for deal 1." and the like, from the audit row."""
    new, old = _decided(decided), decided.old if isinstance(decided.old, dict) else None
    deal = deal_name(at.game, new["number"])
    points = " : ".join(intcomma(value) for value in new["points"] if value is not None)
    if decided.action == AuditEntry.Action.CORRECT:
        return _("The director corrected %(deal)s: %(points)s counts.") % {
            "deal": deal,
            "points": points,
        }
    if new["status"] == Entry.Status.SUPERSEDED:
        return _("The director decided: %(deal)s does not count; enter it again.") % {"deal": deal}
    if old is not None and old["version"] == new["version"]:
        return _("The director decided: %(deal)s counts as entered, %(points)s.") % {
            "deal": deal,
            "points": points,
        }
    return _("The director decided: %(points)s counts for %(deal)s.") % {
        "deal": deal,
        "points": points,
    }


def _seated_moment(at: SeatedPhone, sheet: Sheet) -> Moment:
    game, seat = at.game, at.seat
    last = last_deal(game)  # time is up: the deal the table was playing then is its last
    played_out = last is not None and sheet.next_number > last
    more = FORM_NONE if played_out else _next_form(sheet)
    # Behind an answer, the next deal's form only while there is a next deal to enter.
    later = FORM_LATER if more == FORM_OPEN else FORM_NONE
    disputed = _first(sheet, lambda row: row.status == Entry.Status.DISPUTED)
    if disputed is not None:
        return Moment(
            DISPUTED,
            _("%(deal)s is disputed: the director is called.")
            % {"deal": deal_name(game, disputed.number, start=True)},
            _("Agreed on the numbers after all? Then enter it again together."),
            entry=disputed.entry,
            form=later,
        )
    mine = _first(sheet, lambda row: _answers(at, row))
    if mine is not None:
        side = side_label(_entering_side(mine.entry))
        return Moment(
            CONFIRM,
            _("Side %(side)s entered %(deal)s: check it, then confirm it.")
            % {"side": side, "deal": deal_name(game, mine.number)},
            entry=mine.entry,
            side=side,
            form=later,
        )
    if table_done(over=sheet.finished, settled=not sheet.pending, played_out=played_out):
        return _game_over(at, timed_out=not sheet.finished)
    waiting = [row.entry for row in sheet.rows if row.status == Entry.Status.ENTERED]
    if waiting:
        entry = waiting[-1]  # the one sent last: the one a typo is found in
        if entered_here(entry, at.device) and _entering_side(entry) != seat.side:
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
        return _game_over(at)
    time_up = card_game_of(at.event).words.says("time_up") if at.event.timed else ""
    return Moment(
        ENTER,
        _("Next: enter %(deal)s.") % {"deal": deal_name(game, sheet.next_number)},
        time_up if last is not None else "",
        form=FORM_OPEN,
        reserve="" if last is not None else time_up,
    )


def _entering_side(entry: Entry) -> int:
    """The side whose seat entered ``entry``: a deal this phone entered (a phone enters from
    its seat: ``views/table.py``'s ``submit``; the director's entries have no device), or one
    that waits for this phone's confirmation (``_answers`` found its seat)."""
    seat = entry.entered_by_seat
    assert seat is not None  # a phone enters from its seat
    return seat.side


def _answers(at: SeatedPhone, row: SheetRow) -> bool:
    """The row waits for this phone's confirmation: another side entered it on another phone."""
    entry = row.entry
    return (
        row.status == Entry.Status.ENTERED
        and entry.entered_by_seat is not None
        and entry.entered_by_seat.side != at.seat.side
        and not entered_here(entry, at.device)
    )


def _first(sheet: Sheet, wanted: Callable[[SheetRow], bool]) -> SheetRow | None:
    return next((row for row in sheet.rows if wanted(row)), None)


def _next_form(sheet: Sheet) -> str:
    """Whether a deal is left to enter: not after the game's end or the round's last deal."""
    if sheet.finished or (sheet.deals_limit and sheet.next_number > sheet.deals_limit):
        return FORM_NONE
    return FORM_OPEN


def _game_over(at: Phone, *, timed_out: bool = False) -> Moment:
    """The table is done: its game is over, or (``timed_out``) the round's time is up and the
    deal it was playing then is in."""
    return Moment(
        TIME_DONE if timed_out else GAME_OVER,
        card_game_of(at.event).words.says("time_done") if timed_out else _("The game is over."),
        _("Wait until the director closes the round: this page then shows where you play next."),
    )


# --- a phone at the table's game that has not said who it is ------------------------------


def _unseated(at: Phone) -> Moment:
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


def _me(event: Event, player_id: int | None) -> GuideCard | None:
    player = Player.objects.filter(pk=player_id, event=event).first() if player_id else None
    return guide_for(event, player) if player else None


def guide_context(at: Phone, *, left_behind: bool) -> Guide:
    """For a phone ``left_behind`` on a table its players have left (or that waits for
    a round): ``me``, the remembered player's card, and ``moves``, where this table's
    players go. A phone seated at the table's game needs neither (and reads nothing)."""
    if not left_behind:
        return {}
    me = _me(at.event, at.player_id)
    return {
        "me": me,
        "moves": [c for c in next_tables(at.table) if me is None or c.player_id != me.player_id],
    }


def _elsewhere(at: Phone, guide: Guide) -> Moment | None:
    """The moment of a phone whose player (or table's players) play elsewhere in the open
    round, from the guide cards; None when they have nothing to show."""
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
        if me.replaced_by is not None:
            line = _("%(player)s was replaced by %(substitute)s from round %(round)s.") % {
                "player": me.name,
                "substitute": me.replaced_by.name,
                "round": me.replaced_from,
            }
            return Moment(REPLACED, line, me=me, moves=moves)
    if moves:
        line = _("Round %(round)s: where the players of this table go") % {
            "round": moves[0].round_number
        }
        return Moment(MOVED, line, me=me, moves=moves)
    return None


# --- between rounds ----------------------------------------------------------------------


def _over(at: Phone, me: GuideCard | None) -> Moment | None:
    """The moment of an event finished, or reopened for corrections (no round is promised
    then: a round the director starts plays the evening on); None while it runs."""
    event = at.event
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
            evening_url=_evening_url(at),
        )
    if event.reopened:
        return Moment(
            REOPENED,
            _("The event was reopened for corrections."),
            _(
                "The director corrects it and finishes it again; the standings may change "
                "until then."
            ),
            me=me,
        )
    return None


def _between_rounds(at: Phone) -> Moment:
    event = at.event
    rnd = current_round(event)
    cards = guide_context(at, left_behind=True)
    me = cards.get("me")
    if (over := _over(at, me)) is not None:
        return over
    if rnd is None:
        return Moment(
            NOT_STARTED,
            _("Waiting for the first round."),
            _("This page shows who sits here as soon as the director starts the round."),
            me=me,
        )
    if rnd.status == Round.Status.OPEN:
        found = _elsewhere(at, cards)
        if found is not None:
            return found
        line = _("This table plays no game in round %(round)s.") % {"round": rnd.number}
        return Moment(NO_GAME, line, me=me)
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
    planned = rounds_to_play(event)  # the director's number, else what the format gives
    if planned and rnd.number >= planned:
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
        evening_url=_evening_url(at) if kind == LAST_ROUND else "",
    )


def _evening_url(at: Phone) -> str:
    """The private page of the player this phone said it is (none before they said so)."""
    token = (
        Player.objects.filter(pk=at.player_id, event=at.event)
        .values_list("evening_token", flat=True)
        .first()
        if at.player_id
        else None
    )
    return reverse("tournaments-player-evening", args=[token]) if token else ""


def _uncounted(at: Phone, rnd: Round) -> list[int]:
    """The deals of this table's game in the closed ``rnd`` left waiting when the director
    closed it early: they do not count (unless the director confirms them later)."""
    numbers = Entry.objects.filter(
        game__table=at.table, game__round=rnd, status__in=PENDING
    ).values_list("number", flat=True)
    return sorted(set(numbers))
