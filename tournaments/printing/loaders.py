"""Read an event from the database into the plain data the builders draw.

Everything here is a query or a call into an engine or service; nothing is
drawn. Who sits where comes from the seating the round services wrote, and for
rounds not started yet of an event whose format fixes a schedule ahead
(progressive) from the pairing engine's schedule.
"""

from collections import defaultdict
from collections.abc import Iterable

from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from pairings import schedule_model
from tournaments.formats import format_of
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.lineup import number_holders
from tournaments.kernel.network import link
from tournaments.kernel.profiles import event_profile_name
from tournaments.models import Bye, Event, Player, Round, Seat, Table
from tournaments.printing.data import EventInfo, RoundSeating, SeatInfo, TableSeating
from tournaments.services.club.public_names import Namer, full_name
from tournaments.services.scores.standings import StandingRow, standings
from tournaments.services.setup.events import rounds_to_play


class PrintError(ServiceError):
    """A document that cannot be printed as asked (bad round, nothing to print yet)."""


def event_info(event: Event) -> EventInfo:
    return EventInfo(
        name=event.name,
        date=event.date,
        club=event.club.name if event.club else "",
        language=event.language,
        paper=event.paper_size if event.paper_size in ("A4", "letter") else "A4",
        card_game=event.card_game,
        schedule_ahead=format_of(event).schedule_ahead,
        scoring_mode=event.scoring_mode,
        profile_name=event_profile_name(event),
        slug=slugify(event.name) or "event",
    )


def entrants(event: Event) -> list[Player]:
    """The players holding a number (a substitute plays under the number of the one replaced)."""
    return list(
        Player.objects.filter(event=event, substitute_for__isnull=True).order_by("number", "name")
    )


def names_by_number(players: Iterable[Player], names: Namer = full_name) -> dict[int, str]:
    return {p.number: names(p) for p in players if p.number is not None}


def holder_names(event: Event, round_number: int, names: Namer = full_name) -> dict[int, str]:
    """Each number named after who holds it in round ``round_number``: from the round a
    substitute joined, the substitute (``kernel.lineup.number_holders``, the one door)."""
    holders = number_holders(Player.objects.filter(event=event), round_number)
    return {number: names(holder.player) for number, holder in holders.items()}


def table_link(token: str) -> str:
    """The link a table's QR code holds: the players' score sheet for that table."""
    return link(reverse("tournaments-table", args=[token]))


# Rounds and schedules --------------------------------------------------------------


def schedule_rounds(event: Event, size: int) -> list[schedule_model.Round] | None:
    """The rounds the format's schedule fixes ahead (each ``.tables`` and ``.sitting_out``),
    cut to the planned rounds; None when the format pairs round by round."""
    try:
        return format_of(event).schedule_rounds(event, size)
    except ValueError as error:  # DomainError is a ValueError
        problems = getattr(error, "problems", None)
        reason = " ".join(p.translated(_) for p in problems) if problems else str(error)
        raise PrintError(
            _("There is no schedule for %(count)s players: %(reason)s")
            % {"count": size, "reason": reason}
        ) from error


def planned_round_count(event: Event, schedule: list[schedule_model.Round] | None) -> int:
    """How many rows a tally or guide card needs: the schedule's rounds, else the planned ones."""
    played = (
        Round.objects.filter(event=event)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    )
    if schedule is not None:
        return max(len(schedule), played)
    return max(rounds_to_play(event) or 0, played, 1)


def current_round(event: Event) -> int | None:
    """The open round, else the last one played, else None."""
    rounds = Round.objects.filter(event=event)
    opened = rounds.filter(status=Round.Status.OPEN).values_list("number", flat=True).first()
    if opened is not None:
        return opened
    return rounds.order_by("-number").values_list("number", flat=True).first()


def waiting_round(event: Event) -> int | None:
    """The round the tables wait for while none is open (before round 1, between rounds): the
    next one, unless the event is finished or has played every round it plans."""
    if event.status == Event.Status.FINISHED:
        return None
    last = Round.objects.filter(event=event).order_by("-number").values_list("number", flat=True)
    following = (last.first() or 0) + 1
    planned = rounds_to_play(event)
    return None if planned is not None and following > planned else following


def check_round(
    event: Event, number: int | None, schedule: list[schedule_model.Round] | None
) -> int | None:
    """``number`` if the event has (or will have) such a round; else a clear refusal."""
    if number is None:
        return None
    last = planned_round_count(event, schedule)
    if number < 1 or number > last:
        raise PrintError(
            _("Round %(number)s does not exist: this event has rounds 1 to %(last)s.")
            % {"number": number, "last": last}
        )
    return number


def seat_for_schedule(game: schedule_model.Table) -> list[tuple[int, int, int]]:
    """(position, side, number) for a schedule table ``((a, b), (c, d))``: partners sit opposite."""
    (a, b), (c, d) = game
    return [(1, 0, a), (2, 1, c), (3, 0, b), (4, 1, d)]


def seating_from_schedule(
    schedule_round: schedule_model.Round, number: int, names: dict[int, str]
) -> RoundSeating:
    tables = tuple(
        TableSeating(
            table=index,
            seats=tuple(
                SeatInfo(position, side, player, names.get(player, ""))
                for position, side, player in seat_for_schedule(game)
            ),
        )
        for index, game in enumerate(schedule_round.tables, start=1)
    )
    out = tuple(
        SeatInfo(0, 0, player, names.get(player, "")) for player in schedule_round.sitting_out
    )
    return RoundSeating(round=number, tables=tables, sitting_out=out)


def seatings_from_db(
    event: Event, numbers: Iterable[int] | None = None, names: Namer = full_name
) -> dict[int, RoundSeating]:
    """Every stored seating (of the given rounds), by round number, in two queries; every
    player named by ``names``."""
    seats = Seat.objects.filter(round__event=event).select_related("player", "game__table", "round")
    if numbers is not None:
        seats = seats.filter(round__number__in=list(numbers))
    by_round: dict[int, dict[int, list[SeatInfo]]] = defaultdict(lambda: defaultdict(list))
    for seat in seats.order_by("round__number", "game__table__number", "position"):
        by_round[seat.round.number][seat.game.table.number].append(
            SeatInfo(seat.position, seat.side, seat.player.number, names(seat.player))
        )
    byes: dict[int, list[SeatInfo]] = defaultdict(list)
    bye_rows = Bye.objects.filter(round__event=event).select_related("player", "round")
    if numbers is not None:
        bye_rows = bye_rows.filter(round__number__in=list(numbers))
    for bye in bye_rows.order_by("player__number", "player__name"):
        byes[bye.round.number].append(SeatInfo(0, 0, bye.player.number, names(bye.player)))
    return {
        number: RoundSeating(
            round=number,
            tables=tuple(
                TableSeating(table, tuple(seats)) for table, seats in sorted(tables.items())
            ),
            sitting_out=tuple(byes.get(number, ())),
        )
        for number, tables in by_round.items()
    }


def all_seatings(
    event: Event, players: list[Player], schedule: list[schedule_model.Round] | None, rounds: int
) -> dict[int, RoundSeating]:
    """Seating of every round 1..rounds known so far: stored, else from the schedule."""
    stored = seatings_from_db(event)
    known: dict[int, RoundSeating] = {}
    for number in range(1, rounds + 1):
        if number in stored:
            known[number] = stored[number]
        elif schedule is not None and number <= len(schedule):
            names = holder_names(event, number)
            known[number] = seating_from_schedule(schedule[number - 1], number, names)
    return known


def seating(event: Event, number: int | None, names: Namer = full_name) -> RoundSeating | None:
    """One round's seating, stored or from the schedule, every player named by ``names``.

    By default the current round; before the first round of an event whose
    schedule is fixed ahead (progressive), round 1 (the schedule fixes it as soon
    as the numbers are drawn).
    """
    if number is None:
        number = current_round(event)
        if number is None:
            if not format_of(event).schedule_ahead:
                return None
            number = 1
    stored = seatings_from_db(event, [number], names)
    if number in stored:
        return stored[number]
    players = entrants(event)
    schedule = schedule_rounds(event, len(players))
    check_round(event, number, schedule)
    if schedule is not None and number <= len(schedule):
        return seating_from_schedule(
            schedule[number - 1], number, holder_names(event, number, names)
        )
    return None


def tables(event: Event) -> list[Table]:
    return list(Table.objects.filter(event=event).order_by("number"))


# Scores ----------------------------------------------------------------------------


def standing_rows(event: Event, through_round: int | None = None) -> list[StandingRow]:
    return standings(event, through_round=through_round)
