"""Printed documents of an event, as PDF (reportlab): the registry of documents by kind.

Each kind has a loader (database → plain data, ``printing.data``) and a builder
(plain data → PDF bytes). ``render(event, kind)`` runs both; the event's page
and ``manage.py print_event`` both go through it.

A document printed for everyone in the room (the wall, the notice board) is ``public``:
its loader takes ``names`` and ``render`` gives it every player's public name
(``services.club.public_names``). The others are handed to a player or put on their table,
and name everyone in full.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event
from tournaments.printing import (
    evening_cards,
    guides,
    player_cards,
    score_sheets,
    seating_lists,
    standings_pdf,
    table_cards,
    tallies,
)
from tournaments.printing.loaders import PrintError
from tournaments.services.club.public_names import public_names

__all__ = ["DOCUMENTS", "Document", "PrintError", "render"]


@dataclass(frozen=True)
class Document:
    kind: str
    label: Promise
    help: Promise
    load: Callable[..., Any]
    build: Callable[[Any], bytes]
    uses_round: bool = False
    uses_blank: bool = False
    public: bool = False


DOCUMENTS: dict[str, Document] = {
    document.kind: document
    for document in (
        Document(
            "tallies",
            _("Tallies"),
            _(
                "One per player, four to a page: player number, every round's table and game, score, name and total. "
                "Blank tallies carry numbers only, to hand out before the draw; after the event the scores are printed in."
            ),
            tallies.load,
            tallies.build,
            uses_blank=True,
        ),
        Document(
            "table-cards",
            _("Table cards"),
            _(
                "One page per table: the table number, the QR code of the table's score sheet, its short code and the round's seating."
            ),
            table_cards.load,
            table_cards.build,
            uses_round=True,
            uses_blank=True,
        ),
        Document(
            "player-cards",
            _("Player cards"),
            _(
                "One page per table, beside its table card: how the players open the table, enter a deal, "
                "confirm the other side's, what the marks on the score sheet mean and what to do when the Wi-Fi drops. "
                "Then each player's own card with the link to their evening, to hand out."
            ),
            player_cards.load,
            player_cards.build,
            uses_round=True,
            uses_blank=True,
        ),
        Document(
            "own-links",
            _("Players' own links"),
            _(
                "A card per player, four to a page: the QR code of the private link to their own "
                "evening (every round and deal, rank and points). The same cards end the Player cards."
            ),
            evening_cards.load,
            evening_cards.build,
        ),
        Document(
            "score-sheets",
            _("Score sheets"),
            _(
                "One per table of a round, with names, to write the deals or hands on; confirmed ones are printed in."
            ),
            score_sheets.load,
            score_sheets.build,
            uses_round=True,
            uses_blank=True,
        ),
        Document(
            "guide-cards",
            _("Guide cards"),
            _("A small card per player: table and seat in every round."),
            guides.load,
            guides.build,
            uses_blank=True,
        ),
        Document(
            "seating",
            _("Seating lists"),
            _("A round's seating in large type for the wall, by name and by table."),
            seating_lists.load,
            seating_lists.build,
            uses_round=True,
            public=True,
        ),
        Document(
            "standings",
            _("Standings"),
            _(
                "Rank, number, name, each round's score and the total; final, or after a chosen round."
            ),
            standings_pdf.load,
            standings_pdf.build,
            uses_round=True,
            public=True,
        ),
    )
}


def render(
    event: Event, kind: str, *, round_number: int | None = None, blank: bool = False
) -> bytes:
    """The PDF of ``kind`` for ``event``; raises ``PrintError`` with a message for the director."""
    try:
        document = DOCUMENTS[kind]
    except KeyError:
        raise PrintError(str(_("There is no document “%(kind)s”.") % {"kind": kind})) from None
    options: dict[str, object] = {"round_number": round_number, "blank": blank}
    if document.public:
        options["names"] = public_names(event)
    return document.build(document.load(event, **options))
