"""What each screen must say now, from the evening's state alone.

A phone (``Phone``: a device at a table's link, with the player it said it is) is asked one
thing at a time (``PhoneSays``), with the notices that belong to the moment: the director is
called (until the call is acknowledged or its cause ends), the director is coming (only on
the phone that called, while its game goes on) and what the director decided (until the
table goes on). The board shows each table's state (``TileSays``); the standings count what
the rules count (``standings``).
"""

from dataclasses import dataclass
from typing import Any

from meld_testkit.model.chouette import CHOUETTE, chouette_nets
from meld_testkit.model.evening import Evening
from meld_testkit.model.games import CONFIRMED, DISPUTED, ENTERED, Game
from meld_testkit.model.rotation import ROTATION, rotation_nets
from meld_testkit.model.rounds import Round

# What a phone asks at a game of the open round ...
SEAT, ENTER, WAIT, CONFIRM = "seat", "enter", "wait", "confirm"
DISPUTE, GAME_OVER, TIME_DONE = "disputed", "game_over", "time_done"
# ... a phone whose player plays elsewhere now ...
GO, BYE, MOVED, NO_GAME, REPLACED = "go", "bye", "moved", "no_game", "replaced"
# ... and between rounds.
NOT_STARTED, ROUND_CLOSED, LAST_ROUND, FINISHED, REOPENED = (
    "not_started",
    "round_closed",
    "last_round",
    "finished",
    "reopened",
)
ELSEWHERE = frozenset({GO, BYE, MOVED, NO_GAME, REPLACED, SEAT})

OPEN, LATER, NONE = "open", "later", "none"


@dataclass
class Phone:
    """A phone at a table's link; ``player`` is who it said it is (it remembers them)."""

    device: str
    table: int
    player: int | None
    language: str
    mode: str = ""  # Canasta: the entry mode the phone chose last (its own deals' included)


@dataclass(frozen=True)
class PhoneSays:
    kind: str
    deal: int | None = None
    form: str = NONE  # whether the next deal's form is drawn: open, later (folded) or none
    figures: tuple[int, ...] | None = None  # CONFIRM: the points to check
    called: bool = False  # "The director is called."
    coming: bool = False  # "The director has seen your call and is coming …"
    decision: tuple[str, int, tuple[int, ...]] | None = None


@dataclass(frozen=True)
class TileSays:
    state: str  # disputed, finished, entered, playing, waiting
    calling: bool
    finishing: bool  # time is up and the table still plays the deal it had then


def phone_says(evening: Evening, phone: Phone) -> PhoneSays:
    rnd = evening.open_round
    if evening.finished:
        return PhoneSays(FINISHED)
    if rnd is None:
        return _between_rounds(evening)
    game = rnd.games.get(phone.table)
    if game is None or phone.player is None or phone.player not in game.players:
        return PhoneSays(_unseated(rnd, game, phone))
    return _seated(evening, game, phone)


def _between_rounds(evening: Evening) -> PhoneSays:
    last = evening.current_round
    if last is None:
        return PhoneSays(NOT_STARTED)
    if evening.reopened:  # for corrections: no next round is promised
        return PhoneSays(REOPENED)
    if evening.planned_rounds and last.number >= evening.planned_rounds:
        return PhoneSays(LAST_ROUND)
    return PhoneSays(ROUND_CLOSED)


def _unseated(rnd: Round, game: Game | None, phone: Phone) -> str:
    """The kind a phone shows when its player does not sit at this table's game: where the
    player plays (GO), that they sit out (BYE), or "say who you are" (SEAT)."""
    if phone.player is None:
        return SEAT if game is not None else NO_GAME
    if rnd.game_of(phone.player) is not None:
        return GO
    if phone.player in rnd.byes:
        return BYE
    return MOVED if game is None else SEAT


def _seated(evening: Evening, game: Game, phone: Phone) -> PhoneSays:
    assert phone.player is not None
    side = game.side_of(phone.player)
    notices: dict[str, Any] = {
        "called": _called(evening, game),
        "coming": _coming(evening, game, phone),
        "decision": game.decision,
    }
    rows = game.rows()
    more = NONE if evening.no_more_deals(game) else OPEN
    # Behind an answer, the next deal's form only while the table has a next deal to enter.
    later = LATER if more == OPEN else NONE
    disputed = next((v for v in rows if v.status == DISPUTED), None)
    if disputed is not None:
        return PhoneSays(DISPUTE, disputed.number, later, **notices)
    mine = next(
        (
            v
            for v in rows
            if v.status == ENTERED
            and v.side is not None
            and v.side != side
            and v.device != phone.device
        ),
        None,
    )
    if mine is not None:
        return PhoneSays(CONFIRM, mine.number, later, mine.points, **notices)
    if evening.done(game):
        timed_out = not evening.over(game) and evening.played_out(game)
        return PhoneSays(TIME_DONE if timed_out else GAME_OVER, **notices)
    waiting = [v for v in rows if v.status == ENTERED]
    if waiting:
        return PhoneSays(WAIT, waiting[-1].number, more, **notices)
    if more == NONE:
        return PhoneSays(GAME_OVER, **notices)
    return PhoneSays(ENTER, game.next_number(), OPEN, **notices)


def _called(evening: Evening, game: Game) -> bool:
    return any(c.table == game.table and c.round == game.round and c.waiting for c in evening.calls)


def _coming(evening: Evening, game: Game, phone: Phone) -> bool:
    if evening.over(game):
        return False
    if _called(evening, game):
        return False
    return any(
        c.table == game.table
        and c.round == game.round
        and c.acknowledged
        and not c.ended
        and c.device == phone.device
        for c in evening.calls
    )


def tile_says(evening: Evening, game: Game) -> TileSays:
    rnd = evening.rounds[game.round - 1]
    done = evening.done(game)
    rows = game.rows()
    if any(v.status == DISPUTED for v in rows):
        state = "disputed"
    elif done:
        state = "finished"
    elif any(v.status == ENTERED for v in rows):
        state = "entered"
    elif any(v.status == CONFIRMED for v in rows):
        state = "playing"
    else:
        state = "waiting"
    calling = any(
        c.table == game.table and c.round == rnd.number and c.waiting for c in evening.calls
    )
    finishing = (
        rnd.time_up_step is not None
        and evening.kind == "time"
        and not evening.over(game)
        and not evening.played_out(game)
    )
    return TileSays(state, calling, finishing)


def game_scores(evening: Evening) -> dict[tuple[int, int], tuple[int, ...]]:
    """Each game's score as it counts, by (round, table)."""
    return {
        (rnd.number, table): game.counted_points()
        for rnd in evening.rounds
        for table, game in rnd.games.items()
    }


def standings(evening: Evening, through: int | None = None) -> dict[int, int]:
    """Each number's total in the standings (RULES.md 3.5): at Canasta the points of the
    player's side in each round (on each partner's tally), at Gin the plus/minus of each game
    (the winner's margin; three at a table, what each pays or collects, a chouette's lone
    player the margin from or to each partner; a game still going counts as it stands); a
    bye counts 0. A substitute's rounds count for the number they hold. ``through``: the
    rounds up to that one only."""
    number_of = evening.number_of
    totals = {player.number: 0 for player in evening.players.values()}
    for rnd in evening.rounds[:through]:
        for game in rnd.games.values():
            points = game.counted_points()
            over = evening.over(game)
            nets = _nets(game, points)
            for side, players in enumerate(game.sides):
                for player in players:
                    score = nets[side] if nets is not None else _score(evening, points, side, over)
                    totals[number_of[player]] += score
    return totals


def _nets(game: Game, points: tuple[int, ...]) -> tuple[int, ...] | None:
    """Three at a table settle each with each (RULES.md 2.1): each side's own plus/minus,
    a chouette's partners each theirs; None where the loser pays the winner's margin."""
    if game.card_game == ROTATION:
        return rotation_nets([v.points for v in game.counted()])
    if game.card_game == CHOUETTE:
        return chouette_nets(points)
    return None


def _score(evening: Evening, points: tuple[int, ...], side: int, over: bool) -> int:
    if evening.card_game == "canasta":
        return points[side]
    others = max(value for index, value in enumerate(points) if index != side)
    if not over:
        return points[side] - others
    best = max(points)
    if points.count(best) > 1:
        return 0  # a draw
    return points[side] - others if points[side] == best else points[side] - best
