"""The director's series pages: the club's list, creating one, its standings and export."""

import io

import openpyxl
import pytest
from django.urls import reverse

from tests.web.series_helpers import club_of, evening, members_of
from tournaments.models import Series

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club(director):
    return club_of(director)


@pytest.fixture
def evenings(director, club):
    m = members_of(club, "Anna", "Bert", "Cleo")
    return [
        evening(director, club, 5, {m["Anna"]: 3000, m["Bert"]: 2000}),
        evening(director, club, 12, {m["Anna"]: 500, m["Cleo"]: 4000}),
        evening(director, club, 19, {m["Bert"]: 1500, m["Cleo"]: 100, m["Anna"]: 50}),
    ]


def form_data(evenings, **changes) -> dict:
    data = {
        "name": "Winter cup",
        "events": [str(event.pk) for event in evenings],
        "rule": "best",
        "placing_points": "25, 20, 16",
        "best_of": "2",
        "minimum_evenings": "",
    }
    data.update(changes)
    return data


def test_a_director_creates_a_series_and_reads_its_standings(director_client, club, evenings):
    response = director_client.post(
        f"{reverse('tournaments-director-series-new')}?club={club.pk}", form_data(evenings)
    )
    series = Series.objects.get()
    assert response.url == reverse("tournaments-director-series-standings", args=[series.pk])
    assert list(series.events.order_by("date")) == evenings and series.best_of == 2
    page = director_client.get(response.url).content.decode()
    assert "Winter cup" in page and "Points of the best evenings only" in page
    assert page.count('class="counts num"') == 6  # two evenings for each of three members
    assert "Ties broken by: the better single evening, then more evenings played" in page


def test_the_list_shows_only_the_club_series(director_client, club, other_director):
    Series.objects.create(club=club, name="Spring league")
    Series.objects.create(club=club_of(other_director, "Elsewhere"), name="Secret cup")
    page = director_client.get(reverse("tournaments-director-series")).content.decode()
    assert "Spring league" in page and "Secret cup" not in page


def test_the_export_has_every_member_and_evening(director_client, club, evenings):
    series = Series.objects.create(club=club, name="Winter", rule="total")
    series.events.set(evenings)
    url = reverse("tournaments-director-series-standings", args=[series.pk])
    text = director_client.get(f"{url}?export=csv").content.decode()
    lines = text.strip().splitlines()
    assert lines[0].startswith("Rank,Member,Evenings,05.01.,12.01.,19.01.,Total")
    assert lines[1:] == [
        "1,Cleo,2,,4000,100,4100",
        "2,Anna,3,3000,500,50,3550",
        "3,Bert,2,2000,,1500,3500",
    ]
    assert director_client.get(f"{url}?export=xlsx")["Content-Type"].startswith(
        "application/vnd.openxmlformats"
    )


def test_an_average_lists_members_below_the_minimum_with_a_note(director_client, club, evenings):
    series = Series.objects.create(club=club, name="Average", rule="average", minimum_evenings=3)
    series.events.set(evenings)
    url = reverse("tournaments-director-series-standings", args=[series.pk])
    lines = director_client.get(f"{url}?export=csv").content.decode().strip().splitlines()
    assert lines[1] == "1,Anna,3,3000,500,50,1183.3,"
    assert lines[2:] == [
        ",Cleo,2,,4000,100,2050.0,Fewer than 3 evenings",
        ",Bert,2,2000,,1500,1750.0,Fewer than 3 evenings",
    ]


def test_a_wrong_rule_number_is_shown_at_its_field(director_client, club, evenings):
    url = f"{reverse('tournaments-director-series-new')}?club={club.pk}"
    page = director_client.post(url, form_data(evenings, best_of="", placing_points="9, x"))
    text = page.content.decode()
    assert "Whole numbers from 0 to 32767, separated by commas." in text
    assert not Series.objects.exists()
    page = director_client.post(url, form_data(evenings, best_of=""))
    assert "Say how many of the best evenings count." in page.content.decode()


def test_an_event_of_another_club_cannot_be_ticked(director_client, director, club, other_director):
    foreign = evening(other_director, club_of(other_director, "Elsewhere"), 5, {})
    url = f"{reverse('tournaments-director-series-new')}?club={club.pk}"
    page = director_client.post(url, form_data([foreign]))
    assert "Select a valid choice" in page.content.decode()
    assert not Series.objects.exists()


@pytest.mark.parametrize("name", ["standings", "edit", "print"])
def test_another_director_gets_404(client, club, other_director, name):
    series = Series.objects.create(club=club, name="Winter")
    client.force_login(other_director)
    url = reverse(f"tournaments-director-series-{name}", args=[series.pk])
    assert client.get(url).status_code == 404
    assert client.post(url, {"name": "Mine"}).status_code == 404
    series.refresh_from_db()
    assert series.name == "Winter"


@pytest.mark.parametrize("series_id", ["987654", "9" * 25])
def test_a_series_id_that_names_none_is_not_found(director_client, club, series_id):
    url = reverse("tournaments-director-series-standings", args=[series_id])
    assert director_client.get(url).status_code == 404


@pytest.mark.parametrize("value", ["x", "0", "9" * 25, "987654"])
def test_a_club_that_is_no_club_of_yours_is_not_found(director_client, club, value):
    url = reverse("tournaments-director-series-new")
    assert director_client.get(f"{url}?club={value}").status_code == 404


def test_the_register_and_the_event_list_link_to_the_series(director_client, club):
    series_url = reverse("tournaments-director-series")
    assert (
        series_url in director_client.get(reverse("tournaments-director-members")).content.decode()
    )
    assert (
        series_url in director_client.get(reverse("tournaments-director-events")).content.decode()
    )


def test_a_new_series_offers_the_default_placing_points(director_client, club):
    page = director_client.get(f"{reverse('tournaments-director-series-new')}?club={club.pk}")
    assert 'value="25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1"' in page.content.decode()


def test_the_director_changes_a_series_rule_and_evenings(director_client, club, evenings):
    series = Series.objects.create(club=club, name="Winter", rule="total")
    series.events.set(evenings)
    url = reverse("tournaments-director-series-edit", args=[series.pk])
    assert 'value="Winter"' in director_client.get(url).content.decode()
    director_client.post(
        url, form_data(evenings[:2], name="Winter", rule="average", minimum_evenings="2")
    )
    series.refresh_from_db()
    assert (series.rule, series.minimum_evenings, series.best_of) == ("average", 2, None)
    assert list(series.events.order_by("date")) == evenings[:2]


def test_a_best_of_export_names_the_evenings_that_do_not_count(director_client, club, evenings):
    # Best 2 of 3: Cleo 4000 + 100; Anna 3000 + 500 (50 left out); Bert 2000 + 1500.
    # Anna and Bert are level on 3500: Anna's better single evening (3000) places her first.
    series = Series.objects.create(club=club, name="Best two", rule="best", best_of=2)
    series.events.set(evenings)
    url = reverse("tournaments-director-series-standings", args=[series.pk])
    lines = director_client.get(f"{url}?export=csv").content.decode().strip().splitlines()
    assert lines == [
        "Rank,Member,Evenings,05.01.,12.01.,19.01.,Total,Not counted",
        "1,Cleo,2,,4000,100,4100,",
        "2,Anna,3,3000,500,50,3500,19.01.",
        "3,Bert,2,2000,,1500,3500,",
    ]
    page = director_client.get(url).content.decode()
    assert "Not counted" not in page  # the page marks what counts by its look


def test_the_xlsx_export_holds_numbers_a_spreadsheet_can_add(director_client, club, evenings):
    series = Series.objects.create(club=club, name="Best two", rule="best", best_of=2)
    series.events.set(evenings)
    url = reverse("tournaments-director-series-standings", args=[series.pk])
    response = director_client.get(f"{url}?export=xlsx")
    assert 'filename="best-two-standings.xlsx"' in response["Content-Disposition"]
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet.title == "Best two"
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert rows[0] == [
        "Rank",
        "Member",
        "Evenings",
        "05.01.",
        "12.01.",
        "19.01.",
        "Total",
        "Not counted",
    ]
    assert rows[2][1:7] == ["Anna", 3, 3000, 500, 50, 3500]
    assert rows[2][7] == "19.01."


def test_an_anonymous_visitor_is_sent_to_log_in_for_the_pdf(client, club):
    series = Series.objects.create(club=club, name="Winter")
    response = client.get(reverse("tournaments-director-series-print", args=[series.pk]))
    assert response.status_code == 302 and "login" in response["Location"]
