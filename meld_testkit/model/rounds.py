"""What an evening holds besides its games: its rounds, the players and the calls for the
director."""

from dataclasses import dataclass

from meld_testkit.model.games import Game


@dataclass
class Call:
    table: int
    round: int
    device: str | None  # the phone that called (a dispute's call: the disputing phone)
    deal: int | None = None  # the disputed deal that raised or joined it
    acknowledged: bool = False
    ended: bool = False  # its cause ended: the dispute settled or entered again, the round closed

    @property
    def waiting(self) -> bool:
        return not self.acknowledged and not self.ended


@dataclass
class Round:
    number: int
    games: dict[int, Game]  # by table number
    byes: tuple[int, ...] = ()
    open: bool = True
    forced: bool = False  # closed early: what waited did not count
    clock: str = "none"  # "none", "running", "paused"
    time_up_step: int | None = None  # a timed round: when its time ran out

    def game_of(self, player: int) -> Game | None:
        return next((g for g in self.games.values() if player in g.players), None)


@dataclass
class Player:
    id: int  # the app's (seats name players by it)
    number: int  # the number drawn; a substitute holds the one of the player replaced
    name: str
    joined: int = 1  # the first round they play
    left: int | None = None  # the first round they no longer play (withdrawn, replaced)

    @property
    def called(self) -> str:
        """The player as a table's pad and forms name them: number and name."""
        return f"{self.number} {self.name}" if self.number else self.name
