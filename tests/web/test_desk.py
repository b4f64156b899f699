"""The director's desk at the busy minutes (issue 26, items 9, 10, 11): the set-up wizard
starts at step 1 and offers a game only the formats it can be played in; a call, a dispute
or a late table shows in a bar on every director page; the finish dialog lists what is
still unconfirmed, as the close dialog does."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, seat_round
from tests.web.live_helpers import poll
from tests.web.table_helpers import DEAL, seat_of
from tournaments.kernel.errors import ServiceError
from tournaments.models import Entry, Event, Round, TableCall
from tournaments.services.rounds.steps import force_close_round
from tournaments.services.scores.calls import call_director
from tournaments.services.scores.entries import dispute_entry, submit_entry
from tournaments.services.setup import events as setup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

TABLES = [((1, 6), (2, 5)), ((3, 8), (4, 7)), ((9, 11), (10, 12))]


def step(event, name):
    return reverse("tournaments-director-setup", args=[event.pk, name])


def evening(director, **fields) -> Round:
    event = make_event(director, players=12, public=True, **fields)
    return seat_round(event, 1, TABLES)


def game_at(rnd: Round, table: int):
    return rnd.games.select_related("round__event", "table").get(table__number=table)


# --- item 9: the set-up wizard ------------------------------------------------------------


def test_a_new_event_goes_on_to_step_1_then_to_the_rules(director_client):
    created = director_client.post(
        reverse("tournaments-director-event-new"),
        {"name": "Friday", "date": "2026-12-04", "preset": "canasta:wiener"},
        follow=True,
    )
    event = Event.objects.get(name="Friday")
    assert created.redirect_chain[-1][0] == step(event, "event")
    page = created.content.decode()
    assert "First: the public page, how the phones enter a deal and the printouts." in page
    assert re.search(r'aria-current="step">1\. Event<', page)
    assert "Language of printouts and public pages" in page
    saved = director_client.post(
        step(event, "event"),
        {
            "name": "Friday",
            "date": "2026-12-04",
            "language": "de",
            "paper_size": "A4",
            "public": "on",
            "entry_modes": ["deal"],
        },
    )
    assert saved.status_code == 302 and saved.url == step(event, "rules")
    event.refresh_from_db()
    assert event.public and event.language == "de"


def test_the_gin_format_page_offers_only_what_gin_can_be_played_in(director_client, director):
    event = make_event(director, card_game="gin", players=0, fmt=Event.Format.SWISS)
    page = director_client.get(step(event, "format")).content.decode()
    offered = set(Event.Format.values) & {
        value for value in Event.Format.values if f'value="{value}"' in page
    }
    assert offered == {Event.Format.SWISS, Event.Format.ROUNDROBIN, Event.Format.TABLES}
    assert re.search(r'<input type="radio" name="format" value="swiss"[^>]* checked', page)
    for canasta_only in ("balanced_schedule", "odd_tables"):
        assert f'name="{canasta_only}"' not in page
    canasta = make_event(director, players=0, name="Canasta")
    page = director_client.get(step(canasta, "format")).content.decode()
    for value in (Event.Format.PROGRESSIVE, Event.Format.MIXED, Event.Format.MOVEUP):
        assert f'value="{value}"' in page
    assert f'value="{Event.Format.TABLES}"' not in page


def test_a_new_gin_event_starts_in_a_format_gin_can_be_played_in(director):
    event = setup.create_event(
        director, name="Gin", date="2026-12-04", card_game="gin", profile_slug="wiener"
    )
    assert event.format == Event.Format.SWISS
    canasta = setup.create_event(
        director, name="Canasta", date="2026-12-04", card_game="canasta", profile_slug="wiener"
    )
    assert canasta.format == Event.Format.PROGRESSIVE
    setup.choose_preset(canasta, card_game="gin", profile_slug="wiener")
    canasta.refresh_from_db()
    assert canasta.card_game == "gin" and canasta.format == Event.Format.SWISS


def test_the_service_refuses_a_format_the_game_cannot_be_played_in(director_client, director):
    event = make_event(director, card_game="gin", players=0, fmt=Event.Format.SWISS)
    with pytest.raises(ServiceError) as refused:
        setup.set_format(
            event,
            format=Event.Format.PROGRESSIVE,
            balanced_schedule=False,
            fixed_partners=False,
            planned_rounds=None,
        )
    assert refused.value.field_errors == {"format": ["Gin Rummy cannot be played in this format."]}
    posted = director_client.post(step(event, "format"), {"format": "progressive"})
    assert posted.status_code == 200 and "Select a valid choice." in posted.content.decode()
    assert Event.objects.get(pk=event.pk).format == Event.Format.SWISS


def test_the_format_page_says_in_plain_words_what_a_schedule_means(director_client, director):
    event = make_event(director, players=14)
    page = director_client.get(step(event, "format")).content.decode()
    assert (
        "Everyone meets everyone else twice as an opponent, except 42 pairs who meet never, "
        "once or three times."
    ) in page
    details = page.split('<details class="notes-detail">', 1)[1].split("</details>", 1)[0]
    assert "Details: the figures" in details
    assert "44 away from twice per pair" in details
    assert "44 away from twice per pair" not in page.replace(details, "")


# --- item 10: the bar on every director page ------------------------------------------------


def alerts(client, event) -> str:
    return client.get(reverse("tournaments-director-alerts", args=[event.pk])).content.decode()


def test_a_call_a_dispute_and_a_late_table_show_in_the_bar(director_client, director):
    rnd = evening(director)
    call_director(game_at(rnd, 1).table, rnd, reason="a revoke")
    second = game_at(rnd, 2)
    disputed = submit_entry(second, 1, DEAL, seat=seat_of(second, 3))
    dispute_entry(disputed, seat=seat_of(second, 4), reason="wrong")
    Round.objects.filter(pk=rnd.pk).update(started_at=timezone.now() - timedelta(minutes=20))
    bar = alerts(director_client, rnd.event)
    assert "Table 1 calls the director" in bar and "a revoke" in bar
    assert "Table 2:</strong> Deal 1 is disputed" in bar
    assert "Table 3 is late:</strong> nothing entered in 20 min" in bar
    # A dispute calls the director too, with the dispute as its reason.
    assert "Table 2 calls the director" in bar
    first = TableCall.objects.get(table=game_at(rnd, 1).table)
    ack = reverse("tournaments-director-call-acknowledge", args=[rnd.event_id, first.pk])
    assert f'action="{ack}"' in bar
    director_client.post(ack)
    after = alerts(director_client, rnd.event)
    assert "Table 1 calls the director" not in after and "Table 2 calls the director" in after


def test_every_director_page_of_the_event_loads_the_bar_and_no_other_page_does(
    client, director_client, director
):
    rnd = evening(director)
    event = rnd.event
    bar = f'hx-get="{reverse("tournaments-director-alerts", args=[event.pk])}"'
    director_pages = [
        reverse("tournaments-director-event", args=[event.pk]),
        step(event, "rules"),
        reverse("tournaments-director-players", args=[event.pk]),
        reverse("tournaments-director-rounds", args=[event.pk]),
        reverse("tournaments-director-board", args=[event.pk, 1]),
        reverse("tournaments-director-seating", args=[event.pk, 1]),
        reverse("tournaments-director-game", args=[event.pk, game_at(rnd, 1).pk]),
        reverse("tournaments-director-standings", args=[event.pk]),
        reverse("tournaments-director-print", args=[event.pk]),
        reverse("tournaments-director-audit", args=[event.pk]),
    ]
    for url in director_pages:
        assert bar in director_client.get(url).content.decode(), url
    others = [
        reverse("tournaments-director-events"),
        reverse("tournaments-table", args=[game_at(rnd, 1).table.token]),
        reverse("tournaments-public", args=[event.public_token]),
    ]
    for url in others:
        assert "director-alerts" not in director_client.get(url).content.decode(), url
        assert "director-alerts" not in client.get(url).content.decode(), url


def test_the_bar_answers_204_until_something_changes(director_client, director):
    rnd = evening(director)
    url = reverse("tournaments-director-alerts", args=[rnd.event_id])
    first = director_client.get(url)
    assert "alert-bar" not in first.content.decode()
    assert poll(director_client, url, first).status_code == 204
    call_director(game_at(rnd, 3).table, rnd)
    changed = poll(director_client, url, first)
    assert changed.status_code == 200 and "Table 3 calls the director" in changed.content.decode()


def test_without_an_open_round_the_bar_is_empty(director_client, director):
    rnd = evening(director)
    force_close_round(rnd, user=director, reason="done")
    bar = alerts(director_client, rnd.event)
    assert "alert-bar" not in bar and 'id="director-alerts"' in bar


def test_another_director_gets_no_bar(client, other_director, director):
    rnd = evening(director)
    call_director(game_at(rnd, 1).table, rnd, reason="help")
    client.force_login(other_director)
    url = reverse("tournaments-director-alerts", args=[rnd.event_id])
    assert client.get(url).status_code == 404


# --- item 11: the finish dialog ---------------------------------------------------------------


def test_the_finish_dialog_lists_what_is_still_unconfirmed(director_client, director):
    rnd = evening(director)
    first, second = game_at(rnd, 1), game_at(rnd, 2)
    waiting = submit_entry(first, 1, DEAL, seat=seat_of(first, 1))
    disputed = submit_entry(second, 1, DEAL, seat=seat_of(second, 3))
    dispute_entry(disputed, seat=seat_of(second, 4), reason="we melded 90")
    page = director_client.get(rnd.event.get_absolute_url()).content.decode()
    finish = page.split('id="finish"', 1)[1]
    assert "Round 1 is still being played. Close it first, then finish the event." in finish
    assert "still unconfirmed" not in finish  # the close dialog lists them meanwhile
    force_close_round(rnd, user=director, reason="closing time")
    page = director_client.get(rnd.event.get_absolute_url()).content.decode()
    finish = page.split('id="finish"', 1)[1]
    assert "2 entries are still unconfirmed: they do not count." in finish
    assert "Round 1, table 1" in finish and "Round 1, table 2" in finish
    assert "Confirm deal 1" in finish and "we melded 90" in finish
    assert "Finish anyway: these entries do not count" in finish
    confirmed = director_client.post(
        reverse("tournaments-director-round-confirm", args=[rnd.event_id, 1, waiting.pk]),
        {"back": "event"},
    )
    assert confirmed.url == rnd.event.get_absolute_url() + "#finish"
    assert Entry.objects.get(pk=waiting.pk).status == Entry.Status.CONFIRMED
    page = director_client.get(rnd.event.get_absolute_url()).content.decode()
    assert "1 entry is still unconfirmed: it does not count." in page


def test_with_nothing_unconfirmed_the_finish_dialog_asks_plainly(director_client, director):
    rnd = evening(director)
    force_close_round(rnd, user=director, reason="closing time")
    page = director_client.get(rnd.event.get_absolute_url()).content.decode()
    finish = page.split('id="finish"', 1)[1]
    assert "still unconfirmed" not in finish and "Yes, finish the event" in finish
