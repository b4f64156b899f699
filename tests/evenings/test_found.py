"""What the random evenings found, each as a plain test named for what it shows (each failed
before its fix). The state machine (``test_evenings.py``) keeps looking for more."""

import pytest

from tests.factories import make_event, make_tables, seat_round
from tests.web.table_helpers import DEAL_FORM, phone, seat_of, table_url, totals
from tournaments.kernel.errors import ServiceError
from tournaments.models import AuditEntry, Entry, Event, Game, Round
from tournaments.services.rounds.steps import close_round, force_close_round, start_round
from tournaments.services.scores.entries import (
    confirm_entry,
    correct_entry,
    dispute_entry,
    settle_dispute,
    submit_entry,
)
from tournaments.services.setup import player_changes

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def canasta(director, **fields) -> Game:
    event = make_event(director, entry_modes=["deal", "totals"], **fields)
    rnd = seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    return rnd.games.select_related("round__event", "table").get(table__number=1)


def now_kind(game: Game, number: int) -> tuple[str, str]:
    page = phone(game, number).get(table_url("tournaments-table", game)).content.decode()
    section = page.split('<section id="now"', 1)[1].split(">", 1)[0]
    kind = section.split('data-kind="', 1)[1].split('"', 1)[0]
    deal = section.split('data-deal="', 1)[1].split('"', 1)[0]
    return kind, deal


def test_a_canasta_game_in_a_round_of_so_many_deals_ends_when_a_side_reaches_the_target(
    director,
):
    game = canasta(director, round_kind="deals", round_deals=4)
    a, b = seat_of(game, 1), seat_of(game, 2)
    for number, points in enumerate([(2600, 100), (2600, 100)], start=1):
        confirm_entry(submit_entry(game, number, totals(*points), seat=a), seat=b)
    game.refresh_from_db()
    assert game.finished and (game.score_0, game.score_1) == (5200, 200)
    assert now_kind(game, 1)[0] == "game_over"


def test_deals_after_the_end_of_the_game_do_not_count_and_the_waiting_ones_are_set_aside(
    director,
):
    game = canasta(director)
    a, b = seat_of(game, 1), seat_of(game, 2)
    confirm_entry(submit_entry(game, 1, totals(2600, 100), seat=a), seat=b)
    ending = submit_entry(game, 2, totals(2600, 100), seat=a)
    later = submit_entry(game, 3, totals(500, 100), seat=a)  # typed while deal 2 waited
    confirm_entry(ending, seat=b)
    game.refresh_from_db()
    assert game.finished and (game.score_0, game.score_1) == (5200, 200)
    assert Entry.objects.get(pk=later.pk).status == Entry.Status.SUPERSEDED
    assert AuditEntry.objects.filter(action=AuditEntry.Action.AFTER_END, entry=later).exists()
    assert now_kind(game, 2)[0] == "game_over"  # not "confirm deal 3"


def test_a_correction_after_the_end_does_not_count(director):
    """A deal added after the game's end would not count: it is refused, and the totals
    stay (a junction probe found a fifth deal of a four-deal round counting)."""
    game = canasta(director)
    a, b = seat_of(game, 1), seat_of(game, 2)
    for number in (1, 2):
        confirm_entry(submit_entry(game, number, totals(2600, 100), seat=a), seat=b)
    with pytest.raises(ServiceError, match="The game is over: no deal can be added"):
        correct_entry(game, 3, totals(500, 100), user=director, reason="Added by mistake")
    game.refresh_from_db()
    assert (game.score_0, game.score_1) == (5200, 200)
    assert not game.entries.filter(number=3).exists()


def test_deals_count_in_order(director):
    """A deal confirmed while an earlier one waits counts once that one does."""
    game = canasta(director)
    a, b = seat_of(game, 1), seat_of(game, 2)
    first = submit_entry(game, 1, totals(2600, 100), seat=a)
    second = submit_entry(game, 2, totals(2600, 100), seat=b)  # the other side enters it
    confirm_entry(second, seat=a)
    game.refresh_from_db()
    assert (game.score_0, game.score_1, game.finished) == (0, 0, False)
    confirm_entry(first, seat=b)
    game.refresh_from_db()
    assert (game.score_0, game.score_1, game.finished) == (5200, 200, True)


def test_a_deal_set_aside_is_entered_again_before_a_new_one(director):
    game = canasta(director)
    a, b = seat_of(game, 1), seat_of(game, 2)
    first = submit_entry(game, 1, totals(820, 25), seat=a)
    submit_entry(game, 2, totals(820, 25), seat=b)
    dispute_entry(first, seat=b, reason="Wrong")
    settle_dispute(Entry.objects.get(pk=first.pk), user=director, accept=False, reason="Again")
    page = phone(game, 2).get(table_url("tournaments-table", game)).content.decode()
    assert 'name="number" value="1"' in page and "Send deal 1" in page  # not deal 3


def test_the_phones_say_the_last_round_after_the_rounds_the_format_gives(director):
    """A Swiss event of four whose director set no number of rounds plays two (⌈log2 4⌉)."""
    event = make_event(director, card_game="gin", players=4, fmt="swiss")
    first = seat_round(event, 1, [(1, 2), (3, 4)])
    Round.objects.filter(pk=first.pk).update(status=Round.Status.CLOSED)
    second = seat_round(event, 2, [(1, 3), (2, 4)])
    Round.objects.filter(pk=second.pk).update(status=Round.Status.CLOSED)
    game = second.games.select_related("round__event", "table").get(table__number=1)
    page = phone(game, 1).get(table_url("tournaments-table", game)).content.decode()
    assert 'data-kind="last_round"' in page and "Round 2 was the last round." in page


def test_a_kept_form_of_a_closed_round_is_refused_with_its_round(director):
    game = canasta(director)
    side_a = phone(game, 1)
    posted = {"number": 1, "idempotency_key": f"g{game.pk}-kept", **DEAL_FORM}
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    answer = side_a.post(table_url("tournaments-table-submit", game), posted)
    assert answer.status_code == 302 and not Entry.objects.exists()


def test_winner_moves_up_takes_a_substitute_but_no_late_entry_or_withdrawal(director):
    """Its tables follow the last round's results: a player who withdrew left a seat the next
    round could not fill ("enter a substitute first"), and a late entry never got a seat."""
    from tournaments.kernel.errors import ServiceError
    from tournaments.models import Event
    from tournaments.services.setup import player_changes

    event = make_event(director, fmt="moveup", status=Event.Status.RUNNING)
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    player = event.players.get(number=5)
    with pytest.raises(ServiceError, match="enter a substitute"):
        player_changes.withdraw(event, player, user=director)
    with pytest.raises(ServiceError, match="late entry has no seat"):
        player_changes.late_entry(event, name="Latecomer", user=director)
    assert player_changes.substitute(event, player, name="Sam", user=director).number == 5


def chouette(director) -> Event:
    """Gin for three as a chouette at one table: 1 alone against 2 (who plays first) and 3."""
    event = make_event(director, card_game="gin", players=3, fmt="tables", table_kind="chouette")
    make_tables(event, 1)
    return event


def gin(number: int, knocker: int) -> dict[str, object]:
    """Hand ``number`` won by gin: by the lone player (0), or the partner at the table (1)."""
    return {"number": number, "mode": "hand", "kind": "gin", "knocker": knocker}


def sides_by_name(game: Game) -> list[tuple[int, str]]:
    seats = game.seats.select_related("player").order_by("position")
    return [(seat.side, seat.player.name) for seat in seats]


def test_a_substitute_takes_the_chouette_seat_of_the_player_replaced(director):
    """A chouette's next round goes on from its last hand won (RULES.md 2.1, 2): the lone
    player who won it stays alone. Replaced by a substitute, who plays under his number in
    his place, the substitute plays alone; he was seated as a newcomer at the table, last."""
    event = chouette(director)
    first = start_round(event, user=director).games.get()
    for number in (1, 2):
        hand = {**gin(number, 0), "knocker_deadwood": 0, "defender_deadwood": 40 + number}
        correct_entry(first, number, hand, user=director, reason="Score sheet")
    close_round(Round.objects.get(pk=first.round_id), user=director)
    sam = player_changes.substitute(event, event.players.get(number=1), name="Sam", user=director)
    second = start_round(event, user=director).games.get()
    assert sides_by_name(second) == [(0, sam.name), (1, "Player 2"), (1, "Player 3")]


def test_a_chouette_hand_that_never_counted_does_not_seat_the_next_round(director):
    """Hands count in order: hand 2, confirmed while hand 1 waited until the round was closed
    early, never counted, and nobody won a hand that did. The draw seats round 2 again; the
    seating took hand 2 for the game's first and put its winning partner alone."""
    event = chouette(director)
    first = start_round(event, user=director).games.get()
    waiting = {**gin(1, 0), "knocker_deadwood": 0, "defender_deadwood": 30}
    submit_entry(first, 1, waiting, seat=seat_of(first, 2))
    hand = {**gin(2, 1), "knocker_deadwood": 0, "defender_deadwood": 40}
    correct_entry(first, 2, hand, user=director, reason="Score sheet")
    force_close_round(Round.objects.get(pk=first.round_id), user=director, reason="Time")
    second = start_round(event, user=director).games.get()
    assert sides_by_name(second) == [(0, "Player 1"), (1, "Player 2"), (1, "Player 3")]
