"""Every URL that names a member, walked from the URL configuration: only the directors
of the member's club reach it; another director, and any id beyond a column, get 404."""

import pytest

from tests.security.test_url_access import HUGE_ID
from tests.security.urlwalk import routes
from tournaments.models import Club, Member

pytestmark = pytest.mark.django_db

MEMBER_SCOPED = [route for route in routes() if "member_id" in route.parameters]


@pytest.fixture
def member(director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return Member.objects.create(club=club, name="Anna Berger")


def test_the_walk_finds_the_member_pages():
    assert {route.name for route in MEMBER_SCOPED} >= {
        "tournaments-director-member-edit",
        "tournaments-director-member-merge",
    }


@pytest.mark.parametrize("route", MEMBER_SCOPED, ids=lambda r: r.full_name)
def test_a_director_of_another_club_gets_404(client, other_director, member, route):
    client.force_login(other_director)
    url = route.url({"member_id": str(member.pk)})
    get, post = client.get(url), client.post(url, {"name": "Mallory", "gone": member.pk})
    assert post.status_code == 404, (url, post.status_code)
    assert get.status_code in (404, 405), (url, get.status_code)
    member.refresh_from_db()
    assert member.name == "Anna Berger"


@pytest.mark.parametrize("route", MEMBER_SCOPED, ids=lambda r: r.full_name)
def test_the_clubs_director_opens_them_and_ids_beyond_a_column_are_not_found(
    client, director, member, route
):
    client.force_login(director)
    assert client.get(route.url({"member_id": str(member.pk)})).status_code in (200, 405)
    huge = route.url({"member_id": HUGE_ID})
    assert client.get(huge).status_code in (404, 405)
    assert client.post(huge, {"name": "Mallory"}).status_code == 404
