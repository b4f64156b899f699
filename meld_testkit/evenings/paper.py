"""The director prints a round's score sheets: each table's sheet has the deals its pad
counts (confirmed, in order, up to the one that ends the game) with their running totals,
and a Gin sheet once the game is over who won and by how much, and who pays whom; all as
the model's pad says (``model.pad``)."""

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from meld_testkit.evenings.stage import Stage, one_of
from meld_testkit.model.pad import DRAW, LETTERS, pad_says


class PaperRules(Stage):
    @precondition(lambda self: self.model.rounds)
    @rule(data=st.data())
    def the_director_prints_the_score_sheets(self, data: st.DataObject) -> None:
        rnd = one_of(data, self.model.rounds)
        note(f"the director prints round {rnd.number}'s score sheets")
        sheets = self.club.score_sheets(rnd.number)
        for table, game in rnd.games.items():
            expected, sheet = pad_says(self.model, game), sheets[table]
            where = f"round {rnd.number} table {table}'s score sheet"
            counted = [(row.points, row.totals) for row in expected.rows if row.totals]
            printed = [(row.points, row.totals) for row in sheet.rows]
            assert printed == counted, f"{where} prints {printed}, the model counts {counted}"
            if expected.points is not None and counted:  # Gin: its bottom lines
                assert sheet.gin is not None, f"{where} has no bottom lines"
                said = (expected.totals, tuple(sorted(expected.payments)), expected.result)
                shown = (
                    sheet.gin.totals,
                    tuple(sorted((p.payer, p.payee, p.amount) for p in sheet.gin.payments)),
                    _result(sheet.gin.finished, sheet.gin.winner, sheet.gin.net),
                )
                assert shown == said, f"{where} says {shown}, the model {said}"


def _result(finished: bool, winner: int | None, net: int) -> tuple[str, ...]:
    """A sheet's winner's margin as the model's pad says the result line."""
    if not finished:
        return ()
    return (DRAW,) if winner is None else (LETTERS[winner], str(net))
