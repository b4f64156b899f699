"""Closing a round with entries still waiting: the dialog names each table and what it
waits for, the director answers each entry there, and a forced close leaves a trace
of every entry it leaves unconfirmed (issue 14, case 3)."""

import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.table_helpers import DEAL, DEAL_POINTS, seat_of
from tournaments.models import AuditEntry, Entry, Game, Round
from tournaments.services.rounds.steps import force_close_round
from tournaments.services.scores.entries import confirm_entry, dispute_entry, snapshot, submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

Action = AuditEntry.Action


@pytest.fixture
def rnd(director):
    """Round 1 of three tables: table 1 has deal 2 waiting for confirmation (deal 1
    counts), table 2 a disputed deal 1, table 3 nothing yet."""
    event = make_event(director, players=12)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7)), ((9, 11), (10, 12))])
    first, second = (rnd.games.get(table__number=n) for n in (1, 2))
    confirm_entry(submit_entry(first, 1, DEAL, seat=seat_of(first, 1)), seat=seat_of(first, 2))
    submit_entry(first, 2, DEAL, seat=seat_of(first, 6))
    disputed = submit_entry(second, 1, DEAL, seat=seat_of(second, 3))
    dispute_entry(disputed, seat=seat_of(second, 4), reason="two red threes, not one")
    return rnd


def game_at(rnd: Round, number: int) -> Game:
    return rnd.games.get(table__number=number)


def pending(rnd: Round, table: int) -> Entry:
    return Entry.objects.get(
        game__round=rnd, game__table__number=table, status__in=["entered", "disputed"]
    )


def url(name: str, rnd: Round, *args) -> str:
    return reverse(name, args=[rnd.event_id, *args])


def section(page: str, start: str, end: str) -> str:
    return page.split(start, 1)[1].split(end, 1)[0]


def test_the_close_dialog_lists_each_table_with_what_it_waits_for(director_client, rnd):
    page = director_client.get(url("tournaments-director-rounds", rnd)).content.decode()
    assert "3 tables are not finished yet or have entries waiting for confirmation." in page
    first = section(page, 'data-table="1"', "</li>\n    \n    ")
    assert "Deal 2:" in first and "820 : 25" in first and "entered by 6 Player 6" in first
    assert "waiting for confirmation" in first and "Confirm deal 2" in first
    assert "Deal 1:" not in first  # it counts already
    second = section(page, 'data-table="2"', 'data-table="3"')
    assert "disputed" in second and "two red threes, not one" in second
    assert "It counts as entered" in second and "Set it aside" in second
    assert "Confirm deal" not in second
    third = section(page, 'data-table="3"', "</ul>")
    assert "nothing entered yet" in third


def test_the_director_confirms_a_waiting_entry_from_the_dialog(director_client, director, rnd):
    entry = pending(rnd, 1)
    response = director_client.post(
        url("tournaments-director-round-confirm", rnd, 1, entry.pk), follow=True
    )
    assert response.redirect_chain[-1][0].endswith("/rounds/#close")
    page = response.content.decode()
    assert "Table 1: deal 2 is confirmed." in page
    first = section(page, 'data-table="1"', 'data-table="2"')
    assert "Confirm deal 2" not in first  # the game goes on: table 1 is only not finished
    assert "not finished" in first and "2 deals confirmed" in first
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED and entry.decided_by_user == director
    game = game_at(rnd, 1)
    assert game.scores == [2 * DEAL_POINTS[0], 2 * DEAL_POINTS[1]]
    confirmation = AuditEntry.objects.get(entry=entry, action=Action.CONFIRM)
    assert confirmation.user == director


def test_the_director_settles_a_dispute_from_the_dialog_with_a_reason(director_client, rnd):
    entry = pending(rnd, 2)
    target = url("tournaments-director-round-settle", rnd, 1, entry.pk)
    page = director_client.post(target, {"decision": "accept"}, follow=True).content.decode()
    assert "Give a reason." in page
    director_client.post(target, {"decision": "accept", "reason": "the sheet says one"})
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED
    assert AuditEntry.objects.get(action=Action.SETTLE).reason == "the sheet says one"


def test_setting_a_dispute_aside_from_the_dialog_opens_the_deal_again(director_client, rnd):
    entry = pending(rnd, 2)
    director_client.post(
        url("tournaments-director-round-settle", rnd, 1, entry.pk),
        {"decision": "reject", "reason": "enter it again"},
    )
    entry.refresh_from_db()
    assert entry.status == Entry.Status.SUPERSEDED
    assert not Entry.objects.filter(game=game_at(rnd, 2), status="confirmed").exists()


def test_a_forced_close_records_each_entry_it_leaves_unconfirmed(director, rnd):
    waiting, disputed = pending(rnd, 1), pending(rnd, 2)
    force_close_round(rnd, user=director, reason="The club closes")
    left = AuditEntry.objects.filter(action=Action.LEFT_UNCONFIRMED).order_by("pk")
    assert [row.entry for row in left] == [waiting, disputed]
    assert [row.game.table.number for row in left] == [1, 2]
    assert left[0].old == snapshot(waiting) and left[1].old == snapshot(disputed)
    assert all(row.reason == "The club closes" and row.user == director for row in left)
    closing = AuditEntry.objects.get(action=Action.FORCE_CLOSE)
    assert closing.pk < left[0].pk
    waiting.refresh_from_db()
    assert waiting.status == Entry.Status.ENTERED  # kept as it was, not counted
    assert game_at(rnd, 1).scores == list(DEAL_POINTS)


def test_the_director_sees_what_was_left_and_can_still_confirm_it(director_client, director, rnd):
    waiting = pending(rnd, 1)
    director_client.post(
        url("tournaments-director-round-close", rnd, 1), {"force": "1", "reason": "Midnight"}
    )
    rounds_page = director_client.get(url("tournaments-director-rounds", rnd)).content.decode()
    assert "Left unconfirmed when round 1 was closed" in rounds_page
    assert "2 entries left unconfirmed" in rounds_page
    board = director_client.get(url("tournaments-director-board", rnd, 1)).content.decode()
    listed = section(board, "Left unconfirmed when round 1 was closed", "</section>")
    assert "Table 1" in listed and "Deal 2:" in listed and "Confirm deal 2" in listed
    assert "Table 2" in listed and "two red threes, not one" in listed
    assert f"/games/{game_at(rnd, 1).pk}/?fix=2" in listed  # a way to correct it

    response = director_client.post(
        url("tournaments-director-round-confirm", rnd, 1, waiting.pk), follow=True
    )
    assert response.redirect_chain[-1][0].endswith("/rounds/1/board/")
    listed = section(
        response.content.decode(), "Left unconfirmed when round 1 was closed", "</section>"
    )
    assert "confirmed since" in listed and "Confirm deal 2" not in listed
    waiting.refresh_from_db()
    assert waiting.status == Entry.Status.CONFIRMED
    assert game_at(rnd, 1).scores == [2 * DEAL_POINTS[0], 2 * DEAL_POINTS[1]]
    rounds_page = director_client.get(url("tournaments-director-rounds", rnd)).content.decode()
    assert "1 entry left unconfirmed" in rounds_page


def test_another_director_cannot_answer_the_entries_of_the_dialog(client, other_director, rnd):
    client.force_login(other_director)
    entry = pending(rnd, 1)
    assert (
        client.post(url("tournaments-director-round-confirm", rnd, 1, entry.pk)).status_code == 404
    )
    assert (
        client.post(url("tournaments-director-round-settle", rnd, 1, entry.pk)).status_code == 404
    )
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED


def test_an_entry_of_another_round_is_not_found(director_client, rnd):
    entry = pending(rnd, 1)
    assert (
        director_client.post(
            url("tournaments-director-round-confirm", rnd, 2, entry.pk)
        ).status_code
        == 404
    )
