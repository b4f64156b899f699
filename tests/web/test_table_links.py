"""Printing in the event's tab bar, PDFs in a new tab, and the tables' links on screen."""

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tournaments.printing.loaders import table_link

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def tabled(director):
    event = make_event(director, players=8)
    make_tables(event, 2)
    return event


def links_url(event):
    return reverse("tournaments-director-table-links", args=[event.pk])


def test_each_table_shows_its_number_code_link_and_qr_code(director_client, tabled):
    html = director_client.get(links_url(tabled)).content.decode()
    for table in tabled.tables.all():
        assert f"Table {table.number}" in html
        assert table.code in html
        assert f'href="{table_link(table.token)}" target="_blank" rel="noopener"' in html
    assert html.count('<svg viewBox="') == 2  # a QR code each, drawn on the server


def test_an_event_without_tables_says_so(director_client, event):
    html = director_client.get(links_url(event)).content.decode()
    assert "The event has no tables yet" in html


def test_the_table_links_are_for_the_events_directors_only(client, other_director, tabled):
    assert client.get(links_url(tabled)).status_code == 302  # to the log-in
    client.force_login(other_director)
    assert client.get(links_url(tabled)).status_code == 404


def test_printing_is_in_the_events_tab_bar(director_client, tabled):
    print_url = reverse("tournaments-director-print", args=[tabled.pk])
    html = director_client.get(
        reverse("tournaments-director-rounds", args=[tabled.pk])
    ).content.decode()
    assert f'href="{print_url}"' in html.split('class="subnav')[1].split("</nav>")[0]


def test_the_print_page_has_the_tab_bar_and_opens_pdfs_in_a_new_tab(director_client, tabled):
    html = director_client.get(
        reverse("tournaments-director-print", args=[tabled.pk])
    ).content.decode()
    bar = html.split('class="subnav')[1].split("</nav>")[0]
    assert 'aria-current="page">Printing</a>' in bar
    forms = html.count('class="print-form"')
    assert html.count('class="print-form" target="_blank" rel="noopener"') == forms
    assert "Open PDF in a new tab" in html
    assert f'href="{links_url(tabled)}"' in html
