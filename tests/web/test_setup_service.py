"""services/setup/events.py: creating an event, the steps, the lock, the checklist, tables and rounds."""

import dataclasses
import datetime
from types import SimpleNamespace

import pytest
from django.utils import translation

from meldcore.messages import DomainError, Problem
from pairings import schedules
from scoring.profiles import CANASTA_PROFILES
from tests.factories import make_event
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.profiles import event_profile
from tournaments.models import AuditEntry, Club, Event, Round, Table
from tournaments.services.rounds.steps import force_close_round, start_round
from tournaments.services.setup import events as setup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def new_event(owner, **fields):
    values = {
        "name": " Friday ",
        "date": datetime.date(2026, 11, 20),
        "card_game": "canasta",
        "profile_slug": "wiener",
        **fields,
    }
    return setup.create_event(owner, **values)


def test_a_new_event_copies_the_preset(director):
    event = new_event(director, profile_slug="classic-3pack")
    assert event.name == "Friday" and event.status == Event.Status.SETUP
    assert event_profile(event) == CANASTA_PROFILES["classic-3pack"]
    assert event.profile["packs"] == 3


def test_an_unknown_preset_is_refused(director):
    with pytest.raises(ServiceError) as info:
        new_event(director, profile_slug="nope")
    assert "preset" in info.value.field_errors


def test_only_the_directors_own_club_can_be_chosen(director, other_director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(other_director)
    with pytest.raises(ServiceError):
        new_event(director, club=club)
    club.directors.add(director)
    assert new_event(director, club=club).club == club


def test_edited_rules_are_read_back_by_event_profile(director):
    event = new_event(director)
    edited = dataclasses.replace(
        event_profile(event), target=3000, minimum_meld_bands=((0, 50), (900, 90))
    )
    setup.save_profile(event, edited)
    event.refresh_from_db()
    assert event_profile(event) == edited


def test_choosing_a_gin_preset_switches_the_game_and_the_scoring(director):
    event = new_event(director)
    setup.choose_preset(event, card_game="gin", profile_slug="wiener")
    assert event.card_game == "gin" and event.scoring_mode == Event.ScoringMode.NET
    assert event.profile["knock_limit"] == 10


def test_the_setup_locks_when_round_one_starts(director):
    event = make_event(director, players=8)
    assert not setup.setup_locked(event)
    Round.objects.create(event=event, number=1)
    assert setup.setup_locked(event)
    with pytest.raises(ServiceError, match="Round 1 has started"):
        setup.set_scoring(event, scoring_mode="net", bye_score=0)
    with pytest.raises(ServiceError):
        setup.set_round(event, round_kind="game", round_deals=None, round_minutes=None)
    with pytest.raises(ServiceError):
        setup.choose_preset(event, card_game="canasta", profile_slug="house")


def test_a_running_event_is_locked_even_without_rounds(director):
    event = make_event(director, players=8, status=Event.Status.RUNNING)
    assert setup.setup_locked(event)


def test_a_timed_round_needs_minutes(director):
    event = make_event(director, players=0)
    with pytest.raises(ServiceError) as info:
        setup.set_round(event, round_kind="time", round_deals=None, round_minutes=None)
    assert info.value.field_errors == {"round_minutes": ["Enter how many minutes a round lasts."]}


def test_swiss_rounds_default_to_log2_of_the_field(director):
    event = make_event(director, players=12, card_game="gin", fmt="swiss")
    assert setup.rounds_to_play(event) == 4
    setup.set_format(
        event, format="swiss", balanced_schedule=False, fixed_partners=True, planned_rounds=None
    )
    assert setup.rounds_to_play(event) == 3  # six teams
    setup.set_format(
        event, format="swiss", balanced_schedule=False, fixed_partners=False, planned_rounds=6
    )
    assert setup.rounds_to_play(event) == 6


def test_winner_moves_up_plays_four_rounds_and_round_robin_everyone(director):
    event = make_event(director, players=8, fmt="moveup")
    assert setup.rounds_to_play(event) == 4
    event.format = "roundrobin"
    assert setup.rounds_to_play(event) == 7
    event.players.first().delete()
    assert setup.rounds_to_play(event) == 7  # 7 players: 7 rounds, one bye each


def test_leaving_fixed_partners_drops_the_teams(director):
    event = make_event(director, players=4, fmt="swiss", fixed_partners=True)
    team = event.teams.create(name="A & B")
    team.players.set(event.players.all()[:2])
    setup.set_format(
        event,
        format="progressive",
        balanced_schedule=False,
        fixed_partners=False,
        planned_rounds=None,
    )
    assert not event.teams.exists()


@pytest.mark.parametrize(
    ("fmt", "players", "fixed", "tables"),
    [
        ("progressive", 12, False, 3),
        ("progressive", 5, False, 2),
        ("moveup", 16, False, 4),
        ("swiss", 9, False, 5),
        ("roundrobin", 6, False, 3),
        ("swiss", 12, True, 3),
        ("moveup", 8, True, 2),
    ],
)
def test_tables_needed_per_format(director, fmt, players, fixed, tables):
    event = make_event(director, players=players, fmt=fmt, fixed_partners=fixed)
    expected = tables
    if fmt == "progressive" and players == 5:
        preview = setup.schedule_preview(5)
        expected = preview.tables if preview and preview.tables else 2
    assert setup.tables_needed(event) == expected


def test_format_problems_explain_what_does_not_fit(director):
    assert setup.format_problems(make_event(director, players=3)) == [
        "Progressive play needs at least 4 players; 3 entered."
    ]
    assert "8, 12, 16" in setup.format_problems(make_event(director, players=10, fmt="moveup"))[0]
    assert (
        "even number"
        in setup.format_problems(make_event(director, players=5, fmt="swiss", fixed_partners=True))[
            0
        ]
    )
    assert setup.format_problems(make_event(director, players=5, fmt="swiss")) == []


def test_mixed_pairs_need_genders_and_equal_counts(director):
    event = make_event(director, players=4, fmt="mixed")
    problems = setup.format_problems(event)
    assert problems[0] == "Mixed pairs: give every player's gender (lady or gentleman)."
    event.players.update(gender="f")
    assert "4 ladies, 0 gentlemen" in setup.format_problems(event)[0]


def test_the_checklist_is_complete_when_numbers_and_tables_are_there(director):
    event = make_event(director, players=8)
    missing = [c.label for c in setup.checklist(event) if not c.done]
    assert missing == ["Tables"]
    Table.objects.bulk_create([Table(event=event, number=k) for k in (1, 2)])
    assert all(c.done for c in setup.checklist(event))


def test_the_checklist_notices_numbers_that_no_longer_fit(director):
    event = make_event(director, players=8)
    event.players.get(number=4).delete()
    assert setup.numbers_problem(event) == "The numbers do not run from 1 to 7: draw again."


def test_finishing_records_an_audit_entry(director):
    event = make_event(director, players=4)
    setup.finish_event(event, director)
    assert event.status == Event.Status.FINISHED
    assert AuditEntry.objects.filter(event=event, new={"status": "finished"}).exists()
    with pytest.raises(ServiceError, match="finished"):
        setup.finish_event(event, director)
    with pytest.raises(ServiceError, match="finished"):
        setup.update_details(event, name="x")


def test_the_owner_cannot_be_added_as_co_director(director):
    event = make_event(director, players=0)
    with pytest.raises(ServiceError) as info:
        setup.add_co_director(event, director, "director")
    assert info.value.field_errors == {"username": ["director already directs this event."]}


def test_schedule_preview_describes_the_schedule():
    preview = setup.schedule_preview(12)
    assert preview.rounds == 11 and preview.tables == 3 and preview.balanced is False
    balanced = setup.schedule_preview(12, balanced=True)
    assert balanced.balanced is True


def test_round_summary_speaks_plainly(director):
    event = make_event(director, players=0)
    assert setup.round_summary(event) == "A full game to 5,000 points"
    event.round_kind, event.round_deals = "deals", 4
    assert setup.round_summary(event) == "4 deals"
    event.card_game = "gin"
    assert setup.round_summary(event) == "4 hands"


def test_schedule_preview_reads_rounds_tables_and_the_engines_verdict(monkeypatch):
    def progressive_schedule(n, mixed=False, balanced=False):
        if n == 6:
            raise DomainError([Problem("No schedule for %(n)d players.", {"n": n})])
        table = ((1, 2), (3, 4))
        return SimpleNamespace(rounds=[SimpleNamespace(tables=[table, table], sitting_out=())] * 7)

    def check_schedule(schedule):
        return SimpleNamespace(
            balanced=False, problems=[Problem("Pair %(pair)s meets 4 times.", {"pair": "1-2"})]
        )

    monkeypatch.setattr(schedules, "progressive_schedule", progressive_schedule)
    monkeypatch.setattr(schedules, "check_schedule", check_schedule)
    preview = setup.schedule_preview(8)
    assert (preview.rounds, preview.tables, preview.balanced) == (7, 2, False)
    assert preview.notes == ["Pair 1-2 meets 4 times."]
    assert setup.schedule_preview(6).error == "No schedule for 6 players."


def test_progressive_rounds_come_from_the_schedule(director):
    assert setup.rounds_to_play(make_event(director, players=12)) == 11
    mixed = make_event(director, players=12, fmt="mixed")
    mixed.players.filter(number__in=range(2, 13, 2)).update(gender="f")
    mixed.players.filter(number__in=range(1, 13, 2)).update(gender="m")
    assert setup.rounds_to_play(mixed) == 6
    assert setup.format_problems(mixed) == []


def test_a_size_without_schedule_is_explained_in_the_directors_language(director):
    too_many = "Meld has progressive schedules for 4 to 48 players, not 50."
    assert setup.schedule_preview(50).error == too_many
    assert setup.schedule_preview(10, mixed=True).error == (
        "There is no mixed-pairs schedule for 10 players: the published plans have "
        "mixed-pairs rounds for 8 and 12 players only."
    )
    event = make_event(director, players=50)
    assert setup.format_problems(event) == [too_many]
    with translation.override("de"):
        assert setup.schedule_preview(50).error == (
            "Meld hat progressive Spielpläne für 4 bis 48 Spieler, nicht für 50."
        )


def test_the_published_twelve_is_summarised_plainly():
    preview = setup.schedule_preview(12)
    assert preview.summary == [
        "Everyone meets everyone else twice as an opponent, except 43 pairs who meet once, "
        "three times or 4 times."
    ]
    assert (
        "As opponents: 24 pairs once, 23 pairs twice, 14 pairs three times, 5 pairs 4 times."
        in (preview.figures)
    )
    assert len(preview.notes) > 10
    assert setup.schedule_preview(12, balanced=True).summary == []


def test_sizes_that_cannot_be_balanced_say_what_it_means_for_the_players():
    # 10 players, 10 rounds of 2 tables: 80 opponent meetings where 45 pairs x 2 = 90.
    ten = setup.schedule_preview(10)
    assert ten.summary == [
        "Everyone partners everyone else once, except 5 pairs who never partner.",
        "Everyone meets everyone else twice as an opponent, except 10 pairs who meet once.",
        "No schedule for 10 players can do better.",
    ]
    assert ten.figures == [
        "As partners: 40 pairs once, 5 pairs never.",
        "As opponents: 35 pairs twice, 10 pairs once.",
        "The opponent meetings are 10 away from twice per pair in all; the least any schedule "
        "with these tables can have is 10.",
    ]
    # 14 players: 14 x 3 tables x 4 = 168 meetings against 182; the annealed one is 44 off.
    fourteen = setup.schedule_preview(14)
    assert (
        "Everyone meets everyone else twice as an opponent, except 42 pairs who meet never, "
        "once or three times."
    ) in fourteen.summary
    assert not any("better" in line or "away from" in line for line in fourteen.summary)
    assert any("44 away from twice per pair" in line for line in fourteen.figures)


def test_the_plain_words_read_as_german_too():
    with translation.override("de"):
        preview = setup.schedule_preview(14)
    assert (
        "Jeder trifft jeden anderen zweimal als Gegner, außer 42 Paaren, die sich nie, einmal "
        "oder dreimal treffen."
    ) in preview.summary
    assert not any("weichen" in line for line in preview.summary)


def test_setting_more_progressive_rounds_than_the_schedule_has_is_refused(director):
    event = make_event(director, players=8)
    with pytest.raises(ServiceError) as info:
        setup.set_format(
            event,
            format="progressive",
            balanced_schedule=False,
            fixed_partners=False,
            planned_rounds=8,
        )
    assert info.value.field_errors["planned_rounds"] == [
        "With the players entered now there can be at most 7 rounds."
    ]


def test_rheinisch_going_out_is_for_two_player_events_only(director):
    """RULES.md 1.4: the house option is switched on for a two-player event. A progressive
    event seats partnerships: round 1 does not start with it on, and the checklist says why
    (its deals would be doubled between partnerships)."""
    rheinisch = dataclasses.replace(CANASTA_PROFILES["wiener"], rheinisch=True)
    partners = make_event(director, players=8)
    setup.save_profile(partners, rheinisch)
    Table.objects.bulk_create([Table(event=partners, number=k) for k in (1, 2)])
    problem = "Rheinisch going out is for games of two players, but this event seats partnerships"
    assert problem in setup.format_problems(partners)[0]
    assert not all(check.done for check in setup.checklist(partners))
    with pytest.raises(ServiceError, match=problem):
        start_round(partners, user=director)
    alone = make_event(director, players=4, fmt="swiss")
    setup.save_profile(alone, rheinisch)
    assert setup.format_problems(alone) == []


def test_an_event_started_with_rheinisch_and_partners_plays_on(director):
    """Started before Meld refused it: its rules are locked, so its later rounds start as
    round 1 did (refusing them would stop the evening halfway)."""
    event = make_event(director, players=8)
    Table.objects.bulk_create([Table(event=event, number=k) for k in (1, 2)])
    start_round(event, user=director)
    event.profile = {**event.profile, "rheinisch": True}
    event.save(update_fields=["profile"])
    force_close_round(event.rounds.get(), user=director, reason="Test")
    assert start_round(event, user=director).number == 2
