"""A thousand random evenings: every action a phone or the director takes, on the real app
through HTTP, and after each step every screen held to the evening model.

Each example is one evening (``club.CONFIGS``: Canasta and Gin; progressive, Swiss and
winner-moves-up; rounds to the target, of so many deals, or timed) in a savepoint of its
own, rolled back at its end. A rule (``phones``, ``director``) asks the model first: what
the rules say (stored, or refused) is what the app must do; after every step the invariants
read every phone's page, the board and the scores and compare them with the model.
"""

import itertools
from collections.abc import Callable

from django.core.cache import cache
from django.db import transaction
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from meld_testkit.evenings.club import CONFIGS, LANGUAGES, Club, Config, Said
from meld_testkit.evenings.director import DirectorRules
from meld_testkit.evenings.own_evening import OwnEveningRules
from meld_testkit.evenings.pad import numbers, read_pad
from meld_testkit.evenings.paper import GamePageRules, PaperRules
from meld_testkit.evenings.phones import PhoneRules
from meld_testkit.evenings.public import Projector, Spectator
from meld_testkit.evenings.stage import form_mode, one_of
from meld_testkit.language import foreign_phrases
from meld_testkit.model import screens
from meld_testkit.model.evening import Evening
from meld_testkit.model.games import CONFIRMED, ENTERED
from meld_testkit.model.pad import pad_says
from meld_testkit.model.screens import Phone, PhoneSays, phone_says, tile_says

EXAMPLES = itertools.count(1)
SEATED = (screens.ENTER, screens.WAIT, screens.CONFIRM, screens.DISPUTE)


class EveningMachine(
    PhoneRules, DirectorRules, PaperRules, GamePageRules, OwnEveningRules, RuleBasedStateMachine
):
    steps_run = 0  # every step of every example in this process (the deep run counts them)

    def __init__(self) -> None:
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.phones = []
        self.sent = []

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)
        # The next evening's rows take the same ids again: what the cache keeps under them
        # (the change feed's values, the drawings kept for them) was this evening's.
        cache.clear()

    @initialize(
        config=st.sampled_from(CONFIGS),
        languages=st.lists(st.sampled_from(LANGUAGES), min_size=12, max_size=12),
    )
    def set_up(self, config: Config, languages: list[str]) -> None:
        """An evening as the director sets it up, round 1 started, a phone for each side."""
        self.club = Club(config, next(EXAMPLES))
        self.model = Evening(
            config.model_game,
            config.format,
            config.kind,
            config.deals,
            schedule_rounds=config.players - 1 if config.format == "progressive" else config.rounds,
        )
        self.model.players = self.club.players()
        self._start_round()
        rnd = self.model.open_round
        assert rnd is not None, "round 1 did not start"
        spoken = iter(languages * 2)
        for table, game in sorted(rnd.games.items()):
            for side in game.sides:
                handset = self.club.phone(next(spoken))
                self.club.sit(handset, table, rnd.number, side[0])
                self.phones.append((handset, Phone(handset.name, table, side[0], handset.language)))
        if config.profile == "house":
            self._enter_scores_only()
        self.spectator = Spectator(self.club)
        self.projector = Projector(self.club)
        self.projected = screens.standings(self.model)

    def _enter_scores_only(self) -> None:
        """House rules: every phone starts on "Score only", the form that asks who went out,
        so that games end over 5000 on both sides as often as the rule needs (RULES.md 1.6)."""
        for handset, phone in self.phones:
            phone.mode = "totals"
            self.club.table_page(handset, phone.table, mode="totals")

    def the_projectors_time_is_up(self, _data: st.DataObject) -> None:
        """The projector's panel has been shown for its turn: it turns to the next one."""
        self.projector.turn()

    @rule(data=st.data())
    def someone_looks(self, data: st.DataObject) -> None:
        """Someone reads what no step of theirs changes: the projector turns, a player opens
        their own evening, the director prints the score sheets or opens a game. One rule
        for all four: as four, always possible, they were drawn more often than every
        phone's deal and answer together, and the evenings seldom got past the first deals."""
        looks: list[Callable[[st.DataObject], None]] = [self.the_projectors_time_is_up]
        if self.model.rounds:
            looks += [
                self.a_player_opens_their_evening,
                self.the_director_prints_the_score_sheets,
                self.the_director_opens_a_game,
            ]
        one_of(data, looks)(data)

    # --- every screen agrees with the model ------------------------------------------

    @invariant()
    def phones_say_what_the_model_says(self) -> None:
        if not hasattr(self, "club"):
            return
        EveningMachine.steps_run += 1
        for handset, phone in self.phones:
            said = self.club.said(handset, phone.table)
            self._compare(said, phone_says(self.model, phone), phone)
            self._mode_kept(said, phone)
            self._pad_agrees(said, phone)
            foreign = foreign_phrases(said.page.html, phone.language)
            assert not foreign, f"{phone.device}'s page in {phone.language} says {foreign}"

    @staticmethod
    def _compare(said: Said, expected: PhoneSays, phone: Phone) -> None:
        where = f"{phone.device} at table {phone.table} as player {phone.player}"
        if expected.kind in screens.ELSEWHERE:
            assert said.kind in screens.ELSEWHERE, f"{where}: {said.kind}, model {expected.kind}"
            return
        assert said.kind == expected.kind, f"{where} says {said.kind}, model {expected.kind}"
        if expected.kind in SEATED:
            assert said.deal == expected.deal, f"{where}: deal {said.deal}, model {expected.deal}"
            assert said.form == expected.form, f"{where}: form {said.form}, model {expected.form}"
        if expected.kind == screens.CONFIRM:
            assert said.figures == expected.figures, f"{where}: {said.figures} {expected.figures}"
        assert said.called == expected.called, f"{where}: called {said.called}"
        assert said.coming == expected.coming, f"{where}: coming {said.coming}"
        decision = expected.decision[1] if expected.decision else None
        assert said.decision == decision, f"{where}: decision {said.decision}, model {decision}"

    def _mode_kept(self, said: Said, phone: Phone) -> None:
        """The next deal's form is in the mode the phone chose (never the other side's)."""
        form = self.club.entry_form(said.page, phone.table)
        if self.model.card_game != "canasta" or form is None or form.data().get("expected_version"):
            return
        shown = form_mode(form.data())
        assert shown == (phone.mode or "deal"), (
            f"{phone.device}'s form is in {shown}, chosen {phone.mode}"
        )

    def _pad_agrees(self, said: Said, phone: Phone) -> None:
        """The phone's score pad has the model's deals, in order, each side's column and its
        lines: Canasta's totals and minimum meld, Gin's points, boxes and bonuses, at a
        rotation's table who pays whom once the game is over, at a chouette's who plays
        alone in the next round."""
        game = self._game(phone)
        if game is None:
            return
        shown, expected = read_pad(said.page, phone.language), pad_says(self.model, game)
        where = f"{phone.device}'s pad at table {phone.table}"
        assert shown is not None, f"{where}: no pad on the page"
        if shown.rows != expected.rows:
            pairs = itertools.zip_longest(shown.rows, expected.rows)
            seen, counted = next((s, m) for s, m in pairs if s != m)
            raise AssertionError(f"{where}: a row reads {seen}, model {counted}")
        lines = "points boxes game shutout totals payments minimums note result"
        for line in lines.split():
            seen, counted = getattr(shown, line), getattr(expected, line)
            assert seen == counted, f"{where}: {line} {seen}, model {counted}"

    @invariant()
    def the_board_says_what_the_model_says(self) -> None:
        if not hasattr(self, "club") or self.model.open_round is None:
            return
        rnd = self.model.open_round
        tiles = self.club.board(rnd.number)
        number_of = self.model.number_of
        for table, game in rnd.games.items():
            expected, tile = tile_says(self.model, game), tiles[table]
            where = f"table {table}'s tile"
            marks = tile.marks
            assert marks["data-state"] == expected.state, f"{where}: {marks}, model {expected}"
            assert (marks["data-calling"] == "1") == expected.calling, f"{where}: calling"
            assert (marks["data-finishing"] == "1") == expected.finishing, f"{where}: finishing"
            counted = game.counted_points()
            shown = tuple(numbers(score) for score in tile.scores)
            assert shown == tuple([points] for points in counted), (
                f"{where} reads {tile.scores}, the model counts {counted}"
            )
            seated = tuple(tuple(number_of[p] for p in side) for side in game.sides)
            assert tile.numbers == seated, f"{where} seats {tile.numbers}, the model {seated}"
            rows = [version.status for version in game.rows()]
            waiting = rows.count(ENTERED)
            said = [rows.count(CONFIRMED), *([waiting] if waiting else [])]
            assert numbers(tile.counts) == said, f"{where} counts {tile.counts!r}, model {said}"

    @invariant()
    def what_counts_is_what_the_rules_count(self) -> None:
        if not hasattr(self, "club"):
            return
        found = self.club.scores()
        for (number, table), points in screens.game_scores(self.model).items():
            assert found[(number, table)] == points, (
                f"round {number} table {table} counts {found[(number, table)]}, model {points}"
            )
        expected = screens.standings(self.model)
        shown = self.club.standings()
        assert shown == expected, f"the standings show {shown}, the model {expected}"

    @invariant()
    def the_public_page_shows_what_counts(self) -> None:
        """A visitor's public page, polled as htmx polls it, shows the standings the model
        counts: a poll answered "nothing new" while they changed would leave it behind."""
        if not hasattr(self, "club"):
            return
        self.spectator.poll()
        shown, expected = self.spectator.standings(), screens.standings(self.model)
        if not shown:  # no scores yet
            assert not any(expected.values()), f"the public page shows none of {expected}"
            return
        assert shown == expected, f"the public page shows {shown}, the model {expected}"

    @invariant()
    def the_projector_follows_the_standings(self) -> None:
        """The projector, polled between two turns, shows a change of the standings at its
        next poll: from a seating panel it turns to the standings, as the handbook's rounds
        page says, and every row it shows has the total the model counts."""
        if not hasattr(self, "club"):
            return
        expected = screens.standings(self.model)
        moved, self.projected = expected != self.projected, expected
        self.projector.poll()
        panel = self.projector.panel()
        if moved and any(expected.values()):
            assert panel == "standings", f"the standings moved, the projector shows {panel}"
        if panel == "standings":
            shown = self.projector.standings()
            wrong = {player: total for player, total in shown.items() if expected[player] != total}
            assert not wrong, f"the projector shows {wrong}, the model {expected}"
        else:
            self._projected_seating()

    def _projected_seating(self) -> None:
        """A seating panel shows the round being played (else the last one), each number
        shown at the model's table, or sitting out."""
        rnd = self.model.current_round
        number, where = self.projector.seating()
        assert rnd is not None and number == rnd.number, f"the projector shows round {number}"
        number_of = self.model.number_of
        seated = {
            number_of[player]: table for table, game in rnd.games.items() for player in game.players
        }
        wrong = {no: table for no, table in where.items() if seated.get(no) != table}
        assert not wrong, f"the projector seats {wrong} in round {rnd.number}, the model {seated}"
