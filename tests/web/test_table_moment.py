"""What a table's phone says is drawn from the table's, round's and event's state when it is
drawn (services/pages/table_moment.py): the page, the pad's poll and every POST's answer say it,
a message of an action is shown once, and the end of a round or of the evening has its
own words."""

import re

import pytest
from django.urls import reverse

from tests.factories import seat_round
from tests.web.table_helpers import DEAL, DEAL_FORM, canasta_game, phone, poll_of, seat_of, totals
from tournaments.models import Entry, Event, Round, TableCall
from tournaments.services.rounds.steps import close_round, force_close_round
from tournaments.services.scores.calls import acknowledge_call
from tournaments.services.scores.entries import (
    confirm_entry,
    correct_entry,
    dispute_entry,
    submit_entry,
)
from tournaments.services.setup.events import finish_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(director):
    return canasta_game(director)


def url(name: str, game, *args) -> str:
    return reverse(name, args=[game.table.token, *args])


def now_of(html: str) -> str:
    """The text of the phone's status block (#now), tags dropped, spaces folded."""
    block = html.split('<section id="now"')[1].split("</section>")[0]
    return " ".join(re.sub(r"<[^>]+>", " ", block.split(">", 1)[1]).split())


def page_now(client, game) -> str:
    return now_of(client.get(url("tournaments-table", game)).content.decode())


def send(client, game, number=1, key="key-1", **values) -> str:
    data = {"number": number, "idempotency_key": key, **DEAL_FORM, **values}
    return client.post(url("tournaments-table-submit", game), data, **HTMX).content.decode()


def poll(client, game, drawn: str):
    """The phone's poll from the page or answer ``drawn``."""
    return client.get(
        url("tournaments-table-sheet", game), {"game": game.pk, **poll_of(drawn)}, **HTMX
    )


def call_of(client, game, **headers) -> str:
    """The call's part of the phone's page."""
    page = client.get(url("tournaments-table", game), **headers).content.decode()
    return page.split('<section class="call-director"')[1].split("</section>")[0]


# --- a game being played ------------------------------------------------------------------


def test_each_side_reads_its_own_words_for_a_deal_that_waits(game):
    entering, partner, confirming = phone(game, 1), phone(game, 6), phone(game, 2)
    assert page_now(entering, game) == "Next: enter deal 1."
    answer = send(entering, game)
    assert now_of(answer).startswith("Deal 1 is stored.")
    assert "Deal 1 is sent and waits for the other side to confirm it." in now_of(answer)
    assert page_now(partner, game).startswith("Deal 1 is sent and waits for the other side")
    confirming_now = page_now(confirming, game)
    assert confirming_now.startswith("Side A entered deal 1: check it, then confirm it.")
    assert "A 820 B 25" in confirming_now and "Confirm deal 1" in confirming_now
    assert "waits for the other side" not in confirming_now and "stored" not in confirming_now


def test_the_polled_pad_brings_what_the_phone_asks_now_and_drops_the_last_message(game):
    """Side B sent deal 1 (its message: "stored"); side A confirms and sends deal 2. B's next
    poll says that B confirms deal 2, and no longer that deal 1 is stored."""
    side_b = phone(game, 2)
    sent = send(side_b, game)
    deal = Entry.objects.get()
    confirm_entry(deal, seat=seat_of(game, 1))
    submit_entry(game, 2, DEAL, seat=seat_of(game, 1))
    answer = poll(side_b, game, sent)
    html = answer.content.decode()
    assert answer.status_code == 200 and '<section id="now"' in html
    assert 'hx-swap-oob="true"' in html.split('<section id="now"')[1].split(">")[0]
    said = now_of(html)
    assert said.startswith("Side A entered deal 2: check it, then confirm it.")
    assert "stored" not in said and "Confirm deal 2" in said


def test_a_directors_correction_replaces_the_stale_line(game, director):
    entering = phone(game, 1)
    answer = send(entering, game)
    assert "Deal 1 is sent and waits" in now_of(answer)
    correct_entry(game, 1, totals(300, 100), user=director, reason="Counted again")
    html = poll(entering, game, answer).content.decode()
    assert now_of(html) == "The director corrected deal 1: 300 : 100 counts. Next: enter deal 2."


def test_a_dispute_calls_the_director_and_both_sides_are_told(game, director):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    disputing = phone(game, 2)
    answer = disputing.post(
        url("tournaments-table-dispute", game, entry.pk), {"reason": "two red threes"}, **HTMX
    ).content.decode()
    said = now_of(answer)
    assert said.startswith("Deal 1 is disputed: the director is called.")
    assert "two red threes" in said
    call = TableCall.objects.get(table=game.table, acknowledged_at__isnull=True)
    assert call.reason == "two red threes" and call.entry_id == entry.pk  # said in each language
    german = call_of(phone(game, 1), game, HTTP_ACCEPT_LANGUAGE="de")
    assert "Spiel 1 ist beanstandet: <q" in german
    assert page_now(phone(game, 1), game).startswith("Deal 1 is disputed: the director is called.")
    acknowledge_call(call, user=director)
    seen = call_of(disputing, game)
    assert "The director has seen your call and is coming to your table." in seen
    assert "is coming" not in call_of(phone(game, 1), game)  # only the phone that called


def test_the_next_deals_form_waits_folded_while_a_deal_asks_for_an_answer(game):
    """Only the side that has nothing to answer is offered the next deal's form open."""
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    entering, confirming = phone(game, 1), phone(game, 2)

    def folded(client) -> bool:
        html = client.get(url("tournaments-table", game)).content.decode()
        assert "Send deal 2" in html
        return '<details class="later">' in html

    assert not folded(entering) and folded(confirming)
    dispute_entry(entry, seat=seat_of(game, 2), reason="wrong")
    assert folded(entering) and folded(confirming)


def test_a_finished_game_waits_for_the_round_to_close(game):
    entry = submit_entry(game, 1, totals(5200, 300), seat=seat_of(game, 1))
    confirming = phone(game, 2)
    html = confirming.post(url("tournaments-table-confirm", game, entry.pk), **HTMX)
    said = now_of(html.content.decode())
    assert said.startswith("Deal 1 is confirmed. The game is over.")
    assert "Wait until the director closes the round" in said
    assert page_now(phone(game, 1), game).startswith("The game is over.")


# --- between rounds and at the end -------------------------------------------------------------


def test_an_early_close_tells_the_table_which_deals_did_not_count(game, director):
    first = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    confirm_entry(first, seat=seat_of(game, 2))
    submit_entry(game, 2, DEAL, seat=seat_of(game, 1))
    force_close_round(game.round, user=director, reason="Time is up")
    said = page_now(phone(game, 1), game)
    assert said.startswith("Round 1 is closed.")
    assert "Round 1 was closed by the director; deal 2 did not count." in said
    assert "Wait for round 2" in said
    other = Entry.objects.get(number=1).game.round.games.exclude(pk=game.pk).get()
    assert "did not count" not in page_now(phone(other, 3), other)


def test_after_the_last_round_and_after_finish_the_phones_say_so(director):
    game = canasta_game(director, planned_rounds=1, public=True)
    entry = submit_entry(game, 1, totals(5200, 300), seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    for other in game.round.games.exclude(pk=game.pk):
        other.finished = True
        other.save()
    client = phone(game, 1)
    said = page_now(client, game)
    assert said.startswith("Round 1 was the last round.") and "Waiting" not in said
    finish_event(game.round.event, director)
    page = client.get(url("tournaments-table", game)).content.decode()
    said = now_of(page)
    assert said.startswith("The event is over. Thank you for playing!")
    assert "Final standings" in said
    public = reverse("tournaments-public", args=[game.round.event.public_token])
    # It still polls: a finished event may be reopened (tests/web/test_reopened_phone.py).
    assert f'href="{public}"' in page and 'id="wait-poll"' in page


def test_a_private_event_names_no_standings_link(director):
    game = canasta_game(director)
    event = game.round.event
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    said = page_now(phone(game, 1), game)
    assert said == (
        "The event is over. Thank you for playing! The director announces the final standings."
    )


def test_the_page_between_rounds_polls_instead_of_refreshing_itself(game, director):
    client = phone(game, 1)
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert 'http-equiv="refresh"' not in page
    drawn = poll_of(page)
    sheet = url("tournaments-table-sheet", game)
    unchanged = client.get(sheet, drawn, **HTMX)
    assert unchanged.status_code == 204 and not unchanged.has_header("HX-Refresh")
    finish_event(game.round.event, director)
    changed = client.get(sheet, drawn, **HTMX)
    assert changed.status_code == 204 and changed["HX-Refresh"] == "true"


def test_a_normal_close_names_no_deal_left_out(game, director):
    entry = submit_entry(game, 1, totals(5200, 300), seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    for other in game.round.games.exclude(pk=game.pk):
        other.finished = True
        other.save()
    close_round(game.round, user=director)
    said = page_now(phone(game, 1), game)
    assert said.startswith("Round 1 is closed.") and "did not count" not in said


def test_a_call_answered_by_the_director_says_someone_is_coming(game, director):
    client = phone(game, 1)
    client.post(url("tournaments-table-call", game), {"reason": "A card on the floor"}, **HTMX)
    call = TableCall.objects.get(table=game.table)
    waiting = call_of(client, game)
    assert "The director is called." in waiting and "coming to your table" not in waiting
    acknowledge_call(call, user=director)
    seen = call_of(client, game)
    assert "The director has seen your call and is coming to your table." in seen
    assert "Call the director again" in seen and "hx-trigger" not in seen


def test_no_later_form_once_the_rounds_deals_are_all_entered(director):
    """A round of 2 deals: side A sends both; side B, asked to confirm deal 1, is offered no
    "Already played on? Enter here" for a deal 3 the round does not have (a junction probe
    found that form, and its send refused)."""
    game = canasta_game(director, round_kind=Event.RoundKind.DEALS, round_deals=2)
    side_a, side_b = phone(game, 1), phone(game, 2)
    send(side_a, game, 1, "key-1")
    send(side_a, game, 2, "key-2")
    page = side_b.get(url("tournaments-table", game)).content.decode()
    assert "Side A entered deal 1: check it, then confirm it." in now_of(page)
    assert "Already played on?" not in page and 'data-form="none"' in page


def test_a_later_form_while_deals_are_left(director):
    game = canasta_game(director, round_kind=Event.RoundKind.DEALS, round_deals=2)
    side_a, side_b = phone(game, 1), phone(game, 2)
    send(side_a, game, 1, "key-1")
    page = side_b.get(url("tournaments-table", game)).content.decode()
    assert "Already played on? Enter here" in page and 'data-form="later"' in page


def test_a_button_of_the_round_before_says_that_round_is_closed(director):
    """The phone still shows round 1's "Confirm deal 1" when the director has closed round 1
    and started round 2: its tap (and "Change", "Dispute") is answered that round 1 is
    closed, not with a bare 404 (a junction probe found htmx then doing nothing)."""
    game = canasta_game(director)
    side_a, side_b = phone(game, 1), phone(game, 2)
    send(side_a, game, 1, "key-1")
    entry = Entry.objects.get(game=game)
    force_close_round(game.round, user=director, reason="Time")
    seat_round(game.round.event, 2, [((1, 5), (2, 6)), ((3, 7), (4, 8))])
    for client, name in ((side_b, "confirm"), (side_b, "dispute"), (side_a, "edit")):
        path = url(f"tournaments-table-{name}", game, entry.pk)
        method = client.get if name == "edit" else client.post
        answer = method(path, {"reason": "x"}, **HTMX)
        assert answer.status_code == 204, name
        assert answer["HX-Redirect"] == url("tournaments-table", game), name
        page = client.get(answer["HX-Redirect"]).content.decode()
        assert "Round 1 is closed: no more scores can be entered." in page, name
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.ENTERED
