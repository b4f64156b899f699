"""How the evening machine reads a phone's score pad (``meld_testkit.evenings.pad``): the
hands row by row, the lines below them by their headings in the phone's language, and who
pays whom, as the pad of a table of three draws them; a chouette's, who played each hand for
side B and its note on who plays alone in the next round."""

import pytest

from meld_testkit.evenings.pad import read_pad
from meld_testkit.model.pad import DECIDES, MOVES, STAYS, Box, HandRow
from meld_testkit.page import read

# A game of three over (RULES.md 2.1): A reached 100; hand 3 was confirmed after the end and
# does not count; hand 4 waits. German headings, as a German phone shows them.
PAD = """
<section id="sheet">
<table class="pad sides-3">
  <thead>
    <tr><th rowspan="2"><abbr title="Hand">#</abbr></th>
      <th colspan="2" class="side-head side-0">A <span class="numbers">1</span></th>
      <th colspan="2" class="side-head side-1">B <span class="numbers">3</span></th>
      <th colspan="2" class="side-head side-2">C <span class="numbers">5</span></th></tr>
    <tr><th>Hand</th><th>Summe</th><th>Hand</th><th>Summe</th><th>Hand</th><th>Summe</th></tr>
  </thead>
  <tbody id="pad-rows">
    <tr class="deal row-confirmed"><th>1<span class="row-note">C setzt aus</span></th>
      <td>58</td><td class="total">58</td><td>0</td><td class="total">0</td>
      <td>0</td><td class="total">0</td></tr>
    <tr class="deal row-confirmed"><th>2<span class="row-note">B setzt aus</span></th>
      <td>72</td><td class="total">130</td><td>0</td><td class="total">0</td>
      <td>0</td><td class="total">0</td></tr>
    <tr class="deal row-confirmed"><th>3<span class="row-note">C setzt aus</span></th>
      <td>0</td><td class="total"></td><td>14</td><td class="total"></td>
      <td>0</td><td class="total"></td></tr>
    <tr class="deal row-entered"><th>4<span class="row-note">A setzt aus</span></th>
      <td>0</td><td class="total"></td><td>0</td><td class="total"></td>
      <td>26</td><td class="total"></td></tr>
    <tr class="pending-row"><td colspan="7"><div class="pending pending-entered">
      <span class="badge">wartet auf Bestätigung</span></div></td></tr>
  </tbody>
  <tfoot>
    <tr><th>Punkte</th><td colspan="2">130</td><td colspan="2">0</td><td colspan="2">0</td></tr>
    <tr><th>Kästchen</th><td colspan="2">2 × 20 = 40</td><td colspan="2">0 × 20 = 0</td>
      <td colspan="2">0 × 20 = 0</td></tr>
    <tr><th>Partie</th><td colspan="2">100</td><td colspan="2">0</td><td colspan="2">0</td></tr>
    <tr><th>Schneider</th><td colspan="2">0</td><td colspan="2">0</td><td colspan="2">0</td></tr>
    <tr class="grand"><th>Summe</th><td colspan="2">270</td><td colspan="2">0</td>
      <td colspan="2">0</td></tr>
  </tfoot>
</table>
<ul class="payments"><li>B zahlt A 370</li><li>C zahlt A 370</li></ul>
</section>
"""


def test_a_pad_of_three_reads_row_by_row_and_line_by_line():
    pad = read_pad(read(PAD), "de")
    assert pad is not None
    assert pad.rows == (
        HandRow(1, "confirmed", "C", (58, 0, 0), (58, 0, 0)),
        HandRow(2, "confirmed", "B", (72, 0, 0), (130, 0, 0)),
        HandRow(3, "confirmed", "C", (0, 14, 0), None),
        HandRow(4, "entered", "A", (0, 0, 26), None),
    )
    assert pad.points == (130, 0, 0)
    assert pad.boxes == (Box(2, 20, 40), Box(0, 20, 0), Box(0, 20, 0))
    assert (pad.game, pad.shutout, pad.totals) == ((100, 0, 0), (0, 0, 0), (270, 0, 0))
    assert pad.payments == (("B", "A", 370), ("C", "A", 370))


def test_a_pad_before_the_end_has_no_game_lines_and_no_payments():
    going = PAD.split("<tr><th>Partie")[0]
    going += '<tr class="grand"><th>Summe</th><td>270</td><td>0</td><td>0</td></tr>'
    going += "</tfoot></table></section>"
    pad = read_pad(read(going), "de")
    assert pad is not None
    assert (pad.game, pad.shutout, pad.payments) == (None, None, ())
    assert pad.totals == (270, 0, 0)


def test_a_page_without_a_pad_reads_none():
    assert (
        read_pad(read("<section id='now'><p>Runde 1 ist geschlossen.</p></section>"), "de") is None
    )


# A Canasta game going on: deal 2 counts, deal 3 is disputed; the minimum meld of each side
# above the pad, by its total (RULES.md 1.5). German, as a German phone shows it.
CANASTA = """
<section id="sheet">
<p class="minimums">Mindestmeldung:
  <span class="minimum side-0">A <strong>90</strong></span>
  <span class="minimum side-1">B <strong>15</strong></span></p>
<table class="pad sides-2">
  <thead>
    <tr><th rowspan="2"><abbr title="Spiel">#</abbr></th>
      <th colspan="2" class="side-head side-0">A <span class="numbers">1 · 3</span></th>
      <th colspan="2" class="side-head side-1">B <span class="numbers">2 · 4</span></th></tr>
    <tr><th>Spiel</th><th>Summe</th><th>Spiel</th><th>Summe</th></tr>
  </thead>
  <tbody id="pad-rows">
    <tr class="deal row-confirmed"><th>1</th>
      <td>820</td><td class="total">820</td><td>25</td><td class="total">25</td></tr>
    <tr class="deal row-confirmed"><th>2</th>
      <td>1.500</td><td class="total">2.320</td><td>-300</td><td class="total">-275</td></tr>
    <tr class="deal row-disputed"><th>3</th>
      <td>-200</td><td class="total"></td><td>1.200</td><td class="total"></td></tr>
    <tr class="pending-row"><td colspan="5"><div class="pending">bestritten</div></td></tr>
  </tbody>
  <tfoot>
    <tr class="grand"><th>Summe</th><td colspan="2">2.320</td><td colspan="2">-275</td></tr>
  </tfoot>
</table>
</section>
"""


def test_a_canasta_pad_reads_its_totals_and_each_sides_minimum_meld():
    pad = read_pad(read(CANASTA), "de")
    assert pad is not None
    assert pad.rows == (
        HandRow(1, "confirmed", "", (820, 25), (820, 25)),
        HandRow(2, "confirmed", "", (1500, -300), (2320, -275)),
        HandRow(3, "disputed", "", (-200, 1200), None),
    )
    assert pad.totals == (2320, -275)
    assert pad.minimums == (90, 15)
    assert (pad.points, pad.boxes, pad.game, pad.shutout, pad.payments) == (
        None,
        None,
        None,
        None,
        (),
    )


def test_a_canasta_pad_over_has_no_minimum_meld():
    over = CANASTA.split("<p class")[0] + "<table" + CANASTA.split("<table", 1)[1]
    pad = read_pad(read(over), "de")
    assert pad is not None
    assert pad.minimums is None


# Gin for two over (RULES.md 2's worked example): A 104 in four hands, B 42 in two.
GIN = """
<section id="sheet">
<table class="pad sides-2">
  <thead>
    <tr><th rowspan="2">#</th><th colspan="2" class="side-head side-0">A <span>1</span></th>
      <th colspan="2" class="side-head side-1">B <span>2</span></th></tr>
  </thead>
  <tbody id="pad-rows">
    <tr class="deal row-confirmed"><th>1</th><td>23</td><td>23</td><td>0</td><td>0</td></tr>
    <tr class="deal row-confirmed"><th>2</th><td>27</td><td>50</td><td>0</td><td>0</td></tr>
    <tr class="deal row-confirmed"><th>3</th><td>0</td><td>50</td><td>32</td><td>32</td></tr>
    <tr class="deal row-confirmed"><th>4</th><td>35</td><td>85</td><td>0</td><td>32</td></tr>
    <tr class="deal row-confirmed"><th>5</th><td>0</td><td>85</td><td>10</td><td>42</td></tr>
    <tr class="deal row-confirmed"><th>6</th><td>19</td><td>104</td><td>0</td><td>42</td></tr>
  </tbody>
  <tfoot>
    <tr><th>Points</th><td colspan="2">104</td><td colspan="2">42</td></tr>
    <tr><th>Boxes</th><td colspan="2">4 × 20 = 80</td><td colspan="2">2 × 20 = 40</td></tr>
    <tr><th>Game</th><td colspan="2">100</td><td colspan="2">0</td></tr>
    <tr><th>Shutout</th><td colspan="2">0</td><td colspan="2">0</td></tr>
    <tr class="grand"><th>Total</th><td colspan="2">284</td><td colspan="2">82</td></tr>
  </tfoot>
</table>
</section>
"""


def test_a_gin_pad_of_two_reads_its_lines_without_payments_or_minimums():
    pad = read_pad(read(GIN), "en")
    assert pad is not None
    assert [row.totals for row in pad.rows][-1] == (104, 42)
    assert {row.sits_out for row in pad.rows} == {""}
    assert (pad.points, pad.boxes) == ((104, 42), (Box(4, 20, 80), Box(2, 20, 40)))
    assert (pad.game, pad.shutout, pad.totals) == ((100, 0), (0, 0), (284, 82))
    assert (pad.payments, pad.minimums) == ((), None)


# A chouette over (RULES.md 2.1, 2): 1 alone against 3 and 5, who share side B's column.
# Partner 3 lost hand 1, 5 won hand 2 (gin) and reached 100 in hand 3; hand 4, entered
# after the end, waits. German, as a German phone shows it.
CHOUETTE = """
<section id="sheet">
<table class="pad sides-2">
  <thead>
    <tr><th rowspan="2"><abbr title="Hand">#</abbr></th>
      <th colspan="2" class="side-head side-0">A <span class="numbers">1</span></th>
      <th colspan="2" class="side-head side-1">B <span class="numbers">3 &amp; 5</span></th></tr>
  </thead>
  <tbody id="pad-rows">
    <tr class="deal row-confirmed"><th>1<span class="row-note">B: 3 Player 2</span></th>
      <td>26</td><td class="total">26</td><td>0</td><td class="total">0</td></tr>
    <tr class="deal row-confirmed"><th>2<span class="row-note">B: 5 Player 3</span></th>
      <td>0</td><td class="total">26</td><td>58</td><td class="total">58</td></tr>
    <tr class="deal row-confirmed"><th>3<span class="row-note">B: 5 Player 3</span></th>
      <td>0</td><td class="total">26</td><td>43</td><td class="total">101</td></tr>
    <tr class="deal row-entered"><th>4<span class="row-note">B: 5 Player 3</span></th>
      <td>0</td><td class="total"></td><td>0</td><td class="total"></td></tr>
    <tr class="pending-row"><td colspan="5"><div class="pending">wartet</div></td></tr>
  </tbody>
  <tfoot>
    <tr><th>Punkte</th><td colspan="2">26</td><td colspan="2">101</td></tr>
    <tr><th>Kästchen</th><td colspan="2">1 × 20 = 20</td><td colspan="2">2 × 20 = 40</td></tr>
    <tr><th>Partie</th><td colspan="2">0</td><td colspan="2">100</td></tr>
    <tr><th>Schneider</th><td colspan="2">0</td><td colspan="2">0</td></tr>
    <tr class="grand"><th>Summe</th><td colspan="2">46</td><td colspan="2">241</td></tr>
  </tfoot>
</table>
<p class="target muted">Partie bis 100</p>
<p class="muted sheet-note">5 Player 3 hat die letzte Hand für Seite B gewonnen und spielt in
  der nächsten Runde an diesem Tisch allein.</p>
</section>
"""


def test_a_chouette_pad_reads_who_played_for_side_b_and_who_plays_alone_next():
    pad = read_pad(read(CHOUETTE), "de")
    assert pad is not None
    assert pad.rows == (
        HandRow(1, "confirmed", "", (26, 0), (26, 0), "3 Player 2"),
        HandRow(2, "confirmed", "", (0, 58), (26, 58), "5 Player 3"),
        HandRow(3, "confirmed", "", (0, 43), (26, 101), "5 Player 3"),
        HandRow(4, "entered", "", (0, 0), None, "5 Player 3"),
    )
    assert (pad.game, pad.totals, pad.payments) == ((0, 100), (46, 241), ())
    assert pad.note == (MOVES, "5 Player 3")


def test_a_chouette_pad_says_the_lone_player_stays_or_that_the_last_hand_will_decide():
    said = {
        "Seite A hat die letzte Hand gewonnen: Wer allein spielt, bleibt in der nächsten "
        "Runde an diesem Tisch allein.": (STAYS,),
        "Diese Runde ist eine Chouette-Partie. Die letzte gewonnene Hand entscheidet, wer in "
        "der nächsten Runde an diesem Tisch allein spielt.": (DECIDES,),
    }
    for note, meant in said.items():
        pad = read_pad(read(_noted(note)), "de")
        assert pad is not None
        assert pad.note == meant


def test_a_note_the_pad_reader_does_not_know_fails_the_reading():
    english = "Side A won the last hand: the lone player stays alone in the next round."
    with pytest.raises(AssertionError, match="the pad's note reads"):
        read_pad(read(_noted(english)), "de")


def _noted(note: str) -> str:
    """The chouette's pad with another note under it."""
    head = CHOUETTE.split('<p class="muted sheet-note">')[0]
    return f'{head}<p class="muted sheet-note">{note}</p></section>'


def test_the_line_above_a_pad_that_is_over_says_who_won_and_by_how_much():
    """In the phone's language (German here, as the pad's headings): the winner's letter and
    lead (thousands as the phone writes them), or a draw; nothing while the game goes on."""
    over = PAD.replace(
        '<section id="sheet">',
        '<section id="sheet"><div class="result" role="status">'
        "Partie beendet: Seite A gewinnt mit 1.270 Punkten Vorsprung.</div>",
    )
    pad = read_pad(read(over), "de")
    assert pad is not None and pad.result == ("A", "1270")
    drawn = PAD.replace(
        '<section id="sheet">',
        '<section id="sheet"><div class="result" role="status">Partie beendet: unentschieden.</div>',
    )
    pad = read_pad(read(drawn), "de")
    assert pad is not None and pad.result == ("draw",)
    pad = read_pad(read(PAD), "de")
    assert pad is not None and pad.result == ()
