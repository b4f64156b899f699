"""Every link Meld hands on (a table's QR code and link, the table code's page, the club's
public page on the Members page, the start-up lines) is built on one base address: the
Wi-Fi address phones reach, never the laptop's own 127.0.0.1 it was opened at."""

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.series_helpers import club_of
from tournaments.printing.loaders import table_link
from tournaments.services.club.public_page import set_public_page

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def wifi(settings, monkeypatch):
    """No MELD_BASE_URL: the laptop is 10.0.0.7 on the club's Wi-Fi, serving on port 8123."""
    settings.MELD_BASE_URL = ""
    settings.PORT = 8123
    monkeypatch.setattr("tournaments.kernel.network.lan_address", lambda: "10.0.0.7")
    return "http://10.0.0.7:8123"


def links_on(html: str) -> list[str]:
    return re.findall(r'href="(http[^"]+)"', html)


def club_link(director_client, club) -> str:
    page = director_client.get(
        reverse("tournaments-director-members") + f"?club={club.pk}",
        HTTP_HOST="127.0.0.1:8123",
    ).content.decode()
    (found,) = [link for link in links_on(page) if "/c/" in link]
    return found


@pytest.mark.parametrize("configured", [False, True])
def test_the_club_link_on_the_members_page_uses_the_table_links_address(
    director, director_client, settings, wifi, configured
):
    base = "https://meld.example.org" if configured else wifi
    if configured:
        settings.MELD_BASE_URL = base
    club = set_public_page(club_of(director), True)
    event = make_event(director, club=club)
    (table,) = make_tables(event, 1)
    public = reverse("tournaments-public-club", args=[club.public_token])
    assert club_link(director_client, club) == base + public
    assert table_link(table.token) == base + reverse("tournaments-table", args=[table.token])
    on_screen = director_client.get(
        reverse("tournaments-director-table-links", args=[event.pk]), HTTP_HOST="127.0.0.1:8123"
    ).content.decode()
    assert base + reverse("tournaments-table-code") in on_screen
    assert "127.0.0.1" not in on_screen


@pytest.mark.parametrize("configured", [False, True])
def test_the_start_up_lines_name_the_club_page_at_the_qr_codes_address(
    director, settings, wifi, configured
):
    base = "https://meld.example.org" if configured else wifi
    if configured:
        settings.MELD_BASE_URL = base
    club = set_public_page(club_of(director), True)
    out = io.StringIO()
    call_command("serve_info", "--port", "8123", stdout=out)
    page = reverse("tournaments-public-club", args=[club.public_token])
    assert f"Club's public page:    {base}{page} (CC Wien)" in out.getvalue()
    assert f"QR codes point to:     {base}/" in out.getvalue()
