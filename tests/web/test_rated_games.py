"""What each card game counts for the rating list, table kind by table kind, read
from the seats and totals of a finished evening as the ratings read them."""

import pytest
from django.db.models import Q

from ratings import Match
from tests.web.rating_helpers import rated_evening
from tests.web.series_helpers import club_of, members_of
from tournaments.card_games import card_game_of
from tournaments.card_games.base import PlayedGame
from tournaments.formats import format_of
from tournaments.models import Event
from tournaments.services.ratings.refresh import played_evenings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club(director):
    return club_of(director)


@pytest.fixture
def m(club):
    members = members_of(club, "Anna", "Bernd", "Clara", "Dora", "Emil", "Franz")
    return {name[0]: member.pk for name, member in members.items()} | {"members": members}


def rated(event: Event) -> tuple[Match, ...]:
    (evening,) = played_evenings(event.club_id, [event], Q(pk=event.pk))
    return evening.matches


def people(m, letters: str):
    return tuple(m["members"][name] for name in m["members"] if name[0] in letters)


def test_canasta_partners_are_one_side_with_the_games_totals(director, club, m):
    event = rated_evening(director, club, 5, [[((people(m, "AB"), people(m, "CD")), (5200, 3100))]])
    assert card_game_of(event).rating_margin == 1000
    assert rated(event) == (Match(((m["A"], m["B"]), (m["C"], m["D"])), (5200.0, 3100.0)),)


def test_canasta_three_teams_of_two_are_three_sides(director, club, m):
    sides = (people(m, "AB"), people(m, "CD"), people(m, "EF"))
    event = rated_evening(
        director, club, 5, [[(sides, (5100, 2000, 3000))]], odd_tables="six-three-teams"
    )
    (match,) = rated(event)
    assert match.sides == ((m["A"], m["B"]), (m["C"], m["D"]), (m["E"], m["F"]))
    assert match.places == (0, 2, 1)


def test_a_canasta_table_of_five_rates_the_pair_against_each_two_of_the_three(director, club, m):
    sides = (people(m, "AB"), people(m, "CDE"))
    event = rated_evening(director, club, 5, [[(sides, (4000, 5100))]], odd_tables="five")
    assert rated(event) == tuple(
        Match(((m["A"], m["B"]), pair), (4000.0, 5100.0))
        for pair in ((m["C"], m["D"]), (m["C"], m["E"]), (m["D"], m["E"]))
    )


def test_gin_for_two_is_one_against_one_with_its_own_margin(director, club, m):
    event = rated_evening(
        director, club, 5, [[((people(m, "A"), people(m, "B")), (236, 40))]], card_game="gin"
    )
    assert card_game_of(event).rating_margin == 100
    assert rated(event) == (Match(((m["A"],), (m["B"],)), (236.0, 40.0)),)


def test_gin_rotation_ranks_the_three_players_by_their_totals(director, club, m):
    sides = (people(m, "A"), people(m, "B"), people(m, "C"))
    event = rated_evening(
        director, club, 5, [[(sides, (40, 262, 0))]], card_game="gin", table_kind="rotation"
    )
    (match,) = rated(event)
    assert match.sides == ((m["A"],), (m["B"],), (m["C"],))
    assert match.places == (1, 0, 2)


def test_a_chouette_rates_the_lone_player_against_each_partner(director, club, m):
    sides = (people(m, "A"), people(m, "BC"))
    event = rated_evening(
        director, club, 5, [[(sides, (230, 30))]], card_game="gin", table_kind="chouette"
    )
    assert rated(event) == (
        Match(((m["A"],), (m["B"],)), (230.0, 30.0)),
        Match(((m["A"],), (m["C"],)), (230.0, 30.0)),
    )


@pytest.mark.parametrize(
    ("kind", "letters"), [("partnership", ("AB", "CD")), ("partnership-six", ("ABC", "DEF"))]
)
def test_partnership_gin_rates_the_partnerships_as_sides(director, club, m, kind, letters):
    sides = tuple(people(m, side) for side in letters)
    event = rated_evening(
        director, club, 5, [[(sides, (310, 120))]], card_game="gin", table_kind=kind
    )
    (match,) = rated(event)
    assert match.sides == tuple(tuple(m[letter] for letter in side) for side in letters)
    assert match.points == (310.0, 120.0)


def test_a_guest_is_counted_at_the_start_and_a_side_of_guests_rates_nobody(director, club, m):
    anna, bernd = m["members"]["Anna"], m["members"]["Bernd"]
    event = rated_evening(
        director,
        club,
        5,
        [
            [(((anna, "Guest"), people(m, "CD")), (5000, 3000))],
            [((("Guest", "Visitor"), (anna, bernd)), (5000, 3000))],
        ],
    )
    assert rated(event) == (Match(((m["A"],), (m["C"], m["D"])), (5000.0, 3000.0), (1, 0)),)


def test_a_match_points_evening_counts_places(director, club, m):
    event = rated_evening(
        director,
        club,
        5,
        [[((people(m, "A"), people(m, "B")), (236, 40))]],
        card_game="gin",
        scoring_mode="match",
    )
    assert format_of(event).rated_by_places(event)
    assert rated(event) == (Match.by_places(((m["A"],), (m["B"],)), (0, 1)),)


def test_a_game_nobody_scored_in_is_not_rated(director, club, m):
    card_game = card_game_of(rated_evening(director, club, 5, [], card_game="gin"))
    assert card_game.rated_matches(PlayedGame(((1,), (2,)), (0, 0)), {1: 1, 2: 2}) == ()
    assert card_game.rated_matches(PlayedGame(((1,), ()), (10, 0)), {1: 1}) == ()
