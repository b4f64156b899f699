"""Before the first score the standings say so, instead of ranking everyone 1 to 12 on
nothing: the director's standings, the public page and its live fragment, the projector and
the printed standings; the first result brings the table."""

import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.printing.conftest import pages
from tournaments.models import Bye, Result
from tournaments.printing import PrintError, render

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

SAID = {"en": "No scores yet.", "de": "Noch keine Ergebnisse."}


@pytest.fixture
def evening(director):
    """Twelve players, round 1 just started: nobody has a score."""
    event = make_event(director, players=12, public=True, language="en", status="running")
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8)), ((9, 10), (11, 12))])
    return event


def standings_pages(client, director_client, event, language: str) -> dict[str, str]:
    token = event.public_token
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    client.cookies["django_language"] = language
    director_client.cookies["django_language"] = language
    answers = {
        "director": director_client.get(
            reverse("tournaments-director-standings", args=[event.pk]), **headers
        ),
        "public": client.get(reverse("tournaments-public", args=[token]), **headers),
        "fragment": client.get(
            reverse("tournaments-public", args=[token]) + "?since=-1",
            HTTP_HX_REQUEST="true",
            **headers,
        ),
    }
    return {name: response.content.decode() for name, response in answers.items()}


@pytest.mark.parametrize("language", ["en", "de"])
def test_before_the_first_score_every_standings_page_says_there_are_none(
    client, director_client, evening, language
):
    for name, page in standings_pages(client, director_client, evening, language).items():
        assert SAID[language] in page, name
        assert 'class="num rank"' not in page, name  # no ranks 1 to 12 on nothing


def test_the_first_result_brings_the_table(client, director_client, evening):
    player = evening.players.get(number=5)
    Result.objects.create(round=evening.rounds.get(), player=player, points=700)
    for name, page in standings_pages(client, director_client, evening, "en").items():
        assert SAID["en"] not in page, name
        assert page.count('class="num rank"') == 12, name


def test_a_bye_is_a_score(client, director_client, evening):
    Bye.objects.create(round=evening.rounds.get(), player=evening.players.get(number=1), points=0)
    for name, page in standings_pages(client, director_client, evening, "en").items():
        assert SAID["en"] not in page, name


def test_the_projector_shows_the_seating_and_no_empty_standings(client, evening):
    url = reverse("tournaments-public-projector", args=[evening.public_token])
    panels = [client.get(url, {"panel": index}).content.decode() for index in range(3)]
    assert "find your table" in panels[0] and "by table" in panels[1]
    assert "find your table" in panels[2]  # two panels: the standings wait for a score
    assert 'panel=0"' in panels[1]  # the one after "by table" is the first again
    assert all('class="num rank"' not in panel for panel in panels)


def test_a_projector_with_nothing_else_to_show_says_there_are_no_scores(client, director):
    event = make_event(director, players=12, public=True, language="en")
    page = client.get(reverse("tournaments-public-projector", args=[event.public_token]))
    assert "No scores yet." in page.content.decode()


def test_the_standings_are_not_printed_before_the_first_score(evening):
    with pytest.raises(PrintError) as refused:
        render(evening, "standings")
    assert "No scores yet" in refused.value.message
    Result.objects.create(round=evening.rounds.get(), player=evening.players.get(number=5))
    assert "Player 5" in pages(render(evening, "standings"))[0]
