"""Trust in what the table enters: the other phone confirms, a resend means the same
request, and nothing changes after the event is finished (issue 14, cases 4, 5 and 9)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.table_helpers import (
    DEAL,
    DEAL_FORM,
    DEAL_POINTS,
    canasta_game,
    gin_game,
    knock,
    seat_of,
    totals,
)
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Entry, Event, Game, Round
from tournaments.services.rounds.steps import end_game, force_close_round
from tournaments.services.scores.entries import (
    confirm_entry,
    correct_entry,
    dispute_entry,
    settle_dispute,
    submit_entry,
)
from tournaments.services.setup.events import finish_event
from tournaments.views.table_at import DEVICE_COOKIE

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

Action = AuditEntry.Action
HTMX = {"HTTP_HX_REQUEST": "true"}
GOOD = DEAL_FORM
ALREADY_SENT = (
    "Deal 1 was already sent with other numbers; check the score sheet and edit it there."
)


@pytest.fixture
def game(director):
    return canasta_game(director)


def url(name: str, game: Game, *args) -> str:
    return reverse(name, args=[game.table.token, *args])


def sit(client, game: Game, number: int):
    client.post(url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def send(client, game: Game, key: str = "key-1", **values) -> str:
    data = {"number": 1, "idempotency_key": key, **GOOD, **values}
    return client.post(url("tournaments-table-submit", game), data, **HTMX).content.decode()


def actions(game: Game) -> list[str]:
    return list(
        AuditEntry.objects.filter(game=game).order_by("pk").values_list("action", flat=True)
    )


# --- case 2: a phone sending after its round was closed --------------------------------


@pytest.mark.parametrize("htmx", [True, False])
def test_a_deal_sent_after_the_round_closed_is_answered_with_the_closed_round(
    client, game, director, htmx
):
    sit(client, game, 1)
    force_close_round(game.round, user=director, reason="Time is up")
    data = {"number": 1, "idempotency_key": "late", **GOOD}
    headers = HTMX if htmx else {}
    answer = client.post(url("tournaments-table-submit", game), data, **headers)
    page = url("tournaments-table", game)
    if htmx:
        assert answer.status_code == 204 and answer.headers["HX-Redirect"] == page
    else:
        assert answer.status_code == 302 and answer.url == page
    shown = client.get(page).content.decode()
    assert "Round 1 is closed: no more scores can be entered." in shown
    assert not Entry.objects.exists()


# --- case 4: the other side confirms, on another phone ---------------------------------


def test_each_phone_gets_a_device_cookie_for_a_year_and_keeps_it(client, game):
    first = client.get(url("tournaments-table", game))
    cookie = first.cookies[DEVICE_COOKIE]
    assert cookie["max-age"] >= 365 * 24 * 3600 and cookie["httponly"]
    again = client.get(url("tournaments-table", game))
    assert DEVICE_COOKIE not in again.cookies
    assert client.cookies[DEVICE_COOKIE].value == cookie.value


def test_an_entry_keeps_a_hash_of_the_phone_not_its_device_id(client, game):
    sit(client, game, 1)
    send(client, game)
    stored = Entry.objects.get().entered_by_device
    assert len(stored) == 64 and stored not in client.cookies[DEVICE_COOKIE].value
    other = sit(Client(), game, 6)
    send(other, game, key="key-2", number=2)
    assert Entry.objects.get(number=2).entered_by_device != stored


def test_a_phone_cannot_confirm_its_own_entry_by_switching_to_the_other_side(client, game):
    sit(client, game, 1)
    send(client, game)
    entry = Entry.objects.get()
    sit(client, game, 2)  # tap a name of side B
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Confirm deal 1" not in page
    assert "Deal 1 was entered on this phone" in page
    html = client.post(url("tournaments-table-confirm", game, entry.pk), **HTMX).content.decode()
    assert (
        "Deal 1 was entered on this phone: a player of the other side confirms it "
        "on their own phone." in html
    )
    html = client.post(
        url("tournaments-table-dispute", game, entry.pk), {"reason": "wrong"}, **HTMX
    ).content.decode()
    assert "Deal 1 was entered on this phone" in html
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED
    assert actions(game) == [Action.ENTER]


def test_a_phone_of_the_other_side_confirms_and_the_audit_names_its_player(client, game):
    sit(client, game, 1)
    send(client, game)
    entry = Entry.objects.get()
    other = sit(Client(), game, 2)
    html = other.post(url("tournaments-table-confirm", game, entry.pk), **HTMX).content.decode()
    assert "Deal 1 is confirmed." in html
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED and entry.decided_by_seat == seat_of(game, 2)
    confirmation = AuditEntry.objects.get(action=Action.CONFIRM)
    assert "Player 2" in confirmation.seat_label


def test_the_entering_device_is_refused_by_the_services_whatever_seat_it_names(game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), device="phone-a")
    with pytest.raises(ServiceError, match="entered on this phone"):
        confirm_entry(entry, seat=seat_of(game, 5), device="phone-a")
    with pytest.raises(ServiceError, match="entered on this phone"):
        dispute_entry(entry, seat=seat_of(game, 5), reason="no", device="phone-a")
    with pytest.raises(ServiceError, match="other side confirms"):
        confirm_entry(entry, seat=seat_of(game, 6), device="phone-b")  # the side check stays
    confirmed = confirm_entry(entry, seat=seat_of(game, 5), device="phone-b")
    assert confirmed.status == Entry.Status.CONFIRMED


def test_the_director_confirms_whatever_phone_entered_the_deal(game, director):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), device="phone-a")
    assert confirm_entry(entry, user=director, device="phone-a").status == Entry.Status.CONFIRMED


# --- case 5: the same key means the same request ----------------------------------------


def test_a_corrected_resend_with_the_same_key_is_stored_as_an_edit(game):
    first = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k", device="a")
    fixed = submit_entry(
        game, 1, totals(100, 50), seat=seat_of(game, 1), idempotency_key="k", device="a"
    )
    assert fixed.pk != first.pk and fixed.version == 2 and fixed.points == [100, 50]
    assert fixed.status == Entry.Status.ENTERED
    first.refresh_from_db()
    assert first.status == Entry.Status.SUPERSEDED
    assert actions(game) == [Action.ENTER, Action.EDIT]
    edit = AuditEntry.objects.get(action=Action.EDIT)
    assert edit.old["points"] == list(DEAL_POINTS) and edit.new["points"] == [100, 50]
    # The corrected form tapped twice: the stored answer, nothing new.
    again = submit_entry(
        game, 1, totals(100, 50), seat=seat_of(game, 1), idempotency_key="k", device="a"
    )
    assert again.pk == fixed.pk and Entry.objects.count() == 2


@pytest.mark.parametrize("confirmed", [False, True], ids=["pending", "confirmed"])
def test_the_first_numbers_sent_again_after_a_correction_are_never_answered_stored(game, confirmed):
    """Key K sent (A), then K with (B) (version 2, what counts), then K with (A) again (the
    outbox's old copy): refused, and (B) still counts, also after the other side confirmed."""
    seat = seat_of(game, 1)
    submit_entry(game, 1, DEAL, seat=seat, idempotency_key="k", device="a")
    fixed = submit_entry(game, 1, totals(100, 50), seat=seat, idempotency_key="k", device="a")
    if confirmed:
        confirm_entry(fixed, seat=seat_of(game, 2), device="b")
    with pytest.raises(ServiceError) as refused:
        submit_entry(game, 1, DEAL, seat=seat, idempotency_key="k", device="a")
    assert refused.value.message == ALREADY_SENT
    current = Entry.objects.exclude(status=Entry.Status.SUPERSEDED).get()
    assert current.pk == fixed.pk and current.points == [100, 50]
    assert Entry.objects.count() == 2
    # (B) sent again with K is what counts: answered with it.
    again = submit_entry(game, 1, totals(100, 50), seat=seat, idempotency_key="k", device="a")
    assert again.pk == fixed.pk


def test_on_the_phone_the_first_numbers_sent_again_after_a_correction_never_say_stored(
    client, game
):
    sit(client, game, 1)
    send(client, game, key="tap")
    assert "is stored" in send(client, game, key="tap", s1_hand_points="40")
    html = send(client, game, key="tap")
    assert ALREADY_SENT in html and "is stored" not in html
    current = Entry.objects.exclude(status=Entry.Status.SUPERSEDED).get()
    assert current.points == [820, 20] and current.version == 2


def test_a_resend_with_other_numbers_after_confirmation_is_refused_and_stores_nothing(game):
    first = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k")
    confirm_entry(first, seat=seat_of(game, 2))
    with pytest.raises(ServiceError) as refused:
        submit_entry(game, 1, totals(100, 50), seat=seat_of(game, 1), idempotency_key="k")
    assert refused.value.message == ALREADY_SENT
    first.refresh_from_db()
    assert first.status == Entry.Status.CONFIRMED and first.points == list(DEAL_POINTS)
    assert Entry.objects.count() == 1
    assert submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k").pk == first.pk


def test_a_resend_with_other_numbers_of_a_disputed_entry_is_refused(game):
    first = submit_entry(game, 1, DEAL, seat=seat_of(game, 1), idempotency_key="k")
    dispute_entry(first, seat=seat_of(game, 2), reason="two red threes")
    with pytest.raises(ServiceError, match="already sent with other numbers"):
        submit_entry(game, 1, totals(100, 50), seat=seat_of(game, 1), idempotency_key="k")
    assert Entry.objects.count() == 1


def test_on_the_phone_a_corrected_resend_is_stored_and_says_so(client, game):
    sit(client, game, 1)
    send(client, game, key="tap")
    html = send(client, game, key="tap", s1_hand_points="40")
    assert "Deal 1 is stored" in html
    current = Entry.objects.get(status=Entry.Status.ENTERED)
    assert current.points == [820, 20] and current.version == 2


def test_on_the_phone_a_resend_that_cannot_be_stored_never_says_stored(client, game):
    sit(client, game, 1)
    send(client, game, key="tap")
    entry = Entry.objects.get()
    other = sit(Client(), game, 2)
    other.post(url("tournaments-table-confirm", game, entry.pk), **HTMX)
    html = send(client, game, key="tap", s1_hand_points="40")
    assert ALREADY_SENT in html and "is stored" not in html
    assert list(Entry.objects.values_list("points_1", flat=True)) == [25]


# --- case 9: a finished event stays as it is ----------------------------------------------


def finished(game: Game, director) -> Entry:
    """Deal 1 confirmed and deal 2 left entered at table 1, the round closed early and the
    event finished; returns deal 2's entry."""
    confirm_entry(submit_entry(game, 1, DEAL, seat=seat_of(game, 1)), seat=seat_of(game, 2))
    left = submit_entry(game, 2, DEAL, seat=seat_of(game, 1))
    force_close_round(game.round, user=director, reason="Midnight")
    finish_event(game.round.event, director)
    return left


def test_no_director_change_is_accepted_after_the_event_is_finished(game, director):
    left = finished(game, director)
    before = AuditEntry.objects.count()
    with pytest.raises(ServiceError, match="The event is finished"):
        correct_entry(game, 1, totals(100, 50), user=director, reason="late fix")
    with pytest.raises(ServiceError, match="The event is finished"):
        confirm_entry(left, user=director)
    Entry.objects.filter(pk=left.pk).update(status=Entry.Status.DISPUTED)
    with pytest.raises(ServiceError, match="The event is finished"):
        settle_dispute(left, user=director, accept=True, reason="late")
    with pytest.raises(ServiceError):
        submit_entry(game, 3, DEAL, seat=seat_of(game, 1))
    assert AuditEntry.objects.count() == before
    game.refresh_from_db()
    assert game.scores == list(DEAL_POINTS)


def test_a_timed_game_cannot_be_ended_after_the_event_is_finished(director):
    game = canasta_game(director, round_kind="time", round_minutes=30)
    force_close_round(game.round, user=director, reason="Midnight")
    finish_event(game.round.event, director)
    with pytest.raises(ServiceError, match="The event is finished"):
        end_game(game, user=director, reason="late")
    game.refresh_from_db()
    assert not game.finished


def test_a_director_correction_of_a_closed_round_counts_and_is_audited(game, director):
    left = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    force_close_round(game.round, user=director, reason="Midnight")
    corrected = correct_entry(game, 1, totals(300, 100), user=director, reason="score sheet")
    assert corrected.status == Entry.Status.CONFIRMED
    left.refresh_from_db()
    assert left.status == Entry.Status.SUPERSEDED
    correction = AuditEntry.objects.get(action=Action.CORRECT)
    assert correction.reason == "score sheet" and correction.old[0]["points"] == list(DEAL_POINTS)
    game.refresh_from_db()
    assert game.scores == [300, 100]


def test_the_event_is_not_finished_while_a_round_is_open(game, director):
    with pytest.raises(ServiceError, match="Round 1 is still being played"):
        finish_event(game.round.event, director)
    assert Event.objects.get(pk=game.round.event_id).status != Event.Status.FINISHED
    assert Round.objects.get(pk=game.round_id).status == Round.Status.OPEN


# --- what the confirming phone sees (issue 16, item 6) -----------------------------------


def test_the_other_side_sees_each_sides_breakdown_before_it_confirms(client, game):
    sit(client, game, 1)
    send(client, game)
    other = sit(Client(), game, 2)
    page = other.get(url("tournaments-table", game)).content.decode()
    assert (
        "Side A: Natural canastas 1 · Red threes laid out 1 · went out · "
        "Melded card points 120 · Card points left in hand 0" in page
    )
    assert "Side B: did not go out · Melded card points 60 · Card points left in hand 35" in page


def test_a_gin_hand_shows_its_kind_who_knocked_and_the_deadwood(client, director):
    game = gin_game(director)
    submit_entry(game, 1, knock(0, 7, 23), seat=seat_of(game, 1), device="one")
    page = sit(client, game, 2).get(url("tournaments-table", game)).content.decode()
    assert (
        "Knock: 1 Player 1 · Knocker&#x27;s deadwood 7 · "
        "Defender&#x27;s deadwood (after laying off) 23" in page
    )
