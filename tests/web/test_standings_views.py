"""The standings page (sortable, paginated, CSV/XLSX), a player's tally and the audit trail."""

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.rounds_helpers import finish
from tournaments.models import AuditEntry, Bye, Player, Result, Round
from tournaments.services.scores.audit import record
from tournaments.tables import spreadsheet_safe

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def standings_url(event, **query):
    url = reverse("tournaments-director-standings", args=[event.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.fixture
def played(director):
    """Eight players, two rounds played and closed."""
    event = make_event(director, players=8, name="Herbst")
    first = seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    finish(first, lambda game: (3000, 1200) if game.table.number == 1 else (2500, 2600))
    first.status = "closed"
    first.save()
    second = seat_round(event, 2, [((1, 3), (5, 7)), ((2, 4), (6, 8))])
    finish(second, lambda game: (800, 1500))
    return event


def test_the_standings_rank_by_the_tally_total(director_client, played):
    page = director_client.get(standings_url(played)).content.decode()
    assert page.index("Player 1<") < page.index("Player 3<")
    assert "R1" in page and "R2" in page
    assert "3,800" in page  # player 1: 3000 + 800, with a thousands separator


def test_german_pages_group_thousands_with_a_dot(director_client, played):
    page = director_client.get(standings_url(played), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "3.800" in page


def test_the_standings_sort_by_a_column(director_client, played):
    page = director_client.get(standings_url(played, sort="-r2")).content.decode()
    body = page.split("<tbody")[1]
    assert body.index("Player 5<") < body.index("Player 1<")


def scored_once(event) -> None:
    """A closed round with a result for every player."""
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.CLOSED)
    Result.objects.bulk_create(
        Result(round=rnd, player=player, points=player.number) for player in event.players.all()
    )


def test_big_fields_are_paginated(director_client, director):
    event = make_event(director, players=120, card_game="gin", fmt="swiss")
    scored_once(event)
    page = director_client.get(standings_url(event)).content.decode()
    assert page.count("<tr") == 51  # header + 50 rows
    assert 'class="pagination"' in page
    page2 = director_client.get(standings_url(event, page=3)).content.decode()
    assert page2.count("<tr") == 21


def test_the_csv_export_holds_every_row_and_guards_against_formulas(director_client, played):
    Player.objects.filter(event=played, number=2).update(name='=HYPERLINK("http://x")')
    Player.objects.filter(event=played, number=4).update(name="@SUM(A1)")
    response = director_client.get(standings_url(played, export="csv"))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["Rank", "No.", "Name"]
    assert len(rows) == 9
    names = [row[2] for row in rows[1:]]
    assert '\'=HYPERLINK("http://x")' in names and "'@SUM(A1)" in names
    assert not any(name.startswith(("=", "+", "-", "@")) for name in names)


def test_negative_scores_stay_numbers_in_the_export(director_client, director):
    event = make_event(director, players=2, card_game="gin", fmt="swiss", scoring_mode="net")
    rnd = Round.objects.create(event=event, number=1)
    Result.objects.create(round=rnd, player=event.players.get(number=1), net=202, points=284)
    Result.objects.create(round=rnd, player=event.players.get(number=2), net=-202, points=82)
    response = director_client.get(standings_url(event, export="xlsx"))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert values[2][-1] == -202 and values[1][-1] == 202


def test_the_spreadsheet_guard_quotes_only_dangerous_text():
    assert spreadsheet_safe("=1+1") == "'=1+1"
    assert spreadsheet_safe("+49 123") == "'+49 123"
    assert spreadsheet_safe("-x") == "'-x"
    assert spreadsheet_safe("Anna") == "Anna"
    assert spreadsheet_safe(-202) == -202


def test_the_standings_of_two_hundred_players_take_a_few_queries(
    director_client, director, django_assert_max_num_queries
):
    event = make_event(director, players=200, card_game="gin", fmt="swiss")
    rnd = Round.objects.create(event=event, number=1)
    Result.objects.bulk_create(
        Result(round=rnd, player=p, points=p.number) for p in event.players.all()
    )
    director_client.get(standings_url(event))
    # The same few for 200 players as for 8 (one of them the names the poll's mark follows).
    with django_assert_max_num_queries(11):
        director_client.get(standings_url(event))


def test_a_players_page_reads_like_the_tally(director_client, played):
    player = played.players.get(number=1)
    page = director_client.get(
        reverse("tournaments-director-player", args=[played.pk, player.pk])
    ).content.decode()
    tally = page.split('class="tally"')[1]
    assert "2 Player 2" in tally  # partner in round 1
    assert "3 Player 3" in tally and "4 Player 4" in tally
    assert "3,000" in tally and "3,800" in tally


def test_a_bye_shows_on_the_tally(director_client, director):
    event = make_event(director, players=5)
    rnd = Round.objects.create(event=event, number=1)
    player = event.players.get(number=5)
    Bye.objects.create(round=rnd, player=player, points=0)
    page = director_client.get(
        reverse("tournaments-director-player", args=[event.pk, player.pk])
    ).content.decode()
    assert "sits out" in page


def test_a_player_of_another_event_is_404(director_client, director, played):
    other = make_event(director, players=1)
    player = other.players.get()
    url = reverse("tournaments-director-player", args=[played.pk, player.pk])
    assert director_client.get(url).status_code == 404


def test_the_audit_trail_lists_changes_with_reasons(director_client, played, director):
    record(
        played,
        AuditEntry.Action.FORCE_CLOSE,
        user=director,
        reason="Closing time",
        old={"unfinished_tables": [2]},
        new={"round": 2, "status": "closed"},
    )
    page = director_client.get(
        reverse("tournaments-director-audit", args=[played.pk])
    ).content.decode()
    assert "Round 2 closed early; table 2 had not finished." in page and "Closing time" in page
    assert "unfinished_tables" not in page
