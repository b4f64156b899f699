"""A phone's score pad as a player reads it: the table's column heads (each side's letter),
one row a deal (its number, at a rotation's table who sat it out, at a chouette's who played
for side B, each column's points and running total), the lines below it by their headings,
Canasta's minimum meld above it, at a table of three the list of who pays whom, and a
chouette's note on who plays alone in the next round.

Read from the page's table, paragraphs and list (``meld_testkit.page``), in the phone's
language: the lines below the deals and the minimum meld are told by their headings, the
chouette's note by its words, as the phone shows them.
"""

import re
from collections.abc import Sequence

from django.utils import translation

from meld_testkit.model.pad import DECIDES, DRAW, MOVES, STAYS, Box, HandRow, PadSays
from meld_testkit.page import Cell, Listing, Page, Row

# The lines below the hands, by their headings on the pad (the app's English words).
LINES = ("Points", "Boxes", "Game", "Shutout", "Total")
MINIMUMS = "Minimum meld"
# A chouette's note under the pad, by what it says of the next round (the app's words).
NOTES = {
    DECIDES: "This round is one chouette game. The last hand won decides who plays alone in "
    "the next round at this table.",
    STAYS: "Side A won the last hand: the lone player stays alone in the next round at this table.",
    MOVES: "%(player)s won the last hand for side B and plays alone in the next round at "
    "this table.",
}
# The line above the pad once the game is over (the app's words).
WINS = "Game over: side %(label)s wins by %(net)s."
DRAWN = "Game over: a draw."
NUMBER = re.compile(r"-?\d[\d,.\u00a0\u202f]*")


def numbers(text: str) -> list[int]:
    """The numbers in ``text`` as a reader takes them (thousands separated or not)."""
    return [int(re.sub(r"[^\d-]", "", found)) for found in NUMBER.findall(text)]


def number(cell: Cell) -> int | None:
    """A cell's number; None for an empty cell."""
    found = numbers(cell.text)
    assert len(found) <= 1, f"a cell of the pad reads {cell.text!r}"
    return found[0] if found else None


def read_pad(page: Page, language: str) -> PadSays | None:
    """The pad on ``page``, or None when the page draws none."""
    table = page.table("pad")
    if table is None:
        return None
    head = table.part("thead")
    letters = [cell.text.split()[0] for cell in head[0].cells if "side-head" in _classes(cell)]
    payments = page.listing("payments")
    lines = _lines(table.part("tfoot"), language)
    minimums = page.paragraph("minimums")
    note = page.paragraph("sheet-note")
    result = next((e for e in page.elements if "result" in _classes_of(e.attrs)), None)
    return PadSays(
        _hands(table.part("tbody"), letters),
        _numbers_of(lines["Points"]) if "Points" in lines else None,
        tuple(_box(cell) for cell in lines["Boxes"]) if "Boxes" in lines else None,
        _numbers_of(lines["Game"]) if "Game" in lines else None,
        _numbers_of(lines["Shutout"]) if "Shutout" in lines else None,
        _numbers_of(lines.get("Total")),
        payments_read(payments, letters),
        _minimums(minimums.text, letters, language) if minimums is not None else None,
        _note(note.text, language) if note is not None else (),
        _result(result.text, language) if result is not None else (),
    )


def _classes(cell: Cell | Row) -> list[str]:
    return _classes_of(cell.attrs)


def _classes_of(attrs: dict[str, str]) -> list[str]:
    return attrs.get("class", "").split()


def _result(text: str, language: str) -> tuple[str, ...]:
    """Who won, as the line above the pad says it in the phone's language."""
    with translation.override(language):
        if text == translation.gettext(DRAWN):
            return (DRAW,)
        wins = re.escape(translation.gettext(WINS))
        wins = wins.replace(re.escape("%(label)s"), "([A-C])").replace(re.escape("%(net)s"), "(.+)")
        found = re.fullmatch(wins, text)
    assert found is not None, f"the pad's result reads {text!r}"
    return (found.group(1), str(numbers(found.group(2))[0]))


def _hands(body: list[Row], letters: list[str]) -> tuple[HandRow, ...]:
    """Each hand's row: its heading (the number, and who sat it out, or "B: name", who
    played it for a chouette's side B), then each column's points and running total. The
    line under a hand that waits (or is disputed) is read only as there or not."""
    hands: list[HandRow] = []
    for index, row in enumerate(body):
        if not row.cells or row.cells[0].tag != "th":
            continue  # "No hands yet", or a waiting hand's line
        heading, *cells = row.cells
        words = heading.text.split()
        partner = _partner(words[1:], letters)
        out = [word for word in words[1:] if word in letters]
        sits_out = out[0] if len(out) == 1 else " ".join(words[1:])
        status = next((c.removeprefix("row-") for c in _classes(row) if c.startswith("row-")), "")
        following = body[index + 1] if index + 1 < len(body) else None
        lined = following is not None and bool(following.cells) and following.cells[0].tag != "th"
        assert lined == (status != "confirmed"), (
            f"hand {words[0]} is {status}, {'with' if lined else 'without'} a line under it"
        )
        points = tuple(number(cell) for cell in cells[0::2])
        totals = tuple(number(cell) for cell in cells[1::2])
        assert None not in points, f"hand {words[0]} reads {[c.text for c in cells]}"
        hands.append(
            HandRow(
                int(words[0]),
                status,
                "" if partner else sits_out,
                tuple(p or 0 for p in points),
                None if all(t is None for t in totals) else tuple(t or 0 for t in totals),
                partner,
            )
        )
    return tuple(hands)


def _partner(note: list[str], letters: list[str]) -> str:
    """ "B: 3 Player 2": the partner who played the hand for side B (a chouette)."""
    side_b = f"{letters[1]}:" if len(letters) == 2 else None
    return " ".join(note[1:]) if note and note[0] == side_b else ""


def _note(text: str, language: str) -> tuple[str, ...]:
    """What a chouette's note under the pad says, told by the phone's language."""
    with translation.override(language):
        for kind, message in NOTES.items():
            shown = re.escape(translation.gettext(message))
            found = re.fullmatch(shown.replace(re.escape("%(player)s"), "(.+)"), text)
            if found is not None:
                return (kind, *found.groups())
    raise AssertionError(f"the pad's note reads {text!r}")


def _lines(foot: list[Row], language: str) -> dict[str, list[Cell]]:
    """The lines below the hands by their (English) names, told by their headings as the
    phone's language shows them."""
    with translation.override(language):
        names = {translation.gettext(name): name for name in LINES}
    lines: dict[str, list[Cell]] = {}
    for row in foot:
        heading, *cells = row.cells
        assert heading.text in names, f"a line of the pad headed {heading.text!r}"
        lines[names[heading.text]] = cells
    return lines


def _numbers_of(cells: list[Cell] | None) -> tuple[int, ...]:
    found = tuple(number(cell) for cell in cells or [])
    assert None not in found, f"a line of the pad reads {[c.text for c in cells or []]}"
    return tuple(value or 0 for value in found)


def _minimums(text: str, letters: list[str], language: str) -> tuple[int, ...]:
    """ "Minimum meld: A 50 B 90": each side's letter, then what its first meld needs."""
    with translation.override(language):
        heading = translation.gettext(MINIMUMS)
    assert text.startswith(f"{heading}:"), f"the minimum meld reads {text!r}"
    words = text.removeprefix(f"{heading}:").split()
    named = dict(zip(words[0::2], words[1::2], strict=False))
    found = [numbers(named[letter]) for letter in named]
    assert list(named) == letters and all(len(n) == 1 for n in found), (
        f"the minimum meld reads {text!r}, the columns {letters}"
    )
    return tuple(n[0] for n in found)


def _box(cell: Cell) -> Box:
    """ "2 × 20 = 40": hands won, a box's value, the bonus."""
    found = numbers(cell.text)
    assert len(found) == 3, f"a box line reads {cell.text!r}"
    return Box(*found)


def payments_read(
    payments: Listing | None, letters: Sequence[str]
) -> tuple[tuple[str, str, int], ...]:
    """A list of who pays whom, in sorted order (none where the page lists none)."""
    return tuple(sorted(_payment(line, letters) for line in (payments.items if payments else [])))


def _payment(line: str, letters: Sequence[str]) -> tuple[str, str, int]:
    """ "B pays A 225": who pays (the first letter named), whom, and how much (the last
    number)."""
    named = [word for word in line.split() if word in letters]
    amounts = numbers(line)
    assert len(named) == 2 and amounts, f"a payment reads {line!r}"
    return named[0], named[1], amounts[-1]
