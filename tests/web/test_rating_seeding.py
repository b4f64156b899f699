"""Seeding by the club's rating list: Swiss round 1 and winner-moves-up's first tables."""

import pytest

from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import seating
from tests.web.series_helpers import club_of
from tournaments.models import Member, MemberRating
from tournaments.services.rounds.steps import start_round
from tournaments.services.setup import events as setup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

# Player number → μ of their member's rating (σ 2: shown = μ − 6); 4 and 6 have none.
RATED = {5: 34.0, 2: 31.0, 8: 29.5, 1: 28.0, 7: 26.0, 3: 22.0}


def rated_field(director, *, card_game: str, fmt: str, seed: bool = True, **fields):
    club = club_of(director)
    event = make_event(
        director, card_game=card_game, players=8, fmt=fmt, club=club, draw_seed="s", **fields
    )
    for player in event.players.all():
        member = Member.objects.create(club=club, name=f"Member {player.number}")
        player.member = member
        player.save()
        if player.number in RATED:
            MemberRating.objects.create(
                member=member, card_game=card_game, mu=RATED[player.number], sigma=2.0, games=30
            )
    make_tables(event, 4)
    setup.set_format(
        event,
        format=fmt,
        balanced_schedule=False,
        fixed_partners=False,
        planned_rounds=None,
        seed_by_rating=seed,
    )
    return event


def test_swiss_round_1_pairs_the_top_half_of_the_list_with_the_bottom_half(director):
    event = rated_field(director, card_game="gin", fmt="swiss")
    assert event.seed_by_rating
    rnd = start_round(event, user=director)
    tables = seating(rnd)
    assert tables[:2] == [((5,), (7,)), ((2,), (3,))]
    # Without a rating, 4 and 6 come last, by lot: they meet 8 and 1.
    assert [side[0] for side, _ in tables[2:]] == [8, 1]
    assert {other[0] for _, other in tables[2:]} == {4, 6}
    assert "Seeded by the club's rating list: 6 rated, then 2 without a rating" in " ".join(
        rnd.explanation
    )


def test_a_swiss_event_not_seeded_draws_round_1_by_lot(director):
    event = rated_field(director, card_game="gin", fmt="swiss", seed=False)
    rnd = start_round(event, user=director)
    assert "drawn by lot" in " ".join(rnd.explanation)


def test_winner_moves_up_seats_the_strongest_four_at_table_1_in_balanced_sides(director):
    event = rated_field(director, card_game="canasta", fmt="moveup")
    tables = seating(start_round(event, user=director))
    assert tables[0] == ((5, 1), (2, 8))
    assert tables[1][0][0] == 7 and tables[1][1][0] == 3


def test_only_the_formats_that_seed_keep_the_setting(director):
    event = rated_field(director, card_game="canasta", fmt="progressive")
    assert not event.seed_by_rating
    event.refresh_from_db()
    assert not event.seed_by_rating


def test_an_event_without_a_club_is_not_seeded(director):
    event = make_event(
        director, card_game="gin", players=4, fmt="swiss", draw_seed="s", seed_by_rating=True
    )
    make_tables(event, 2)
    rnd = start_round(event, user=director)
    assert "drawn by lot" in " ".join(rnd.explanation)
