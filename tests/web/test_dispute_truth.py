"""A dispute settled the handbook's way, and the notices that end with their cause (issue 32,
items 2 and 3).

The handbook (problems.md): on the table's page, put the right figures in the form and tap
"Settle the dispute": your version counts. Before, "Decision" defaulted to "The entry is
right", so the disputed figures counted; the phones kept "The director is called … Deal 1
is disputed" until the game ended, "The director has seen your call and is coming" stayed
through game over and showed on the other side's phone, and no phone said what the director
decided.
"""

import pytest
from django.urls import reverse

from meld_testkit.page import read
from tests.web.table_helpers import (
    DEAL_FORM,
    canasta_game,
    gin_game,
    knock,
    phone,
    seat_of,
    table_url,
)
from tournaments.models import Entry, Game, TableCall
from tournaments.services.scores.entries import confirm_entry, dispute_entry, submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(director) -> Game:
    return canasta_game(director)


def disputed(game: Game):
    """Side A (player 1) enters deal 1 (820 : 25); side B (player 2) disputes it."""
    side_a, side_b = phone(game, 1), phone(game, 2)
    side_a.post(
        table_url("tournaments-table-submit", game),
        {"number": 1, "idempotency_key": "k1", **DEAL_FORM},
        **HTMX,
    )
    entry = Entry.objects.get(game=game, number=1)
    side_b.post(
        table_url("tournaments-table-dispute", game, entry.pk),
        {"reason": "We had 45 in hand"},
        **HTMX,
    )
    return side_a, side_b, entry


def game_page(client, game: Game):
    url = reverse("tournaments-director-game", args=[game.round.event_id, game.pk])
    return read(client.get(url).content.decode())


def settle(client, game: Game, entry: Entry, **typed: str):
    """The director's settle form as the page draws it, ``typed`` over it, posted."""
    form = game_page(client, game).form(f"/entries/{entry.pk}/settle/")
    prefix = f"settle{entry.pk}-"
    data = form.data(**{prefix + name: value for name, value in typed.items()})
    return client.post(form.action, data)


def call_notice(client, game: Game) -> str:
    """The call's part of the phone's page."""
    page = client.get(table_url("tournaments-table", game)).content.decode()
    return page.split('<section class="call-director"')[1].split("</section>")[0]


def now_of(client, game: Game):
    return read(client.get(table_url("tournaments-table", game)).content.decode()).by_id("now")


def test_typed_figures_count_when_the_director_settles_the_handbooks_way(director_client, game):
    _a, _b, entry = disputed(game)
    answer = settle(director_client, game, entry, s1_hand_points="45", reason="Sheet checked")
    assert answer.status_code == 302
    counted = Entry.objects.get(game=game, number=1, status=Entry.Status.CONFIRMED)
    assert counted.points == [820, 15] and counted.entered_by_user_id is not None
    game.refresh_from_db()
    assert (game.score_0, game.score_1) == (820, 15)


def test_the_entry_is_right_with_changed_figures_is_asked_about(director_client, game):
    _a, _b, entry = disputed(game)
    answer = settle(
        director_client, game, entry, decision="accept", s1_hand_points="45", reason="Checked"
    )
    assert answer.status_code == 400
    assert "You changed the figures" in answer.content.decode()
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.DISPUTED


def test_unchanged_figures_without_a_decision_are_asked_about(director_client, game):
    _a, _b, entry = disputed(game)
    answer = settle(director_client, game, entry, reason="Checked")
    assert answer.status_code == 400
    assert "Choose what counts" in answer.content.decode()
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.DISPUTED


def test_the_entry_is_right_counts_the_entered_figures(director_client, game):
    _a, _b, entry = disputed(game)
    settle(director_client, game, entry, decision="accept", reason="Checked")
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.CONFIRMED


def test_a_settled_dispute_ends_its_call_on_every_phone_and_says_the_decision(
    director_client, game
):
    side_a, side_b, entry = disputed(game)
    for client in (side_a, side_b):
        assert "The director is called." in call_notice(client, game)
    settle(director_client, game, entry, s1_hand_points="45", reason="Sheet checked")
    assert TableCall.objects.get().ended_at is not None
    for client in (side_a, side_b):
        notice = call_notice(client, game)
        assert "The director is called." not in notice and "is disputed" not in notice
        assert "is coming" not in notice
        now = now_of(client, game)
        assert now.attrs["data-kind"] == "enter"
        assert "The director decided: 820 : 15 counts for deal 1." in now.text


def test_the_decision_is_said_until_the_table_goes_on(director_client, game):
    side_a, side_b, entry = disputed(game)
    settle(director_client, game, entry, decision="accept", reason="Checked")
    assert "The director decided: deal 1 counts as entered, 820 : 25." in now_of(side_a, game).text
    side_a.post(
        table_url("tournaments-table-submit", game),
        {"number": 2, "idempotency_key": "k2", **DEAL_FORM},
        **HTMX,
    )
    for client in (side_a, side_b):
        assert "The director decided" not in now_of(client, game).text


def test_set_aside_says_enter_it_again(director_client, game):
    side_a, _b, entry = disputed(game)
    settle(director_client, game, entry, decision="reject", reason="Wrong sheet")
    now = now_of(side_a, game)
    assert "The director decided: deal 1 does not count; enter it again." in now.text
    assert now.attrs["data-kind"] == "enter" and now.attrs["data-deal"] == "1"


def test_entering_a_disputed_deal_again_ends_its_call(game):
    side_a, side_b, entry = disputed(game)
    side_a.post(
        table_url("tournaments-table-submit", game),
        {"number": 1, "idempotency_key": "k1-again", "expected_version": 1, **DEAL_FORM},
        **HTMX,
    )
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.SUPERSEDED
    for client in (side_a, side_b):
        assert "The director is called." not in call_notice(client, game)


def test_only_the_calling_phone_hears_the_director_is_coming_and_not_after_game_over(
    director_client, game
):
    side_a, side_b = phone(game, 1), phone(game, 2)
    side_a.get(table_url("tournaments-table", game))
    side_b.get(table_url("tournaments-table", game))
    side_a.post(table_url("tournaments-table-call", game), {"reason": "A question"}, **HTMX)
    call = TableCall.objects.get()
    director_client.post(
        reverse("tournaments-director-call-acknowledge", args=[game.round.event_id, call.pk])
    )
    coming = "The director has seen your call and is coming"
    assert coming in call_notice(side_a, game)
    assert coming not in call_notice(side_b, game)
    Game.objects.filter(pk=game.pk).update(finished=True)
    assert coming not in call_notice(side_a, game)


def test_closing_the_round_ends_its_calls(director, game):
    from tournaments.services.rounds.steps import force_close_round

    side_a = phone(game, 1)
    side_a.post(table_url("tournaments-table-call", game), {"reason": "Help"}, **HTMX)
    force_close_round(game.round, user=director, reason="Late")
    assert TableCall.objects.get().ended_at is not None


def test_a_disputed_deal_set_aside_at_game_over_ends_its_call(director):
    """The game ends with deal 1 confirmed while deal 2 is disputed: deal 2 is set aside
    (it can no longer count), and the call its dispute raised ends with it on both phones
    (a junction probe found "The director is called … Hand 2 is disputed" after game over)."""
    game = gin_game(director)
    first, second = seat_of(game, 1), seat_of(game, 2)
    over = {"kind": "gin", "knocker": 0, "knocker_deadwood": 0, "defender_deadwood": 90}
    one = submit_entry(game, 1, over, seat=first, device="phone-a")
    two = submit_entry(game, 2, knock(0, 5, 20), seat=first, device="phone-a")
    dispute_entry(two, seat=second, reason="deadwood was 25", device="phone-b")
    assert TableCall.objects.get().ended_at is None
    confirm_entry(one, seat=second, device="phone-b")
    game.refresh_from_db()
    assert game.finished
    assert Entry.objects.get(pk=two.pk).status == Entry.Status.SUPERSEDED
    assert TableCall.objects.get().ended_at is not None
    for number in (1, 2):
        notice = call_notice(phone(game, number), game)
        assert "The director is called." not in notice and "is disputed" not in notice
