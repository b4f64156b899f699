"""The state of a club evening and what each action does to it.

Written from RULES.md and the handbook: one side's phone enters a deal, a phone of the
other side confirms it or disputes it; the director settles a dispute (the entry counts as
entered, is set aside to be entered again, or the director's figures count), corrects a
deal, answers a call; a round with a time limit ends with the deal each table was playing
when the time ran out; closing a round early leaves what waits uncounted. Each action says
whether the rules let it happen (``Refused`` with the reason's kind when not), so the state
machine can hold the app to the same answer.
"""

from dataclasses import dataclass, field

from meld_testkit.model.deals import Deal
from meld_testkit.model.games import (
    CONFIRMED,
    DISPUTED,
    ENTERED,
    SEATED_BY_HANDS,
    SUPERSEDED,
    Game,
    HandSeating,
    Version,
)
from meld_testkit.model.rounds import Call, Player, Round


class Refused(Exception):
    """The rules do not let the action happen; ``kind`` names why."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


@dataclass
class Evening:
    """An event as a club evening runs it."""

    card_game: str  # "canasta", "gin", "gin4", "gin3" or "chouette" (games.Game.card_game)
    format: str  # "progressive", "swiss", "moveup", "roundrobin", "tables"
    kind: str  # how a round ends: "game" (the target), "deals" (so many), "time"
    deals: int | None = None  # a round of so many deals
    schedule_rounds: int | None = None  # a progressive schedule's rounds (RULES.md 3.1)
    players: dict[int, Player] = field(default_factory=dict)  # by id (the app's, as seen)
    rounds: list[Round] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    finished: bool = False
    reopened: bool = False  # finished, reopened, and no round started since
    step: int = 0

    # --- where things stand -----------------------------------------------------------

    @property
    def planned_rounds(self) -> int:
        """The rounds the evening has (RULES.md 3): a progressive schedule's, winner moves
        up's four, Swiss ⌈log2 n⌉ of the players entered and not withdrawn (late entries
        count: the director set no number)."""
        if self.format == "progressive" and self.schedule_rounds:
            return self.schedule_rounds
        if self.format == "moveup":
            return 4
        if self.format == "tables":
            return self.schedule_rounds or 0
        if self.format == "roundrobin":  # Berger tables: everyone meets everyone once
            field = len(set(self.number_of.values()))  # a substitute keeps a number
            return field - 1 + field % 2
        entered = sum(1 for p in self.players.values() if p.left is None)
        return (entered - 1).bit_length() if entered >= 2 else 0  # 0: no round to plan

    @property
    def number_of(self) -> dict[int, int]:
        """Each player's number, by the player's id (a substitute holds the number of the
        player replaced)."""
        return {player.id: player.number for player in self.players.values()}

    @property
    def open_round(self) -> Round | None:
        last = self.rounds[-1] if self.rounds else None
        return last if last is not None and last.open else None

    @property
    def current_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def game(self, round_number: int, table: int) -> Game:
        return self.rounds[round_number - 1].games[table]

    def _no_deal_left(self, game: Game, number: int) -> bool:
        """The director adds no deal after the game's end, past the round's deals, or past
        the deal the table played when its time ran out (the round open or closed since)."""
        if self.over(game) or (self.kind == "deals" and number > (self.deals or 0)):
            return True
        last = self.last_deal(game, closed_too=True)
        return last is not None and number > last

    def last_deal(self, game: Game, *, closed_too: bool = False) -> int | None:
        """Time is up: the deal the table was playing then is its last (None: deals go on)."""
        rnd = self.rounds[game.round - 1]
        if self.kind != "time" or rnd.time_up_step is None or not (rnd.open or closed_too):
            return None
        begun = [v.number for v in game.versions if v.step < rnd.time_up_step]
        return max(begun, default=0) + 1

    def over(self, game: Game) -> bool:
        """The game is over: by the rules (the target), its round's deal count, or ended."""
        if game.ended or game.end() is not None:
            return True
        return self.kind == "deals" and len(game.in_order()) >= (self.deals or 0)

    def played_out(self, game: Game) -> bool:
        """Time is up and the deal the table was playing then is in."""
        last = self.last_deal(game)
        return last is not None and any(v.number >= last for v in game.rows())

    def done(self, game: Game) -> bool:
        """A table is done when nothing it entered waits and its game is over, or (time up) it
        has played out its last deal."""
        return not game.pending() and (self.over(game) or self.played_out(game))

    def no_more_deals(self, game: Game) -> bool:
        """No deal is left to enter at the game."""
        if self.over(game):
            return True
        number = game.next_number()
        if self.kind == "deals" and number > (self.deals or 0):
            return True
        last = self.last_deal(game)
        return last is not None and number > last

    def tick(self) -> int:
        self.step += 1
        return self.step

    def after_change(self, game: Game, was_over: bool) -> None:
        """The change ended the game: deals after its last one that still wait (entered
        while that one waited) are set aside, so no phone is asked about them."""
        if was_over or not self.over(game):
            return
        self._set_aside_after(game, len(game.counted()))

    def _set_aside_after(self, game: Game, last: int) -> None:
        """Deals after ``last`` still waiting are set aside, with a disputed one's call."""
        for version in game.pending():
            if version.number > last:
                self._set_aside(game, version)

    def _set_aside(self, game: Game, version: Version) -> None:
        if version.status == DISPUTED:
            self._end_calls(game, version.number)
        version.status = SUPERSEDED

    # --- the table ------------------------------------------------------------------

    def _playable(self, game: Game) -> None:
        if self.finished:
            raise Refused("finished")
        rnd = self.rounds[game.round - 1]
        if not rnd.open:
            raise Refused("round_closed")
        if self.over(game):
            raise Refused("over")

    def enter(
        self,
        game: Game,
        number: int,
        deal: Deal,
        *,
        player: int,
        device: str,
        expected_version: int | None = None,
    ) -> Version:
        """A phone of ``player``'s side enters deal ``number`` (or changes its pending one)."""
        side = game.side_of(player)
        if side is None:
            raise Refused("not_seated")
        self._playable(game)
        known = {v.number for v in game.versions}
        if number != 1 and number - 1 not in known:
            raise Refused("order")
        if self.kind == "deals" and number > (self.deals or 0):
            raise Refused("deals_limit")
        last = self.last_deal(game)
        if last is not None and number > last:
            raise Refused("time_up")
        current = game.current(number)
        if current is not None and current.status == CONFIRMED:
            raise Refused("confirmed")
        seated, _later = self._seat(game, number, deal, reseat=False)
        if current is not None:
            may = current.status == DISPUTED or current.side == side
            if not may or expected_version != self.version_of(game, current):
                raise Refused("conflict")
            if current.status == DISPUTED:
                self._end_calls(game, current.number)
            current.status = SUPERSEDED
        step = self.tick()
        version = Version(
            number, deal.points, ENTERED, side, device, deal.mode, deal.went_out, step, seated
        )
        game.versions.append(version)
        game.decision = None
        return version

    def _seat(
        self, game: Game, number: int, deal: Deal, *, reseat: bool
    ) -> tuple[HandSeating | None, list[tuple[Version, HandSeating | None]]]:
        """Gin for three: who plays hand ``number`` (the hands before it decide), and the
        later hands this one has played by others. Refused where the hands before do not
        tell yet, and where later hands change unless the director said to re-seat them (a
        phone may not: no later hand may count between players who did not play it)."""
        if game.card_game not in SEATED_BY_HANDS:
            return None, []
        seated = game.seat(number, deal.points)
        if seated is None:
            raise Refused("seating")
        seating, changes = seated
        if changes and not reseat:
            raise Refused("later_hands")
        return seating, changes

    def version_of(self, game: Game, version: Version) -> int:
        """The app's version number of ``version``: its place among the deal's versions."""
        same = [v for v in game.versions if v.number == version.number]
        return same.index(version) + 1

    def _answering(self, game: Game, version: Version, player: int, device: str) -> int:
        side = game.side_of(player)
        if side is None:
            raise Refused("not_seated")
        if version.side is not None and version.side == side:
            raise Refused("own_side")
        if version.device == device:
            raise Refused("this_phone")
        return side

    def confirm(self, game: Game, number: int, *, player: int, device: str) -> None:
        version = game.current(number)
        if version is None or version.status != ENTERED:
            raise Refused("not_waiting")
        self._answering(game, version, player, device)
        self._playable(game)
        version.status = CONFIRMED
        self.tick()
        game.decision = None
        self.after_change(game, was_over=False)

    def dispute(self, game: Game, number: int, *, player: int, device: str) -> None:
        version = game.current(number)
        if version is None or version.status != ENTERED:
            raise Refused("not_waiting")
        self._answering(game, version, player, device)
        self._playable(game)
        version.status = DISPUTED
        self.tick()
        game.decision = None
        self._call(game.table, game.round, device, deal=number)

    def minutes_pass(self) -> None:
        """The event's minutes for an answer pass: every deal of the open round left waiting
        for confirmation counts as confirmed (while its game goes on), as the other side's
        phone would have confirmed it."""
        rnd = self.open_round
        if rnd is None or self.finished:
            return
        for game in rnd.games.values():
            if self.over(game):
                continue
            due = [v for v in game.rows() if v.status == ENTERED]
            for version in due:
                version.status = CONFIRMED
            if due:
                game.decision = None
                self.after_change(game, was_over=False)
        self.tick()

    # --- calls ------------------------------------------------------------------------

    def _call(self, table: int, round_number: int, device: str, *, deal: int | None = None) -> None:
        waiting = next((c for c in self.calls if c.table == table and c.waiting), None)
        if waiting is None:
            self.calls.append(Call(table, round_number, device, deal))
            return
        if waiting.deal is None:
            waiting.deal = deal
        if waiting.device is None:
            waiting.device = device

    def call(self, table: int, device: str) -> None:
        rnd = self.open_round
        if rnd is None or table not in rnd.games:
            raise Refused("no_round")
        self._call(table, rnd.number, device)

    def acknowledge(self, table: int) -> None:
        waiting = next((c for c in self.calls if c.table == table and c.waiting), None)
        if waiting is None:
            raise Refused("no_call")
        waiting.acknowledged = True

    def _end_calls(self, game: Game, deal: int) -> None:
        for call in self.calls:
            if call.table == game.table and call.round == game.round and call.deal == deal:
                call.ended = True

    # --- the director at a game -------------------------------------------------------

    def settle(
        self,
        game: Game,
        number: int,
        how: str,
        deal: Deal | None = None,
        *,
        reseat: bool = False,
    ) -> None:
        """``how``: "accept" (the entry counts as entered), "reject" (set aside: the table
        enters the deal again) or "replace" (``deal``, the director's figures, count).
        ``reseat``: the director re-seats the later hands the figures change (Gin for
        three)."""
        if self.finished:
            raise Refused("finished")
        version = game.current(number)
        if version is None or version.status != DISPUTED:
            raise Refused("not_disputed")
        seated: HandSeating | None = None
        changes: list[tuple[Version, HandSeating | None]] = []
        if how == "replace":
            assert deal is not None
            seated, changes = self._seat(game, number, deal, reseat=reseat)
        if how == "reject" and game.card_game in SEATED_BY_HANDS and game.top() > number:
            # A hand entered after it (even one set aside since) was seated by it: without
            # its right figures nobody would know who played those.
            raise Refused("later_hands")
        self._end_calls(game, number)
        was_over = self.over(game)
        step = self.tick()
        if how == "accept":
            version.status = CONFIRMED
            game.decision = ("accepted", number, version.points)
        elif how == "reject":
            version.status = SUPERSEDED
            game.decision = ("set_aside", number, version.points)
        else:
            assert deal is not None
            version.status = SUPERSEDED
            game.versions.append(_directors(number, deal, step, seated))
            game.reseat(changes, self._set_aside)
            game.decision = ("settled", number, deal.points)
        self.after_change(game, was_over)

    def correct(self, game: Game, number: int, deal: Deal, *, reseat: bool = False) -> None:
        """The director's version of deal ``number`` counts at once (also in a closed round);
        ``reseat`` as for ``settle``."""
        if self.finished:
            raise Refused("finished")
        if not 1 <= number <= game.top() + 1:
            raise Refused("order")
        if number > game.top() and self._no_deal_left(game, number):
            raise Refused("no_more")
        seated, changes = self._seat(game, number, deal, reseat=reseat)
        was_over = self.over(game)
        for version in game.versions:
            if version.number == number and version.status != SUPERSEDED:
                self._set_aside(game, version)
        step = self.tick()
        game.versions.append(_directors(number, deal, step, seated))
        game.reseat(changes, self._set_aside)
        game.decision = ("corrected", number, deal.points)
        self.after_change(game, was_over)

    def end_game(self, game: Game) -> None:
        """A timed round: the director ends a table's game with its confirmed deals."""
        if self.finished:
            raise Refused("finished")
        if not self.rounds[game.round - 1].open:
            raise Refused("round_closed")
        if self.kind != "time":
            raise Refused("not_timed")
        if self.over(game):
            raise Refused("over")
        game.ended = True
        game.decision = None  # the newest thing the director did at the game
        self.tick()
        self._set_aside_after(game, len(game.counted()))  # it ends with the confirmed deals

    # --- the clock --------------------------------------------------------------------

    def start_clock(self) -> None:
        rnd = self._open()
        if rnd.clock == "running" or rnd.time_up_step is not None:
            raise Refused("running")
        rnd.clock = "running"
        self.tick()

    def pause_clock(self) -> None:
        rnd = self._open()
        if rnd.clock != "running":
            raise Refused("not_running")
        if rnd.time_up_step is not None:
            raise Refused("time_up")
        rnd.clock = "paused"
        self.tick()

    def time_up(self) -> None:
        """The director ends the time now, running, paused or never started."""
        rnd = self._open()
        if rnd.time_up_step is not None:
            raise Refused("time_up")
        rnd.clock = "running"
        rnd.time_up_step = self.tick()

    def extend_clock(self) -> None:
        """More minutes: a clock at 0 runs again, so deals go on."""
        rnd = self._open()
        if rnd.clock == "none":
            raise Refused("no_clock")
        rnd.time_up_step = None
        self.tick()

    def _open(self) -> Round:
        rnd = self.open_round
        if rnd is None:
            raise Refused("no_round")
        return rnd

    # --- rounds and the event -----------------------------------------------------------

    def close_round(self, *, force: bool = False) -> None:
        rnd = self._open()
        if not force:
            # Every table done: its game over (a timed one ended by the director, too), or the
            # round's time up and the deal it was playing then in; nothing waiting.
            if not all(self.done(game) for game in rnd.games.values()):
                raise Refused("not_done")
            if self.kind == "time":
                for game in rnd.games.values():
                    game.ended = True
        rnd.open = False
        rnd.forced = force
        for call in self.calls:
            if call.round == rnd.number:
                call.ended = True
        self.tick()

    def active(self, round_number: int) -> list[Player]:
        """The players who play in round ``round_number``: joined, not left."""
        return [
            p
            for p in self.players.values()
            if p.joined <= round_number and (p.left is None or p.left > round_number)
        ]

    def start_round(self, games: dict[int, Game], byes: tuple[int, ...]) -> Round:
        """A new round with the seating the pairing gave (the app's, as seen)."""
        if self.finished:
            raise Refused("finished")
        if self.open_round is not None:
            raise Refused("open")
        number = len(self.rounds) + 1
        if self.format == "moveup" and len(self.active(number)) % 4:
            raise Refused("tables_of_four")  # winner moves up seats tables of four
        if self.planned_rounds and number > self.planned_rounds:
            # Swiss and winner-moves-up pair round by round: the director may add a round
            # when the pairing allows it (the app says); a schedule has no more rounds.
            raise Refused("extra" if self.format in ("swiss", "moveup") else "all_played")
        rnd = Round(number, games, byes)
        self.rounds.append(rnd)
        self.reopened = False
        self.tick()
        return rnd

    def finish(self) -> None:
        if self.finished:
            raise Refused("finished")
        if self.open_round is not None:
            raise Refused("open")
        self.finished, self.reopened = True, False
        self.tick()

    def reopen(self) -> None:
        if not self.finished:
            raise Refused("running")
        self.finished, self.reopened = False, True
        self.tick()


def _directors(number: int, deal: Deal, step: int, seated: HandSeating | None) -> Version:
    """The director's own version of a deal: it counts at once."""
    return Version(
        number, deal.points, CONFIRMED, None, None, deal.mode, deal.went_out, step, seated
    )
