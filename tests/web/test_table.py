"""The table's page: opened by its token only, seat choice, entry, confirmation, polling."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, seat_round
from tests.web.table_helpers import (
    DEAL,
    DEAL_FORM,
    canasta_game,
    gin_game,
    poll_of,
    seat_of,
    totals,
)
from tournaments.models import Entry, Game, Round
from tournaments.services.rounds.clock import start_clock
from tournaments.services.scores.entries import submit_entry
from tournaments.services.setup.players import update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def game(director):
    return canasta_game(director)


def url(name: str, game: Game, *args) -> str:
    return reverse(name, args=[game.table.token, *args])


def sit(client, game, number: int):
    client.post(url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def deal_post(number=1, key="key-1", **values) -> dict:
    data = {
        "number": number,
        "idempotency_key": key,
        "s0_going_out": "none",
        "s1_going_out": "none",
    }
    data.update({k: str(v) for k, v in values.items()})
    return data


HTMX = {"HTTP_HX_REQUEST": "true"}


# --- opening the table ----------------------------------------------------------------


def test_the_token_shows_who_sits_here_before_anything_else(client, game):
    page = client.get(url("tournaments-table", game)).content.decode()
    for name in ("Player 1", "Player 6", "Player 2", "Player 5"):
        assert name in page
    assert "Player 3" not in page  # table 2
    assert "Who are you?" in page and "wrong table" in page
    assert 'name="s0_melded_points"' not in page  # no entry before the seat is chosen


def test_an_unknown_token_is_not_found(client, game):
    assert client.get(reverse("tournaments-table", args=["no-such-token"])).status_code == 404


def test_without_an_open_round_the_table_waits_for_the_next_one(client, game):
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    page = client.get(url("tournaments-table", game))
    html = page.content.decode()
    assert page.status_code == 200 and "Round 1 is closed." in html and "Wait for round 2" in html
    sent = client.post(url("tournaments-table-submit", game), deal_post(**DEAL_FORM))
    assert sent.status_code == 302 and sent.url == url("tournaments-table", game)
    assert not Entry.objects.exists()


def test_the_token_opens_the_tables_game_of_the_current_round(client, game):
    event = game.round.event
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    seat_round(event, 2, [((1, 3), (5, 7)), ((2, 4), (6, 8))])
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Round 2" in page and "Player 7" in page and "Player 6" not in page


def test_choosing_a_seat_is_remembered_and_a_seat_elsewhere_is_refused(client, game):
    sit(client, game, 6)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "You are <strong>6 Player 6</strong>" in page and 'name="s0_melded_points"' in page
    stranger = Game.objects.get(round=game.round, table__number=2).seats.first()
    assert (
        client.post(url("tournaments-table-seat", game), {"seat": stranger.pk}).status_code == 404
    )


def test_a_forged_seat_cookie_is_ignored(client, game):
    client.cookies[f"meld_seat_{game.table.pk}"] = str(seat_of(game, 1).pk)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Who are you?" in page


def test_a_token_reaches_the_entries_of_its_own_table_only(client, game, director):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    other = Game.objects.get(round=game.round, table__number=2)
    sit(client, other, 3)
    assert client.post(url("tournaments-table-confirm", other, entry.pk)).status_code == 404
    assert client.get(url("tournaments-table-edit", other, entry.pk)).status_code == 404
    elsewhere = make_event(director, name="Another evening")
    foreign = seat_round(elsewhere, 1, [((1, 2), (3, 4))]).games.get()
    sit(client, foreign, 1)
    assert client.post(url("tournaments-table-confirm", foreign, entry.pk)).status_code == 404
    assert (
        client.post(
            url("tournaments-table-dispute", foreign, entry.pk), {"reason": "x"}
        ).status_code
        == 404
    )
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED


# --- entering ---------------------------------------------------------------------------


def test_a_seat_enters_a_deal_and_gets_the_form_for_the_next(client, game):
    sit(client, game, 1)
    answer = client.post(url("tournaments-table-submit", game), deal_post(**DEAL_FORM), **HTMX)
    html = answer.content.decode()
    assert answer.status_code == 200
    entry = Entry.objects.get()
    assert entry.points == [820, 25] and entry.entered_by_seat == seat_of(game, 1)
    assert "Deal 2" in html and 'id="sheet"' in html and 'hx-swap-oob="true"' in html
    assert "waiting for confirmation" in html


def test_the_same_form_sent_twice_stores_one_entry(client, game):
    sit(client, game, 1)
    for _ in range(2):
        client.post(
            url("tournaments-table-submit", game), deal_post(key="tap", **DEAL_FORM), **HTMX
        )
    assert Entry.objects.count() == 1


def test_every_answer_is_the_pad_with_the_rest_out_of_band(client, game):
    """One shape: the pad, then out of band who this phone is, what it asks now, the call,
    the clock, who sits here and (after Send) the next deal's form; no header says which."""
    sit(client, game, 1)
    answer = client.post(url("tournaments-table-submit", game), deal_post(**DEAL_FORM), **HTMX)
    html = answer.content.decode()
    assert html.lstrip().startswith('<section id="sheet"')
    for part in ("table-head", "now", "call-director", "round-clock", "who", "entry"):
        assert 'hx-swap-oob="true"' in html.split(f'id="{part}"')[1].split(">")[0], part
    assert "Deal 1 is stored." in html and "Send deal 2" in html
    assert not [name for name in answer.headers if name.lower().startswith("x-meld")]


def test_without_a_seat_nothing_is_stored(client, game):
    answer = client.post(url("tournaments-table-submit", game), deal_post(**DEAL_FORM), **HTMX)
    assert "tap your name" in answer.content.decode() and not Entry.objects.exists()


def test_a_mistake_is_shown_next_to_its_field_and_the_values_stay(client, game):
    sit(client, game, 1)
    values = {**DEAL_FORM, "s0_melded_points": 123}
    html = client.post(
        url("tournaments-table-submit", game), deal_post(**values), **HTMX
    ).content.decode()
    assert not Entry.objects.exists()
    field_errors = html.split('id="id_s0_melded_points_error"')[1].split("</div>")[0]
    assert "multiple of 5" in field_errors
    assert 'value="123"' in html and 'value="key-1"' in html  # typed values and the same key


def test_without_htmx_a_mistake_renders_the_page_with_the_message(client, game):
    sit(client, game, 1)
    answer = client.post(url("tournaments-table-submit", game), deal_post(s0_going_out="out"))
    assert answer.status_code == 422 and "needs a canasta" in answer.content.decode()


def test_without_htmx_a_good_entry_goes_back_to_the_page(client, game):
    sit(client, game, 1)
    answer = client.post(url("tournaments-table-submit", game), deal_post(**DEAL_FORM))
    assert answer.status_code == 302 and Entry.objects.count() == 1


def test_the_other_phone_entering_the_same_deal_is_shown_the_stored_one(client, game):
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 2)
    html = client.post(
        url("tournaments-table-submit", game), deal_post(s1_melded_points=50), **HTMX
    ).content.decode()
    assert "Another phone entered deal 1 first. Is it what you typed?" in html
    assert '<th scope="row">A</th><td class="num">820</td><td class="num">0</td>' in html
    assert '<th scope="row">B</th><td class="num">25</td><td class="num">50</td>' in html
    assert "These are the same" in html and "Mine is different: dispute" in html
    assert Entry.objects.count() == 1


def test_the_preview_totals_each_side_live(client, game):
    sit(client, game, 1)
    html = client.post(
        url("tournaments-table-preview", game), deal_post(**DEAL_FORM)
    ).content.decode()
    assert "<strong>820</strong>" in html and "<strong>25</strong>" in html
    assert 'id="total-s0" class="side-total" hx-swap-oob="true">820<' in html


def test_the_preview_puts_each_problem_at_its_field(client, game):
    html = client.post(
        url("tournaments-table-preview", game), deal_post(s1_hand_points=12)
    ).content.decode()
    errors = html.split('id="id_s1_hand_points_error"')[1].split("</div>")[0]
    assert "multiple of 5" in errors and "Not complete yet" in html


# --- edit, confirm, dispute ---------------------------------------------------------------


def test_the_entering_side_edits_before_confirmation(client, game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 6)
    html = client.get(url("tournaments-table-edit", game, entry.pk), **HTMX).content.decode()
    assert "Change deal 1" in html and 'name="expected_version" value="1"' in html
    assert 'name="s0_melded_points" value="120"' in html
    data = deal_post(key="edit-1", expected_version=1, **{**DEAL_FORM, "s1_hand_points": 40})
    client.post(url("tournaments-table-submit", game), data, **HTMX)
    current = Entry.objects.get(status=Entry.Status.ENTERED)
    assert current.version == 2 and current.points == [820, 20]


def test_other_side_can_confirm_on_its_phone(client, game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 5)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Confirm deal 1" in page
    html = client.post(url("tournaments-table-confirm", game, entry.pk), **HTMX).content.decode()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED and "Deal 1 is confirmed." in html
    game.refresh_from_db()
    assert game.scores == [820, 25]


def test_the_entering_side_sees_no_confirm_button_and_cannot_confirm(client, game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 6)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Confirm deal 1" not in page and "Change deal 1" in page
    html = client.post(url("tournaments-table-confirm", game, entry.pk), **HTMX).content.decode()
    assert "other side confirms it" in html
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED


def test_the_other_side_disputes_with_a_reason(client, game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 2)
    html = client.post(
        url("tournaments-table-dispute", game, entry.pk), {"reason": "two red threes"}, **HTMX
    )
    entry.refresh_from_db()
    assert entry.status == Entry.Status.DISPUTED and "two red threes" in html.content.decode()


def test_an_empty_dispute_is_refused(client, game):
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 2)
    client.post(url("tournaments-table-dispute", game, entry.pk), {"reason": " "}, **HTMX)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED


# --- polling ----------------------------------------------------------------------------


def test_the_polled_sheet_answers_204_until_something_changes(client, game):
    sheet_url = url("tournaments-table-sheet", game)
    first = client.get(sheet_url, {"game": game.pk, "since": "x"}, **HTMX)
    assert first.status_code == 200
    drawn = poll_of(first.content.decode())
    assert client.get(sheet_url, {"game": game.pk, **drawn}).status_code == 204
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    changed = client.get(sheet_url, {"game": game.pk, **drawn}, **HTMX)
    assert changed.status_code == 200 and "820" in changed.content.decode()
    assert poll_of(changed.content.decode())["since"] != drawn["since"]


def test_the_pages_requests_take_turns_and_end_without_an_answer(client, game):
    """The page's requests wait for one another, the pad's poll gives way to the others,
    and a request unanswered for 15 s ends (the browser tests walk each)."""
    html = sit(client, game, 1).get(url("tournaments-table", game)).content.decode()
    assert (
        """<main class="page phone" hx-sync="this:queue all" hx-request='{"timeout": 15000}'>"""
        in html
    )
    assert 'hx-sync="closest main:abort"' in html.split('id="sheet-poll"', 1)[1].split(">", 1)[0]


def _clock_started_at_the_pad(client, game, capture) -> tuple[dict, object]:
    """A seated phone's poll, and its answer once the director has started the clock."""
    sit(client, game, 2)
    page = client.get(url("tournaments-table", game)).content.decode()
    poll = {"game": game.pk, **poll_of(page), "shown": "1"}
    sheet_url = url("tournaments-table-sheet", game)
    assert client.get(sheet_url, poll, **HTMX).status_code == 204
    with capture(execute=True):
        start_clock(game.round, user=game.round.event.owner, minutes=30)
    return poll, client.get(sheet_url, poll, **HTMX)


def test_a_clock_started_brings_the_phones_their_clock_alone(
    client, game, django_capture_on_commit_callbacks
):
    """A round without a time limit: its clock only informs, so the pad and the form being
    typed stay; the poll brings the clock and its own new address, both out of band."""
    poll, answer = _clock_started_at_the_pad(client, game, django_capture_on_commit_callbacks)
    html = answer.content.decode()
    assert answer.status_code == 200 and answer["HX-Reswap"] == "none"
    assert "Time left" in html and 'id="sheet"' not in html and 'id="entry"' not in html
    assert html.count('hx-swap-oob="true"') == 2
    drawn = poll_of(html)
    assert drawn["since"] == poll["since"] and drawn["clock"] != poll["clock"]
    again = {**poll, **drawn}
    assert client.get(url("tournaments-table-sheet", game), again, **HTMX).status_code == 204


def test_a_clock_started_in_a_timed_round_redraws_the_pad(
    client, director, django_capture_on_commit_callbacks
):
    """A round with a time limit: the clock says when its deals end, so the pad is drawn anew."""
    game = canasta_game(director, round_kind="time", round_minutes=30)
    _poll, answer = _clock_started_at_the_pad(client, game, django_capture_on_commit_callbacks)
    html = answer.content.decode()
    assert answer.status_code == 200 and not answer.has_header("HX-Reswap")
    assert 'id="sheet"' in html and "Time left" in html


def test_a_steps_message_stays_until_something_else_changes(client, game):
    """The answer to a step is drawn after it: the phone's next poll has nothing new, so
    "Deal 1 is confirmed." is not swapped away two seconds later."""
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 2)
    confirm = url("tournaments-table-confirm", game, entry.pk)
    html = client.post(confirm, {"shown": "2-later"}, **HTMX).content.decode()
    assert "Deal 1 is confirmed." in html
    poll = {"game": game.pk, **poll_of(html), "shown": "2"}
    assert client.get(url("tournaments-table-sheet", game), poll, **HTMX).status_code == 204
    submit_entry(game, 2, DEAL, seat=seat_of(game, 1))
    changed = client.get(url("tournaments-table-sheet", game), poll, **HTMX).content.decode()
    assert "Confirm deal 2" in changed and "Deal 1 is confirmed." not in changed


def test_the_polled_sheet_reloads_the_page_when_the_round_changed(client, game):
    answer = client.get(url("tournaments-table-sheet", game), {"game": game.pk + 100, "since": "x"})
    assert answer.status_code == 204 and answer["HX-Refresh"] == "true"


def test_loading_the_page_leaves_what_is_due_and_the_next_send_confirms_it(client, director):
    game = canasta_game(director, auto_confirm_minutes=3)
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    Entry.objects.filter(pk=entry.pk).update(
        created_at=timezone.now() - datetime.timedelta(minutes=5)
    )
    client.get(url("tournaments-table", game))
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED  # a page read never writes
    sit(client, game, 1)
    client.post(url("tournaments-table-submit", game), deal_post(2, **DEAL_FORM), **HTMX)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED
    assert Entry.objects.get(number=2).status == Entry.Status.ENTERED


def test_a_finished_game_shows_its_result_and_no_form(client, game):
    entry = submit_entry(game, 1, totals(5200, 300), seat=seat_of(game, 1))
    sit(client, game, 2)
    client.post(url("tournaments-table-confirm", game, entry.pk))
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Game over: side A wins by 4,900." in page
    assert 'name="s0_melded_points"' not in page


# --- Gin and the calculator -------------------------------------------------------------------


def test_the_gin_page_offers_hand_and_card_entry(client, director):
    game = gin_game(director)
    sit(client, game, 1)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert page.count("data-card=") == 52 and "Hand 1" in page
    assert 'name="knocker_deadwood"' in page and 'name="kind" value="gin"' in page


def test_a_gin_hand_in_card_mode_is_previewed_with_its_melds(client, director):
    game = gin_game(director)
    data = {
        "number": 1,
        "mode": "cards",
        "kind": "knock",
        "knocker": "0",
        "knocker_cards": "5H 6H 7H KS KH KD AS 2S 3S 4C",
        "defender_cards": "8H KC 9D 9C 9S 2D 3C 4D 6C JH",
    }
    html = client.post(url("tournaments-table-preview", game), data).content.decode()
    assert "1 Player 1 scores 21" in html and "5♥ 6♥ 7♥" in html and "25 after laying off" in html


def test_the_card_calculator_counts_a_meld(client, game):
    html = client.post(url("tournaments-table-calculator", game), {"cards": "KS KH KD KC KS KH 2C"})
    text = html.content.decode()
    assert "80 card points" in text and "a canasta: bonus 300" in text
    bad = client.post(
        url("tournaments-table-calculator", game), {"cards": "KS QH 2C"}
    ).content.decode()
    assert "same rank" in bad


# --- the entry panel: drawn again only when it is not the one the phone shows ------------


def test_a_confirmation_draws_the_next_deals_form_only_where_the_phone_lacks_it(client, game):
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 2)
    page = client.get(url("tournaments-table", game)).content.decode()
    # Deal 1 waits for this side: deal 2's form is folded away behind it.
    assert 'id="shown" name="shown" value="2-later@' in page and "Send deal 2" in page
    entry = Entry.objects.get()
    confirm = url("tournaments-table-confirm", game, entry.pk)
    html = client.post(confirm, {"shown": "2-later"}, **HTMX).content.decode()
    assert Entry.objects.get().status == "confirmed" and "Deal 1 is confirmed." in html
    assert 'value="2@' in html.split('id="shown"')[1] and 'class="later"' not in html
    entry = submit_entry(game, 2, DEAL, seat=seat_of(game, 1))
    html = client.post(
        url("tournaments-table-confirm", game, entry.pk), {"shown": "3-later"}, **HTMX
    ).content.decode()
    assert 'id="entry"' in html  # unfolded
    entry = submit_entry(game, 3, DEAL, seat=seat_of(game, 1))
    html = client.post(
        url("tournaments-table-confirm", game, entry.pk), {"shown": "4"}, **HTMX
    ).content.decode()
    assert 'id="entry"' not in html and "entry-form" not in html  # already deal 4's: it stays


def test_the_poll_leaves_the_form_being_typed_and_takes_away_a_deal_to_confirm(client, game):
    """One primary action: once the other side has entered the deal this phone's form is
    for, the poll takes that form's Send away (what is typed stays) while "Confirm" is asked;
    once it is answered, the next deal's form comes."""
    sit(client, game, 2)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Send deal 1" in page
    sheet_url = url("tournaments-table-sheet", game)
    poll = {"game": game.pk, **poll_of(page), "shown": "1"}
    start_clock(game.round, user=game.round.event.owner, minutes=30)
    html = client.get(sheet_url, poll, **HTMX).content.decode()
    assert "Time left" in html and 'id="entry"' not in html  # the form typed in stays
    poll.update(poll_of(html))
    entry = submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    html = client.get(sheet_url, poll, **HTMX).content.decode()
    assert "Confirm deal 1" in html and "Send deal 1" not in html and 'id="entry"' not in html
    bar = html.split('<div id="send-bar"')[1].split("</div>")[0]
    assert 'hx-swap-oob="true"' in bar and "disabled" in bar
    assert "Answer deal 1 above" in bar
    html = client.post(
        url("tournaments-table-confirm", game, entry.pk), {"shown": "1"}, **HTMX
    ).content.decode()
    assert 'id="entry"' in html and "Send deal 2" in html


def test_the_defender_sees_the_cards_the_knocker_tapped_before_confirming(client, director):
    """Card mode: the confirm view shows both hands as tapped (laid out as Meld found them),
    not only the deadwood figures, so the other side can check the cards."""
    game = gin_game(director)
    data = {
        "mode": "cards",
        "kind": "knock",
        "knocker": 0,
        "knocker_cards": ["5H", "6H", "7H", "KS", "KH", "KD", "AS", "2S", "3S", "4C"],
        "defender_cards": ["8H", "KC", "9D", "9C", "9S", "2D", "3C", "4D", "6C", "JH"],
    }
    submit_entry(game, 1, data, seat=seat_of(game, 1))
    sit(client, game, 2)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Confirm hand 1" in page
    now = page.split('id="now"', 1)[1].split("</section>", 1)[0]
    assert (
        "<li>Knocker&#x27;s melds: A♠\u00a02♠\u00a03♠ · 5♥\u00a06♥\u00a07♥ · K♠\u00a0K♥\u00a0K♦</li>"
        in now
    )
    assert "<li>Knocker&#x27;s deadwood: 4♣</li>" in now
    assert "<li>Defender&#x27;s melds: 9♠\u00a09♦\u00a09♣</li>" in now
    assert "<li>Defender&#x27;s deadwood: 2♦ 3♣ 4♦ 6♣ 8♥ J♥ K♣</li>" in now


def test_a_name_corrected_mid_evening_redraws_the_form_the_phone_shows(client, game):
    """The entry form's side names come from the event's frame: a poll after the director
    corrected a name draws the form again (what was typed comes back from the phone's
    draft); without a change the form typed in stays (a junction probe found the legends
    naming the old name until the page was loaded again)."""
    sit(client, game, 2)
    page = client.get(url("tournaments-table", game)).content.decode()
    sheet_url = url("tournaments-table-sheet", game)
    shown = page.split('id="shown" name="shown" value="')[1].split('"')[0]
    poll = {"game": game.pk, **poll_of(page), "shown": shown}
    event = game.round.event
    player = event.players.get(number=1)
    update_player(event, player, name="Annemarie Bauer", gender=player.gender, club="")
    html = client.get(sheet_url, poll, **HTMX).content.decode()
    assert 'id="entry"' in html and "Annemarie Bauer" in html.split('id="entry"')[1]
    poll.update(poll_of(html), shown=html.split('id="shown" name="shown" value="')[1].split('"')[0])
    start_clock(game.round, user=event.owner, minutes=30)
    html = client.get(sheet_url, poll, **HTMX).content.decode()
    assert "Time left" in html and 'id="entry"' not in html  # unchanged names: the form stays
