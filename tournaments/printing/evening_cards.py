"""Each player's own card: the QR code of the private link to their evening (issue 36),
four to a page (A6), to cut and hand to each player. The Player cards end with them, and
they print on their own too ("Players' own links")."""

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from tournaments.kernel.network import link
from tournaments.models import Event
from tournaments.printing import loaders, table_cards
from tournaments.printing.data import EveningCard, EveningCardsData, EventInfo
from tournaments.printing.fonts import fonts
from tournaments.printing.layout import (
    GREY,
    Box,
    clean,
    cut_marks,
    event_line,
    finish,
    mm,
    new_canvas,
    page_size,
    quarters,
    text,
)


def own_cards(event: Event) -> tuple[EveningCard, ...]:
    """Every player's card, by number (then name)."""
    return tuple(
        EveningCard(
            player.number,
            player.name,
            link(reverse("tournaments-player-evening", args=[player.evening_token])),
        )
        for player in event.players.order_by("number", "name", "pk")
    )


def load(event: Event, round_number: int | None = None, blank: bool = False) -> EveningCardsData:
    return EveningCardsData(event=loaders.event_info(event), cards=own_cards(event))


def build(data: EveningCardsData) -> bytes:
    with override(data.event.language):
        c, buffer = new_canvas(data.event, _("Players' own links"))
        draw_pages(c, data.event, data.cards)
        return finish(c, buffer)


def draw_pages(c: Canvas, event: EventInfo, cards: tuple[EveningCard, ...]) -> None:
    """The cards four to a page, each page ended (call inside the event's language)."""
    page = page_size(event.paper)
    for start in range(0, len(cards), 4):
        for cell, card in zip(quarters(page), cards[start : start + 4], strict=False):
            draw_card(c, event, card, cell.inset(7 * mm))
        cut_marks(c, page)
        c.showPage()


def draw_card(c: Canvas, event: EventInfo, card: EveningCard, box: Box) -> None:
    top = box.top
    text(c, box.x, top - 3 * mm, event_line(event), size=7, width=box.w, color=GREY)
    text(c, box.x, top - 12 * mm, _("Your evening"), size=16, bold=True, width=box.w)
    who = f"{card.number} · {card.name}" if card.number is not None else card.name
    text(c, box.x, top - 19 * mm, who, size=12, width=box.w, min_size=6)
    qr = min(48 * mm, box.w * 0.6)
    table_cards.draw_qr(c, card.link, box.x + (box.w - qr) / 2, top - 22 * mm - qr, qr)
    body = _(
        "After the last round, scan this code: every round and every deal of yours, your "
        "rank and points. The link is yours alone: keep it to yourself. Members also find "
        "all their evenings there and can ask for their results by e-mail."
    )
    y = top - 27 * mm - qr
    c.setFont(fonts().regular, 8.5)
    for line in simpleSplit(clean(body), fonts().regular, 8.5, box.w):
        c.drawString(box.x, y, line)
        y -= 8.5 * 1.3
