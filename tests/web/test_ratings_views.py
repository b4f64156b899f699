"""The rating list (director, export, the club's public page), the member page's rating
history, and the set-up's seeding setting."""

import csv
import io
import re

import openpyxl
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import make_event
from tests.web.rating_helpers import rated_evening
from tests.web.series_helpers import club_of, members_of
from tournaments.models import Member
from tournaments.services.club.public_page import set_public_page
from tournaments.services.ratings import refresh as ratings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

LIST = reverse("tournaments-director-ratings")


@pytest.fixture
def club(director):
    return set_public_page(club_of(director), True)


@pytest.fixture
def people(club):
    m = members_of(club, "Anna Berger", "Bernd Huber", "Clara Roth", "Dora Zach")
    Member.objects.filter(name="Bernd Huber").update(public_name=Member.PublicName.INITIALS)
    Member.objects.filter(name="Clara Roth").update(public_name=Member.PublicName.HIDDEN)
    return {name.split()[0]: Member.objects.get(pk=member.pk) for name, member in m.items()}


@pytest.fixture
def season(director, club, people):
    a, b, c, d = (people[n] for n in ("Anna", "Bernd", "Clara", "Dora"))
    rated_evening(
        director, club, 5, [[(((a, b), (c, d)), (5200, 3000))], [(((a, c), (b, d)), (5100, 2500))]]
    )
    rated_evening(director, club, 12, [[(((a, d), (b, c)), (4000, 5000))]])
    ratings.recompute_club(club.pk)


def rows_of(page: str) -> list[list[str]]:
    body = page.split("<tbody")[1].split("</tbody>")[0]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_the_director_reads_the_list_best_first_with_its_provisional_words(
    director_client, club, season
):
    page = director_client.get(LIST, {"club": club.pk}).content.decode()
    rows = rows_of(page)
    # The note stands under the name on the page.
    assert rows[0][1] == "Anna Bergerprovisional — after 9 more games"
    assert all("provisional — after" in row[1] for row in rows)
    assert rows[0][3] == "3"
    values = [float(row[2]) for row in rows]
    assert values == sorted(values, reverse=True)
    assert (
        reverse("tournaments-director-member", args=[Member.objects.get(name="Anna Berger").pk])
        in page
    )
    assert "Gin Rummy" in page and "cautious value" in page


def test_the_gin_list_is_empty_until_a_gin_evening_is_finished(director_client, club, season):
    page = director_client.get(LIST, {"club": club.pk, "game": "gin"}).content.decode()
    assert "No member has a rating in this game yet" in page
    assert director_client.get(LIST, {"club": club.pk, "game": "bridge"}).status_code == 404


def test_the_list_exports_as_csv_and_excel(director_client, club, season):
    response = director_client.get(LIST, {"club": club.pk, "export": "csv"})
    assert response["Content-Disposition"] == 'attachment; filename="cc-wien-canasta-ratings.csv"'
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[0] == ["Rank", "Member", "Rating", "Games", "Provisional"]
    assert lines[1][1] == "Anna Berger" and float(lines[1][2]) > float(lines[-1][2])
    response = director_client.get(LIST, {"club": club.pk, "export": "xlsx"})
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet["B2"].value == "Anna Berger" and isinstance(sheet["C2"].value, float)


def test_another_directors_club_list_is_not_found(client, other_director, club, season):
    client.force_login(other_director)
    assert client.get(LIST, {"club": club.pk}).status_code == 404
    page = client.get(LIST).content.decode()
    assert "You are not a director of any club yet" in page


def test_reading_the_lists_writes_nothing(director_client, client, club, season, people):
    urls = [
        (director_client, f"{LIST}?club={club.pk}"),
        (director_client, reverse("tournaments-director-member", args=[people["Anna"].pk])),
        (client, reverse("tournaments-public-club-ratings", args=[club.public_token, "canasta"])),
    ]
    for who, url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert who.get(url).status_code == 200
        writes = [
            q["sql"] for q in queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")
        ]
        assert not [w for w in writes if "rating" in w], url


def test_the_public_list_names_members_as_they_chose(client, club, season):
    page = client.get(
        reverse("tournaments-public-club-ratings", args=[club.public_token, "canasta"])
    )
    text = page.content.decode()
    assert "Clara" not in text and "Roth" not in text and "Bernd" not in text
    names = [row[1].split("provisional")[0] for row in rows_of(text)]
    assert sorted(names) == ["(name withheld)", "Anna Berger", "B. H.", "Dora Zach"]
    assert "/members/" not in text  # no links to the director's pages
    assert (
        "Rating lists"
        in client.get(reverse("tournaments-public-club", args=[club.public_token])).content.decode()
    )


def test_public_ties_stand_in_the_order_of_the_public_names(client, director, club, people):
    # Anna, who hides her name, and Bernd (initials) win the same game: equal ratings. By
    # their real names Anna Berger would come first; by the names shown "B. H." does.
    a, b, c, d = (people[n] for n in ("Anna", "Bernd", "Clara", "Dora"))
    Member.objects.filter(pk=a.pk).update(public_name=Member.PublicName.HIDDEN)
    rated_evening(director, club, 5, [[(((a, b), (c, d)), (5000, 3000))]])
    ratings.recompute_club(club.pk)
    url = reverse("tournaments-public-club-ratings", args=[club.public_token, "canasta"])
    rows = rows_of(client.get(url).content.decode())
    assert [(row[0], row[1].split("provisional")[0]) for row in rows[:2]] == [
        ("1=", "B. H."),
        ("1=", "(name withheld)"),
    ]


def test_the_public_list_is_gone_with_the_public_page(client, club, season):
    url = reverse("tournaments-public-club-ratings", args=[club.public_token, "canasta"])
    set_public_page(club, False)
    assert client.get(url).status_code == 404


def test_the_member_page_shows_the_ratings_history_with_expected_and_scored(
    director_client, people, season
):
    page = director_client.get(
        reverse("tournaments-director-member", args=[people["Anna"].pk])
    ).content.decode()
    section = page.split('class="rating-history"')[1]
    assert "Rating in Canasta" in section and "3 rated games" in section
    assert "provisional — after 9 more games" in section
    svg = section.split("<svg")[1].split("</svg>")[0]
    assert svg.count('<circle class="point"') == 2
    assert "Rating in Canasta after each evening, 2026" in svg
    rows = rows_of(section)
    assert [row[:4] for row in rows] == [
        ["Evening 05.01.05.01.2026", "2", "1.0", "2.0"],
        ["Evening 12.01.12.01.2026", "1", rows[1][2], "0.0"],
    ]


def test_the_format_step_offers_seeding_and_keeps_it_for_a_swiss_event(
    director_client, director, club
):
    event = make_event(director, card_game="gin", players=8, fmt="swiss", club=club)
    url = reverse("tournaments-director-setup", args=[event.pk, "format"])
    page = director_client.get(url).content.decode()
    assert "Seed round 1 by the club&#x27;s rating list" in page
    # Gin is not played in winner moves up: only the formats offered are named.
    assert "Only with these formats: Swiss system;" in page
    data = {"format": "swiss", "balanced_schedule": "0", "seed_by_rating": "on"}
    assert director_client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert event.seed_by_rating
    director_client.post(url, {**data, "format": "roundrobin"})
    event.refresh_from_db()
    assert not event.seed_by_rating
