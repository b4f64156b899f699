"""A series' standings as PDF: evening by evening per member, what counts marked, the rule
and its tie-break named; the director's series page links to it."""

import datetime

import pytest
from django.urls import reverse

from tests.printing.conftest import pages, render_png
from tests.web.series_helpers import club_of, evening, members_of
from tournaments.models import Member, Series
from tournaments.printing import series_standings
from tournaments.printing.data import (
    EventInfo,
    SeriesEveningInfo,
    SeriesStandingRow,
    SeriesStandingsData,
)
from tournaments.services.club.series import save_series

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def season(director):
    """Three evenings; the best two count. By hand (points per evening, ( ) not counted):
    Anna 900, 300, 700 → 1,600 (300); Bert 800, –, 850 → 1,650; Cleo 100, 950, 200 → 1,150 (100).
    """
    club = club_of(director, "Canasta-Club Döbling")
    m = members_of(club, "Anna", "Bert", "Cleo")
    events = [
        evening(director, club, 5, {m["Anna"]: 900, m["Bert"]: 800, m["Cleo"]: 100}),
        evening(director, club, 12, {m["Anna"]: 300, m["Cleo"]: 950, "Guest": 5000}),
        evening(director, club, 19, {m["Anna"]: 700, m["Bert"]: 850, m["Cleo"]: 200}),
    ]
    return series_of(club, events, Series.Rule.BEST, name="Winter <b>2026</b>", best_of=2)


def series_of(club, events, rule, **fields) -> Series:
    numbers = {"name": "Cup", "placing_points": [10, 6], "best_of": None, "minimum_evenings": None}
    return save_series(club, events=events, rule=rule, **{**numbers, **fields})


def text_of(pdf: bytes) -> str:
    """The first page's text as one line (pypdf puts every cell on a line of its own)."""
    return " ".join(pages(pdf)[0].split())


def test_members_are_ranked_with_counted_evenings_and_uncounted_ones_in_brackets(season):
    text = text_of(series_standings.build(series_standings.load(season, "en")))
    rows = [
        "1 Bert 2 800 – 850 1,650",
        "2 Anna 3 900 (300) 700 1,600",
        "3 Cleo 3 (100) 950 200 1,150",
    ]
    assert [text.find(row) for row in rows] == sorted(text.find(row) for row in rows)
    assert all(row in text for row in rows)
    assert "Guest" not in text


def test_the_rule_its_number_and_the_tie_break_are_named(season):
    text = text_of(series_standings.build(series_standings.load(season, "en")))
    assert "Winter <b>2026</b>" in text and "Canasta-Club Döbling" in text
    assert "Points of the best evenings only (best k of n) · the best 2 evenings count." in text
    assert "Bold: counts for the series; in brackets: does not count." in text
    assert "Ties broken by: the better single evening, then more evenings played" in text
    assert "05.01. 12.01. 19.01." in text
    assert "Standings Evenings: 3" in text


def test_placing_points_print_each_evenings_place(director):
    club = club_of(director)
    m = members_of(club, "Anna", "Bert")
    events = [
        evening(director, club, 5, {m["Anna"]: 900, m["Bert"]: 800}),
        evening(director, club, 12, {m["Anna"]: 100, m["Bert"]: 800}),
    ]
    series = series_of(club, events, Series.Rule.PLACING)
    text = text_of(series_standings.build(series_standings.load(series, "en")))
    # Both have 10 + 6 = 16; the better single evening is level too: a shared first place.
    assert "1= Anna 2 10 (1) 6 (2) 16" in text
    assert "1= Bert 2 6 (2) 10 (1) 16" in text
    assert "Placing points: 10, 6." in text


def test_an_average_prints_one_decimal_and_leaves_members_below_the_minimum_unranked(director):
    club = club_of(director)
    m = members_of(club, "Anna", "Bert")
    events = [
        evening(director, club, 5, {m["Anna"]: 900, m["Bert"]: 800}),
        evening(director, club, 12, {m["Anna"]: 100}),
        evening(director, club, 19, {m["Anna"]: 101}),
    ]
    series = series_of(club, events, Series.Rule.AVERAGE, minimum_evenings=2)
    text = text_of(series_standings.build(series_standings.load(series, "de")))
    # (900 + 100 + 101) / 3 = 367.0; Bert played one evening of the two needed.
    assert "1 Anna 3 900 100 101 367,0" in text
    assert "Bert 1 800 – – 800,0" in text
    assert "1 Bert" not in text and "2 Bert" not in text
    assert "Seite 1 von 1" in text


def _long_season(evenings: int, members: int) -> SeriesStandingsData:
    days = [datetime.date(2026, 1, 5) + datetime.timedelta(days=7 * i) for i in range(evenings)]
    return SeriesStandingsData(
        series=EventInfo(name="Long season", date=days[-1], club="Club", language="en"),
        rule="total",
        evenings=tuple(SeriesEveningInfo(day, f"Evening {i}") for i, day in enumerate(days)),
        rows=tuple(
            SeriesStandingRow(
                rank=n,
                name=f"Member {n:02d}",
                played=evenings,
                values=(1000 - n,) * evenings,
                counted=(True,) * evenings,
                places=("",) * evenings,
                total=(1000 - n) * evenings,
            )
            for n in range(1, members + 1)
        ),
    )


def test_a_long_season_prints_in_parts_of_evenings_with_numbered_pages():
    text = pages(series_standings.build(_long_season(52, 60)))
    whole = "\n".join(text)
    assert len(text) > 2
    assert f"Page {len(text)} of {len(text)}" in text[-1]
    for day in ("05.01.", "28.12."):
        assert day in whole
    assert whole.count("Member 60") >= 2  # every part lists every member


def test_the_director_opens_the_pdf_from_the_series_page(director_client, season, tmp_path):
    page = director_client.get(reverse("tournaments-director-series-standings", args=[season.pk]))
    url = reverse("tournaments-director-series-print", args=[season.pk])
    assert f'href="{url}"' in page.content.decode()
    response = director_client.get(url)
    assert response["Content-Type"] == "application/pdf"
    assert "winter-b2026b-standings.pdf" in response["Content-Disposition"]
    assert "1 Bert 2 800" in text_of(response.content)
    png = render_png(response.content, tmp_path)
    assert png.stat().st_size > 10_000


def test_the_notice_board_names_members_as_they_chose_for_public_pages(director_client, director):
    club = club_of(director)
    m = members_of(club, "Anna Berger", "Bert Huber", "Cleo Maier")
    Member.objects.filter(pk=m["Bert Huber"].pk).update(public_name=Member.PublicName.INITIALS)
    Member.objects.filter(pk=m["Cleo Maier"].pk).update(public_name=Member.PublicName.HIDDEN)
    events = [
        evening(
            director, club, 5, {m["Anna Berger"]: 900, m["Bert Huber"]: 800, m["Cleo Maier"]: 100}
        ),
    ]
    series = series_of(club, events, Series.Rule.TOTAL)
    text = text_of(series_standings.build(series_standings.load(series, "en")))
    assert "1 Anna Berger 1 900 900" in text
    assert "2 B. H. 1 800 800" in text
    assert "3 (name withheld) 1 100 100" in text
    assert "Bert" not in text and "Huber" not in text
    assert "Cleo" not in text and "Maier" not in text
    german = text_of(series_standings.build(series_standings.load(series, "de")))
    assert "Cleo" not in german and "Maier" not in german
    page = director_client.get(reverse("tournaments-director-series-standings", args=[series.pk]))
    assert "The PDF shows names as the members chose for public pages." in page.content.decode()
    # The director's own page keeps the register's names.
    assert "Cleo Maier" in page.content.decode()
