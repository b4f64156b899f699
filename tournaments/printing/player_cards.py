"""Player cards: one page per table, lying beside its table card, for players new to Meld.

How to open the table (its QR code and short code are on the card), say who you are,
enter a deal, confirm the other side's, what the marks on the score pad mean, and what
to do when the Wi-Fi drops. Every button is named with the phones' own words, in the
event's language. After the tables' pages, each player's own card with the private link to
their evening (``evening_cards``), four to a page, to hand out.
"""

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from tournaments.card_games import card_game_of
from tournaments.models import Event
from tournaments.printing import evening_cards, table_cards
from tournaments.printing.data import (
    PlayerCardsData,
    PlayerCardWords,
    TableCard,
    TableSeating,
)
from tournaments.printing.fonts import fonts
from tournaments.printing.layout import (
    GREY,
    SHADE,
    clean,
    event_line,
    finish,
    mm,
    new_canvas,
    number,
    page_size,
    text,
)

RED = (0.70, 0.15, 0.12)
SIDES = "ABC"


def load(event: Event, round_number: int | None = None, blank: bool = False) -> PlayerCardsData:
    tables = table_cards.load(event, round_number=round_number, blank=blank)
    with override(event.language):
        texts = card_game_of(event).texts
        words = PlayerCardWords(
            send=str(texts["send"]) % {"number": "…"},
            confirm=str(texts["confirm"]) % {"number": "…"},
            change=str(texts["change"]) % {"number": "…"},
            saved_offline=str(texts["saved_offline"]) % {"number": "…"},
        )
    return PlayerCardsData(
        event=tables.event,
        base_url=tables.base_url,
        round=tables.round,
        cards=tables.cards,
        words=words,
        minimum_meld=card_game_of(event).minimum_meld,
        own=() if blank else evening_cards.own_cards(event),
    )


SIZES = (11.5, 11, 10.5, 10, 9.5, 9)


def build(data: PlayerCardsData) -> bytes:
    with override(data.event.language):
        c, buffer = new_canvas(data.event, _("Player cards"))
        for card in data.cards:
            draw_card(c, data, card, fitting_size(data, card))
            c.showPage()
        evening_cards.draw_pages(c, data.event, data.own)  # each player's own link, to hand out
        return finish(c, buffer)


def fitting_size(data: PlayerCardsData, card: TableCard) -> float:
    """The largest text size at which the card's steps end above its foot (a trial on a
    scratch page: the words differ in length from language to language)."""
    bottom = 15 * mm + (14 * mm if card.seating and card.seating.seats else 0)
    for size in SIZES:
        scratch, _buffer = new_canvas(data.event, "")
        if draw_card(scratch, data, card, size) >= bottom:
            return size
    return SIZES[-1]


def paragraph(
    c: Canvas, x: float, y: float, value: str, width: float, *, size: float, bold: bool = False
) -> float:
    """``value`` wrapped to ``width`` from the baseline ``y`` down; returns the next line's y."""
    font = fonts().bold if bold else fonts().regular
    c.setFont(font, size)
    for line in simpleSplit(clean(value), font, size, width):
        c.drawString(x, y, line)
        y -= size * 1.3
    return y


def quoted(label: str) -> str:
    return _("“%(label)s”") % {"label": label}


def draw_card(c: Canvas, data: PlayerCardsData, card: TableCard, size: float) -> float:
    """The card of one table with body text of ``size``; returns where its steps end."""
    width, height = page_size(data.event.paper)
    margin = 15 * mm
    inner = width - 2 * margin
    y = height - margin - 8 * mm
    text(c, margin, y, _("Scores on your phone"), size=22, bold=True, width=inner - 45 * mm)
    text(
        c,
        width - margin,
        y,
        _("Table %(number)s") % {"number": card.table},
        size=22,
        bold=True,
        align="right",
    )
    y -= 7 * mm
    text(c, margin, y, event_line(data.event), size=10, width=inner, color=GREY)
    y = draw_opening(c, data, card, margin, y - 6 * mm, inner, size) - 4 * mm
    count = 2
    for title, body in playing_steps(data):
        y = step(c, margin, y, count, title, body, inner, size)
        count += 1
    y = step(c, margin, y, count, _("The marks on the score sheet"), "", inner, size, gap=0)
    y = draw_marks(c, data, margin + 10 * mm, y - 1 * mm, inner - 10 * mm, size) - 3 * mm
    for title, body in help_steps(data):
        count += 1
        y = step(c, margin, y, count, title, body, inner, size)
    if card.seating and card.seating.seats:
        draw_seating_line(c, data, card.seating, margin, margin, inner)
    return y


def playing_steps(data: PlayerCardsData) -> list[tuple[str, str]]:
    """Taking a seat, entering a result and confirming the other side's: title and words."""
    return [
        (
            _("Tap your name"),
            _(
                "Tap %(button)s. This phone then enters and confirms for your side. Passing the "
                "phone on? Open %(switch)s."
            )
            % {
                "button": quoted(_("I am %(player)s") % {"player": "…"}),
                "switch": quoted(_("Not you, or passing the phone on? Switch seat")),
            },
        ),
        (
            _("Enter the result"),
            _(
                "When a deal or hand is over, one player enters the result for both sides and "
                "taps %(send)s. Meld checks it at once and marks a mistake next to its field. "
                "Until the other side has confirmed it, %(change)s corrects it."
            )
            % {"send": quoted(data.words.send), "change": quoted(data.words.change)},
        ),
        (
            _("Confirm the other side's entry"),
            _(
                "A player of the other side checks what was entered against the cards and taps "
                "%(confirm)s: now it counts. Something wrong? Open %(wrong)s and tap "
                "%(dispute)s, then enter it again together or call the director."
            )
            % {
                "confirm": quoted(data.words.confirm),
                "wrong": quoted(_("Something wrong?")),
                "dispute": quoted(_("Dispute")),
            },
        ),
    ]


def help_steps(data: PlayerCardsData) -> list[tuple[str, str]]:
    """When the Wi-Fi drops and when the director is needed: title and words."""
    return [
        (
            _("When the Wi-Fi drops"),
            _(
                "Keep playing. What you typed stays on the phone, which says %(saved)s and sends "
                "it by itself as soon as it can. Do not enter it again on another phone. If a "
                "phone gives up, any other phone opens the table again from the QR code: the "
                "score sheet is kept by Meld, not by the phone."
            )
            % {"saved": quoted(data.words.saved_offline)},
        ),
        (
            _("Need the director?"),
            _("At the bottom of the table's page: %(call)s.")
            % {"call": quoted(_("Call the director"))},
        ),
    ]


def step(
    c: Canvas,
    x: float,
    y: float,
    number: int,
    title: str,
    body: str,
    width: float,
    size: float,
    *,
    gap: float = 3 * mm,
) -> float:
    """A numbered step: a dot with its number, the title in bold, the text below it."""
    c.setFillColorRGB(0.12, 0.44, 0.31)
    c.circle(x + 3.5 * mm, y + 1.3 * mm, 3.5 * mm, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    text(c, x + 3.5 * mm, y, str(number), size=11, bold=True, align="center")
    c.setFillColorRGB(0, 0, 0)
    text(c, x + 10 * mm, y, title, size=13.5, bold=True, width=width - 10 * mm)
    y -= 6 * mm
    if body:
        y = paragraph(c, x + 10 * mm, y, body, width - 10 * mm, size=size)
    return y - gap


def draw_opening(
    c: Canvas,
    data: PlayerCardsData,
    card: TableCard,
    x: float,
    top: float,
    width: float,
    size: float,
) -> float:
    """Step 1 beside the table's QR code: scan it, or type the short code."""
    qr = 40 * mm
    table_cards.draw_qr(c, card.link, x + width - qr, top - qr, qr)
    host = clean(data.base_url).removeprefix("https://").removeprefix("http://")
    body = _(
        "Scan the QR code with your phone's camera and open the link; the phone must be on "
        "the club's Wi-Fi. No camera? Open %(address)s and type this table's code under "
        "%(label)s, then tap %(button)s:"
    ) % {
        "address": host,
        "label": quoted(_("Players: type the code on your table card")),
        "button": quoted(_("Open table")),
    }
    y = step(c, x, top - 6 * mm, 1, _("Open your table"), body, width - qr - 6 * mm, size, gap=0)
    box_w = 62 * mm
    c.setLineWidth(1.2)
    c.roundRect(x + 10 * mm, y - 10 * mm, box_w, 12 * mm, 2.5 * mm)
    text(
        c,
        x + 10 * mm + box_w / 2,
        y - 6.5 * mm,
        table_cards.grouped(card.code),
        size=22,
        font=fonts().mono,
        align="center",
        width=box_w - 4 * mm,
    )
    return min(y - 16 * mm, top - qr - 2 * mm)


def draw_marks(
    c: Canvas, data: PlayerCardsData, x: float, y: float, width: float, size: float
) -> float:
    """What the score sheet on the phone shows, each with a sample drawn as the phone draws it."""
    rows = [
        (number(1690), None, _("confirmed: it counts")),
        (
            "545",
            GREY,
            _("%(status)s: entered, the other side has not confirmed it yet")
            % {"status": quoted(_("waiting for confirmation"))},
        ),
        (
            "120",
            RED,
            _("%(status)s: the other side says it is wrong") % {"status": quoted(_("disputed"))},
        ),
        ("A  B", None, _("the two sides, as on the table card")),
        (
            _("you"),
            None,
            _("beside your name: the player this phone belongs to"),
        ),
    ]
    if data.minimum_meld:
        rows.append((_("Minimum meld"), None, _("what each side's next first meld needs")))
    sample_w = 36 * mm
    for sample, color, meaning in rows:
        c.setFillColorRGB(*SHADE)
        c.rect(x, y - 2 * mm, sample_w, 6.5 * mm, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        text(
            c,
            x + sample_w - 2 * mm,
            y,
            sample,
            size=10.5,
            bold=color is None and sample[:1].isdigit(),
            align="right",
            width=sample_w - 4 * mm,
            color=color,
        )
        after = paragraph(
            c, x + sample_w + 4 * mm, y, meaning, width - sample_w - 4 * mm, size=size
        )
        y = min(after - 2 * mm, y - 7.5 * mm)
    return y


def draw_seating_line(
    c: Canvas, data: PlayerCardsData, seating: TableSeating, x: float, y: float, width: float
) -> None:
    """The round's players at this table, at the foot of the card: the right table?"""
    sides = []
    for index in range(seating.sides):
        names = " & ".join(
            f"{seat.number} {seat.name}" if seat.number is not None else seat.name
            for seat in seating.side(index)
        )
        sides.append(f"{SIDES[index] if index < 3 else index + 1}: {names}")
    line = _("Round %(number)s at this table: %(sides)s") % {
        "number": data.round,
        "sides": " · ".join(sides),
    }
    c.setLineWidth(0.4)
    c.line(x, y + 9 * mm, x + width, y + 9 * mm)
    paragraph(c, x, y + 4 * mm, line, width, size=9.5)
