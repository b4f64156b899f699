"""The director's page of one member: their evenings (rank and points) and the season chart."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.web.series_helpers import club_of, evening, members_of
from tournaments.charts import HEIGHT, LEFT, TOP, WIDTH, line_chart
from tournaments.models import Event, Result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club(director):
    return club_of(director)


@pytest.fixture
def anna(director, club):
    m = members_of(club, "Anna Berger", "Bernd Huber")
    evening(director, club, 5, {m["Anna Berger"]: 3000, m["Bernd Huber"]: 2000})
    evening(director, club, 12, {m["Bernd Huber"]: 900, m["Anna Berger"]: 500, "Guest": 700})
    evening(director, club, 19, {"Guest": 100, m["Anna Berger"]: -150, m["Bernd Huber"]: 40})
    return m["Anna Berger"]


def page_of(client, member, query: str = "") -> str:
    response = client.get(reverse("tournaments-director-member", args=[member.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def rows_of(page: str) -> list[list[str]]:
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def test_the_member_page_lists_each_evening_with_rank_and_points(director_client, anna):
    rows = rows_of(page_of(director_client, anna))
    # 3,000 beats 2,000; 500 is behind 900 and 700; -150 is behind 100 and 40.
    assert [row[1:] for row in rows] == [
        ["Evening 5", "1", "3,000"],
        ["Evening 12", "3", "500"],
        ["Evening 19", "3", "-150"],
    ]


def test_the_chart_has_a_point_per_evening_and_a_text_alternative(director_client, anna):
    page = page_of(director_client, anna)
    svg = page.split("<svg")[1].split("</svg>")[0]
    assert svg.count('<circle class="point"') == 3
    assert len(re.search(r'<polyline points="([^"]*)"', svg)[1].split()) == 3
    assert 'role="img"' in svg
    assert 'aria-labelledby="season-chart-title-1 season-chart-desc-1"' in svg
    assert '<title id="season-chart-title-1">Points per evening, 2026</title>' in svg
    assert "Evening 12: 500" in svg and "Evening 19: -150" in svg
    assert "style=" not in svg


def test_the_register_links_to_the_member_page(director_client, club, anna):
    page = director_client.get(f"{reverse('tournaments-director-members')}?club={club.pk}")
    assert reverse("tournaments-director-member", args=[anna.pk]) in page.content.decode()


def test_a_director_of_another_club_gets_404(client, other_director, anna):
    client.force_login(other_director)
    response = client.get(reverse("tournaments-director-member", args=[anna.pk]))
    assert response.status_code == 404


def test_each_season_has_its_own_chart(director_client, director, club, anna):
    last_year = evening(director, club, 9, {anna: 1200, "Guest": 1300})
    last_year.date = datetime.date(2025, 12, 9)
    last_year.save()
    page = page_of(director_client, anna)
    assert page.count('<circle class="point"') == 3 and "Season 2026" in page
    assert 'href="?season=2025"' in page
    older = page_of(director_client, anna, "?season=2025")
    assert older.count('<circle class="point"') == 1
    assert [row[1:] for row in rows_of(older)] == [["Evening 9", "2", "1,200"]]


def test_points_and_plus_minus_are_not_one_scale(director_client, director, club, anna):
    """A Gin evening ranked by plus/minus beside Canasta evenings ranked by points: each
    metric its own chart, and each total says what it is."""
    gin = evening(director, club, 26, {anna: 0, "Guest": 0}, scoring_mode=Event.ScoringMode.NET)
    Result.objects.filter(round__event=gin, player__member=anna).update(net=85)
    Result.objects.filter(round__event=gin, player__member=None).update(net=-85)
    page = page_of(director_client, anna)
    titles = re.findall(r'<title id="season-chart-title-\d">([^<]*)</title>', page)
    assert titles == ["Points per evening, 2026", "Plus/minus per evening, 2026"]
    charts = page.split("<svg")[1:]
    assert [chart.count('<circle class="point"') for chart in charts] == [3, 1]
    assert "Evening 26: 85" in charts[1] and "Evening 26" not in charts[0]
    assert '<th scope="col" class="num">Result</th>' in page
    assert [row[1:] for row in rows_of(page)] == [
        ["Evening 5", "1", "3,000 points"],
        ["Evening 12", "3", "500 points"],
        ["Evening 19", "3", "-150 points"],
        ["Evening 26", "1", "85 plus/minus"],
    ]


def test_a_member_without_evenings_has_no_chart(director_client, club):
    member = members_of(club, "Dora Neu")["Dora Neu"]
    page = page_of(director_client, member)
    assert "No evenings yet." in page and "<svg" not in page


def test_the_chart_keeps_zero_on_its_axis_and_negative_points_below_it():
    chart = line_chart([("05.01.", 3000), ("12.01.", 500), ("19.01.", -150)])
    assert (chart.high, chart.low) == (3000, -150)
    first, second, third = chart.points
    assert first.y == TOP and third.y == HEIGHT - 30  # the highest on top, the lowest at the bottom
    assert second.y < chart.zero_y < third.y
    assert (first.x, third.x) == (LEFT, WIDTH - 12)
    assert (first.anchor, second.anchor, third.anchor) == ("start", "middle", "end")
    # Zero sits 5 units above -150 at the bottom: its label would overlap that one.
    assert not chart.zero_labelled
    assert line_chart([("05.01.", 3000), ("12.01.", -3000)]).zero_labelled


def test_a_single_evening_sits_in_the_middle_and_empty_means_no_chart():
    (point,) = line_chart([("05.01.", 800)]).points
    assert point.x == LEFT + (WIDTH - LEFT - 12) // 2 and point.y == TOP
    assert line_chart([]) is None


def test_more_evenings_cost_no_more_queries(director_client, director, club, anna):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            page_of(director_client, anna)
        return len(captured)

    three = queries()
    for day in (20, 21, 22):
        evening(director, club, day, {anna: 100, "Guest": 200})
    assert queries() == three


@pytest.mark.parametrize("language", ["en", "de"])
def test_dates_are_written_day_first_in_both_languages(director_client, anna, language):
    response = director_client.get(
        reverse("tournaments-director-member", args=[anna.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    page = response.content.decode()
    assert f'<html lang="{language}">' in page
    # The evenings of 5, 12 and 19 January 2026, as the series columns write "05.01.".
    assert [row[0] for row in rows_of(page)] == ["05.01.2026", "12.01.2026", "19.01.2026"]
    assert "05.01.2026 Evening 5: 3" in page.split("<svg")[1]
    assert "1/5/2026" not in page and "01/05/2026" not in page
