"""The start page: the director's log-in, the players' table code and the handbook."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("accepted", "language"), [("de", "de"), ("en", "en"), ("fr", "de")])
def test_the_start_page_links_the_handbook_in_the_visitors_language(client, accepted, language):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=accepted)
    assert page.status_code == 200
    assert f'href="/help/{language}/"' in page.content.decode()
