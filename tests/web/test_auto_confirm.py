"""Automatic confirmation is stored by requests that write, never by a page being read
(issue 24, item 4): every page a director, a phone or a spectator reads leaves a due
entry as it is; the next step that writes the game, closing the round, the director's
pages (their own POST) and ``manage.py confirm_due`` store it, with its audit row."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests.web.live_helpers import poll, step_on
from tests.web.table_helpers import DEAL, DEAL_POINTS, canasta_game, phone, seat_of, totals
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Entry, Event, Game
from tournaments.services.rounds.steps import close_round, end_game, force_close_round
from tournaments.services.scores.auto_confirm import confirm_due_everywhere, due_entries
from tournaments.services.scores.entries import confirm_entry, dispute_entry, submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

Action = AuditEntry.Action
Status = Entry.Status


def age(entry: Entry, minutes: int) -> None:
    Entry.objects.filter(pk=entry.pk).update(
        created_at=timezone.now() - datetime.timedelta(minutes=minutes)
    )


def due_game(director, **fields) -> tuple[Game, Entry]:
    """Table 1 of an event confirming after 5 minutes, its deal 1 entered 6 minutes ago."""
    game = canasta_game(director, auto_confirm_minutes=5, **fields)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    age(entry, 6)
    return game, entry


def status(entry: Entry) -> str:
    entry.refresh_from_db()
    return entry.status


def auto_rows(game: Game) -> int:
    return AuditEntry.objects.filter(game=game, action=Action.AUTO_CONFIRM).count()


def test_no_page_read_stores_a_due_confirmation(client, director_client, director):
    game, entry = due_game(director, public=True)
    event, table = game.round.event, game.table
    reads = [
        (director_client, reverse("tournaments-director-board", args=[event.pk, 1]), {}),
        (
            director_client,
            reverse("tournaments-director-board", args=[event.pk, 1]),
            {"HTTP_HX_REQUEST": "true"},
        ),
        (director_client, reverse("tournaments-director-rounds", args=[event.pk]), {}),
        (
            director_client,
            reverse("tournaments-director-rounds", args=[event.pk]),
            {"HTTP_HX_REQUEST": "true"},
        ),
        (director_client, reverse("tournaments-director-event", args=[event.pk]), {}),
        (director_client, reverse("tournaments-director-game", args=[event.pk, game.pk]), {}),
        (director_client, reverse("tournaments-director-standings", args=[event.pk]), {}),
        (director_client, reverse("tournaments-director-clock", args=[event.pk]), {}),
        (director_client, reverse("tournaments-director-alerts", args=[event.pk]), {}),
        (client, reverse("tournaments-table", args=[table.token]), {}),
        (client, reverse("tournaments-table-sheet", args=[table.token]), {}),
        (phone(game, 2), reverse("tournaments-table", args=[table.token]), {}),
        (client, reverse("tournaments-public", args=[event.public_token]), {}),
        (client, reverse("tournaments-public-projector", args=[event.public_token]), {}),
    ]
    for reader, url, headers in reads:
        assert reader.get(url, {"game": game.pk, "mark": "x"}, **headers).status_code < 400, url
        assert status(entry) == Status.ENTERED, url
    assert auto_rows(game) == 0


def test_the_next_step_at_the_table_stores_it_first(director):
    game, entry = due_game(director)
    submit_entry(game, 2, totals(100, 50), seat=seat_of(game, 1))
    assert status(entry) == Status.CONFIRMED
    rows = list(AuditEntry.objects.filter(game=game).order_by("pk").values_list("action", "entry"))
    assert rows[-2:] == [(Action.AUTO_CONFIRM, entry.pk), (Action.ENTER, rows[-1][1])]
    game.refresh_from_db()
    assert game.scores == list(DEAL_POINTS)


def test_a_due_entry_can_no_longer_be_disputed_or_replaced(director):
    """The refusal says the deal counts: so it does, with its audit row, though the refused
    step itself is rolled back (a junction probe found the phone told "no longer waiting"
    beside "Confirm deal 1", the deal still waiting)."""
    game, entry = due_game(director)
    with pytest.raises(ServiceError, match="no longer waiting for confirmation"):
        dispute_entry(entry, seat=seat_of(game, 2), reason="wrong")
    assert status(entry) == Status.CONFIRMED and auto_rows(game) == 1
    assert not AuditEntry.objects.filter(game=game, action=Action.DISPUTE).exists()
    with pytest.raises(ServiceError, match="is confirmed"):
        submit_entry(game, 1, totals(5, 5), seat=seat_of(game, 1), expected_version=1)
    assert confirm_entry(entry, seat=seat_of(game, 2)).status == Status.CONFIRMED
    assert auto_rows(game) == 1
    assert not AuditEntry.objects.filter(game=game, action=Action.CONFIRM).exists()
    game.refresh_from_db()
    assert game.scores == list(DEAL_POINTS)


def test_the_phone_refused_a_dispute_of_a_due_deal_is_shown_it_counting(director):
    game, entry = due_game(director)
    side_b = phone(game, 2)
    url = reverse("tournaments-table-dispute", args=[game.table.token, entry.pk])
    html = side_b.post(url, {"reason": "wrong"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Deal 1 is no longer waiting for confirmation." in html
    assert "Confirm deal 1" not in html and "Next: enter deal 2." in html


def test_closing_a_round_counts_what_is_due(director):
    game, entry = due_game(director, round_kind=Event.RoundKind.DEALS, round_deals=1)
    other = game.round.games.exclude(pk=game.pk).get()
    confirm_entry(submit_entry(other, 1, DEAL, seat=seat_of(other, 3)), seat=seat_of(other, 4))
    close_round(game.round, user=director)
    assert status(entry) == Status.CONFIRMED and auto_rows(game) == 1


def test_closing_early_counts_what_is_due_and_leaves_only_the_rest_unconfirmed(director):
    game, entry = due_game(director)
    later = submit_entry(game, 2, totals(100, 50), seat=seat_of(game, 1))
    force_close_round(game.round, user=director, reason="The club closes")
    assert status(entry) == Status.CONFIRMED
    left = AuditEntry.objects.filter(action=Action.LEFT_UNCONFIRMED)
    assert [row.entry_id for row in left] == [later.pk]


def test_ending_a_timed_game_counts_what_is_due(director):
    game, entry = due_game(director, round_kind=Event.RoundKind.TIME, round_minutes=30)
    end_game(game, user=director, reason="time")
    assert status(entry) == Status.CONFIRMED
    game.refresh_from_db()
    assert game.finished and game.scores == list(DEAL_POINTS)


def test_the_director_pages_ask_for_it_with_a_post_of_their_own(director_client, director):
    game, entry = due_game(director)
    event = game.round.event
    bar = reverse("tournaments-director-alerts", args=[event.pk])
    for page in (
        reverse("tournaments-director-board", args=[event.pk, 1]),
        reverse("tournaments-director-rounds", args=[event.pk]),
        reverse("tournaments-director-event", args=[event.pk]),
        reverse("tournaments-director-standings", args=[event.pk]),
    ):
        assert f'hx-get="{bar}"' in director_client.get(page).content.decode(), page
    target = reverse("tournaments-director-confirm-due", args=[event.pk])
    assert f'hx-post="{target}"' in director_client.get(bar).content.decode()
    assert status(entry) == Status.ENTERED
    assert director_client.get(target).status_code == 405
    assert director_client.post(target).status_code == 200
    assert status(entry) == Status.CONFIRMED and auto_rows(game) == 1
    assert f'hx-post="{target}"' not in director_client.get(bar).content.decode()


def test_the_bar_poll_changes_when_an_entry_becomes_due(director_client, director, monkeypatch):
    """Time alone makes an entry due: the bar's time step brings it."""
    game = canasta_game(director, auto_confirm_minutes=5)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    url = reverse("tournaments-director-alerts", args=[game.round.event_id])
    first = director_client.get(url)
    assert poll(director_client, url, first).status_code == 204
    age(entry, 6)
    step_on(monkeypatch)
    changed = poll(director_client, url, first)
    assert changed.status_code == 200 and "confirm-due" in changed.content.decode()


def test_another_directors_post_changes_nothing(client, other_director, director):
    game, entry = due_game(director)
    client.force_login(other_director)
    target = reverse("tournaments-director-confirm-due", args=[game.round.event_id])
    assert client.post(target).status_code == 404
    assert status(entry) == Status.ENTERED


def test_the_command_stores_every_due_entry_and_nothing_else(director):
    game, entry = due_game(director)
    fresh = canasta_game(director, auto_confirm_minutes=5, name="Fresh")
    young = submit_entry(fresh, 1, DEAL, seat=seat_of(fresh, 1))
    never = canasta_game(director, name="Never")
    old = submit_entry(never, 1, DEAL, seat=seat_of(never, 1))
    age(old, 600)
    argued = canasta_game(director, auto_confirm_minutes=1, name="Argued")
    disputed = submit_entry(argued, 1, DEAL, seat=seat_of(argued, 1))
    dispute_entry(disputed, seat=seat_of(argued, 2), reason="no")
    age(disputed, 600)
    over = canasta_game(director, auto_confirm_minutes=1, name="Over")
    finished = submit_entry(over, 1, DEAL, seat=seat_of(over, 1))
    age(finished, 600)
    Event.objects.filter(pk=over.round.event_id).update(status=Event.Status.FINISHED)
    said = io.StringIO()
    call_command("confirm_due", stdout=said)
    assert said.getvalue() == "1 entries confirmed automatically.\n"
    assert status(entry) == Status.CONFIRMED and auto_rows(game) == 1
    assert [status(e) for e in (young, old, disputed, finished)] == [
        Status.ENTERED,
        Status.ENTERED,
        Status.DISPUTED,
        Status.ENTERED,
    ]
    assert confirm_due_everywhere() == 0  # stored once, never twice


def test_due_entries_are_those_of_an_open_round_only(director):
    game, entry = due_game(director)
    assert list(due_entries(game.round)) == [entry]
    later = submit_entry(game, 2, totals(100, 50), seat=seat_of(game, 1))
    force_close_round(game.round, user=director, reason="early")
    age(later, 60)
    game.round.refresh_from_db()
    assert list(due_entries(game.round)) == []
    assert confirm_due_everywhere() == 0 and status(later) == Status.ENTERED


def test_a_refused_close_keeps_what_it_counted_as_due(director):
    """Table 2 has entered nothing, so the round does not close; the deal it found due at
    table 1 counts all the same, with its audit row (a race probe found it rolled back)."""
    game, entry = due_game(director)
    with pytest.raises(ServiceError):
        close_round(game.round, user=director)
    assert status(entry) == Status.CONFIRMED and auto_rows(game) == 1
    game.refresh_from_db()
    assert game.scores == list(DEAL_POINTS)
