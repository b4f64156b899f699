"""Standings as PDF: the standings service's ranking, with per-round scores and page numbers."""

import re

import pytest
from django.utils import translation

from tests.factories import make_event, seat_round, substituted_event
from tests.printing.conftest import pages, shown
from tournaments.kernel.profiles import event_profile
from tournaments.models import Club, Event, Result, Round
from tournaments.printing import render
from tournaments.services.scores.standings import METRICS, notes, standings

pytestmark = pytest.mark.django_db


def play(event, number, tables, points):
    rnd = seat_round(event, number, tables)
    for seat in rnd.seats.select_related("player"):
        Result.objects.create(
            round=rnd, player=seat.player, game=seat.game, points=points(number, seat)
        )
    rnd.status = Round.Status.CLOSED
    rnd.save(update_fields=["status"])


@pytest.fixture
def played(director):
    club = Club.objects.create(name="Canasta-Club Döbling")
    event = make_event(director, players=8, fmt="moveup", club=club, language="en")
    tables = [((1, 2), (3, 4)), ((5, 6), (7, 8))]
    play(event, 1, tables, lambda n, seat: 1000 + seat.player.number * 37 + seat.side * 500)
    play(event, 2, tables, lambda n, seat: 2000 - seat.player.number * 11)
    return event


def test_totals_and_round_scores_equal_the_standings(played):
    text = pages(render(played, "standings"))[0]
    for row in standings(played):
        assert shown(row.total, "en") in text
        for value in row.per_round.values():
            assert shown(value, "en") in text
    ranked = [row.name for row in standings(played)]
    positions = [re.search(rf"{name}(?!\d)", text).start() for name in ranked]
    assert positions == sorted(positions)


def test_the_heading_names_club_event_and_date_and_the_footer_the_rule_profile(played):
    text = pages(render(played, "standings"))[0]
    assert "Canasta-Club Döbling" in text and "Club evening" in text and "Nov. 22, 2026" in text
    assert f"Rule profile: {event_profile(played).name}" in text
    assert "Page 1 of 1" in text
    assert "R1" in text and "R2" in text


def test_standings_after_a_round_leave_out_later_rounds(played):
    text = pages(render(played, "standings", round_number=1))[0]
    assert "Standings after round 1" in text and "R2" not in text
    for row in standings(played, through_round=1):
        assert shown(row.total, "en") in text


def test_a_finished_event_prints_final_standings(played):
    Event.objects.filter(pk=played.pk).update(status=Event.Status.FINISHED)
    played.refresh_from_db()
    assert "Final standings" in pages(render(played, "standings"))[0]


def test_a_big_field_runs_over_pages_numbered_page_x_of_y(director):
    event = make_event(director, players=96, fmt="moveup", language="en")
    tables = [tuple((4 * t + 1 + 2 * s, 4 * t + 2 + 2 * s) for s in (0, 1)) for t in range(24)]
    play(event, 1, tables, lambda n, seat: seat.player.number * 10)
    texts = pages(render(event, "standings"))
    assert len(texts) == 3
    assert [f"Page {i} of 3" in text for i, text in enumerate(texts, start=1)] == [True] * 3
    assert sum(text.count("Player ") for text in texts) == 96


def test_the_printed_standings_say_how_a_substitute_counts(director, played):
    """As the standings pages say it under their table (a probe found the PDF without it)."""
    event = substituted_event(director)
    (page,) = pages(render(event, "standings"))
    with translation.override(event.language):
        said = notes(event, standings(event))["substitutes"]
    assert said and " ".join(said.split()) in " ".join(page.split())
    with translation.override(played.language):
        assert not notes(played, standings(played))["substitutes"]


def test_the_total_column_is_named_by_what_ranks(director, played):
    """Plus/minus standings head their total "Plus/minus", as the pages do, not "Total"."""
    event = substituted_event(director)
    Event.objects.filter(pk=event.pk).update(scoring_mode=Event.ScoringMode.NET)
    event.refresh_from_db()
    (page,) = pages(render(event, "standings"))
    with translation.override(event.language):
        net = str(METRICS["net"].label)
    assert net.upper() in page.upper()
    with translation.override(played.language):
        points = str(METRICS["points"].label)
    assert points.upper() in pages(render(played, "standings"))[0].upper()
