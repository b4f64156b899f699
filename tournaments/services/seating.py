"""Who sits where in a round: the players as they stand, and each format's pairing engine.

``plan_round`` loads nothing but what the engine needs, calls the engine of the
event's format and returns a ``Plan``: per table the sides (lists of players),
the byes with their points, and the engine's explanation, translated for the
director. ``services.rounds.start_round`` writes the plan.
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from meldcore.messages import Problem
from pairings.draw import draw_order
from tournaments.models import Bye, Event, Player, Seat
from tournaments.services.errors import ServiceError
from tournaments.services.standings import standings


@dataclass(frozen=True)
class Entrant:
    """What a pairing engine pairs: a player's number (or a team's), printed with the name."""

    number: int
    label: str = field(default="", compare=False)
    members: tuple[Player, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return self.label or str(self.number)


@dataclass
class Plan:
    """A round's seating before it is written: per table its sides, each a list of players."""

    tables: list[list[list[Player]]] = field(default_factory=list)
    byes: list[tuple[Player, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- who plays


class Lineup:
    """The players of an event by number, as they stand in round ``number``.

    A substitute takes the number (and so the seat) of the player they replace
    from the round they joined; a late arrival plays from ``joined_round``; a
    withdrawn player is left out from ``withdrawn_from_round`` on.
    """

    def __init__(self, event: Event, number: int) -> None:
        self.number = number
        players = list(event.players.all())
        by_pk = {player.pk: player for player in players}
        self.slot_of: dict[int, int] = {}
        self.present: dict[int, Player] = {}
        self.absent: dict[int, Player] = {}
        self.unnumbered: list[Player] = []
        roots = [p for p in players if p.substitute_for_id is None]
        for player in roots:
            if player.number is None:
                if player.joined_round <= number and not self._withdrawn(player):
                    self.unnumbered.append(player)
                continue
            self.slot_of[player.pk] = player.number
            target = self.present if self._plays(player) else self.absent
            target[player.number] = player
        substitutes = sorted(
            (p for p in players if p.substitute_for_id is not None),
            key=lambda p: (p.joined_round, p.pk),
        )
        for player in substitutes:
            slot = self._root_slot(player, by_pk)
            if slot is None:
                continue
            self.slot_of[player.pk] = slot
            if self._plays(player):
                self.absent.pop(slot, None)
                self.present[slot] = player
            elif player.joined_round <= number and slot in self.present:
                # The substitute has withdrawn too: the number is empty again.
                self.absent[slot] = self.present.pop(slot)

    def _withdrawn(self, player: Player) -> bool:
        return (
            player.withdrawn_from_round is not None and player.withdrawn_from_round <= self.number
        )

    def _plays(self, player: Player) -> bool:
        return player.joined_round <= self.number and not self._withdrawn(player)

    def _root_slot(self, player: Player, by_pk: dict[int, Player]) -> int | None:
        seen = set()
        while player.substitute_for_id is not None and player.pk not in seen:
            seen.add(player.pk)
            player = by_pk.get(player.substitute_for_id, player)
        return player.number

    @property
    def slots(self) -> list[int]:
        """Every number of the draw, present or not."""
        return sorted({*self.present, *self.absent})

    def entrant(self, slot: int) -> Entrant:
        player = self.present[slot]
        return Entrant(slot, f"{slot} {player.name}", (player,))


def check_setup(event: Event, lineup: Lineup) -> None:
    if lineup.unnumbered:
        names = ", ".join(p.name for p in lineup.unnumbered[:5])
        raise ServiceError(
            _("Draw the numbers first: %(names)s have no number yet.") % {"names": names}
        )
    if len(lineup.present) < 2:
        raise ServiceError(_("At least two players with a number are needed to start a round."))


def translate(problems: Iterable[Problem]) -> list[str]:
    return [problem.translated(_) for problem in problems]


def plan_round(event: Event, number: int, lineup: Lineup) -> Plan:
    fmt = event.format
    if fmt in (Event.Format.PROGRESSIVE, Event.Format.MIXED):
        return _plan_progressive(event, number, lineup)
    if fmt == Event.Format.MOVEUP:
        return _plan_moveup(event, number, lineup)
    teams = _teams(event, lineup) if event.fixed_partners else None
    if fmt == Event.Format.SWISS:
        return _plan_swiss(event, number, lineup, teams)
    return _plan_roundrobin(event, number, lineup, teams)


# ---------------------------------------------------------------- progressive


def _plan_progressive(event: Event, number: int, lineup: Lineup) -> Plan:
    from pairings.schedules import progressive_schedule

    slots = lineup.slots
    count = len(slots)
    if slots != list(range(1, count + 1)):
        raise ServiceError(
            _("The numbers must run from 1 to %(count)d without gaps. Draw the numbers again.")
            % {"count": count}
        )
    mixed = event.format == Event.Format.MIXED
    try:
        schedule = progressive_schedule(count, mixed=mixed, balanced=event.balanced_schedule)
    except ValueError as error:  # a size or variant Meld has no schedule for
        raise ServiceError(
            _("There is no schedule for this evening: %(problem)s") % {"problem": error}
        ) from error
    if event.odd_tables:
        from pairings.odd_tables import seat_everyone
        from pairings.schedule_model import TableKind

        try:
            schedule = seat_everyone(schedule, TableKind(event.odd_tables))
        except ValueError:
            raise ServiceError(
                _(
                    "The odd table chosen under Format does not fit %(count)d players. Choose another."
                )
                % {"count": count}
            ) from None
    if number > len(schedule.rounds):
        raise ServiceError(
            _("The schedule for %(players)d players has %(rounds)d rounds; all have been played.")
            % {"players": count, "rounds": len(schedule.rounds)}
        )
    planned = schedule.rounds[number - 1]
    plan = Plan()
    missing = []
    tables = [[[a, b], [c, d]] for (a, b), (c, d) in planned.tables]
    # Five, six or three players at a table when the field is not a multiple of four.
    odd = getattr(planned, "odd_tables", None) or []
    tables += [[list(side) for side in table.sides] for table in odd]
    for sides in tables:
        missing += [slot for side in sides for slot in side if slot not in lineup.present]
        if not missing:
            plan.tables.append([[lineup.present[slot] for slot in side] for side in sides])
    if missing:
        raise ServiceError(
            _(
                "Number %(numbers)s plays in round %(round)d but is not here (arrives later or "
                "has withdrawn). Enter a substitute for that number first."
            )
            % {"numbers": ", ".join(str(n) for n in sorted(missing)), "round": number}
        )
    plan.byes = [
        (lineup.present[slot], 0) for slot in planned.sitting_out if slot in lineup.present
    ]
    plan.notes.append(
        _("Round %(round)d of %(rounds)d of the schedule for %(players)d players.")
        % {"round": number, "rounds": len(schedule.rounds), "players": count}
    )
    for index, table in enumerate(odd, start=len(planned.tables) + 1):
        plan.notes.append(
            _("Table %(table)d seats %(count)d players: %(sides)s.")
            % {
                "table": index,
                "count": len(table.players),
                "sides": " – ".join(" & ".join(str(n) for n in side) for side in table.sides),
            }
        )
    if planned.sitting_out:
        plan.notes.append(
            _("Sitting out: %(numbers)s.")
            % {"numbers": ", ".join(str(n) for n in planned.sitting_out)}
        )
    return plan


# ---------------------------------------------------------------- teams


def _teams(event: Event, lineup: Lineup) -> dict[int, Entrant]:
    """Present teams by number; a team plays while two of its players are here
    (a substitute joins the team of the player they replace)."""
    present_pks = {player.pk for player in lineup.present.values()}
    teams = {}
    for team in event.teams.prefetch_related("players"):
        if team.number is None:
            raise ServiceError(_("Team %(name)s has no number yet.") % {"name": team.name})
        here = sorted(
            (member for member in team.players.all() if member.pk in present_pks),
            key=lambda p: (p.number or 0, p.pk),
        )
        if len(here) >= 2:
            teams[team.number] = Entrant(team.number, f"{team.number} {team.name}", tuple(here[:2]))
    if not teams:
        raise ServiceError(_("This event plays with fixed partners: enter the teams first."))
    return teams


def _entrants(lineup: Lineup, teams: dict[int, Entrant] | None) -> dict[int, Entrant]:
    if teams is not None:
        return teams
    return {slot: lineup.entrant(slot) for slot in lineup.present}


def _entrant_of_player(event: Event, lineup: Lineup, teams) -> dict[int, int]:
    """Player pk → entrant number (their slot, or their team's number)."""
    if teams is None:
        return dict(lineup.slot_of)
    return {
        player.pk: team.number
        for team in event.teams.prefetch_related("players")
        if team.number is not None
        for player in team.players.all()
    }


def _sides(pair: Iterable[Entrant]) -> list[list[Player]]:
    return [list(entrant.members) for entrant in pair]


# ---------------------------------------------------------------- swiss


def _plan_swiss(event: Event, number: int, lineup: Lineup, teams) -> Plan:
    from pairings import swiss

    entrants = _entrants(lineup, teams)
    by_number = [entrants[key] for key in sorted(entrants)]
    if number == 1:
        pairing = swiss.first_round(by_number, event.draw_seed)
    else:
        entrant_of = _entrant_of_player(event, lineup, teams)
        played, had_bye = _history(event, entrant_of)
        ranking = _ranking(event, entrant_of, entrants)
        pairing = swiss.pair_round(
            ranking,
            {frozenset(Entrant(n) for n in pair) for pair in played},
            [Entrant(n) for n in had_bye],
        )
    plan = Plan(tables=[_sides(pair) for pair in pairing.pairs])
    if pairing.bye is not None:
        plan.byes = [(player, event.bye_score) for player in pairing.bye.members]
    plan.notes = translate(getattr(pairing, "notes", []))
    return plan


def _history(event: Event, entrant_of: dict[int, int]) -> tuple[set[frozenset[int]], set[int]]:
    """Which entrants have met (in any earlier round) and who has had a bye."""
    sides: dict[tuple[int, int], set[int]] = defaultdict(set)
    for game_id, side, player_id in Seat.objects.filter(round__event=event).values_list(
        "game_id", "side", "player_id"
    ):
        if player_id in entrant_of:
            sides[(game_id, side)].add(entrant_of[player_id])
    games: dict[int, list[set[int]]] = defaultdict(list)
    for (game_id, _side), members in sides.items():
        games[game_id].append(members)
    played = set()
    for groups in games.values():
        for i, group in enumerate(groups):
            for other in groups[i + 1 :]:
                played |= {frozenset((a, b)) for a in group for b in other if a != b}
    had_bye = {
        entrant_of[player_id]
        for player_id in Bye.objects.filter(round__event=event).values_list("player_id", flat=True)
        if player_id in entrant_of
    }
    return played, had_bye


def _ranking(
    event: Event, entrant_of: dict[int, int], entrants: dict[int, Entrant]
) -> list[Entrant]:
    """Present entrants best first by the standings of the closed rounds (ties drawn)."""
    ranking: list[Entrant] = []
    seen: set[int] = set()
    for row in standings(event, closed_only=True):
        key = row.number if row.is_team else entrant_of.get(row.player.pk)
        if key in entrants and key not in seen:
            seen.add(key)
            ranking.append(entrants[key])
    ranking += [entrants[key] for key in sorted(entrants) if key not in seen]
    return ranking


# ---------------------------------------------------------------- round robin


def _plan_roundrobin(event: Event, number: int, lineup: Lineup, teams) -> Plan:
    from pairings.roundrobin import schedule

    # The whole field keeps its place in the tables; whoever is not here leaves a bye.
    if teams is None:
        keys = lineup.slots
    else:
        keys = sorted(t.number for t in event.teams.all() if t.number is not None)
    rounds = schedule(len(keys))
    if number > len(rounds):
        raise ServiceError(
            _("The round robin has %(rounds)d rounds; all have been played.")
            % {"rounds": len(rounds)}
        )
    entrants = _entrants(lineup, teams)
    plan = Plan()
    for first, second in rounds[number - 1]:
        pair = [keys[first - 1], keys[second - 1] if second is not None else None]
        here = [key for key in pair if key is not None and key in entrants]
        if len(here) == 2:
            plan.tables.append(_sides(entrants[key] for key in here))
        elif here:
            entrant = entrants[here[0]]
            plan.byes += [(player, event.bye_score) for player in entrant.members]
            plan.notes.append(_("%(entrant)s has a bye this round.") % {"entrant": entrant})
    plan.notes.insert(
        0,
        _("Round %(round)d of %(rounds)d of the round robin (Berger tables).")
        % {"round": number, "rounds": len(rounds)},
    )
    return plan


# ---------------------------------------------------------------- winner moves up


def _plan_moveup(event: Event, number: int, lineup: Lineup) -> Plan:
    from pairings import moveup

    present = lineup.present
    if number == 1 and event.fixed_partners and event.teams.exists():
        teams = _teams(event, lineup)
        order = [teams[key] for key in sorted(teams)]
        if len(order) % 2:
            raise ServiceError(
                _("Winner moves up needs an even number of teams, not %(count)d.")
                % {"count": len(order)}
            )
        plan = Plan(tables=[_sides(order[i : i + 2]) for i in range(0, len(order), 2)])
        plan.notes.append(_("Round 1 by team number: team 1 against team 2 at table 1, and so on."))
        return plan
    if number == 1:
        slots = sorted(present)
        if len(slots) % 4:
            raise ServiceError(
                _("Winner moves up needs a multiple of four players, not %(count)d.")
                % {"count": len(slots)}
            )
        plan = Plan()
        for i in range(0, len(slots), 4):
            a, b, c, d = slots[i : i + 4]
            plan.tables.append([[present[a], present[b]], [present[c], present[d]]])
        plan.notes.append(_("Round 1 by number: 1 and 2 against 3 and 4 at table 1, and so on."))
        return plan

    previous = event.rounds.get(number=number - 1)
    games = list(previous.games.select_related("table").prefetch_related("seats__player"))
    games.sort(key=lambda game: game.table.number)
    results = []
    level_notes: list[str] = []
    for game in games:
        sides = [
            tuple(sorted(lineup.slot_of[s.player_id] for s in game.seats.all() if s.side == side))
            for side in (0, 1)
        ]
        if game.winner_side in (0, 1):
            winners, losers = sides[game.winner_side], sides[1 - game.winner_side]
        else:
            level = draw_order(
                sides, f"{event.draw_seed}:round{number - 1}:table{game.table.number}"
            )[0]
            winners, losers = moveup.decide_table(
                sides[0], sides[1], game.score_0, game.score_1, level_winner=level
            )
            if game.score_0 == game.score_1:
                level_notes.append(
                    _("Table %(table)d ended level; a recorded draw made %(side)s the winners.")
                    % {"table": game.table.number, "side": " & ".join(str(n) for n in level)}
                )
        results.append((winners, losers))
    plan = Plan()
    plan.notes += translate(moveup.explain_move(results))
    missing = []
    if event.fixed_partners:
        seatings = [[list(stay), list(arrive)] for stay, arrive in moveup.move_pairs(results)]
    else:
        former = _former_partners(event, lineup)
        seatings = []
        for table, four in enumerate(moveup.move(results), start=1):
            drawn = draw_order(sorted(four), f"{event.draw_seed}:round{number}:table{table}")
            seated = moveup.seat_table_explained(drawn, former)
            seatings.append([list(side) for side in seated.sides])
            plan.notes.append(
                _("Table %(table)d, cards drawn highest first: %(drawn)s. %(how)s")
                % {
                    "table": table,
                    "drawn": ", ".join(str(n) for n in drawn),
                    "how": seated.note.translated(_),
                }
            )
    for sides in seatings:
        missing += [slot for side in sides for slot in side if slot not in present]
        plan.tables.append([[present.get(slot) for slot in side] for side in sides])
    if missing:
        raise ServiceError(
            _("Number %(numbers)s would move to a table but is not here. Enter a substitute first.")
            % {"numbers": ", ".join(str(n) for n in sorted(missing))}
        )
    plan.notes = level_notes + plan.notes
    return plan


def _former_partners(event: Event, lineup: Lineup) -> set[frozenset[int]]:
    sides: dict[tuple[int, int], list[int]] = defaultdict(list)
    for game_id, side, player_id in Seat.objects.filter(round__event=event).values_list(
        "game_id", "side", "player_id"
    ):
        if player_id in lineup.slot_of:
            sides[(game_id, side)].append(lineup.slot_of[player_id])
    return {frozenset(members) for members in sides.values() if len(members) == 2}
