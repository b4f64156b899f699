"""Closing a round in a real browser: the dialog shows what each table waits for, the director
confirms an entry there and closes; a forced close leaves its entries listed on the board.

Screenshots go to test-artifacts/ (phone and laptop).
"""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.helpers import log_in, shoot
from tests.factories import make_event, seat_round
from tests.web.table_helpers import DEAL, seat_of
from tournaments.models import AuditEntry, Entry, Round
from tournaments.services.scores.entries import confirm_entry, dispute_entry, submit_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


def shoot_both(page: Page, artifacts_dir: str, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header stays at the top of the shot
    shoot(page, artifacts_dir, f"close-{name}")
    shoot(page, artifacts_dir, f"close-{name}", laptop=True)


def no_horizontal_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.fixture
def timed_round(director):
    """A timed round of two tables whose time ran out a minute ago; each has played the
    deal it had then: table 2's is confirmed, table 1's waits for confirmation."""
    event = make_event(director, players=8, round_kind="time", round_minutes=30, name="Friday")
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    Round.objects.filter(pk=rnd.pk).update(clock_ends_at=timezone.now() - timedelta(minutes=1))
    game = rnd.games.get(table__number=1)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1), device="phone-of-player-1")
    return rnd


@pytest.fixture
def table_2_done(timed_round):
    game = timed_round.games.get(table__number=2)
    confirm_entry(submit_entry(game, 1, DEAL, seat=seat_of(game, 3)), seat=seat_of(game, 4))


def test_the_director_confirms_from_the_close_dialog_and_closes(
    page: Page, live_server, director, artifacts_dir, timed_round, table_2_done
):
    log_in(page, live_server, director.get_username())
    page.goto(f"{live_server.url}/events/{timed_round.event_id}/rounds/")
    dialog = page.locator("#close")
    expect(dialog).to_contain_text("1 table is not finished yet or has entries waiting")
    table = dialog.locator('[data-table="1"]')
    expect(table).to_contain_text("Deal 1:")
    expect(table).to_contain_text("820 : 25")
    expect(table).to_contain_text("entered by 1 Player 1")
    expect(table).to_contain_text("waiting for confirmation")
    expect(page.get_by_role("button", name="Close round 1", exact=True)).to_be_disabled()
    no_horizontal_scroll(page)
    shoot_both(page, artifacts_dir, "1-dialog")

    table.get_by_role("button", name="Confirm deal 1").click()
    expect(page.get_by_text("Table 1: deal 1 is confirmed.")).to_be_visible()
    expect(page.get_by_text("Every table is finished and confirmed.")).to_be_visible()
    shoot_both(page, artifacts_dir, "2-confirmed")

    page.get_by_role("button", name="Close round 1", exact=True).click()
    expect(page.get_by_text("Round 1 is closed.")).to_be_visible()
    shoot_both(page, artifacts_dir, "3-closed")

    entry = Entry.objects.get(game__table__number=1)
    assert entry.status == Entry.Status.CONFIRMED and entry.decided_by_user == director
    assert Round.objects.get(pk=timed_round.pk).status == Round.Status.CLOSED
    trail = AuditEntry.objects.filter(game__table__number=1).order_by("pk")
    assert list(trail.values_list("action", flat=True)) == [
        AuditEntry.Action.ENTER,
        AuditEntry.Action.CONFIRM,
        AuditEntry.Action.OTHER,  # time is up: the game ends with its confirmed deal
    ]
    assert AuditEntry.objects.order_by("pk").last().action == AuditEntry.Action.CLOSE_ROUND


def test_a_forced_close_lists_what_it_left_on_the_board(
    page: Page, live_server, director, artifacts_dir, timed_round
):
    game = timed_round.games.get(table__number=2)
    disputed = submit_entry(game, 1, DEAL, seat=seat_of(game, 3))
    dispute_entry(disputed, seat=seat_of(game, 4), reason="we melded 90, not 60")
    log_in(page, live_server, director.get_username())
    page.goto(f"{live_server.url}/events/{timed_round.event_id}/rounds/")
    expect(page.locator('#close [data-table="2"]')).to_contain_text("we melded 90, not 60")
    page.get_by_text("Close the round early…").click()
    page.fill("#id_reason", "The club closes")
    page.get_by_role("button", name="Close the round early").click()
    expect(page.get_by_text("Round 1 is closed.")).to_be_visible()
    expect(page.get_by_text("2 entries left unconfirmed")).to_be_visible()

    page.get_by_text("2 entries left unconfirmed").click()
    left = page.locator(".left-unconfirmed")
    expect(left).to_contain_text("Left unconfirmed when round 1 was closed")
    expect(left.locator(".pending-item")).to_have_count(2)
    expect(left).to_contain_text("Table 1")
    expect(left).to_contain_text("Table 2")
    no_horizontal_scroll(page)
    shoot_both(page, artifacts_dir, "4-left-unconfirmed")

    left.get_by_role("button", name="Confirm deal 1").click()
    expect(page.get_by_text("Table 1: deal 1 is confirmed.")).to_be_visible()
    expect(left).to_contain_text("confirmed since")
    assert AuditEntry.objects.filter(action=AuditEntry.Action.LEFT_UNCONFIRMED).count() == 2
