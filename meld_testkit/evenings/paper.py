"""What the director reads of a table besides its phones, as the model's pad says it
(``model.pad``): a round's printed score sheets, each with the deals its pad counts
(confirmed, in order, up to the one that ends the game) and their running totals, and on
a Gin sheet once the game is over who won and by how much, and who pays whom; and a
table's game page, with its totals and who pays whom."""

from hypothesis import note
from hypothesis import strategies as st

from meld_testkit.evenings.pad import numbers, payments_read
from meld_testkit.evenings.stage import Stage, one_of
from meld_testkit.model.pad import DRAW, LETTERS, pad_says


class PaperRules(Stage):
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


class GamePageRules(Stage):
    def the_director_opens_a_game(self, data: st.DataObject) -> None:
        rnd = one_of(data, self.model.rounds)
        table = one_of(data, sorted(rnd.games))
        game = rnd.games[table]
        note(f"the director opens round {rnd.number} table {table}'s game page")
        page = self.club.game_page(self.club.game_ids[(rnd.number, table)])
        expected = pad_says(self.model, game)
        where = f"round {rnd.number} table {table}'s game page"
        sheet = page.table("sheet")
        if sheet is None:  # no deal entered yet
            assert not expected.rows, f"{where} shows no deal, the model {expected.rows}"
            return
        total = sheet.part("tfoot")[-1].cells[1:-1]
        shown = tuple(numbers(cell.text)[0] for cell in total)
        assert shown == expected.totals, f"{where}: totals {shown}, the model {expected.totals}"
        paid = payments_read(page.listing("payments"), LETTERS[: len(game.sides)])
        assert paid == tuple(sorted(expected.payments)), (
            f"{where}: payments {paid}, the model {expected.payments}"
        )


def _result(finished: bool, winner: int | None, net: int) -> tuple[str, ...]:
    """A sheet's winner's margin as the model's pad says the result line."""
    if not finished:
        return ()
    return (DRAW,) if winner is None else (LETTERS[winner], str(net))
