"""Starting and closing rounds: every format's seating, who plays, and what may close."""

import pytest

from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import close, finish, positions, seating
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Bye, Entry, Event, Player, Round, Team
from tournaments.services.rounds.steps import close_round, force_close_round, start_round
from tournaments.services.scores.results import refresh_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def progressive(director, players=12, **fields):
    event = make_event(director, players=players, **fields)
    make_tables(event, max(1, players // 4))
    return event


def evening(director, players=12, **fields):
    """A winner-moves-up evening: tables of four, no schedule needed."""
    event = make_event(director, players=players, fmt="moveup", **fields)
    make_tables(event, players // 4)
    return event


# --- progressive -------------------------------------------------------------------


def test_progressive_round_1_follows_the_published_twelve_player_schedule(director):
    event = progressive(director)
    rnd = start_round(event, user=director)
    assert rnd.number == 1 and rnd.status == Round.Status.OPEN
    assert seating(rnd) == [((1, 2), (3, 4)), ((5, 6), (7, 8)), ((9, 10), (11, 12))]
    assert rnd.explanation and all(isinstance(line, str) for line in rnd.explanation)


def test_partners_sit_opposite_each_other(director):
    rnd = start_round(progressive(director), user=director)
    seat = positions(rnd)
    assert seat[1] == (1, 0, 1) and seat[2] == (1, 0, 3)
    assert seat[3] == (1, 1, 2) and seat[4] == (1, 1, 4)


def test_progressive_round_2_is_the_schedules_second_round(director):
    event = progressive(director)
    finish(start_round(event, user=director))
    close(event.rounds.get(number=1))
    rnd = start_round(event, user=director)
    assert seating(rnd) == [((3, 6), (7, 10)), ((1, 4), (9, 12)), ((2, 11), (5, 8))]


def test_a_sitter_out_gets_a_bye_without_points(director):
    event = make_event(director, players=5)
    make_tables(event, 1)
    rnd = start_round(event, user=director)
    assert seating(rnd) == [((1, 2), (3, 4))]
    bye = Bye.objects.get(round=rnd)
    assert bye.player.number == 5 and bye.points == 0


def test_mixed_pairs_partner_odd_with_even(director):
    event = progressive(director, players=8, fmt="mixed")
    rnd = start_round(event, user=director)
    for table in seating(rnd):
        for side in table:
            assert side[0] % 2 != side[1] % 2


def test_the_event_becomes_running_when_round_1_starts(director):
    event = evening(director)
    start_round(event, user=director)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING


def test_a_substitute_takes_the_number_and_seat_from_the_round_they_joined(director):
    event = progressive(director, players=8)
    leaving = event.players.get(number=3)
    leaving.withdrawn_from_round = 2
    leaving.save()
    sub = Player.objects.create(
        event=event, name="Sub", number=3, substitute_for=leaving, joined_round=2
    )
    first = start_round(event, user=director)
    assert first.seats.filter(player=leaving).exists()
    finish(first)
    close(first)
    second = start_round(event, user=director)
    assert second.seats.filter(player=sub).exists()
    assert not second.seats.filter(player=leaving).exists()


def test_a_missing_player_at_a_progressive_table_is_refused_with_the_number(director):
    event = progressive(director, players=8)
    Player.objects.filter(event=event, number=6).update(joined_round=2)
    with pytest.raises(ServiceError, match="6"):
        start_round(event, user=director)
    assert not event.rounds.exists()


def test_the_schedule_ends_after_its_last_round(director):
    event = make_event(director, players=4)
    make_tables(event, 1)
    for _ in range(3):
        rnd = start_round(event, user=director)
        finish(rnd)
        close(rnd)
    with pytest.raises(ServiceError):
        start_round(event, user=director)


# --- setup and order ---------------------------------------------------------------


def test_no_round_starts_before_the_numbers_are_drawn(director):
    event = evening(director, players=8)
    Player.objects.create(event=event, name="No number yet")
    with pytest.raises(ServiceError, match="No number yet"):
        start_round(event, user=director)


def test_no_round_starts_without_enough_tables(director):
    event = make_event(director, players=8, fmt="moveup")
    make_tables(event, 1)
    with pytest.raises(ServiceError, match="2"):
        start_round(event, user=director)


def test_the_next_round_waits_until_the_open_one_is_closed(director):
    event = evening(director)
    start_round(event, user=director)
    with pytest.raises(ServiceError):
        start_round(event, user=director)
    assert event.rounds.count() == 1


def test_a_finished_event_starts_no_more_rounds(director):
    event = evening(director, status=Event.Status.FINISHED)
    with pytest.raises(ServiceError):
        start_round(event, user=director)


def test_planned_rounds_are_a_limit(director):
    event = evening(director, planned_rounds=1)
    finish(start_round(event, user=director))
    close(event.rounds.get())
    with pytest.raises(ServiceError):
        start_round(event, user=director)


def test_seating_is_written_in_a_few_queries(director, django_assert_max_num_queries):
    event = make_event(director, card_game="gin", players=200, fmt="swiss")
    make_tables(event, 100)
    with django_assert_max_num_queries(20):
        start_round(event, user=director)


# --- swiss -------------------------------------------------------------------------


def swiss(director, players=9, **fields):
    event = make_event(director, card_game="gin", players=players, fmt="swiss", **fields)
    make_tables(event, players // 2)
    return event


def test_swiss_round_1_is_drawn_and_the_odd_player_has_a_bye_with_the_bye_score(director):
    event = swiss(director, bye_score=100)
    rnd = start_round(event, user=director)
    tables = seating(rnd)
    assert len(tables) == 4 and all(len(side) == 1 for table in tables for side in table)
    bye = Bye.objects.get(round=rnd)
    assert bye.points == 100
    seated = {n for table in tables for side in table for n in side}
    assert seated | {bye.player.number} == set(range(1, 10))
    event.refresh_from_db()
    assert event.draw_seed and event.draw_seed in " ".join(rnd.explanation)


def test_swiss_round_1_replays_from_the_recorded_seed(director, other_director):
    first = swiss(director, draw_seed="abc")
    second = swiss(other_director, draw_seed="abc")
    assert seating(start_round(first, user=director)) == seating(
        start_round(second, user=other_director)
    )


def test_swiss_pairs_by_the_standings_of_the_closed_rounds(director):
    event = swiss(director, players=8)
    first = start_round(event, user=director)
    finish(first)
    winners = {s.player.number for s in first.seats.filter(side=0)}
    close(first)
    second = start_round(event, user=director)
    for table in seating(second):
        (a,), (b,) = table
        assert (a in winners) == (b in winners)


def test_swiss_never_pairs_two_players_twice(director):
    event = swiss(director, players=8)
    met = set()
    for _ in range(3):
        rnd = start_round(event, user=director)
        for (a,), (b,) in seating(rnd):
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
        finish(rnd)
        close(rnd)


def test_swiss_gives_nobody_a_second_bye_while_others_had_none(director):
    event = swiss(director, players=5)
    had = []
    for _ in range(3):
        rnd = start_round(event, user=director)
        had.append(Bye.objects.get(round=rnd).player.number)
        finish(rnd)
        close(rnd)
    assert len(set(had)) == 3


def test_late_arrivals_and_withdrawn_players_are_left_out(director):
    event = swiss(director, players=10)
    Player.objects.filter(event=event, number=9).update(joined_round=2)
    Player.objects.filter(event=event, number=10).update(withdrawn_from_round=1)
    rnd = start_round(event, user=director)
    seated = {n for table in seating(rnd) for side in table for n in side}
    assert seated == set(range(1, 9))
    assert not Bye.objects.filter(round=rnd).exists()


def test_swiss_with_fixed_partners_pairs_teams(director):
    event = swiss(director, players=8, fixed_partners=True)
    players = list(event.players.order_by("number"))
    for n in range(4):
        team = Team.objects.create(event=event, name=f"Team {n + 1}", number=n + 1)
        team.players.set(players[2 * n : 2 * n + 2])
    rnd = start_round(event, user=director)
    tables = seating(rnd)
    assert len(tables) == 2
    pairs = {(1, 2), (3, 4), (5, 6), (7, 8)}
    assert all(side in pairs for table in tables for side in table)


# --- round robin -------------------------------------------------------------------


def test_round_robin_follows_the_berger_tables(director):
    from pairings.roundrobin import schedule

    event = make_event(director, card_game="gin", players=5, fmt="roundrobin", bye_score=0)
    make_tables(event, 2)
    rnd = start_round(event, user=director)
    expected = schedule(5)[0]
    games = [((a,), (b,)) for a, b in expected if b is not None]
    assert seating(rnd) == games
    resting = next(a for a, b in expected if b is None)
    assert Bye.objects.get(round=rnd).player.number == resting


def test_round_robin_gives_a_bye_to_whoever_meets_a_withdrawn_player(director):
    event = make_event(director, card_game="gin", players=4, fmt="roundrobin")
    make_tables(event, 2)
    Player.objects.filter(event=event, number=4).update(withdrawn_from_round=1)
    rnd = start_round(event, user=director)
    assert len(seating(rnd)) == 1
    assert Bye.objects.filter(round=rnd).count() == 1


# --- winner moves up ---------------------------------------------------------------


def test_moveup_round_1_seats_by_number(director):
    event = make_event(director, players=16, fmt="moveup")
    make_tables(event, 4)
    rnd = start_round(event, user=director)
    assert seating(rnd) == [
        ((1, 2), (3, 4)),
        ((5, 6), (7, 8)),
        ((9, 10), (11, 12)),
        ((13, 14), (15, 16)),
    ]


def test_moveup_round_2_moves_the_winners_up_and_draws_new_partners(director):
    event = make_event(director, players=16, fmt="moveup", draw_seed="s")
    make_tables(event, 4)
    first = start_round(event, user=director)
    finish(first)  # side 0 (1&2, 5&6, 9&10, 13&14) wins everywhere
    close(first)
    second = start_round(event, user=director)
    tables = [{n for side in table for n in side} for table in seating(second)]
    assert tables[0] == {1, 2, 5, 6}  # table 1's winners stay, table 2's winners come up
    assert tables[1] == {7, 8, 9, 10}  # table 2's losers stay
    assert tables[3] == {3, 4, 15, 16}  # table 1's losers go to the last table
    for table in seating(second):
        for side in table:
            assert frozenset(side) not in {frozenset((1, 2)), frozenset((5, 6)), frozenset((3, 4))}
    assert any("Table 1" in line for line in second.explanation)


def test_moveup_with_fixed_partners_moves_the_pairs_together(director):
    event = make_event(director, players=8, fmt="moveup", fixed_partners=True)
    make_tables(event, 2)
    first = start_round(event, user=director)
    finish(first)
    close(first)
    second = start_round(event, user=director)
    sides = {frozenset(side) for table in seating(second) for side in table}
    assert sides == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6)), frozenset((7, 8))}


def test_moveup_decides_a_level_game_by_a_recorded_draw(director):
    event = make_event(director, players=8, fmt="moveup", draw_seed="level")
    make_tables(event, 2)
    first = start_round(event, user=director)
    finish(first, lambda game: (700, 700))
    close(first)
    second = start_round(event, user=director)
    assert any("level" in line for line in second.explanation)


# --- closing -----------------------------------------------------------------------


def test_a_round_with_unfinished_games_does_not_close(director):
    event = evening(director)
    rnd = start_round(event, user=director)
    with pytest.raises(ServiceError, match="1, 2, 3"):
        close_round(rnd, user=director)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.OPEN


def test_a_round_with_every_game_finished_closes_and_is_audited(director):
    event = evening(director)
    rnd = start_round(event, user=director)
    finish(rnd)
    close_round(rnd, user=director)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED and rnd.closed_at
    audit = AuditEntry.objects.get(event=event)
    assert audit.action == AuditEntry.Action.CLOSE_ROUND and audit.user == director


def test_an_entry_waiting_for_confirmation_keeps_the_round_open(director):
    event = evening(director)
    rnd = start_round(event, user=director)
    finish(rnd)
    game = rnd.games.first()
    Entry.objects.create(game=game, number=1, points_0=100, points_1=50)
    with pytest.raises(ServiceError):
        close_round(rnd, user=director)


def test_a_round_of_deals_closes_when_every_game_has_its_deals(director):
    event = make_event(director, players=4, fmt="moveup", round_kind="deals", round_deals=2)
    make_tables(event, 1)
    rnd = start_round(event, user=director)
    game = rnd.games.get()
    for number in (1, 2):
        Entry.objects.create(
            game=game, number=number, points_0=100, points_1=50, status="confirmed"
        )
    refresh_game(game)
    close_round(rnd, user=director)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED


def test_closing_early_needs_a_reason(director):
    event = evening(director)
    rnd = start_round(event, user=director)
    with pytest.raises(ServiceError):
        force_close_round(rnd, user=director, reason="  ")
    force_close_round(rnd, user=director, reason="Club house closes at midnight")
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED and rnd.close_reason == "Club house closes at midnight"
    audit = AuditEntry.objects.get(event=event)
    assert audit.action == AuditEntry.Action.FORCE_CLOSE
    assert audit.reason == "Club house closes at midnight"
    assert audit.old == {"unfinished_tables": [1, 2, 3], "empty_tables": [1, 2, 3]}


def test_a_closed_round_cannot_be_closed_again(director):
    event = evening(director)
    rnd = start_round(event, user=director)
    force_close_round(rnd, user=director, reason="done")
    with pytest.raises(ServiceError):
        close_round(rnd, user=director)


def test_moveup_with_teams_seats_the_teams_by_number_in_round_1(director):
    event = make_event(director, players=8, fmt="moveup", fixed_partners=True)
    make_tables(event, 2)
    players = {p.number: p for p in event.players.all()}
    for number, (a, b) in enumerate([(1, 8), (2, 7), (3, 6), (4, 5)], start=1):
        Team.objects.create(event=event, name=f"T{number}", number=number).players.set(
            [players[a], players[b]]
        )
    rnd = start_round(event, user=director)
    assert seating(rnd) == [((1, 8), (2, 7)), ((3, 6), (4, 5))]


def test_a_field_without_a_schedule_is_refused_with_a_message(director):
    event = progressive(director, players=6, fmt="mixed")
    with pytest.raises(ServiceError, match="no schedule"):
        start_round(event, user=director)


def test_thirteen_players_have_one_sitter_out_per_round(director):
    event = progressive(director, players=13)
    rnd = start_round(event, user=director)
    assert len(seating(rnd)) == 3
    assert Bye.objects.filter(round=rnd, points=0).count() == 1


def test_a_substitute_plays_for_their_team(director):
    event = swiss(director, players=8, fixed_partners=True)
    players = list(event.players.order_by("number"))
    teams = []
    for n in range(4):
        team = Team.objects.create(event=event, name=f"Team {n + 1}", number=n + 1)
        team.players.set(players[2 * n : 2 * n + 2])
        teams.append(team)
    first = start_round(event, user=director)
    finish(first)
    close(first)
    leaving = players[0]
    leaving.withdrawn_from_round = 2
    leaving.save()
    sub = Player.objects.create(
        event=event, name="Sub", number=1, substitute_for=leaving, joined_round=2
    )
    teams[0].players.add(sub)
    second = start_round(event, user=director)
    assert second.seats.filter(player=sub).exists()
    assert second.seats.count() == 8
