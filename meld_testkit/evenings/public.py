"""The event's public screens as a visitor and the hall leave them open: the public page on a
phone and the projector, each polled as htmx polls it ("nothing new", 204, keeps what it
shows; an answer is its new part) and read the way the room reads it."""

import re

from django.test import Client
from django.urls import reverse

from meld_testkit.evenings.club import Club
from meld_testkit.evenings.pad import number, numbers
from meld_testkit.page import read


def standings_shown(html: str) -> dict[int, int]:
    """Each number's total in the standings table of ``html`` as it shows it now (nothing
    before the first score). A row's cells: rank, number, name, the rounds if shown, the
    total (the one cell of the class "num" alone), a tiebreak."""
    table = read(html).table("standings")
    found: dict[int, int] = {}
    for row in table.part("tbody") if table is not None else []:
        total = next(cell for cell in row.cells if cell.attrs.get("class") == "num")
        player, points = number(row.cells[1]), number(total)
        if player is not None and points is not None:
            found[player] = points
    return found


TITLE = re.compile(r'<span class="panel-title">(.*?)</span>', re.S)
SEATED = re.compile(r'<li class="seating-table">\s*<h3>\D*(\d+)\D*</h3>(.*?)</li>', re.S)
NUMBERED = re.compile(r'<span class="no">(\d+)</span>')
WHERE = re.compile(
    r'<span class="muted">\((\d+)\)</span></span>\s*<span class="where">(.*?)</span>', re.S
)


class Screen:
    """A public screen: its page opened once, then its live part replaced by its polls."""

    def __init__(self, club: Club, url_name: str, what: str) -> None:
        self.club = club
        self.what = what
        self.client = Client()
        url = reverse(url_name, args=[club.event.public_token])
        self.shown = club.answer(self.client.get(url), what).content.decode()

    def follow(self, url: str, what: str) -> None:
        answer = self.club.answer(self.client.get(url, HTTP_HX_REQUEST="true"), what)
        assert answer.status_code in (200, 204), f"{what}: {answer.status_code}"
        if answer.status_code == 200:
            self.shown = answer.content.decode()

    def standings(self) -> dict[int, int]:
        return standings_shown(self.shown)


class Spectator(Screen):
    """The public page left open on a visitor's phone."""

    def __init__(self, club: Club) -> None:
        super().__init__(club, "tournaments-public", "the public page")

    def poll(self) -> None:
        live = read(self.shown).by_id("live")
        assert live is not None, "the public page shows no live part"
        self.follow(live.attrs["hx-get"], "the public page's poll")


class Projector(Screen):
    """The projector in the hall: its panel polls between two turns, and turns to the next
    panel when its time is up."""

    def __init__(self, club: Club) -> None:
        super().__init__(club, "tournaments-public-projector", "the projector")

    def poll(self) -> None:
        every = [
            e
            for e in read(self.shown).marked("hx-trigger")
            if e.attrs["hx-trigger"].startswith("every ")
        ]
        assert every, "the projector's panel does not poll"
        self.follow(every[0].attrs["hx-get"], "the projector's poll")

    def turn(self) -> None:
        panel = read(self.shown).by_id("panel")
        assert panel is not None, "the projector shows no panel"
        self.follow(panel.attrs["hx-get"], "the projector's turn")

    def seating(self) -> tuple[int, dict[int, int | None]]:
        """The round a seating panel shows, and where each number shown sits: a table's
        number, or None for one sitting out ("names"); each table's numbers ("tables")."""
        heading = TITLE.search(self.shown)
        assert heading is not None, "the projector's seating panel names no round"
        where: dict[int, int | None] = {}
        for table, seated in SEATED.findall(self.shown):
            where.update({int(no): int(table) for no in NUMBERED.findall(seated)})
        for no, said in WHERE.findall(self.shown):
            found = numbers(said)
            where[int(no)] = found[0] if found else None
        return numbers(heading.group(1))[0], where

    def panel(self) -> str:
        """What the shown panel is: "names", "tables" or "standings"."""
        panel = read(self.shown).by_id("panel")
        assert panel is not None, "the projector shows no panel"
        return panel.attrs["data-panel"]
