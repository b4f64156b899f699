"""Score entry services: submit, edit, confirm, dispute, correct, settle (auto-confirm:
``test_auto_confirm.py``)."""

import threading

import pytest
from django.utils import translation

from tests.factories import seat_round
from tests.web.table_helpers import (
    DEAL,
    DEAL_POINTS,
    canasta_game,
    gin_game,
    knock,
    seat_of,
    totals,
)
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Entry, Game, Result, Round
from tournaments.services.scores.entries import (
    EntryConflict,
    confirm_entry,
    correct_entry,
    dispute_entry,
    settle_dispute,
    submit_entry,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


Action = AuditEntry.Action


@pytest.fixture
def game(director):
    return canasta_game(director)


def actions(game) -> list[str]:
    return list(
        AuditEntry.objects.filter(game=game).order_by("pk").values_list("action", flat=True)
    )


def test_a_seat_enters_a_deal_scored_by_the_engine(game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    assert (entry.points_0, entry.points_1, entry.points_2) == (*DEAL_POINTS, None)
    assert entry.status == Entry.Status.ENTERED and entry.version == 1
    assert entry.details["sides"][0]["natural_canastas"] == 1
    assert actions(game) == [Action.ENTER]
    audit = AuditEntry.objects.get(game=game)
    assert audit.entry == entry and audit.new["points"] == list(DEAL_POINTS)
    assert "Player 1" in audit.seat_label


def test_an_impossible_deal_is_refused_with_each_problem_at_its_field(game):
    bad = {"sides": [{"natural_canastas": 1, "melded_points": 33}, {"going_out": "out"}]}
    with pytest.raises(ServiceError) as refused:
        submit_entry(game, 1, bad, seat=seat_of(game, 1))
    assert "s0_melded_points" in refused.value.field_errors
    assert "s1_going_out" in refused.value.field_errors
    assert not Entry.objects.exists() and not AuditEntry.objects.exists()


def test_the_same_idempotency_key_stores_one_entry(game):
    first = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k-1")
    again = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k-1")
    assert again.pk == first.pk
    assert Entry.objects.count() == 1 and actions(game) == [Action.ENTER]


def test_a_late_double_tap_gets_the_version_that_holds_its_numbers_and_stores_nothing(game):
    """The other side disputed, then entered the same numbers again: the first phone's
    second tap (its answer was lost) is told those numbers count, as the later version."""
    first = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k-1")
    dispute_entry(first, seat=seat_of(game, 2), reason="recount")
    later = submit_entry(game, 1, DEAL, seat=seat_of(game, 2), expected_version=1)
    again = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k-1")
    assert again.pk == later.pk and again.version == 2
    assert Entry.objects.count() == 2
    assert actions(game) == [Action.ENTER, Action.DISPUTE, Action.EDIT]


def test_an_idempotency_key_from_another_table_is_refused(game, director):
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k-1")
    other = Game.objects.get(round=game.round, table__number=2)
    with pytest.raises(ServiceError):
        submit_entry(other, 1, DEAL, seat=seat_of(other, 3), idempotency_key="k-1")


def test_the_entering_side_can_change_its_entry_before_confirmation(game):
    first = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    changed = submit_entry(game, 1, totals(100, 50), seat=seat_of(game, 6), expected_version=1)
    first.refresh_from_db()
    assert first.status == Entry.Status.SUPERSEDED
    assert changed.version == 2 and changed.status == Entry.Status.ENTERED
    assert changed.points == [100, 50]
    assert actions(game) == [Action.ENTER, Action.EDIT]
    edit = AuditEntry.objects.get(action=Action.EDIT)
    assert edit.old["points"] == list(DEAL_POINTS) and edit.new["points"] == [100, 50]


def test_a_change_of_an_older_version_is_refused_and_shows_the_current_one(game):
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    current = submit_entry(game, 1, totals(100, 50), seat=seat_of(game, 1), expected_version=1)
    with pytest.raises(EntryConflict) as refused:
        submit_entry(game, 1, totals(5, 5), seat=seat_of(game, 6), expected_version=1)
    assert refused.value.entry == current


def test_the_other_phone_cannot_overwrite_a_pending_entry(game):
    entered = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    with pytest.raises(EntryConflict) as refused:
        submit_entry(game, 1, totals(100, 50), seat=seat_of(game, 2), expected_version=1)
    assert refused.value.message == "The other phone already entered deal 1: here it is."
    assert refused.value.entry == entered
    assert Entry.objects.count() == 1


def test_other_side_can_confirm(game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    confirmed = confirm_entry(entry, seat=seat_of(game, 5))
    assert confirmed.status == Entry.Status.CONFIRMED
    assert confirmed.decided_by_seat == seat_of(game, 5) and confirmed.decided_at is not None
    game.refresh_from_db()
    assert game.scores == list(DEAL_POINTS) and not game.finished
    assert actions(game) == [Action.ENTER, Action.CONFIRM]
    assert Result.objects.filter(game=game).count() == 4


def test_a_second_tap_on_confirm_changes_nothing(game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    confirm_entry(entry, seat=seat_of(game, 2))
    assert actions(game) == [Action.ENTER, Action.CONFIRM]


@pytest.mark.parametrize("number", [1, 6])
def test_the_entering_side_cannot_confirm_its_own_entry(game, number):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    with pytest.raises(ServiceError, match="other side confirms"):
        confirm_entry(entry, seat=seat_of(game, number))
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED


def test_a_seat_at_another_table_cannot_confirm(game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    stranger = Game.objects.get(round=game.round, table__number=2).seats.first()
    with pytest.raises(ServiceError):
        confirm_entry(entry, seat=stranger)


def test_the_director_can_confirm_but_another_director_cannot(game, director, other_director):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    with pytest.raises(ServiceError):
        confirm_entry(entry, user=other_director)
    assert confirm_entry(entry, user=director).status == Entry.Status.CONFIRMED


def test_a_confirmed_deal_can_only_be_corrected_by_the_director(game, director):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    with pytest.raises(ServiceError, match="only the director"):
        submit_entry(game, 1, totals(100, 50), seat=seat_of(game, 2), expected_version=1)
    with pytest.raises(ServiceError, match="reason"):
        correct_entry(game, 1, totals(100, 50), user=director, reason="  ")
    corrected = correct_entry(game, 1, totals(100, 50), user=director, reason="wrong sides")
    entry.refresh_from_db()
    assert entry.status == Entry.Status.SUPERSEDED
    assert corrected.status == Entry.Status.CONFIRMED and corrected.version == 2
    game.refresh_from_db()
    assert game.scores == [100, 50]
    audit = AuditEntry.objects.get(action=Action.CORRECT)
    assert audit.reason == "wrong sides" and audit.old[0]["points"] == list(DEAL_POINTS)
    assert audit.user == director


def test_a_player_or_another_director_cannot_correct(game, other_director):
    with pytest.raises(ServiceError):
        correct_entry(game, 1, totals(100, 50), user=other_director, reason="mine")


def test_the_other_side_can_dispute_with_a_reason(game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    with pytest.raises(ServiceError):
        dispute_entry(entry, seat=seat_of(game, 2), reason="")
    with pytest.raises(ServiceError):
        dispute_entry(entry, seat=seat_of(game, 6), reason="ours")
    disputed = dispute_entry(entry, seat=seat_of(game, 2), reason="we had two red threes")
    assert disputed.status == Entry.Status.DISPUTED and disputed.reason == "we had two red threes"
    assert actions(game) == [Action.ENTER, Action.DISPUTE]
    with pytest.raises(ServiceError):
        confirm_entry(disputed, seat=seat_of(game, 2))


def test_a_disputed_deal_can_be_entered_again_by_either_side(game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="wrong")
    again = submit_entry(game, 1, totals(300, 100), seat=seat_of(game, 2), expected_version=1)
    assert again.version == 2 and again.status == Entry.Status.ENTERED
    assert confirm_entry(again, seat=seat_of(game, 1)).status == Entry.Status.CONFIRMED


def test_the_director_settles_a_dispute(game, director):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="wrong")
    with pytest.raises(ServiceError):
        settle_dispute(entry, user=director, accept=True, reason="")
    settled = settle_dispute(entry, user=director, accept=True, reason="the table agreed")
    assert settled.status == Entry.Status.CONFIRMED
    game.refresh_from_db()
    assert game.scores == list(DEAL_POINTS)
    assert AuditEntry.objects.get(action=Action.SETTLE).reason == "the table agreed"


def test_the_director_can_reject_a_disputed_entry_with_the_right_scores(game, director):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="wrong")
    settled = settle_dispute(
        entry, user=director, accept=False, reason="counted", data=totals(200, 40)
    )
    assert settled.status == Entry.Status.CONFIRMED and settled.points == [200, 40]
    entry.refresh_from_db()
    assert entry.status == Entry.Status.SUPERSEDED


def test_a_rejected_entry_without_scores_opens_the_deal_again(game, director):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    dispute_entry(entry, seat=seat_of(game, 2), reason="wrong")
    settle_dispute(entry, user=director, accept=False, reason="enter it again")
    again = submit_entry(game, 1, totals(200, 40), seat=seat_of(game, 2))
    assert again.version == 2


def test_entries_for_a_closed_round_are_refused(game):
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    game.round.refresh_from_db()
    with pytest.raises(ServiceError, match="Round 1 is closed"):
        submit_entry(game, 1, DEAL, seat=seat_of(game, 1))


def test_an_entry_for_an_earlier_round_names_the_current_round(game):
    event = game.round.event
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    seat_round(event, 2, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    with pytest.raises(ServiceError) as refused:
        submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    assert "the current round is Round 2" in refused.value.message


def test_no_entry_once_the_game_is_over(game):
    Game.objects.filter(pk=game.pk).update(finished=True)
    with pytest.raises(ServiceError, match="over"):
        submit_entry(game, 1, DEAL, seat=seat_of(game, 1))


def test_deals_are_entered_in_order(game):
    with pytest.raises(ServiceError, match="the next one is deal 1"):
        submit_entry(game, 2, DEAL, seat=seat_of(game, 1))


def test_a_game_of_fixed_deals_takes_no_more(director):
    game = canasta_game(director, round_kind="deals", round_deals=1)
    entry = submit_entry(game, 1, totals(100, 50), seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    game.refresh_from_db()
    assert game.finished and game.winner_side == 0
    with pytest.raises(ServiceError):
        submit_entry(game, 2, totals(100, 50), seat=seat_of(game, 1))


def test_nobody_without_a_seat_or_the_direction_can_enter(game, other_director):
    with pytest.raises(ServiceError):
        submit_entry(game, 1, DEAL)
    with pytest.raises(ServiceError):
        submit_entry(game, 1, DEAL, user=other_director)


# --- Gin -------------------------------------------------------------------------


def test_a_gin_knock_scores_the_difference_for_the_knocker(director):
    game = gin_game(director)
    entry = submit_entry(game, 1, knock(1, 5, 30), seat=seat_of(game, 1))
    assert entry.points == [0, 25]
    assert entry.details["winner"] == "knocker" and not entry.details["undercut"]


def test_a_gin_undercut_and_a_no_game(director):
    game = gin_game(director)
    undercut = submit_entry(game, 1, knock(0, 8, 6), seat=seat_of(game, 1))
    assert undercut.points == [0, 12] and undercut.details["undercut"]
    confirm_entry(undercut, seat=seat_of(game, 2))
    nothing = submit_entry(game, 2, {"kind": "no_game"}, seat=seat_of(game, 2))
    assert nothing.points == [0, 0]


def test_a_knock_over_the_limit_is_refused_at_the_knockers_deadwood(director):
    game = gin_game(director)
    with pytest.raises(ServiceError) as refused:
        submit_entry(game, 1, knock(0, 11, 30), seat=seat_of(game, 1))
    assert "knocker_deadwood" in refused.value.field_errors


def test_gin_cards_are_scored_with_melds_and_lay_offs(director):
    game = gin_game(director)
    data = {
        "kind": "knock",
        "knocker": 0,
        "mode": "cards",
        # 5-6-7 of hearts, three kings, A-2-3 of spades; deadwood 4C = 4 (after discarding QD)
        "knocker_cards": ["5H", "6H", "7H", "KS", "KH", "KD", "AS", "2S", "3S", "4C", "QD"],
        # 8H lays off on the run, KC on the kings; 9D 9C 9S is a set; deadwood 2D 3C 4D 6C JH
        "defender_cards": ["8H", "KC", "9D", "9C", "9S", "2D", "3C", "4D", "6C", "JH"],
    }
    entry = submit_entry(game, 1, data, seat=seat_of(game, 1))
    details = entry.details
    assert details["discard"] == "QD" and details["knocker_deadwood"] == 4
    assert details["defender_deadwood"] == 2 + 3 + 4 + 6 + 10
    assert entry.points == [25 - 4, 0]


# --- two phones at once ------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_phones_entering_deal_1_at_once_store_one_entry(director):
    game = canasta_game(director)
    seats = [seat_of(game, 1), seat_of(game, 2)]
    start = threading.Barrier(len(seats))
    outcomes: list[tuple[str, str]] = []

    def enter(seat, points):
        from django.db import connection

        translation.activate("en")  # each thread has its own language
        try:
            start.wait()
            submit_entry(game, 1, totals(points, 0), seat=seat)
            outcomes.append(("stored", seat.player.name))
        except ServiceError as error:
            outcomes.append(("refused", error.message))
        finally:
            connection.close()

    threads = [
        threading.Thread(target=enter, args=(s, p)) for s, p in zip(seats, (100, 200), strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(kind for kind, _ in outcomes) == ["refused", "stored"]
    refusal = next(message for kind, message in outcomes if kind == "refused")
    assert refusal == "The other phone already entered deal 1: here it is."
    assert Entry.objects.filter(game=game).count() == 1
    assert AuditEntry.objects.filter(game=game, action=Action.ENTER).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_double_tap_sent_twice_at_once_stores_one_entry(director):
    game = canasta_game(director)
    seat = seat_of(game, 1)
    start = threading.Barrier(2)
    stored: list[int] = []

    def enter():
        from django.db import connection

        try:
            start.wait()
            stored.append(submit_entry(game, 1, DEAL, seat=seat, idempotency_key="same-tap").pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=enter) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(stored) == 2 and stored[0] == stored[1]
    assert Entry.objects.filter(game=game).count() == 1
