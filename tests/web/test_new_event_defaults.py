"""The new-event form starts where the director is: their club, and dates in one format."""

import datetime
import re

import pytest
from django.urls import reverse

from tests.factories import make_event
from tournaments.models import Club

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def selected_club(html: str) -> str | None:
    select = re.search(r'<select name="club".*?</select>', html, re.S)[0]
    found = re.search(r"<option[^>]*selected[^>]*>([^<]*)</option>", select)
    return found[1] if found else None


def test_a_directors_only_club_is_preselected(director_client, director):
    Club.objects.create(name="Canasta-Club Döbling").directors.add(director)
    html = director_client.get(reverse("tournaments-director-event-new")).content.decode()
    assert selected_club(html) == "Canasta-Club Döbling"


def test_with_several_clubs_the_club_of_the_latest_event_is_preselected(director_client, director):
    first, second = Club.objects.create(name="Alsergrund"), Club.objects.create(name="Zentrum")
    first.directors.add(director)
    second.directors.add(director)
    make_event(director, players=0, club=first)
    make_event(director, players=0, club=second)
    html = director_client.get(reverse("tournaments-director-event-new")).content.decode()
    assert selected_club(html) == "Zentrum"


def test_with_several_clubs_and_no_event_yet_none_is_chosen_for_the_director(
    director_client, director
):
    for name in ("Alsergrund", "Zentrum"):
        Club.objects.create(name=name).directors.add(director)
    html = director_client.get(reverse("tournaments-director-event-new")).content.decode()
    assert selected_club(html) == "(no club)"


@pytest.mark.parametrize(
    ("language", "shown"), [("en", "Nov. 22, 2026"), ("de", "22. November 2026")]
)
def test_the_event_date_reads_the_same_on_the_list_and_the_event_page(
    director_client, director, language, shown
):
    event = make_event(director, players=0, date=datetime.date(2026, 11, 22))
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    listed = director_client.get(reverse("tournaments-director-events"), **headers).content.decode()
    detail = director_client.get(
        reverse("tournaments-director-event", args=[event.pk]), **headers
    ).content.decode()
    assert shown in listed and shown in detail
