"""Every write step records a change on the feed (``tournaments.kernel.feed``), in the
narrowest scope that is true: a game when it concerns one game, a round when it concerns
a round, the whole event otherwise.

The steps are found, not listed by hand: every function of ``tournaments/services`` (and of
the import, ``tournaments/transfer``) that opens a transaction (``transaction.atomic``, as a
decorator or a ``with``). Each runs here in a small evening of its own, and the feed must
have grown by a change of its event in its scope. A step whose writes no screen follows is exempt with its reason, and a helper
that writes only inside its callers' transaction is named with the steps that call it.
"""

import ast
import datetime
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.utils import timezone

from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import finish
from tests.web.table_helpers import DEAL, canasta_game, seat_of
from tournaments.kernel.profiles import event_profile
from tournaments.models import Change, Club, Entry, Event, Game, Member, Player, Round
from tournaments.services.club import members
from tournaments.services.member_data.erase import erase_member
from tournaments.services.rounds import clock, steps
from tournaments.services.scores import auto_confirm, calls, entries
from tournaments.services.setup import draw, events, player_changes, players
from tournaments.transfer import export_event, import_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

APP = Path(__file__).resolve().parents[2] / "tournaments"
# Where the write steps are, by the prefix of their names: the services, and the import.
WRITERS = {"": APP / "services", "transfer.": APP / "transfer"}


# --- finding the write steps ------------------------------------------------------------


def _is_atomic(node: ast.AST) -> bool:
    """``transaction.atomic`` or ``transaction.atomic(...)``."""
    if isinstance(node, ast.Call):
        node = node.func
    return isinstance(node, ast.Attribute) and node.attr == "atomic"


def _opens_a_transaction(function: ast.FunctionDef) -> bool:
    if any(_is_atomic(decorator) for decorator in function.decorator_list):
        return True
    return any(
        isinstance(node, ast.With) and any(_is_atomic(item.context_expr) for item in node.items)
        for node in ast.walk(function)
    )


def write_steps() -> set[str]:
    """``package.module.function`` (below ``tournaments.services``, or ``transfer.…``) of
    every function that opens a transaction."""
    found = set()
    for prefix, root in WRITERS.items():
        for path in sorted(root.rglob("*.py")):
            module = prefix + ".".join(path.relative_to(root).with_suffix("").parts)
            module = module.removesuffix(".__init__")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef) and _opens_a_transaction(node):
                    found.add(f"{module}.{node.name}")
    return found


# --- the evenings the steps run in -------------------------------------------------------


@dataclass
class Step:
    """The step, ready to run on what its evening holds, and where its change must land,
    asked once it has run: its event, and its round or game where it has one."""

    run: Callable[[], object]
    where: Callable[[], tuple[Event, Round | None, Game | None]]


def _in_game(game: Game, run: Callable[[], object]) -> Step:
    return Step(run, lambda: (game.round.event, game.round, game))


def _in_round(rnd: Round, run: Callable[[], object]) -> Step:
    return Step(run, lambda: (rnd.event, rnd, None))


def _in_event(event: Event, run: Callable[[], object]) -> Step:
    return Step(run, lambda: (event, None, None))


def _entered(director, **fields) -> tuple[Game, Entry]:
    game = canasta_game(director, **fields)
    return game, entries.submit_entry(game, 1, DEAL, seat=seat_of(game, 1))


def submit(director) -> Step:
    game = canasta_game(director)
    return _in_game(game, lambda: entries.submit_entry(game, 1, DEAL, seat=seat_of(game, 1)))


def confirm(director) -> Step:
    game, entry = _entered(director)
    return _in_game(game, lambda: entries.confirm_entry(entry, seat=seat_of(game, 2)))


def dispute(director) -> Step:
    game, entry = _entered(director)
    reason = "We had 120."
    return _in_game(
        game, lambda: entries.dispute_entry(entry, seat=seat_of(game, 2), reason=reason)
    )


def correct(director) -> Step:
    game = canasta_game(director)
    reason = "Off the sheet."
    return _in_game(
        game, lambda: entries.correct_entry(game, 1, DEAL, user=director, reason=reason)
    )


def settle(director) -> Step:
    game, entry = _entered(director)
    entries.dispute_entry(entry, seat=seat_of(game, 2), reason="We had 120.")
    reason = "The sheet says so."
    return _in_game(
        game, lambda: entries.settle_dispute(entry, user=director, accept=True, reason=reason)
    )


def confirm_due(director) -> Step:
    game, entry = _entered(director, auto_confirm_minutes=5)
    an_hour_ago = timezone.now() - datetime.timedelta(hours=1)
    Entry.objects.filter(pk=entry.pk).update(created_at=an_hour_ago)
    return _in_game(game, lambda: auto_confirm.confirm_due_in_round(game.round))


def call(director) -> Step:
    game = canasta_game(director)
    return _in_game(game, lambda: calls.call_director(game.table, game.round, reason="Help"))


def acknowledge(director) -> Step:
    game = canasta_game(director)
    waiting = calls.call_director(game.table, game.round)
    return _in_game(game, lambda: calls.acknowledge_call(waiting, user=director))


def _clock(director, started: bool = False) -> Round:
    rnd = canasta_game(director, round_minutes=30).round
    return clock.start_clock(rnd, user=director) if started else rnd


def start_clock(director) -> Step:
    rnd = _clock(director)
    return _in_round(rnd, lambda: clock.start_clock(rnd, user=director))


def pause_clock(director) -> Step:
    rnd = _clock(director, started=True)
    return _in_round(rnd, lambda: clock.pause_clock(rnd, user=director))


def end_time(director) -> Step:
    rnd = _clock(director)
    return _in_round(rnd, lambda: clock.end_time(rnd, user=director))


def extend_clock(director) -> Step:
    rnd = _clock(director, started=True)
    return _in_round(rnd, lambda: clock.extend_clock(rnd, user=director, minutes=5))


def _ready(director, **fields) -> Event:
    """Eight players with their numbers, and tables for them: round 1 may start."""
    event = make_event(director, players=8, draw_seed="feed", **fields)
    make_tables(event, 4)
    return event


def start_round(director) -> Step:
    event = _ready(director)
    return Step(
        lambda: steps.start_round(event, user=director), lambda: (event, event.rounds.get(), None)
    )


def close_round(director) -> Step:
    event = _ready(director)
    rnd = steps.start_round(event, user=director)
    finish(rnd)
    return _in_round(rnd, lambda: steps.close_round(rnd, user=director))


def force_close(director) -> Step:
    event = _ready(director)
    rnd = steps.start_round(event, user=director)
    reason = "The hall closes."
    return _in_round(rnd, lambda: steps.force_close_round(rnd, user=director, reason=reason))


def end_game(director) -> Step:
    game = canasta_game(director, round_kind=Event.RoundKind.TIME, round_minutes=30)
    return _in_game(game, lambda: steps.end_game(game, user=director, reason="Time."))


def create_event(director) -> Step:
    def run() -> None:
        events.create_event(
            director,
            name="Tuesday",
            date=datetime.date(2026, 12, 1),
            card_game="canasta",
            profile_slug="wiener",
        )

    return Step(run, lambda: (Event.objects.get(name="Tuesday"), None, None))


def update_details(director) -> Step:
    event = make_event(director)
    return _in_event(event, lambda: events.update_details(event, name="Tuesday's evening"))


def choose_preset(director) -> Step:
    event = make_event(director, players=0)
    return _in_event(
        event, lambda: events.choose_preset(event, card_game="gin", profile_slug="american")
    )


def save_profile(director) -> Step:
    event = make_event(director, players=0)
    return _in_event(event, lambda: events.save_profile(event, event_profile(event)))


def set_round(director) -> Step:
    event = make_event(director, players=0)
    kind = Event.RoundKind.DEALS
    return _in_event(
        event,
        lambda: events.set_round(event, round_kind=kind, round_deals=4, round_minutes=None),
    )


def set_format(director) -> Step:
    event = make_event(director)
    return _in_event(
        event,
        lambda: events.set_format(
            event,
            format="progressive",
            balanced_schedule=False,
            fixed_partners=False,
            planned_rounds=None,
        ),
    )


def set_scoring(director) -> Step:
    event = make_event(director)
    mode = event.scoring_mode
    return _in_event(event, lambda: events.set_scoring(event, scoring_mode=mode, bye_score=0))


def finish_event(director) -> Step:
    event = make_event(director, status=Event.Status.RUNNING)
    return _in_event(event, lambda: events.finish_event(event, director))


def reopen_event(director) -> Step:
    event = make_event(director, status=Event.Status.FINISHED)
    return _in_event(event, lambda: events.reopen_event(event, director, "A deal was wrong."))


def add_co_director(director, other_director) -> Step:
    event = make_event(director)
    name = other_director.username
    return _in_event(event, lambda: events.add_co_director(event, director, name))


def remove_co_director(director, other_director) -> Step:
    event = make_event(director)
    event.co_directors.add(other_director)
    return _in_event(event, lambda: events.remove_co_director(event, director, other_director.pk))


def _club(director) -> Club:
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return club


def choose_member(director) -> Step:
    club = _club(director)
    event = make_event(director, players=0, club=club)
    anna = Member.objects.create(club=club, name="Anna Berger")
    player = Player.objects.create(event=event, name="Anna Berger", member_undecided=True)
    return _in_event(event, lambda: players.choose_member(event, player, anna.pk))


def add_players(director) -> Step:
    event = make_event(director)
    return _in_event(event, lambda: players.add_players(event, [Player(name="Dora Neu")]))


def update_player(director) -> Step:
    event = make_event(director)
    player = event.players.get(number=1)
    return _in_event(
        event,
        lambda: players.update_player(event, player, name="Anna Berger", gender="", club=""),
    )


def remove_player(director) -> Step:
    event = make_event(director)
    player = event.players.get(number=1)
    return _in_event(event, lambda: players.remove_player(event, player))


def _swiss_started(director) -> Event:
    event = _ready(director, card_game="gin", fmt="swiss", profile_slug="american")
    steps.start_round(event, user=director)
    return event


def late_entry(director) -> Step:
    event = _swiss_started(director)
    return _in_event(
        event, lambda: player_changes.late_entry(event, name="Dora Neu", user=director)
    )


def withdraw(director) -> Step:
    event = _swiss_started(director)
    player = event.players.get(number=1)
    return _in_event(event, lambda: player_changes.withdraw(event, player, user=director))


def substitute(director) -> Step:
    event = _swiss_started(director)
    player = event.players.get(number=1)
    return _in_event(
        event,
        lambda: player_changes.substitute(event, player, name="Eva Kern", user=director),
    )


def form_teams(director) -> Step:
    event = make_event(director, fmt="roundrobin", fixed_partners=True)
    return _in_event(event, lambda: draw.form_teams(event, draw.teams_in_list_order(event)))


def draw_numbers(director) -> Step:
    event = make_event(director)
    return _in_event(event, lambda: draw.draw_numbers(event, seed="feed", user=director))


def set_numbers(director) -> Step:
    event = make_event(director)
    numbers = {player.pk: player.number for player in event.players.all()}
    return _in_event(event, lambda: draw.set_numbers(event, numbers, user=director))


def _linked(director) -> tuple[Club, Event, Member]:
    """A club's evening under way where Anna Berger plays, linked to her member."""
    club = _club(director)
    event = make_event(director, players=0, club=club, status=Event.Status.RUNNING)
    anna = Member.objects.create(club=club, name="Anna Berger")
    Player.objects.create(event=event, name="Anna Berger", member=anna, number=1)
    return club, event, anna


def save_member(director) -> Step:
    club, event, anna = _linked(director)
    hidden = Member.PublicName.HIDDEN
    return _in_event(
        event,
        lambda: members.save_member(club, anna, name="Anna Berger", public_name=hidden),
    )


def build_from_events(director) -> Step:
    club = _club(director)
    event = make_event(director, players=0, club=club, status=Event.Status.RUNNING)
    Member.objects.create(club=club, name="Anna Berger", public_name=Member.PublicName.INITIALS)
    Player.objects.create(event=event, name="Anna Berger", number=1)
    return _in_event(event, lambda: members.build_from_events(director, club))


def merge_members(director) -> Step:
    club, event, anna = _linked(director)
    twin = Member.objects.create(club=club, name="Anna Berger", public_name="hidden")
    return _in_event(event, lambda: members.merge_members(anna, twin))


def erase(director) -> Step:
    club, event, anna = _linked(director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    return _in_event(event, lambda: erase_member(anna, director))


def import_an_event(director) -> Step:
    data = export_event(make_event(director))
    return Step(
        lambda: import_event(data, owner=director),
        lambda: (Event.objects.latest("pk"), None, None),
    )


SCENARIOS: dict[str, Callable[..., Step]] = {
    "scores.entries.submit_entry": submit,
    "scores.entries.confirm_entry": confirm,
    "scores.entries.dispute_entry": dispute,
    "scores.entries.correct_entry": correct,
    "scores.entries.settle_dispute": settle,
    "scores.entry_rows.store_due": confirm_due,
    "scores.calls.call_director": call,
    "scores.calls.acknowledge_call": acknowledge,
    "rounds.clock.start_clock": start_clock,
    "rounds.clock.pause_clock": pause_clock,
    "rounds.clock.end_time": end_time,
    "rounds.clock.extend_clock": extend_clock,
    "rounds.steps.start_round": start_round,
    "rounds.steps.close_round": close_round,
    "rounds.steps.force_close_round": force_close,
    "rounds.steps.end_game": end_game,
    "setup.events.create_event": create_event,
    "setup.events.update_details": update_details,
    "setup.events.choose_preset": choose_preset,
    "setup.events.save_profile": save_profile,
    "setup.events.set_round": set_round,
    "setup.events.set_format": set_format,
    "setup.events.set_scoring": set_scoring,
    "setup.events.finish_event": finish_event,
    "setup.events.reopen_event": reopen_event,
    "setup.directors.add_co_director": add_co_director,
    "setup.directors.remove_co_director": remove_co_director,
    "setup.players.choose_member": choose_member,
    "setup.players.add_players": add_players,
    "setup.players.update_player": update_player,
    "setup.players.remove_player": remove_player,
    "setup.player_changes.late_entry": late_entry,
    "setup.player_changes.withdraw": withdraw,
    "setup.player_changes.substitute": substitute,
    "setup.draw.form_teams": form_teams,
    "setup.draw.draw_numbers": draw_numbers,
    "setup.draw.set_numbers": set_numbers,
    "club.members.save_member": save_member,
    "club.members.build_from_events": build_from_events,
    "club.members.merge_members": merge_members,
    "member_data.erase.erase_member": erase,
    "transfer.import_event": import_an_event,
}

# Steps whose writes no screen that follows the feed shows.
EXEMPT = {
    "club.members.import_members": "new members of the register, linked to no player yet",
    "club.members.keep_apart": "the register's merge suggestions: the register page only",
    "club.public_page.set_public_page": "the club's public page, which does not poll",
    "club.series.save_series": "the club's series pages, which do not poll",
    "ratings.refresh.evening_finished": "the club's rating lists, on pages that do not poll",
    "ratings.refresh.recompute_club": "the club's rating lists, on pages that do not poll",
    "mail.addresses.set_address": "a member's mail address: the register and their own page",
    "mail.addresses.ask_again": "a member's mail address: the register and their own page",
    "mail.addresses.confirm": "a member's consent: the register and their own page",
    "mail.addresses.unsubscribe": "a member's consent: the register and their own page",
    "mail.addresses.send_data_link": "a mail queued: the outbox, which no live screen shows",
    "outbox.claims.mark_sent": "the mail queue, which no page shows",
    "outbox.claims.mark_failed": "the mail queue, which no page shows",
    "outbox.claims.mark_cancelled": "the mail queue, which no page shows",
}

# Helpers that write only inside the transaction of the steps that call them, which record.
INSIDE = {
    "scores.entry_rows.create_entry": "submit_entry, correct_entry, settle_dispute",
    "scores.results.refresh_game": "the steps that confirm, correct or end a game; the import",
    "scores.calls.table_call": "call_director, dispute_entry",
    "setup.draw.ensure_tables": "draw_numbers, set_numbers, late_entry",
}


def test_every_write_step_runs_here_or_says_why_not():
    found = write_steps()
    known = set(SCENARIOS) | set(EXEMPT) | set(INSIDE)
    missing = sorted(found - known)
    assert not missing, (
        f"{', '.join(missing)}: a new write step must join this test and record a change "
        "(or be exempt here, with the reason no screen shows what it writes)"
    )
    gone = sorted(known - found)
    assert not gone, f"{', '.join(gone)}: no longer a write step; take it out of this test"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_write_step_records_a_change_in_its_scope(name, request):
    scenario = SCENARIOS[name]
    code = scenario.__code__
    fixtures = {arg: request.getfixturevalue(arg) for arg in code.co_varnames[: code.co_argcount]}
    step = scenario(**fixtures)
    before = Change.objects.order_by("-pk").values_list("pk", flat=True).first() or 0

    step.run()

    event, rnd, game = step.where()
    recorded = set(Change.objects.filter(pk__gt=before, event=event).values_list("round", "game"))
    scope = (rnd.pk if rnd is not None else None, game.pk if game is not None else None)
    assert scope in recorded, f"{name} recorded no change in {scope} (round, game): {recorded}"
