"""The director's printing page and the PDF downloads."""

import pytest
from django.urls import reverse

from tests.printing.conftest import pages

pytestmark = pytest.mark.django_db


def pdf_url(event, kind):
    return reverse("tournaments-director-print-pdf", args=[event.pk, kind])


def test_the_print_page_lists_every_document_with_its_options(director_client, event):
    response = director_client.get(reverse("tournaments-director-print", args=[event.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    for kind in ("tallies", "table-cards", "score-sheets", "guide-cards", "seating", "standings"):
        assert pdf_url(event, kind) in html
    assert 'name="round"' in html and 'name="blank"' in html


def test_a_document_opens_inline_as_pdf_named_after_the_event(director_client, event):
    response = director_client.get(pdf_url(event, "table-cards"), {"round": "1"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert (
        response["Content-Disposition"]
        == 'inline; filename="herbst-turnier-table-cards-round-1.pdf"'
    )
    assert "Player 1" in pages(response.content)[0]


def test_blank_is_passed_on(director_client, event):
    response = director_client.get(pdf_url(event, "score-sheets"), {"blank": "1"})
    assert "blank" in response["Content-Disposition"]
    assert "Player 1" not in pages(response.content)[0]


def test_a_round_that_does_not_exist_sends_the_director_back_with_a_message(director_client, event):
    response = director_client.get(
        pdf_url(event, "standings"), {"round": "12"}, follow=True, headers={"accept-language": "en"}
    )
    assert response.redirect_chain[-1][0] == reverse("tournaments-director-print", args=[event.pk])
    assert "Round 12 does not exist: this event has rounds 1 to 4." in response.content.decode()


def test_a_round_that_is_not_a_number_is_refused(director_client, event):
    response = director_client.get(pdf_url(event, "standings"), {"round": "x"})
    assert response.status_code == 302


def test_an_unknown_document_is_not_found(director_client, event):
    assert director_client.get(pdf_url(event, "posters")).status_code == 404


def test_another_director_cannot_print_the_event(client, other_director, event):
    client.force_login(other_director)
    assert client.get(reverse("tournaments-director-print", args=[event.pk])).status_code == 404
    assert client.get(pdf_url(event, "tallies")).status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(client, event):
    for url in (
        reverse("tournaments-director-print", args=[event.pk]),
        pdf_url(event, "standings"),
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
