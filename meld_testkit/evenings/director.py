"""The director's rules: at a table (settle a dispute, correct a deal, answer a call, the
clock, end a timed game) and running the evening (close, force-close and start rounds,
finish and reopen), each through the page or the button the director uses."""

import contextlib

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from meld_testkit.evenings.stage import REASON, Stage, one_of, said_in
from meld_testkit.model.chouette import CHOUETTE, next_seats, seated_order
from meld_testkit.model.evening import Refused
from meld_testkit.model.games import DISPUTED, SEATED_BY_HANDS, Game
from meld_testkit.model.rotation import ROTATION
from meld_testkit.model.rounds import Round as ModelRound

SETTLED = ["accept", "reject", "replace", "typed"]
SEATING = ("later_hands", "seating")  # Gin for three: refused for who would play a hand


class DirectorRules(Stage):
    def _versions(self, *statuses: str) -> list[tuple[Game, int]]:
        return [
            (game, version.number)
            for rnd in self.model.rounds
            for game in rnd.games.values()
            for version in game.rows()
            if version.status in statuses
        ]

    def _game_id(self, game: Game) -> int:
        return self.club.game_ids[(game.round, game.table)]

    def _entry_id(self, game: Game, number: int) -> int:
        from tournaments.models import Entry

        found = Entry.objects.filter(game_id=self._game_id(game), number=number)
        return found.exclude(status="superseded").get().pk

    @precondition(lambda self: self.model.rounds)
    @rule(
        data=st.data(),
        what=st.sampled_from(["settle", "correct", "acknowledge", "clock", "end"]),
    )
    def at_a_table(self, data: st.DataObject, what: str) -> None:
        {
            "settle": self._settle,
            "correct": self._correct,
            "acknowledge": self._acknowledge,
            "clock": self._clock,
            "end": self._end_game,
        }[what](data)

    def _settle(self, data: st.DataObject) -> None:
        """The director settles a dispute on the table's page; "typed": the handbook's way,
        the right figures typed and "Settle the dispute", nothing chosen."""
        disputed = self._versions(DISPUTED)
        if not disputed:
            return
        game, number = one_of(data, disputed)
        how = one_of(data, SETTLED)
        entry = self._entry_id(game, number)
        page = self.club.game_page(self._game_id(game))
        if self.model.finished:  # a finished event's page offers no settling
            assert not page.has_form(f"/entries/{entry}/settle/"), "a finished event settles"
            return
        form = page.form(f"/entries/{entry}/settle/")
        prefix = f"settle{entry}-"
        fields = {name[len(prefix) :]: value for name, value in form.fields}
        typed: dict[str, str] = {prefix + "reason": REASON}
        deal = None
        if how in ("replace", "typed"):
            current = game.current(number)
            deals = self._deals_for(fields, game, number)
            others = [d for d in deals if current and d.points != current.points]
            deal = one_of(data, others)
            typed.update({prefix + name: value for name, value in deal.form().items()})
        if how != "typed":
            typed[prefix + "decision"] = how
        reseat = self._reseat(data, typed, prefix)
        try:
            self.model.settle(
                game, number, "replace" if how == "typed" else how, deal, reseat=reseat
            )
        except Refused as refused:
            if refused.kind in SEATING:
                self._refused(form.action, form.data(**typed), f"settling deal {number}")
            return
        note(f"the director settles deal {number} at table {game.table}, round {game.round}: {how}")
        answer = self.club.post(
            self.club.director, form.action, form.data(**typed), "settling", htmx=False
        )
        assert answer.status_code == 302, f"not settled: {said_in(answer)}"

    def _reseat(self, data: st.DataObject, typed: dict[str, str], prefix: str) -> bool:
        """Gin for three: whether the director ticks "Re-seat the later hands" (sometimes)."""
        if self.model.card_game not in SEATED_BY_HANDS or not data.draw(st.booleans()):
            return False
        typed[prefix + "later"] = "on"
        return True

    def _refused(self, action: str, posted: dict[str, str], what: str) -> None:
        """The rules refuse who would play a hand: the app must store nothing either."""
        note(f"the director tries {what}: the model refuses who would play")
        answer = self.club.post(self.club.director, action, posted, what, htmx=False)
        assert answer.status_code != 302, f"{what} was stored; the model refuses it"

    def _correct(self, data: st.DataObject) -> None:
        """The director corrects a deal (or adds the next one) on the table's page."""
        game = one_of(data, [g for r in self.model.rounds for g in r.games.values()])
        number = data.draw(st.integers(1, game.top() + 1))
        page = self.club.game_page(self._game_id(game), fix=number)
        if self.model.finished:  # a finished event's page offers no correction
            assert not page.has_form("/correct/"), "a finished event offers a correction"
            return
        form = page.form("/correct/")
        fields = {name[4:]: value for name, value in form.fields if name.startswith("fix-")}
        deal = one_of(data, self._deals_for(fields, game, number))
        typed = {"fix-" + name: value for name, value in deal.form().items()}
        reseat = self._reseat(data, typed, "fix-")
        posted = form.data(**typed, **{"fix-reason": REASON, "fix-number": str(number)})
        try:
            self.model.correct(game, number, deal, reseat=reseat)
        except Refused as refused:
            if refused.kind in SEATING:
                self._refused(form.action, posted, f"correcting deal {number}")
            return
        note(
            f"the director corrects deal {number} at table {game.table}, round {game.round}: "
            f"{deal.points}{' (later hands re-seated)' if reseat else ''}"
        )
        answer = self.club.post(self.club.director, form.action, posted, "correcting", htmx=False)
        assert answer.status_code == 302, f"not corrected: {said_in(answer)}"

    def _acknowledge(self, data: st.DataObject) -> None:
        from tournaments.models import TableCall

        waiting = [c.table for c in self.model.calls if c.waiting]
        if not waiting:
            return
        table = one_of(data, waiting)
        call = TableCall.objects.get(
            table__event=self.club.event, table__number=table, acknowledged_at__isnull=True
        )
        self.model.acknowledge(table)
        note(f"the director acknowledges table {table}'s call")
        self.club.director_post("tournaments-director-call-acknowledge", call.pk)

    def _clock(self, data: st.DataObject) -> None:
        if self.model.kind != "time" or self.model.open_round is None:
            return
        step = one_of(data, ["start", "pause", "end", "extend"])
        change = {
            "start": self.model.start_clock,
            "pause": self.model.pause_clock,
            "end": self.model.time_up,
            "extend": self.model.extend_clock,
        }[step]
        with contextlib.suppress(Refused):
            change()
        note(f"the director: clock {step}")
        self.club.director_post(f"tournaments-director-clock-{step}", data={"minutes": "30"})

    def _end_game(self, data: st.DataObject) -> None:
        """A timed round: "Time is up at this table" → end the game with its confirmed deals."""
        rnd = self.model.open_round
        if self.model.kind != "time" or rnd is None:
            return
        game = one_of(data, list(rnd.games.values()))
        try:
            self.model.end_game(game)
            ended = True
        except Refused:
            ended = False
        note(f"the director ends the game at table {game.table}: model {ended}")
        self.club.director_post(
            "tournaments-director-game-end", self._game_id(game), data={"reason": REASON}
        )
        from tournaments.models import Game as GameRow

        found = GameRow.objects.get(pk=self._game_id(game)).finished
        assert found == self.model.over(game), f"game at table {game.table} over: {found}"

    # --- running the evening -------------------------------------------------------------

    def _closing_time(self) -> bool:
        """Whether the director would see to the round now: every table done, or (now and
        then: every seventh step) a round to close early, or none open."""
        rnd = self.model.open_round
        if rnd is None:
            return not self.model.finished or not self.reopened
        return all(self.model.done(g) for g in rnd.games.values()) or self.model.step % 7 == 0

    @precondition(lambda self: self._closing_time())
    @rule(data=st.data())
    def run_the_evening(self, data: st.DataObject) -> None:
        """Close the round (early, sometimes), start the next, finish, reopen (once)."""
        if self.model.finished:
            self.reopened = True
            self._reopen()
        elif self.model.open_round is not None:
            self._close_round(force=data.draw(st.integers(0, 3)) == 0)
        elif len(self.model.rounds) >= (self.model.planned_rounds or len(self.model.rounds)):
            if data.draw(st.integers(0, 3)) == 0:
                self._start_round()  # one round too many: a schedule refuses it, as the model
            else:
                self._finish()
        elif data.draw(st.integers(0, 9)) == 0:
            self._finish()  # early, sometimes
        else:
            self._start_round()

    @precondition(
        lambda self: self.model.open_round is None and self.model.rounds and not self.model.finished
    )
    @rule()
    def a_page_left_open_starts_nothing(self) -> None:
        """A second screen still offers to start the round the director started (and closed)
        since: its tap starts nothing, and says so; the model does not change."""
        from tournaments.models import Round

        before = Round.objects.filter(event=self.club.event).count()
        note(f"a page left open asks to start round {before} again")
        self.club.director_post("tournaments-director-round-start", data={"number": str(before)})
        assert Round.objects.filter(event=self.club.event).count() == before, "a round started"
        assert self.club.messages(), "the refusal says nothing"

    def _behind_plan(self) -> bool:
        """A round is open and more are planned after it."""
        return (
            self.model.open_round is not None and len(self.model.rounds) < self.model.planned_rounds
        )

    @precondition(lambda self: self._behind_plan())
    @rule(to_the_last=st.booleans())
    def the_evening_runs_late(self, to_the_last: bool) -> None:
        """Time presses: the director closes the round early and starts the next at once
        (``to_the_last``: round after round up to the last planned one), so that the
        machine's evenings reach their last rounds, and one round too many."""
        self._close_round(force=True)
        self._start_round()
        while to_the_last and self._behind_plan():
            self._close_round(force=True)
            self._start_round()

    def _close_round(self, *, force: bool) -> None:
        from tournaments.models import Round

        rnd = self.model.open_round
        assert rnd is not None
        try:
            self.model.close_round(force=force)
            closed = True
        except Refused:
            closed = False
        note(f"the director closes round {rnd.number}{' early' if force else ''}: model {closed}")
        data = {"force": "1", "reason": "Late evening"} if force else {}
        self.club.director_post("tournaments-director-round-close", rnd.number, data=data)
        status = Round.objects.get(event=self.club.event, number=rnd.number).status
        assert (status == "closed") == closed, f"round {rnd.number} is {status}; model: {closed}"

    def _start_round(self) -> None:
        from tournaments.models import Round

        before = Round.objects.filter(event=self.club.event).count()
        note(f"the director starts round {before + 1}")
        # As the page's form posts it: the round it offers.
        self.club.director_post(
            "tournaments-director-round-start", data={"number": str(before + 1)}
        )
        after = Round.objects.filter(event=self.club.event).count()
        self.model.players = self.club.players()
        games, byes = self.club.seating(after) if after > before else ({}, ())
        self._in_draw_order(games)
        try:
            self.model.start_round(games, byes)
            started = True
        except Refused as refused:
            started = refused.kind == "extra" and after > before  # the pairing allowed it
            if started:
                self.model.rounds.append(ModelRound(after, games, byes))
        assert (after > before) == started, (
            f"round {before + 1}: app {after > before}: {self.club.messages()}"
        )

    def _in_draw_order(self, games: dict[int, Game]) -> None:
        """Gin for three: each table's players sit in the order of the draw, highest card
        (lowest number) first, so the first hand is the draw's (RULES.md 2.1): the highest
        leads, the second deals, the lowest sits out. A chouette's table goes on from its
        game of the round before: the winner of its last hand won plays alone, its loser
        sits out the first hand (``chouette.next_seats``)."""
        number_of = self.model.number_of
        before = self.model.rounds[-1].games if self.model.rounds else {}
        for table, game in games.items():
            drawn = [number_of[player] for player in game.players]
            if game.card_game == ROTATION:
                expected = tuple(sorted(drawn))
            elif game.card_game == CHOUETTE:
                expected = seated_order(self._chosen(before.get(table), number_of), drawn)
            else:
                continue
            assert tuple(drawn) == expected, (
                f"table {table} seats numbers {drawn} in this order, the model {expected}"
            )

    @staticmethod
    def _chosen(game: Game | None, number_of: dict[int, int]) -> tuple[int, ...] | None:
        """The numbers a chouette's game put in order for the next game at its table (a
        substitute holds the number of the player replaced); None where it chose nobody."""
        if game is None:
            return None
        seats = next_seats([version.points for version in game.counted()])
        return None if seats is None else tuple(number_of[game.players[s]] for s in seats)

    def _finish(self) -> None:
        self.model.finish()
        note("the director finishes the event")
        self.club.director_post("tournaments-director-event-finish")

    def _reopen(self) -> None:
        self.model.reopen()
        note("the director reopens the event")
        self.club.director_post("tournaments-director-event-reopen", data={"reason": REASON})

    # --- the player list during the evening ----------------------------------------------

    @precondition(lambda self: self.model.rounds and not self.model.finished)
    @rule(data=st.data(), what=st.sampled_from(["substitute", "late", "withdraw"]))
    def change_players(self, data: st.DataObject, what: str) -> None:
        if self.model.format != "swiss" and what != "substitute":
            # Refused there (now and then the machine checks it is); a substitute comes.
            what = what if data.draw(st.integers(0, 4)) == 0 else "substitute"
        if self.model.format == "tables" and what != "substitute":
            return  # its tables of four take a newcomer only as a substitute here
        """A substitute takes over a number, a player arrives late or withdraws (from the
        next round on), on the players' page."""
        from tournaments.models import Player

        before = Player.objects.filter(event=self.club.event).count()
        playing = [p for p in self.model.players.values() if p.left is None]
        if not playing:
            return
        player = one_of(data, playing)
        # Winner moves up seats by the last round's results: only a substitute fits in.
        allowed = what == "substitute" or self.model.format == "swiss"
        name = f"Guest {before + 1}"
        note(f"the director: {what} {player.name if what != 'late' else name}")
        if what == "late":
            self.club.director_post("tournaments-director-players-late", data={"name": name})
        elif what == "withdraw":
            self.club.director_post("tournaments-director-player-withdraw", player.id)
        else:
            self.club.director_post(
                "tournaments-director-player-substitute", player.id, data={"name": name}
            )
        self.model.players = self.club.players()
        after = Player.objects.filter(event=self.club.event)
        changed = (
            after.filter(pk=player.id, withdrawn_from_round__isnull=False).exists()
            if what == "withdraw"
            else after.count() > before
        )
        assert changed == allowed, f"{what}: the app {'did' if changed else 'refused'}"

    @precondition(lambda self: self.club.config.auto_confirm and self.model.open_round)
    @rule()
    def minutes_pass(self) -> None:
        """The event's minutes for an answer pass (the entries are dated back, as a clock
        would move on), and the director's page asks for what is due to be stored."""
        from datetime import timedelta

        from django.utils import timezone

        from tournaments.models import Entry

        minutes = (self.club.config.auto_confirm or 0) + 1
        Entry.objects.filter(game__round__event=self.club.event, status="entered").update(
            created_at=timezone.now() - timedelta(minutes=minutes)
        )
        self.model.minutes_pass()
        note(f"{minutes} minutes pass: what waits for an answer counts")
        self.club.director_post("tournaments-director-confirm-due")
