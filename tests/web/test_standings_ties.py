"""Shared places, the tie-breaks named under the standings, and provisional standings."""

import pytest
from django.urls import reverse

from tests.factories import make_event
from tests.printing.conftest import pages
from tournaments.models import Result, Round
from tournaments.printing import render
from tournaments.services.scores.standings import notes, standings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def level_evening(director, *, scoring_mode="tally", status="closed"):
    """Four players: 1 and 2 level on everything, 3 and 4 level on match points only."""
    event = make_event(director, players=4, public=True, language="en", scoring_mode=scoring_mode)
    rnd = Round.objects.create(event=event, number=1, status=status)
    for number, points, match_points in ((1, 900, 2), (2, 900, 2), (3, 700, 1), (4, 500, 1)):
        Result.objects.create(
            round=rnd,
            player=event.players.get(number=number),
            points=points,
            match_points=match_points,
        )
    return event


def test_without_a_tie_break_the_recorded_draw_decides_and_the_tie_is_marked(director):
    rows = standings(level_evening(director))
    assert [(row.rank, row.shared, row.tied) for row in rows] == [
        (1, False, True),
        (2, False, True),
        (3, False, False),
        (4, False, False),
    ]


def test_with_a_tie_break_entries_level_on_every_metric_share_a_place(director):
    rows = standings(level_evening(director, scoring_mode="match"))
    assert [(row.rank, row.shared) for row in rows] == [
        (1, True),
        (1, True),
        (3, False),
        (4, False),
    ]


def test_the_tie_breaks_are_named_in_order_then_the_draw(director):
    event = level_evening(director, scoring_mode="match")
    assert notes(event, standings(event))["ties"][0] == "Ties broken by: points, then the draw."


def test_the_director_sees_shared_places_and_the_tie_break_line(director_client, director):
    event = level_evening(director, scoring_mode="match")
    page = director_client.get(reverse("tournaments-director-standings", args=[event.pk]))
    html = page.content.decode()
    assert html.count(">1=<") == 2 and "Ties broken by: points, then the draw." in html
    assert "“3=” is a shared place: level on everything." in html
    assert "Provisional" not in html


def test_while_a_round_is_played_every_standings_page_says_they_are_provisional(
    client, director_client, director
):
    event = level_evening(director, scoring_mode="match", status="open")
    line = "Provisional: round 1 is being played."
    assert (
        line
        in director_client.get(
            reverse("tournaments-director-standings", args=[event.pk])
        ).content.decode()
    )
    assert (
        line
        in client.get(reverse("tournaments-public", args=[event.public_token])).content.decode()
    )
    text = pages(render(event, "standings"))[0]
    assert line in text and "1=" in text and "Ties broken by: points, then the draw." in text


def test_once_the_round_is_closed_the_printed_standings_are_not_provisional(director):
    text = pages(render(level_evening(director), "standings"))[0]
    assert "Provisional" not in text
