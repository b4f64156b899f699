"""How the evening machine reads a phone's score pad (``meld_testkit.evenings.pad``): the
hands row by row, the lines below them by their headings in the phone's language, and who
pays whom, as the pad of a table of three draws them."""

from meld_testkit.evenings.pad import read_pad
from meld_testkit.model.pad import Box, HandRow
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
