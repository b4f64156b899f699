"""What a table's page reads on every request, as prepared statements (``services.store.statements``).

Two hundred phones open and poll their tables: the game the table's token plays in
its event's open round (with round, event and table) is one statement, its seats
with their players a second; building them through the ORM cost more than running them.
"""

from tournaments.models import Entry, Event, Game, Round, Table
from tournaments.services.scores.results import STATUS_WEIGHT
from tournaments.services.store import statements
from tournaments.services.store.locks import entries_with_seats, load_seats


def _game_statement(mark: bool) -> tuple[str, tuple[statements.Columns, ...]]:
    parts = (
        statements.columns(Game, "g"),
        statements.columns(Round, "r"),
        statements.columns(Event, "e"),
        statements.columns(Table, "t"),
    )
    entry = statements.table(Entry)
    extra = ""
    if mark:
        weights = " ".join(f"WHEN '{status}' THEN {w}" for status, w in STATUS_WEIGHT.items())
        extra = (
            f", COALESCE((SELECT SUM(m.id * CASE m.status {weights} ELSE 0 END) FROM {entry} m "
            "WHERE m.game_id = g.id), 0)"
        )
    sql = (
        f"SELECT {', '.join(part.sql for part in parts)}{extra} "
        f"FROM {statements.table(Table)} t "
        f"INNER JOIN {statements.table(Game)} g ON g.table_id = t.id "
        f"INNER JOIN {statements.table(Round)} r ON r.id = g.round_id "
        f"INNER JOIN {statements.table(Event)} e ON e.id = r.event_id "
        "WHERE t.token = %s AND r.status = %s AND r.event_id = t.event_id"
    )
    return sql, parts


def open_game(token: str, *, seats: bool, mark: bool) -> Game | None:
    """The game the token's table plays in its event's open round, with round, event and
    table, or None. ``seats``: with its seats and their players (``load_seats``). ``mark``:
    with ``mark`` (``results.entries_mark``), so an unchanged poll needs nothing else."""
    sql, parts = statements.prepared(f"open_game:{mark}", lambda: _game_statement(mark))
    rows = statements.run(sql, [token, Round.Status.OPEN])
    if not rows:
        return None
    row = rows[0]
    (game, rnd, event, table), start = statements.built(row, parts)
    table.event = event
    rnd.event = event
    game.round = rnd
    game.table = table
    if mark:
        game.mark = int(row[start] or 0)
    if seats:
        load_seats(game)
    return game


def table_entry_of(game: Game, entry_id: int) -> Entry | None:
    """The game's entry ``entry_id`` with the seat that entered it (None: not this game's)."""
    found = entries_with_seats(
        "table_entry", "en.id = %s AND en.game_id = %s", [entry_id, game.pk], game, lock=False
    )
    return found[0] if found else None
