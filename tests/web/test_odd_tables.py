"""Nobody is sent home: players left over from tables of four play at an odd table."""

import pytest

from tests.factories import make_event
from tournaments.kernel.errors import ServiceError
from tournaments.models import Bye
from tournaments.services.rounds import steps as rounds
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.setup import draw as draw_service
from tournaments.services.setup import events as setup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def progressive(director, count, odd_tables):
    event = make_event(director, players=count)
    setup.set_format(
        event,
        format="progressive",
        balanced_schedule=False,
        fixed_partners=False,
        planned_rounds=None,
        odd_tables=odd_tables,
    )
    draw_service.ensure_tables(event)
    return event


def test_thirteen_players_seat_the_thirteenth_at_a_table_of_five(director):
    event = progressive(director, 13, "five")
    assert setup.tables_needed(event) == 3
    rnd = rounds.start_round(event, user=director)
    sizes = sorted(game.seats.count() for game in rnd.games.all())
    assert sizes == [4, 4, 5]
    assert not Bye.objects.filter(round=rnd).exists()
    five = next(game for game in rnd.games.all() if game.seats.count() == 5)
    assert sorted(five.seats.values_list("side", flat=True)) == [0, 0, 1, 1, 1]


def test_without_the_choice_the_player_left_over_sits_out(director):
    event = progressive(director, 13, "")
    rnd = rounds.start_round(event, user=director)
    assert Bye.objects.filter(round=rnd).count() == 1
    assert sorted(game.seats.count() for game in rnd.games.all()) == [4, 4, 4]


def test_a_table_that_does_not_fit_the_head_count_is_refused_at_its_field(director):
    event = make_event(director, players=13)
    with pytest.raises(ServiceError) as refused:
        setup.set_format(
            event,
            format="progressive",
            balanced_schedule=False,
            fixed_partners=False,
            planned_rounds=None,
            odd_tables="three",
        )
    assert "odd_tables" in refused.value.field_errors
    assert "1 are left over" in refused.value.field_errors["odd_tables"][0]


def test_the_table_of_five_enters_its_deals_as_two_sides(director):
    event = progressive(director, 13, "five")
    rnd = rounds.start_round(event, user=director)
    five = next(game for game in rnd.games.all() if game.seats.count() == 5)
    seats = {seat.side: seat for seat in five.seats.all()}
    data = {
        "sides": [
            {"natural_canastas": 1, "going_out": "out", "melded_points": 200},
            {"melded_points": 60, "hand_points": 40},
        ]
    }
    entry = submit_entry(five, 1, data, seat=seats[0])
    confirm_entry(entry, seat=seats[1])
    five.refresh_from_db()
    assert (five.score_0, five.score_1) == (800, 20)


def test_the_choice_is_kept_only_for_progressive_play(director):
    event = make_event(director, players=13, fmt="swiss", card_game="gin", profile_slug="wiener")
    setup.set_format(
        event,
        format="swiss",
        balanced_schedule=False,
        fixed_partners=False,
        planned_rounds=None,
        odd_tables="five",
    )
    event.refresh_from_db()
    assert event.odd_tables == ""
