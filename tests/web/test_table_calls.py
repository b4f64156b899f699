"""Calling the director from the table: one open call per table, lit on the board until
the director acknowledges it."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.live_helpers import poll
from tournaments.kernel.errors import ServiceError
from tournaments.models import Round, Table, TableCall
from tournaments.services.scores.calls import acknowledge_call, call_director

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def rnd(director):
    event = make_event(director, players=8)
    return seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])


@pytest.fixture
def table(rnd):
    return rnd.games.get(table__number=2).table


def call_url(table):
    return reverse("tournaments-table-call", args=[table.token])


def board(client, rnd) -> str:
    return client.get(
        reverse("tournaments-director-board", args=[rnd.event_id, 1])
    ).content.decode()


def test_calling_twice_is_one_call(rnd, table):
    first = call_director(table, rnd, reason="Misdeal: 16 cards")
    second = call_director(table, rnd, reason="")
    assert first.pk == second.pk and TableCall.objects.count() == 1
    assert TableCall.objects.get().reason == "Misdeal: 16 cards"


def test_a_second_call_may_add_the_reason_the_first_left_out(rnd, table):
    call_director(table, rnd)
    call_director(table, rnd, reason="Who deals?")
    assert TableCall.objects.get().reason == "Who deals?"


def test_a_reason_is_at_most_200_characters(rnd, table):
    with pytest.raises(ServiceError, match="200 characters"):
        call_director(table, rnd, reason="x" * 201)
    assert not TableCall.objects.exists()


def test_a_closed_round_takes_no_call(rnd, table):
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED)
    with pytest.raises(ServiceError, match="already closed"):
        call_director(table, rnd)


def test_after_the_acknowledgement_the_table_may_call_again(rnd, table, director):
    first = call_director(table, rnd)
    acknowledged = acknowledge_call(first, user=director)
    assert acknowledged.acknowledged_by == director and acknowledged.acknowledged_at
    second = call_director(table, rnd)
    assert second.pk != first.pk and TableCall.objects.count() == 2


def test_acknowledging_twice_keeps_the_first_time(rnd, table, director, other_director):
    call = call_director(table, rnd)
    first = acknowledge_call(call, user=director)
    again = acknowledge_call(call, user=other_director)
    assert again.acknowledged_at == first.acknowledged_at and again.acknowledged_by == director


# --- the phone ------------------------------------------------------------------------


def call_part(client, table) -> str:
    """The call's part of the table's page."""
    html = client.get(reverse("tournaments-table", args=[table.token])).content.decode()
    return html.split('<section class="call-director"')[1].split("</section>")[0]


def test_the_table_page_draws_the_call_button_with_an_optional_reason(client, table):
    html = call_part(client, table)
    assert "Call the director now" in html and 'maxlength="200"' in html
    assert "required" not in html and "hx-get" not in html  # it never loads by itself


def test_every_phone_of_the_table_hears_of_the_call_and_only_the_caller_that_it_is_seen(
    client, rnd, table, director
):
    other = Client()
    client.post(call_url(table), {"reason": "A card on the floor"}, HTTP_HX_REQUEST="true")
    call = TableCall.objects.get(table=table)
    for phone in (client, other):
        assert "The director is called." in call_part(phone, table)
    acknowledge_call(call, user=director)
    assert "is coming to your table" in call_part(client, table)
    assert "is coming" not in call_part(other, table) and "Call the director" in call_part(
        other, table
    )


def test_the_call_is_posted_only(client, table):
    assert client.get(call_url(table)).status_code == 405


def test_the_phone_calls_and_sees_that_the_director_is_called(client, table):
    response = client.post(
        call_url(table), {"reason": "A card on the floor"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "The director is called." in html and "A card on the floor" in html
    assert TableCall.objects.get(table=table).reason == "A card on the floor"


def test_without_htmx_the_call_goes_back_to_the_table_page(client, table):
    response = client.post(call_url(table), {"reason": ""}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournaments-table", args=[table.token])
    assert "The director is called and will come to your table." in response.content.decode()


def test_a_too_long_reason_is_shown_on_the_phone(client, table):
    html = client.post(
        call_url(table), {"reason": "x" * 250}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "at most 200 characters" in html and not TableCall.objects.exists()


def test_a_table_without_a_game_in_the_round_cannot_call(client, rnd):
    idle = Table.objects.create(event=rnd.event, number=9)
    html = client.post(call_url(idle), {"reason": ""}, HTTP_HX_REQUEST="true").content.decode()
    assert not TableCall.objects.exists()
    assert "plays in no round now" in html


# --- the board ------------------------------------------------------------------------


def test_the_board_lights_up_a_calling_table_with_its_reason(director_client, rnd, table):
    call_director(table, rnd, reason="Misdeal")
    html = board(director_client, rnd)
    assert 'class="tile state-waiting calling" data-table="2"' in html
    assert "Misdeal" in html and "Acknowledge" in html
    assert "1 table calls the director" in html


def test_a_call_changes_the_board_poll(director_client, rnd, table):
    url = reverse("tournaments-director-board", args=[rnd.event_id, 1])
    first = director_client.get(url)
    call_director(table, rnd)
    assert poll(director_client, url, first).status_code == 200


def test_the_director_acknowledges_from_the_board(director_client, director, rnd, table):
    call = call_director(table, rnd, reason="Misdeal")
    url = reverse("tournaments-director-call-acknowledge", args=[rnd.event_id, call.pk])
    response = director_client.post(url, follow=True)
    html = response.content.decode()
    assert "Table 2: you have seen the call." in html
    assert "calling" not in html.split('data-table="2"')[0].rsplit("<li", 1)[1]
    call.refresh_from_db()
    assert call.acknowledged_by == director


def test_another_director_cannot_acknowledge(client, other_director, rnd, table):
    call = call_director(table, rnd)
    client.force_login(other_director)
    url = reverse("tournaments-director-call-acknowledge", args=[rnd.event_id, call.pk])
    assert client.post(url).status_code == 404
    call.refresh_from_db()
    assert call.acknowledged_at is None


def test_a_call_of_another_event_is_not_found(director_client, director, rnd, table):
    other = make_event(director, players=8, name="Another evening")
    call = call_director(table, rnd)
    url = reverse("tournaments-director-call-acknowledge", args=[other.pk, call.pk])
    assert director_client.post(url).status_code == 404
