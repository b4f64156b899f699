"""The services' rules an export must keep, checked as the web steps check them.

An export is written by Meld, so it holds only what the set-up, the rounds and the
entries let a director and the tables do: an import refuses a file where it holds
more, naming the row, rather than store what no page would (a deal past the round's
end, a round open before a closed one, a player seated before they joined). Each
rule is the service's own where it can be asked of the rows (``entry_rows``,
``time_up``, ``formats``); the rest is said beside it, in the same words.

``setup``, ``rounds``, ``players``, ``teams`` and ``sides`` read the checked rows
before anything is stored; ``rheinisch`` and ``deals`` need the stored event and
games (a deal's name is the card game's, the time a round's clock ran out its
entries'), inside the import's transaction, which their refusal rolls back.
"""

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tournaments.card_games import deal_name
from tournaments.formats import FORMATS
from tournaments.formats.tables import rheinisch_misfit
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.lineup import JOINED_LATER, absence
from tournaments.models import Entry, Event, Game, Round
from tournaments.services.scores import time_up
from tournaments.services.scores.entry_rows import beyond_the_round, check_unconfirmed
from tournaments.transfer.schema import Row, damaged, found, row_problem

Rows = Mapping[str, list[Row]]
PENDING = (Entry.Status.ENTERED, Entry.Status.DISPUTED)


# --- the set-up -----------------------------------------------------------------------


def _offered(info: Row) -> dict[str, Any]:
    """What ``services.setup.events.set_format`` keeps of each option of the format: an
    option the format does not offer is stored empty."""
    fmt = FORMATS[info["format"]]
    return {
        "odd_tables": info["odd_tables"] if fmt.odd_tables_allowed else "",
        "fixed_partners": info["fixed_partners"] and fmt.teams_allowed,
        "balanced_schedule": info["balanced_schedule"] and fmt.balanced_schedule_allowed,
        "seed_by_rating": info["seed_by_rating"] and fmt.seeds_by_rating,
    }


def setup(info: Row) -> None:
    """The format's options are the ones it offers, as the Format step stores them."""
    for column, kept in _offered(info).items():
        if info[column] != kept:
            raise row_problem(
                "event",
                1,
                column,
                _("the format “%(format)s” does not offer it; Meld writes %(meld)s there")
                % {"format": Event.Format(info["format"]).label, "meld": found(kept)},
            )


def rheinisch(event: Event) -> None:
    """The Canasta rules fit how the event seats its players, whatever its status: the
    set-up check (``formats.tables.rheinisch_problem``) asks it of an event in set-up, and
    an imported event is set up anew here."""
    if problem := rheinisch_misfit(event):
        raise ServiceError(
            _("The export's rule profile is not valid here: %(problems)s") % {"problems": problem}
        )


# --- rounds ---------------------------------------------------------------------------


def rounds(info: Row, rows: Rows) -> None:
    """Rounds are played one after another: only the last can be open, and a finished event
    has none open (``services.rounds.steps.start_round``, ``setup.events.finish_event``);
    a round's clock runs or is paused, never both (``services.rounds.clock``)."""
    ordered = sorted(enumerate(rows["rounds"], start=1), key=lambda item: item[1]["number"])
    for index, (position, row) in enumerate(ordered):
        if row["clock_ends_at"] is not None and row["clock_paused_remaining"] is not None:
            raise row_problem(
                "rounds",
                position,
                "clock_paused_remaining",
                _("a round clock that runs keeps no seconds left; Meld writes nothing (null)"),
            )
        if row["status"] != Round.Status.OPEN:
            continue
        if info["status"] == Event.Status.FINISHED:
            raise row_problem(
                "event",
                1,
                "status",
                _("Round %(number)d is still being played. Close it first, then finish the event.")
                % {"number": row["number"]},
            )
        if index < len(ordered) - 1:
            raise row_problem(
                "rounds",
                position,
                "status",
                _("Round %(number)d is still being played. Close it before starting the next.")
                % {"number": row["number"]},
            )


# --- players, byes, teams and seats ---------------------------------------------------


def _absent(player: Row, number: int) -> str:
    """Why ``player`` does not play in round ``number`` (``kernel.lineup.absence``); "" when
    they do."""
    joined, withdrawn = player["joined_round"], player["withdrawn_from_round"]
    why = absence(joined, withdrawn, number)
    if why == JOINED_LATER:
        return _("the player does not play in round %(round)d: they joined in round %(joined)d") % {
            "round": number,
            "joined": joined,
        }
    if why:
        return _(
            "the player does not play in round %(round)d: they withdrew from round %(withdrawn)d"
        ) % {"round": number, "withdrawn": withdrawn}
    return ""


def players(rows: Rows) -> None:
    """A player withdraws after joining; is seated or has a bye only in the rounds they
    play (from the round they joined until the one they withdrew from); and in a round
    either has a seat or a bye."""
    for position, player in enumerate(rows["players"], start=1):
        withdrawn = player["withdrawn_from_round"]
        if withdrawn is not None and withdrawn < player["joined_round"]:
            raise row_problem(
                "players",
                position,
                "withdrawn_from_round",
                _("the player withdraws from round %(withdrawn)d but joined in round %(joined)d")
                % {"withdrawn": withdrawn, "joined": player["joined_round"]},
            )
    round_of = [game["round"] for game in rows["games"]]
    seated = set()
    for position, seat in enumerate(rows["seats"], start=1):
        number = round_of[seat["game"]]
        seated.add((number, seat["player"]))
        if problem := _absent(rows["players"][seat["player"]], number):
            raise row_problem("seats", position, "player", problem)
    for position, bye in enumerate(rows["byes"], start=1):
        if problem := _absent(rows["players"][bye["player"]], bye["round"]):
            raise row_problem("byes", position, "player", problem)
        if (bye["round"], bye["player"]) in seated:
            raise row_problem(
                "byes",
                position,
                "player",
                _("the player has a seat at a table in round %(round)d too")
                % {"round": bye["round"]},
            )


def teams(rows: Rows) -> None:
    """A team names each of its players once, and a player plays in one team."""
    team_of: dict[int, int] = {}
    for position, team in enumerate(rows["teams"], start=1):
        if len(set(team["players"])) != len(team["players"]):
            raise row_problem("teams", position, "players", _("it names a player twice"))
        for player in team["players"]:
            if player in team_of:
                raise row_problem(
                    "teams",
                    position,
                    "players",
                    _("“players” %(player)d is in “teams” %(team)d too; a player plays in one team")
                    % {"player": player + 1, "team": team_of[player]},
                )
            team_of[player] = position


def sides(rows: Rows) -> None:
    """A game's players sit on two sides, or three, each with a player (as a round is
    seated: ``services.rounds.steps``), never all on one."""
    of_game: dict[int, set[int]] = defaultdict(set)
    for seat in rows["seats"]:
        of_game[seat["game"]].add(seat["side"])
    for game, used in sorted(of_game.items()):
        if used not in ({0, 1}, {0, 1, 2}):
            raise damaged(
                _(
                    "“games” %(game)d seats its players on sides %(sides)s; Meld seats a game's "
                    "players on sides 0 and 1, and 2 where three sides play"
                )
                % {"game": game + 1, "sides": ", ".join(str(side) for side in sorted(used))}
            )


# --- deals ----------------------------------------------------------------------------


def _in_order(game: Game, number: int, numbers: set[int]) -> str:
    """Why deal ``number`` is out of order: deals are entered in order, each up to the last
    with a version (``entry_rows.check_number``); "" when it is in order."""
    if number == 1 or number - 1 in numbers:
        return ""
    missing = next(n for n in range(1, number) if n not in numbers)
    return _("%(deal)s cannot be entered now; the next one is %(next)s.") % {
        "deal": deal_name(game, number, start=True),
        "next": deal_name(game, missing),
    }


def _changed_after_confirming(game: Game, row: Row, versions: list[Row]) -> str:
    """Why a waiting version of a deal is not one a table could enter: an earlier version
    is confirmed, which only the director changes (``entry_rows.check_unconfirmed``)."""
    if row["status"] not in PENDING:
        return ""
    earlier = [
        Entry(number=v["number"], status=v["status"])
        for v in versions
        if v["version"] < row["version"]
    ]
    try:
        check_unconfirmed(game, row["number"], earlier)
    except ServiceError as refusal:
        return refusal.message
    return ""


def deals(made: Mapping[str, Any], rows: Rows) -> None:
    """Every deal is one its game could have entered: in order, within the round's deals
    or up to the one played when its time ran out (``entry_rows.beyond_the_round``,
    ``time_up.last_deal_played``), and none waiting once a version of it is confirmed."""
    games: list[Game] = made["games"]
    numbers: dict[int, set[int]] = defaultdict(set)
    versions: dict[tuple[int, int], list[Row]] = defaultdict(list)
    for row in rows["entries"]:
        numbers[row["game"]].add(row["number"])
        versions[(row["game"], row["number"])].append(row)
    last: dict[int, int | None] = {}
    for position, row in enumerate(rows["entries"], start=1):
        game, number = games[row["game"]], row["number"]
        if row["game"] not in last:
            last[row["game"]] = time_up.last_deal_played(game)
        in_order = _in_order(game, number, numbers[row["game"]])
        if problem := in_order or beyond_the_round(game, number, last[row["game"]]):
            raise row_problem("entries", position, "number", problem)
        if problem := _changed_after_confirming(game, row, versions[(row["game"], number)]):
            raise row_problem("entries", position, "status", problem)
