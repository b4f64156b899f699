"""Adding a co-director by user name says whether the name exists, so typing names nobody has
is limited: a director cannot list the site's user names by trying (a probe found that the
owner's screen told any name apart)."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.factories import make_event
from tournaments.kernel.errors import ServiceError
from tournaments.services.setup import directors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_after_a_few_unknown_names_no_name_is_tried(event, director, other_director):
    for number in range(directors.MISSES):
        with pytest.raises(ServiceError, match="correct the marked fields"):
            directors.add_co_director(event, director, f"guess-{number}")
    # Now a name that exists is not looked up either: the answer tells nothing.
    with pytest.raises(ServiceError, match="Too many user names were not found") as refused:
        directors.add_co_director(event, director, other_director.username)
    assert not refused.value.field_errors
    assert not event.co_directors.exists()


def test_the_limit_is_each_directors_own(event, director, other_director, django_user_model):
    for number in range(directors.MISSES):
        with pytest.raises(ServiceError):
            directors.add_co_director(event, director, f"guess-{number}")
    theirs = make_event(other_director, players=0)
    added = directors.add_co_director(theirs, other_director, director.username)
    assert added == director


def test_the_owners_screen_says_why_in_words(director_client, event, other_director):
    url = reverse("tournaments-director-co-directors", args=[event.pk])
    for number in range(directors.MISSES):
        director_client.post(url, {"username": f"guess-{number}"})
    answer = director_client.post(url, {"username": other_director.username}, follow=True)
    assert answer.status_code == 200
    assert "Too many user names were not found" in answer.content.decode()
    assert not event.co_directors.exists()
