"""How far a progressive schedule is from a whist tournament, and what is wrong with it.

Balanced (a whist tournament, RULES.md 3.1): every two players partner exactly
once and oppose each other exactly twice. Partners and opponents are counted
at the 4-player tables; odd tables (RULES.md 1.2) only count as seats.
"""

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

from meldcore.messages import Problem, gettext_noop
from pairings.schedule_model import Schedule

PlayerPair = tuple[int, int]


@dataclass
class ScheduleReport:
    n_players: int
    # Every pair (lower number first), also those that never meet.
    partners: dict[PlayerPair, int]
    opponents: dict[PlayerPair, int]
    sat_out: dict[int, int]
    # Times two players share a table in two consecutive rounds.
    adjacent_meetings: int
    problems: list[Problem] = field(default_factory=list)

    @property
    def balanced(self) -> bool:
        return not self.problems

    @property
    def opponent_spread(self) -> dict[int, int]:
        """How many pairs meet as opponents 0, 1, 2, ... times."""
        return dict(sorted(Counter(self.opponents.values()).items()))

    @property
    def opponent_deviation(self) -> int:
        """How far the opponent meetings are from twice per pair, summed over every pair."""
        return sum(abs(count - 2) for count in self.opponents.values())

    @property
    def least_opponent_deviation(self) -> int:
        """The bound no schedule with these tables can beat: ``opponent_deviation`` >= it.

        Every 4-player table makes four opponent meetings, so the meetings add
        up to 4 x tables, while twice per pair needs n(n-1); however they are
        spread, the pairs are at least the difference away from twice in all.
        With n = 2, 3 (mod 4) playing n rounds with n mod 4 sitting out, that is
        n(n mod 4 - 1), reached when every pair meets once or twice.
        """
        meetings = sum(self.opponents.values())
        return abs(self.n_players * (self.n_players - 1) - meetings)

    @property
    def repeated_partners(self) -> list[PlayerPair]:
        return [pair for pair, count in self.partners.items() if count > 1]


def _pair(a: int, b: int) -> PlayerPair:
    return (a, b) if a < b else (b, a)


def _seating_problems(schedule: Schedule) -> list[Problem]:
    problems = []
    everyone = set(range(1, schedule.n_players + 1))
    for number, round_ in enumerate(schedule.rounds, start=1):
        mentioned = Counter([*round_.seated, *round_.sitting_out])
        for player in sorted(p for p in mentioned if p not in everyone):
            problems.append(
                Problem(
                    gettext_noop(
                        "Round %(round)d: there is no player %(player)d (players are 1 to %(n)d)."
                    ),
                    {"round": number, "player": player, "n": schedule.n_players},
                )
            )
        for player in sorted(p for p, times in mentioned.items() if times > 1):
            problems.append(
                Problem(
                    gettext_noop("Round %(round)d: player %(player)d is placed twice."),
                    {"round": number, "player": player},
                )
            )
        needed = 0 if round_.odd_tables else schedule.n_players % 4
        if len(set(round_.sitting_out)) > needed:
            problems.append(
                Problem(
                    gettext_noop(
                        "Round %(round)d: %(count)d player(s) sit out (%(players)s); with "
                        "%(n)d players %(needed)d would."
                    ),
                    {
                        "round": number,
                        "count": len(set(round_.sitting_out)),
                        "players": ", ".join(str(p) for p in sorted(set(round_.sitting_out))),
                        "n": schedule.n_players,
                        "needed": needed,
                    },
                )
            )
        for player in sorted(everyone - set(mentioned)):
            problems.append(
                Problem(
                    gettext_noop(
                        "Round %(round)d: player %(player)d is neither seated nor sitting out."
                    ),
                    {"round": number, "player": player},
                )
            )
    return problems


def _sit_out_problems(schedule: Schedule, sat_out: dict[int, int]) -> list[Problem]:
    """Nobody sits out again while someone who keeps playing has sat out fewer times."""
    problems = []
    for number, round_ in enumerate(schedule.rounds, start=1):
        resting = set(round_.sitting_out)
        for player in sorted(resting & sat_out.keys()):
            others = [p for p in sat_out if p not in resting and sat_out[p] < sat_out[player]]
            if others:
                other = min(others, key=lambda p: (sat_out[p], p))
                problems.append(
                    Problem(
                        gettext_noop(
                            "Round %(round)d: player %(player)d sits out again after %(times)d "
                            "time(s) while player %(other)d has sat out %(other_times)d time(s)."
                        ),
                        {
                            "round": number,
                            "player": player,
                            "times": sat_out[player],
                            "other": other,
                            "other_times": sat_out[other],
                        },
                    )
                )
        for player in resting & sat_out.keys():
            sat_out[player] += 1
    return problems


def _table_groups(schedule: Schedule) -> list[list[set[int]]]:
    return [
        [{a, b, c, d} for (a, b), (c, d) in r.tables] + [set(t.players) for t in r.odd_tables]
        for r in schedule.rounds
    ]


def _adjacent_meetings(schedule: Schedule) -> int:
    groups = _table_groups(schedule)
    return sum(
        len(x & y) * (len(x & y) - 1) // 2
        for before, after in zip(groups, groups[1:], strict=False)
        for x in before
        for y in after
    )


def check_schedule(schedule: Schedule) -> ScheduleReport:
    players = range(1, schedule.n_players + 1)
    partners: dict[PlayerPair, int] = dict.fromkeys(combinations(players, 2), 0)
    opponents: dict[PlayerPair, int] = dict.fromkeys(combinations(players, 2), 0)
    for round_ in schedule.rounds:
        for (a, b), (c, d) in round_.tables:
            for x, y in ((a, b), (c, d)):
                partners[_pair(x, y)] = partners.get(_pair(x, y), 0) + 1
            for x in (a, b):
                for y in (c, d):
                    opponents[_pair(x, y)] = opponents.get(_pair(x, y), 0) + 1
    problems = _seating_problems(schedule)
    sat_out = dict.fromkeys(players, 0)
    problems += _sit_out_problems(schedule, sat_out)
    for (a, b), count in partners.items():
        if count != 1 and a != b and a in sat_out and b in sat_out:
            problems.append(
                Problem(
                    gettext_noop(
                        "Players %(a)d and %(b)d partner %(count)d time(s) (balanced: once)."
                    ),
                    {"a": a, "b": b, "count": count},
                )
            )
    for (a, b), count in opponents.items():
        if count != 2 and a != b and a in sat_out and b in sat_out:
            problems.append(
                Problem(
                    gettext_noop(
                        "Players %(a)d and %(b)d oppose each other %(count)d time(s) (balanced: twice)."
                    ),
                    {"a": a, "b": b, "count": count},
                )
            )
    return ScheduleReport(
        n_players=schedule.n_players,
        partners=partners,
        opponents=opponents,
        sat_out=sat_out,
        adjacent_meetings=_adjacent_meetings(schedule),
        problems=problems,
    )
