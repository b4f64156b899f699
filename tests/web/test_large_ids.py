"""Ids written into pages stay plain digits however large the database grows (no "1,462")."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import make_event, seat_round
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "de"])
def test_seat_ids_in_the_seat_choice_have_no_thousands_separator(director, language):
    event = make_event(director, players=4)
    rnd = seat_round(event, 1, [((1, 2), (3, 4))])
    for offset, seat in enumerate(Seat.objects.filter(round=rnd).order_by("position")):
        Seat.objects.filter(pk=seat.pk).update(id=123456 + offset)
    table = rnd.games.get().table
    with translation.override(language):
        page = (
            Client()
            .get(reverse("tournaments-table", args=[table.token]), HTTP_ACCEPT_LANGUAGE=language)
            .content.decode()
        )
    values = re.findall(r'name="seat" value="([^"]+)"', page)
    assert values == ["123456", "123457", "123458", "123459"]


def test_scores_are_still_grouped_where_they_are_shown(director):
    event = make_event(director, players=4)
    rnd = seat_round(event, 1, [((1, 2), (3, 4))])
    game = rnd.games.get()
    game.score_0, game.score_1 = 5200, 300
    game.save()
    client = Client()
    client.force_login(director)
    page = client.get(
        reverse("tournaments-director-board", args=[event.pk, 1]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "5.200" in page
