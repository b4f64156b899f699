"""Progressive play: partners change every round by a fixed schedule (``pairings.schedules``)."""

import math
from functools import lru_cache

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from meldcore.messages import Problem
from pairings.odd_tables import seat_everyone
from pairings.schedule_model import OddTable, Round, Schedule, TableKind
from pairings.schedules import progressive_schedule
from tournaments.formats.base import Format
from tournaments.formats.plans import Plan
from tournaments.formats.schedule_preview import SchedulePreview, schedule_preview
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.lineup import Lineup
from tournaments.models import Event, Player


@lru_cache(maxsize=32)
def _schedule(size: int, mixed: bool, balanced: bool) -> Schedule:
    """The engine's schedule; the same for every document and round of an event, so made once."""
    return progressive_schedule(size, mixed=mixed, balanced=balanced)


class Progressive(Format):
    key = Event.Format.PROGRESSIVE
    help = gettext_lazy(
        "Partners change every round by a fixed plan (tables of four, 4 to 48 players)."
    )
    balanced_schedule_allowed = True
    odd_tables_allowed = True
    partners = True
    schedule_ahead = True

    def _preview(self, players: int, balanced: bool) -> SchedulePreview:
        return schedule_preview(players, mixed=self.by_gender, balanced=balanced)

    def tables_needed(self, event: Event, players: int) -> int:
        preview = self._preview(players, event.balanced_schedule)
        # A table of three is one more table; five and six grow a table of four.
        extra = 1 if event.odd_tables == Event.OddTables.THREE else 0
        if preview.tables:
            return preview.tables + extra
        return math.ceil(players / 4) + extra

    def field_problems(self, players: list[Player]) -> list[str]:
        """What the field itself lacks before a schedule can be looked for."""
        return []

    def format_problems(self, event: Event, players: list[Player]) -> list[str]:
        n = len(players)
        problems = []
        if n < 4:
            problems.append(
                _("Progressive play needs at least 4 players; %(count)d entered.") % {"count": n}
            )
        problems += self.field_problems(players)
        if n >= 4 and not problems:
            preview = self._preview(n, event.balanced_schedule)
            if preview.error:
                problems.append(preview.error)
        return problems

    def most_rounds(self, players: int, entrants: int, *, balanced: bool = False) -> int | None:
        preview = self._preview(players, balanced)
        return preview.rounds if not preview.error else None

    def schedule_previews(self, players: int) -> list[tuple[str, SchedulePreview]]:
        if players < 4:
            return []
        previews = [(_("Progressive"), schedule_preview(players))]
        if players == 12:
            previews.append(
                (_("Progressive, balanced schedule"), schedule_preview(players, balanced=True))
            )
        return previews

    def schedule_rounds(self, event: Event, players: int) -> list[Round] | None:
        if players < 4:
            return None
        rounds = list(_schedule(players, self.by_gender, event.balanced_schedule).rounds)
        if event.planned_rounds:
            rounds = rounds[: event.planned_rounds]
        return rounds

    def plan_round(self, event: Event, number: int, lineup: Lineup) -> Plan:
        slots = lineup.slots
        count = len(slots)
        if slots != list(range(1, count + 1)):
            raise ServiceError(
                _("The numbers must run from 1 to %(count)d without gaps. Draw the numbers again.")
                % {"count": count}
            )
        schedule = self._evening_schedule(event, count)
        if number > len(schedule.rounds):
            raise ServiceError(
                _(
                    "The schedule for %(players)d players has %(rounds)d rounds; all have been played."
                )
                % {"players": count, "rounds": len(schedule.rounds)}
            )
        planned = schedule.rounds[number - 1]
        # Five, six or three players at a table when the field is not a multiple of four.
        odd = getattr(planned, "odd_tables", None) or []
        plan = Plan(tables=_seated_tables(planned, odd, lineup, number))
        plan.byes = [
            (lineup.present[slot], 0) for slot in planned.sitting_out if slot in lineup.present
        ]
        plan.notes = _round_notes(planned, odd, number, len(schedule.rounds), count)
        return plan

    def _evening_schedule(self, event: Event, count: int) -> Schedule:
        """The schedule for ``count`` players, with the event's odd table if it has one."""
        try:
            schedule = progressive_schedule(
                count, mixed=self.by_gender, balanced=event.balanced_schedule
            )
        except ValueError as error:  # a size or variant Meld has no schedule for
            raise ServiceError(
                _("There is no schedule for this evening: %(problem)s") % {"problem": error}
            ) from error
        if event.odd_tables:
            try:
                schedule = seat_everyone(schedule, TableKind(event.odd_tables))
            except ValueError:
                raise ServiceError(
                    _(
                        "The odd table chosen under Format does not fit %(count)d players. Choose another."
                    )
                    % {"count": count}
                ) from None
        return schedule


def _seated_tables(
    planned: Round, odd: list[OddTable], lineup: Lineup, number: int
) -> list[list[list[Player]]]:
    """The round's tables, each side its players; refused if a scheduled number is not here."""
    tables = [[[a, b], [c, d]] for (a, b), (c, d) in planned.tables]
    tables += [[list(side) for side in table.sides] for table in odd]
    seated: list[list[list[Player]]] = []
    missing: list[int] = []
    for sides in tables:
        missing += [slot for side in sides for slot in side if slot not in lineup.present]
        if not missing:
            seated.append([[lineup.present[slot] for slot in side] for side in sides])
    if missing:
        raise ServiceError(
            _(
                "Number %(numbers)s plays in round %(round)d but is not here (arrives later or "
                "has withdrawn). Enter a substitute for that number first."
            )
            % {"numbers": ", ".join(str(n) for n in sorted(missing)), "round": number}
        )
    return seated


def _round_notes(
    planned: Round, odd: list[OddTable], number: int, rounds: int, players: int
) -> list[Problem]:
    """The round's place in the schedule, its odd tables and who sits out."""
    notes = [
        Problem(
            gettext_noop("Round %(round)d of %(rounds)d of the schedule for %(players)d players."),
            {"round": number, "rounds": rounds, "players": players},
        )
    ]
    for index, table in enumerate(odd, start=len(planned.tables) + 1):
        notes.append(
            Problem(
                gettext_noop("Table %(table)d seats %(count)d players: %(sides)s."),
                {
                    "table": index,
                    "count": len(table.players),
                    "sides": " – ".join(" & ".join(str(n) for n in side) for side in table.sides),
                },
            )
        )
    if planned.sitting_out:
        notes.append(
            Problem(
                gettext_noop("Sitting out: %(numbers)s."),
                {"numbers": ", ".join(str(n) for n in planned.sitting_out)},
            )
        )
    return notes
