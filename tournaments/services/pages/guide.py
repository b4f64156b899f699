"""Where a player goes in the open round: the guide card a phone shows when a round starts.

``guide_for(event, player)``: the player's table, side, partners and opponents in
the event's open round (or that they sit out, or who replaced them), with their running score and rank
from the standings. ``next_tables(table)``: the same for every player of the game
the table played before the open round, so a phone left on its old table shows
where each of its players goes. Plain data: names, tables and scores as the
public standings and seating show them, and the new table's token for the link.
"""

from dataclasses import dataclass
from typing import Any

from scoring.canasta import side_label
from tournaments.kernel.lineup import number_holders
from tournaments.models import Bye, Event, Game, Player, Round, Seat, Table, Team
from tournaments.services.rounds.steps import open_round
from tournaments.services.scores.standings import StandingRow, precedence, standings


@dataclass(frozen=True)
class GuideCard:
    player_id: int
    name: str
    round_number: int | None = None  # None: no round is being played
    table_number: int | None = None
    token: str = ""  # the new table's token
    side: str = ""  # "A", "B", "C"
    partners: tuple[str, ...] = ()
    opponents: tuple[str, ...] = ()  # one text per other side: "Jürgen Größ & Herbert Moser"
    bye: bool = False
    rank: int | None = None
    shared_rank: bool = False
    total: int | None = None
    metric: str = ""
    entrants: int = 0
    # The player has left: who holds their number in the round instead, with where they sit.
    replaced_by: "GuideCard | None" = None
    replaced_from: int | None = None  # the round the substitute took over from

    @property
    def seated(self) -> bool:
        return self.table_number is not None

    @property
    def place(self) -> str:
        """The rank as the standings print it: "3", or "3=" when shared."""
        return f"{self.rank}=" if self.shared_rank else str(self.rank)


def guide_for(event: Event, player: Player) -> GuideCard:
    return _cards(event, [player])[0]


def next_tables(table: Table) -> list[GuideCard]:
    """A card for each player of the table's last game before the open round (none without one)."""
    event = table.event
    rnd = open_round(event)
    if rnd is None:
        return []
    before = (
        Game.objects.filter(table=table, round__event=event, round__number__lt=rnd.number)
        .order_by("-round__number")
        .first()
    )
    if before is None:
        return []
    seats = Seat.objects.filter(game=before).select_related("player").order_by("position")
    return _cards(event, [seat.player for seat in seats], rnd)


def _cards(event: Event, players: list[Player], rnd: Round | None = None) -> list[GuideCard]:
    rnd = rnd or open_round(event)
    scores = _scores(event)
    if rnd is None:
        return [GuideCard(p.pk, p.name, **scores.get(p.pk, {})) for p in players]
    # A player with no seat and no bye whose number someone else holds now was replaced:
    # their card names the substitute and where the substitute sits.
    holders = _substitutes(event, players, rnd)
    wanted = {player.pk for player in [*players, *holders.values()]}
    games = {
        seat.game_id
        for seat in Seat.objects.filter(round=rnd, player_id__in=wanted).only("game_id")
    }
    seated: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(game_id__in=games)
        .select_related("player", "game__table")
        .order_by("position")
    ):
        seated.setdefault(seat.game_id, []).append(seat)
    seat_of = {seat.player_id: seat for seats in seated.values() for seat in seats}
    byes = set(
        Bye.objects.filter(round=rnd, player_id__in=wanted).values_list("player_id", flat=True)
    )

    def card(player: Player) -> GuideCard:
        common = {"round_number": rnd.number, **scores.get(player.pk, {})}
        seat = seat_of.get(player.pk)
        if seat is None:
            holder = holders.get(player.pk)
            if holder is not None and player.pk not in byes:
                return GuideCard(
                    player.pk,
                    player.name,
                    replaced_by=card(holder),
                    replaced_from=holder.joined_round,
                    **common,
                )
            return GuideCard(player.pk, player.name, bye=player.pk in byes, **common)
        others = seated[seat.game_id]
        sides: dict[int, list[str]] = {}
        for other in others:
            if other.side != seat.side:
                sides.setdefault(other.side, []).append(other.player.name)
        return GuideCard(
            player.pk,
            player.name,
            table_number=seat.game.table.number,
            token=seat.game.table.token,
            side=side_label(seat.side),
            partners=tuple(
                o.player.name for o in others if o.side == seat.side and o.pk != seat.pk
            ),
            opponents=tuple(" & ".join(sides[side]) for side in sorted(sides)),
            **common,
        )

    return [card(player) for player in players]


def _substitutes(event: Event, players: list[Player], rnd: Round) -> dict[int, Player]:
    """Player id → who holds their number in ``rnd`` instead (``kernel.lineup``'s one door),
    for each of ``players`` who has left and been replaced by then."""
    gone = [p for p in players if p.withdrawn_from_round and p.withdrawn_from_round <= rnd.number]
    if not gone:
        return {}
    slot_of: dict[int, int] = {}
    holders = number_holders(event.players.all(), rnd.number, slot_of)
    found = {}
    for player in gone:
        holder = holders.get(slot_of.get(player.pk, 0))
        if holder is not None and holder.player.pk != player.pk:
            found[player.pk] = holder.player
    return found


def _scores(event: Event) -> dict[int, dict[str, Any]]:
    """Each player's running score and rank (a team's, in a team event), as the standings say."""
    rows = standings(event)
    metric = str(precedence(event)[0].label)
    found: dict[int, dict[str, Any]] = {}  # a ``GuideCard``'s standing, by name
    for row in rows:
        if not row.rounds:  # nothing played yet: no score and no rank to speak of
            continue
        for player_id in _player_ids(row):
            found[player_id] = {
                "rank": row.rank,
                "shared_rank": row.shared,
                "total": row.total,
                "metric": metric,
                "entrants": len(rows),
            }
    return found


def _player_ids(row: StandingRow) -> list[int]:
    assert row.player is not None  # an event's standings: every row has its entrant
    if isinstance(row.player, Team):
        return [player.pk for player in row.player.players.all()]
    return [row.player.pk]
