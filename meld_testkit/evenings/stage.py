"""What the machine's rules share: the club (the app through HTTP), the model, the phones,
the forms sent, and how a refusal reads."""

from typing import TypeVar

from hypothesis import strategies as st

from meld_testkit.evenings.club import Answer, Club, Handset
from meld_testkit.evenings.public import Projector, Spectator
from meld_testkit.model.chouette import CHOUETTE
from meld_testkit.model.deals import GIN_HANDS, GIN_PARTNERS, Deal, canasta_deals
from meld_testkit.model.evening import Evening
from meld_testkit.model.games import Game
from meld_testkit.model.rotation import ROTATION, first_seating, hands_for
from meld_testkit.model.screens import Phone, phone_says
from meld_testkit.page import read

REASON = "Checked at the table"
T = TypeVar("T")


def said_in(answer: Answer) -> str:
    """What an answer says of a refusal: its errors and messages, else its start."""
    page = read(answer.content.decode())
    told = [
        e.text
        for e in page.elements
        if e.attrs.get("role") in ("alert", "status") or "error" in e.attrs.get("class", "")
    ]
    return " | ".join(text for text in told if text) or page.text[:300]


def form_mode(fields: dict[str, str]) -> str:
    """The entry mode of a Canasta form, told by its fields (with or without a prefix)."""
    if any(name.endswith("s0_total") for name in fields):
        return "totals"
    if any(name.endswith("s0_melded_aces") for name in fields):
        return "counts"
    return "deal"


def one_of(data: st.DataObject, choices: list[T]) -> T:
    """A choice the example draws (Hypothesis shrinks it like any other)."""
    return data.draw(st.sampled_from(choices))


class Stage:
    """The state every rule reads and writes."""

    club: Club
    model: Evening
    phones: list[tuple[Handset, Phone]]
    spectator: Spectator  # the public page a visitor keeps open
    projector: Projector  # the projector in the hall
    projected: dict[int, int]  # the standings the model counted at the projector's last poll
    sent: list[
        tuple[Handset, int, dict[str, str]]
    ]  # every entry form a phone sent, for sending again
    reopened: bool = False  # the evening was finished and opened again once

    def _game(self, phone: Phone) -> Game | None:
        rnd = self.model.open_round
        return rnd.games.get(phone.table) if rnd is not None else None

    def _phones_saying(self, *kinds: str) -> list[tuple[Handset, Phone]]:
        return [(h, p) for h, p in self.phones if phone_says(self.model, p).kind in kinds]

    def _deals_for(
        self, fields: dict[str, str], game: Game | None = None, number: int | None = None
    ) -> list[Deal]:
        """The deals a form of these fields takes: Gin's hands (three at a table: played by
        whoever plays hand ``number`` of ``game``, as the model seats it), a Canasta deal by
        points or by each side's score."""
        if self.model.card_game == ROTATION:
            seating = game.seating_at(number) if game is not None and number else None
            return list(hands_for(seating or first_seating()))
        if self.model.card_game in ("gin", CHOUETTE):
            return list(GIN_HANDS)  # a chouette's knocker: the lone player or the partner
        if self.model.card_game == "gin4":
            return list(GIN_PARTNERS)
        deals = canasta_deals(self.club.rules)
        return [deal for deal in deals if deal.mode == form_mode(fields)]
