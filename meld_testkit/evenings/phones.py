"""The phones' rules: what a player does at the table, on the page the phone shows.

Each rule acts through the page as drawn (the entry form with its number, key and version;
the confirm and dispute buttons; "Change deal N"; "Enter it again"), asks the model whether
the rules let it happen, and checks that the app did the same.
"""

from django.utils import translation
from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from meld_testkit.evenings.club import Handset
from meld_testkit.evenings.stage import Stage, one_of, said_in
from meld_testkit.model import screens
from meld_testkit.model.chouette import CHOUETTE, LONE
from meld_testkit.model.deals import Deal
from meld_testkit.model.evening import Refused
from meld_testkit.model.games import Game
from meld_testkit.model.rotation import ROTATION
from meld_testkit.model.screens import Phone, phone_says
from meld_testkit.page import Form, Page

PLAYING = (screens.ENTER, screens.WAIT, screens.CONFIRM)
MODES = ("deal", "counts", "totals")  # the ways a Canasta phone enters a deal
ANSWERS = ("confirm", "confirm", "twice", "dispute")  # a phone's answer to the other side
# A chouette hand's form: who plays it, in the app's words, and the knocker's choice.
WHO_PLAYS = (
    "%(lone)s plays alone against %(partner)s and %(adviser)s: %(partner)s plays this hand, "
    "%(adviser)s advises; %(dealer)s deals."
)
KNOCKER = "lbl-id_knocker"


class PhoneRules(Stage):
    @precondition(lambda self: self._phones_saying(*PLAYING))
    @rule(data=st.data())
    def submit(self, data: st.DataObject) -> None:
        """A phone sends the entry form its page shows, with a deal's figures typed in."""
        handset, phone = one_of(data, self._phones_saying(*PLAYING))
        page = self.club.table_page(handset, phone.table)
        form = self.club.entry_form(page, phone.table)
        if form is None:
            return  # the invariant says whether the page should have had one
        self._who_plays(page, phone, form.data())
        deal = one_of(data, self._deals_at(phone, form.data()))
        posted = form.data(**deal.form())
        note(
            f"{phone.device} (player {phone.player}, table {phone.table}) sends deal "
            f"{posted.get('number')} {deal.points}"
        )
        self._send(handset, phone, posted, deal)

    def _deals_at(self, phone: Phone, fields: dict[str, str]) -> list[Deal]:
        number = fields.get("number", "")
        return self._deals_for(fields, self._game(phone), int(number) if number.isdigit() else None)

    def _who_plays(self, page: Page, phone: Phone, fields: dict[str, str]) -> None:
        """Gin for three: the form offers as the knocker exactly the two who play the hand,
        as the hands before it seat it (RULES.md 2.1), never the one sitting out (a
        chouette's form names them besides)."""
        game = self._game(phone)
        number = fields.get("number", "")
        if game is None or not number.isdigit():
            return
        if game.card_game == CHOUETTE:
            self._chouette_plays(page, phone, game, int(number))
            return
        if game.card_game != ROTATION:
            return
        seating = game.seating_at(int(number))
        offered = {
            int(e.attrs["value"])
            for e in page.elements
            if e.tag == "input" and e.attrs.get("name") == "knocker" and e.attrs.get("value")
        }
        playing = set(seating.playing) if seating is not None else None
        assert offered == playing, (
            f"hand {number} at table {phone.table}: the form offers {offered} as the knocker, "
            f"the model seats {seating}"
        )

    def _chouette_plays(self, page: Page, phone: Phone, game: Game, number: int) -> None:
        """A chouette: the form says who plays alone, which partner plays the hand, who
        advises and who deals, as the hands before it seat them (RULES.md 2.1), and offers
        the lone player and that partner as the knocker; nothing while a hand before is
        missing."""
        turn = game.turn_at(number)
        heading = page.paragraph("who-plays")
        where = f"hand {number} at table {phone.table}"
        if turn is None:
            assert heading is None, f"{where}: the form says {heading}; a hand before is missing"
            return
        names = [self.model.players[player].called for player in game.players]
        with translation.override(phone.language):
            said = translation.gettext(WHO_PLAYS) % {
                "lone": names[LONE],
                "partner": names[turn.partner],
                "adviser": names[turn.adviser],
                "dealer": names[turn.dealer],
            }
        shown = heading.text if heading is not None else None
        assert shown == said, f"{where}: the form says {shown!r}, the model {said!r}"
        knocker = next(e for e in page.elements if e.attrs.get("aria-labelledby") == KNOCKER)
        offered = f"{names[LONE]} {names[turn.partner]}"
        assert knocker.text.endswith(offered), (
            f"{where}: the knocker is one of {knocker.text!r}, the model {offered!r}"
        )

    def _send(self, handset: Handset, phone: Phone, posted: dict[str, str], deal: Deal) -> None:
        game = self._game(phone)
        expected = int(posted["expected_version"]) if posted.get("expected_version") else None
        stored, why = True, ""
        try:
            if game is None or phone.player is None:
                raise Refused("no_game")
            self.model.enter(
                game,
                int(posted["number"]),
                deal,
                player=phone.player,
                device=phone.device,
                expected_version=expected,
            )
        except Refused as refused:
            stored, why = False, refused.kind
        before = self.club.entries()
        url = self.club.table_url("tournaments-table-submit", phone.table)
        answer = self.club.post(handset.client, url, posted, "sending a deal")
        after = self.club.entries()
        self.sent.append((handset, phone.table, posted))
        if stored and deal.mode in MODES:
            phone.mode = deal.mode  # a phone goes on in the mode it entered its deal in
        assert (after > before) == stored, (
            f"deal {posted['number']} {'not ' if after == before else ''}stored, the model "
            f"says {'stored' if stored else 'refused: ' + why}: {said_in(answer)}"
        )

    def _edit_form(self, handset: Handset, phone: Phone) -> Form | None:
        """The form behind the page's "Change deal N" or "Enter it again", if it has one."""
        page = self.club.table_page(handset, phone.table)
        links = [e for e in page.elements if "/edit/" in e.attrs.get("hx-get", "")]
        if not links:
            return None
        edit = self.club.get(handset.client, links[0].attrs["hx-get"], "the edit form")
        form = self.club.entry_form(edit, phone.table)
        assert form is not None, "the edit link gave no form"
        return form

    @precondition(lambda self: self._phones_saying(screens.WAIT))
    @rule(data=st.data())
    def change(self, data: st.DataObject) -> None:
        """A phone changes its side's deal that waits: "Change deal N", new figures, Send."""
        handset, phone = one_of(data, self._phones_saying(screens.WAIT))
        form = self._edit_form(handset, phone)
        if form is None:
            return  # the other side's deal waits: nothing to change here
        deal = one_of(data, self._deals_at(phone, form.data()))
        note(f"{phone.device} changes its deal to {deal.points}")
        self._send(handset, phone, form.data(**deal.form()), deal)

    @precondition(lambda self: self._phones_saying(screens.DISPUTE))
    @rule(data=st.data())
    def enter_again(self, data: st.DataObject) -> None:
        """The players agree after all: "Enter it again" on the disputed deal."""
        handset, phone = one_of(data, self._phones_saying(screens.DISPUTE))
        form = self._edit_form(handset, phone)
        assert form is not None, "a disputed deal without “Enter it again”"
        deal = one_of(data, self._deals_at(phone, form.data()))
        note(f"{phone.device} enters the disputed deal again: {deal.points}")
        self._send(handset, phone, form.data(**deal.form()), deal)

    def _answer_form(self, handset: Handset, phone: Phone, step: str) -> Form:
        page = self.club.table_page(handset, phone.table)
        form = next((f for f in page.forms if f"/{step}/" in f.action), None)
        assert form is not None, f"the phone asks to confirm but offers no {step}"
        return form

    @precondition(lambda self: self._phones_saying(screens.CONFIRM))
    @rule(data=st.data(), answer=st.sampled_from(ANSWERS))
    def answer(self, data: st.DataObject, answer: str) -> None:
        """A phone of the other side confirms the deal it is shown (a double tap stores it
        once), or disputes it."""
        handset, phone = one_of(data, self._phones_saying(screens.CONFIRM))
        deal = phone_says(self.model, phone).deal
        step = "dispute" if answer == "dispute" else "confirm"
        form = self._answer_form(handset, phone, step)
        game = self._game(phone)
        assert game is not None and phone.player is not None and deal is not None
        note(f"{phone.device} (player {phone.player}) answers deal {deal}: {answer}")
        if step == "dispute":
            self.model.dispute(game, deal, player=phone.player, device=phone.device)
            self.club.post(handset.client, form.action, form.data(reason="Wrong"), "disputing")
            return
        self.model.confirm(game, deal, player=phone.player, device=phone.device)
        for _tap in range(2 if answer == "twice" else 1):
            self.club.post(handset.client, form.action, form.data(), "confirming")

    @precondition(lambda self: self._phones_saying(*PLAYING))
    @rule(data=st.data())
    def the_table_plays_on(self, data: st.DataObject) -> None:
        """A deal sent, or one answered where a phone is asked to: the evening's own thread,
        a rule beside ``submit`` and ``answer``. Hypothesis leaves out some rules in each
        example (swarm testing); without it, an example that left out ``answer`` played no
        game to its end, and the rules always possible were drawn instead."""
        asked = bool(self._phones_saying(screens.CONFIRM))
        if asked and data.draw(st.booleans()):
            self.answer(data, data.draw(st.sampled_from(ANSWERS)))
        else:
            self.submit(data)

    # --- what else a phone does -------------------------------------------------------

    @precondition(lambda self: self.phones)
    @rule(data=st.data(), what=st.sampled_from(["call", "switch", "follow", "resend", "mode"]))
    def aside(self, data: st.DataObject, what: str) -> None:
        """Something else a player does: call the director, pass the phone on, follow their
        player to another table, send a kept form again, or enter deals another way."""
        {
            "call": self._call,
            "switch": self._switch_seat,
            "follow": self._follow,
            "resend": self._resend,
            "mode": self._mode,
        }[what](data)

    def _mode(self, data: st.DataObject) -> None:
        """ "Points", "Card counts" or "Score only" above the form (a Canasta phone)."""
        if self.model.card_game != "canasta":
            return
        handset, phone = one_of(data, self.phones)
        shown = self.club.table_page(handset, phone.table)
        if self.club.entry_form(shown, phone.table) is None:
            return  # no form, no switch above it (the round closed, the game over)
        phone.mode = one_of(data, list(MODES))
        note(f"{phone.device} enters deals as {phone.mode}")
        self.club.table_page(handset, phone.table, mode=phone.mode)

    def _call(self, data: st.DataObject) -> None:
        handset, phone = one_of(data, self.phones)
        try:
            self.model.call(phone.table, phone.device)
        except Refused:
            return
        note(f"{phone.device} at table {phone.table} calls the director")
        url = self.club.table_url("tournaments-table-call", phone.table)
        self.club.post(handset.client, url, {"reason": "A question"}, "calling the director")

    def _switch_seat(self, data: st.DataObject) -> None:
        """The phone is passed on: "Switch seat", another player of the table."""
        handset, phone = one_of(data, self.phones)
        game = self._game(phone)
        if game is None:
            return
        player = one_of(data, list(game.players))
        note(f"{phone.device} at table {phone.table} is player {player} now")
        self.club.sit(handset, phone.table, game.round, player)
        phone.player = player

    def _follow(self, data: st.DataObject) -> None:
        """The phone's player plays at another table now: "Open table N"."""
        going = self._phones_saying(screens.GO)
        rnd = self.model.open_round
        if not going or rnd is None:
            return
        handset, phone = one_of(data, going)
        game = rnd.game_of(phone.player) if phone.player is not None else None
        assert game is not None
        phone.table = game.table
        note(f"{phone.device} follows player {phone.player} to table {phone.table}")
        self.club.table_page(handset, phone.table)

    def _resend(self, data: st.DataObject) -> None:
        """A form sent before is sent again (a lost answer, a phone's kept deal): its key
        answers as the game it was drawn for, and nothing new is stored."""
        if not self.sent:
            return
        handset, table, posted = one_of(data, self.sent)
        note(f"{handset.name} sends its form of deal {posted.get('number')} at table {table} again")
        before = self.club.entries()
        url = self.club.table_url("tournaments-table-submit", table)
        self.club.post(handset.client, url, posted, "sending a form again")
        assert self.club.entries() == before, "a form sent again stored a new entry"
