"""Every import is checked like a form: an export holding what the pages and services would
refuse is refused whole, naming the row, and nothing is stored.

Each of these was stored on main: a deal past the round's deals or after its time ran out,
deals with gaps, a round open before a closed one, a player seated before joining, a team
naming a player twice, a series rule without what it needs, an inactive director.
"""

import copy
import datetime
import io
import json

import pytest
from django.core.management import call_command
from django.utils import timezone

from tests.factories import substituted_event
from tests.foundation.transfer_helpers import DAMAGED, exported_evening, played, refused
from tests.web.table_helpers import DEAL
from tournaments.models import Club, Event, Game, Round, Series
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.scores.entry_rows import deal_left_problem
from tournaments.transfer import export_event, import_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def exported(director, other_director):
    return exported_evening(director, other_director)


def deal(data, number, status="confirmed", version=1):
    """Deal ``number`` at game 1: a copy of its confirmed deal 1 (820 : 25)."""
    row = copy.deepcopy(data["entries"][1])
    row.update(number=number, version=version, status=status, idempotency_key=None)
    return row


def _later_round(data):
    data["rounds"].append(
        {**data["rounds"][0], "number": 2, "status": "closed", "closed_at": "2025-01-01T20:00:00"}
    )


def _one_team_each(data):
    data["teams"] = [
        {"name": "A", "number": 1, "players": [0, 1]},
        {"name": "B", "number": 2, "players": [0, 2]},
    ]


def _all_on_one_side(data):
    for seat in data["seats"][4:8]:
        seat["side"] = 0


REFUSALS = {
    "a_deal_beyond_the_rounds_deals": (
        lambda d: (
            d["event"].update(round_kind="deals", round_deals=1),
            d["entries"].append(deal(d, 2)),
        ),
        "“entries” 3, “number”: A game of this round has 1 deals only.",
    ),
    "a_gap_in_the_deals": (
        lambda d: d["entries"].append(deal(d, 3)),
        "“entries” 3, “number”: Deal 3 cannot be entered now; the next one is deal 2.",
    ),
    "no_deal_one": (
        lambda d: d.update(entries=[deal(d, 5)], audit=[]),
        "“entries” 1, “number”: Deal 5 cannot be entered now; the next one is deal 1.",
    ),
    "a_waiting_version_after_the_confirmed_one": (
        lambda d: d["entries"].append(deal(d, 1, status="entered", version=3)),
        "“entries” 3, “status”: Deal 1 is confirmed; only the director can change it now.",
    ),
    "a_finished_event_with_an_open_round": (
        lambda d: d["event"].update(status="finished"),
        "“event” 1, “status”: Round 1 is still being played. Close it first, then finish the "
        "event.",
    ),
    "an_open_round_before_a_closed_one": (
        _later_round,
        "“rounds” 1, “status”: Round 1 is still being played. Close it before starting the next.",
    ),
    "a_running_and_a_paused_clock": (
        lambda d: d["rounds"][0].update(
            clock_ends_at="2025-01-01T20:00:00+00:00", clock_paused_remaining=60
        ),
        "“rounds” 1, “clock_paused_remaining”: a round clock that runs keeps no seconds left",
    ),
    "a_seat_and_a_bye_in_one_round": (
        lambda d: d["byes"].append({"round": 1, "player": 0, "points": 0}),
        "“byes” 2, “player”: the player has a seat at a table in round 1 too",
    ),
    "withdrawn_before_joining": (
        lambda d: d["players"][8].update(withdrawn_from_round=2, joined_round=3),
        "“players” 9, “withdrawn_from_round”: the player withdraws from round 2 but joined in "
        "round 3",
    ),
    "seated_before_joining": (
        lambda d: d["players"][0].update(joined_round=2),
        "“seats” 1, “player”: the player does not play in round 1: they joined in round 2",
    ),
    "seated_after_withdrawing": (
        lambda d: d["players"][0].update(withdrawn_from_round=1),
        "“seats” 1, “player”: the player does not play in round 1: they withdrew from round 1",
    ),
    "a_bye_after_withdrawing": (
        lambda d: d["players"][8].update(withdrawn_from_round=1),
        "“byes” 1, “player”: the player does not play in round 1: they withdrew from round 1",
    ),
    "a_team_naming_a_player_twice": (
        lambda d: d.update(teams=[{"name": "A", "number": 1, "players": [0, 0]}]),
        "“teams” 1, “players”: it names a player twice",
    ),
    "a_player_in_two_teams": (
        _one_team_each,
        "“teams” 2, “players”: “players” 1 is in “teams” 1 too; a player plays in one team",
    ),
    "all_seats_on_one_side": (
        _all_on_one_side,
        "“games” 2 seats its players on sides 0; Meld seats a game's players on sides 0 and 1",
    ),
    "odd_tables_the_format_does_not_offer": (
        lambda d: d["event"].update(format="swiss", odd_tables="five"),
        "“event” 1, “odd_tables”: the format “Swiss system” does not offer it; Meld writes the "
        "text “” there",
    ),
}


@pytest.mark.parametrize("damage", REFUSALS, ids=list(REFUSALS))
def test_an_export_the_pages_would_refuse_is_refused_whole(exported, damage):
    spoil, problem = REFUSALS[damage]
    spoil(exported)
    message = refused(exported)
    assert message.startswith(DAMAGED), message
    assert problem in message, message


def test_rheinisch_with_partnerships_is_refused_whatever_the_status(exported):
    exported["event"]["profile"]["rheinisch"] = True
    exported["event"]["status"] = "running"
    message = refused(exported)
    assert message.startswith("The export's rule profile is not valid here: Rheinisch going out")


# --- a timed round's clock ------------------------------------------------------------


def _timed(director, other_director) -> Event:
    """The evening with 30-minute rounds, whose time ran out before deal 1 was entered."""
    event = played(director, other_director)
    Event.objects.filter(pk=event.pk).update(round_kind="time", round_minutes=30)
    Round.objects.filter(event=event).update(
        clock_ends_at=timezone.now() - datetime.timedelta(minutes=5)
    )
    return Event.objects.get(pk=event.pk)


def _table_one(event: Event) -> Game:
    return Game.objects.select_related("round__event").get(round__event=event, table__number=1)


def test_a_timed_rounds_end_travels_so_no_deal_is_added_after_its_last(director, other_director):
    event = _timed(director, other_director)
    game = _table_one(event)
    assert deal_left_problem(game, 3)  # time is up: deal 1 was the last one
    again = _table_one(import_event(json.loads(json.dumps(export_event(event)))))
    assert again.round.clock_ends_at == game.round.clock_ends_at
    assert deal_left_problem(again, 3) == deal_left_problem(game, 3)


def test_a_deal_after_the_last_one_when_time_ran_out_is_refused(director, other_director):
    data = json.loads(json.dumps(export_event(_timed(director, other_director))))
    data["entries"].append(deal(data, 2))
    message = refused(data)
    assert message.startswith(DAMAGED), message
    assert "“entries” 3, “number”: Time is up: deal 1 was the last one of this round" in message


def test_a_version_5_export_without_the_clock_still_imports(exported):
    exported["version"] = 5
    for row in exported["rounds"]:
        del row["clock_ends_at"], row["clock_paused_remaining"]
    copy_ = import_event(exported)
    assert copy_.rounds.get().clock_ends_at is None


def test_an_event_reopened_for_corrections_comes_back_reopened(director, other_director):
    event = played(director, other_director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING, reopened=True)
    data = json.loads(json.dumps(export_event(Event.objects.get(pk=event.pk))))
    assert data["event"]["reopened"] is True
    assert import_event(data).reopened
    data["event"]["status"] = "finished"
    assert "“event” 1, “reopened”: only an event that runs again was reopened" in refused(data)
    data["version"], data["event"]["status"] = 5, "running"
    del data["event"]["reopened"]
    assert not import_event(data).reopened


def test_a_version_6_export_without_the_clock_is_damaged(exported):
    del exported["rounds"][0]["clock_ends_at"]
    assert "“rounds” 1, “clock_ends_at”: it is missing" in refused(exported)


# --- what the services reach themselves imports ---------------------------------------


def test_a_deal_confirmed_before_the_one_that_ended_the_game_still_imports(
    director, other_director
):
    """Deal 8 confirmed while deal 7 waited, then deal 7 ends the game: deal 8 stays confirmed
    and does not count (the card game counts to the end). A director's correction that ends
    a game earlier leaves such deals too, so an export holding them is not refused."""
    event = played(director, other_director)
    Event.objects.filter(pk=event.pk).update(status="running")
    game = _table_one(event)
    waiting = {n: submit_entry(game, n, DEAL, user=director) for n in range(2, 9)}
    for number in (8, *range(2, 8)):
        confirm_entry(waiting[number], user=director)
    game.refresh_from_db()
    assert game.finished
    copy_ = import_event(json.loads(json.dumps(export_event(Event.objects.get(pk=event.pk)))))
    again = _table_one(copy_)
    assert (again.finished, again.score_0, again.score_1) == (True, game.score_0, game.score_1)


def test_an_evening_with_a_substitute_comes_back(director):
    """The substitute holds the number of the player they replace: it came in with that
    number before it replaced anyone, and the import ended in an IntegrityError."""
    event = substituted_event(director)
    copy_ = import_event(json.loads(json.dumps(export_event(event))))
    taken = [
        (p.name, p.number, p.substitute_for.name if p.substitute_for else None)
        for p in copy_.players.select_related("substitute_for").order_by("number", "pk")
    ]
    assert taken == [
        (p.name, p.number, p.substitute_for.name if p.substitute_for else None)
        for p in event.players.select_related("substitute_for").order_by("number", "pk")
    ]
    assert copy_.players.filter(substitute_for__isnull=False).count() == 1


def test_every_evening_of_the_demo_comes_back(director):
    call_command("load_demo", stdout=io.StringIO())
    events = list(Event.objects.order_by("pk"))
    for event in events:
        copy_ = import_event(json.loads(json.dumps(export_event(event))), owner=director)
        assert copy_.rounds.count() == event.rounds.count()


# --- the club's series ----------------------------------------------------------------


def _club_export(director, other_director, **series):
    wien = Club.objects.create(name="CC Wien")
    wien.directors.add(director)
    event = played(director, other_director)
    Event.objects.filter(pk=event.pk).update(club=wien)
    data = json.loads(json.dumps(export_event(Event.objects.get(pk=event.pk))))
    data["series"] = [
        {"name": "Cup", "placing_points": [], "best_of": None, "minimum_evenings": None, **series}
    ]
    return data


@pytest.mark.parametrize(
    ("series", "problem"),
    [
        ({"rule": "best"}, "“series” 1, “best_of”: Say how many of the best evenings count."),
        (
            {"rule": "placing"},
            "“series” 1, “placing_points”: Give the points for first place at least.",
        ),
        (
            {"rule": "average"},
            "“series” 1, “minimum_evenings”: Say how many evenings a member must play.",
        ),
    ],
    ids=["best", "placing", "average"],
)
def test_a_new_series_is_saved_as_the_series_page_saves_it(
    director, other_director, series, problem
):
    data = _club_export(director, other_director, **series)
    for club in (None, "CC Neu"):  # the event's club, and a club this server does not have
        if club:
            data["event"]["club"] = club
        message = refused(data)
        assert message.startswith(DAMAGED) and problem in message, message


def test_a_new_series_keeps_only_its_rules_fields(director, other_director):
    data = _club_export(director, other_director, rule="best", best_of=3, minimum_evenings=2)
    import_event(data)
    assert Series.objects.values_list("best_of", "minimum_evenings").get(name="Cup") == (3, None)


# --- the directors --------------------------------------------------------------------


def test_the_owner_is_not_made_a_co_director(exported, other_director):
    event = import_event(exported, owner=other_director)
    assert not event.co_directors.filter(pk=other_director.pk).exists()


def test_an_inactive_user_is_not_made_a_co_director(exported, other_director):
    other_director.is_active = False
    other_director.save()
    event = import_event(exported)
    assert not event.co_directors.exists()


def test_an_inactive_user_is_not_made_the_director(exported, director, other_director):
    director.is_active = False
    director.save()
    message = "The event's director “director” has no active account here: name an owner."
    assert refused(exported) == message
    assert import_event(exported, owner=other_director).owner == other_director
