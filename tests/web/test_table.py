"""The table's page: opened by its token only, seat choice, entry, confirmation, polling."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, seat_round
from tests.web.table_helpers import DEAL, DEAL_FORM, canasta_game, gin_game, seat_of, totals
from tournaments.forms.entry.gin_tables import ChouetteHandForm, RotationHandForm
from tournaments.models import Entry, Game, Round
from tournaments.services.scores.entries import submit_entry

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


def pad_mark_in(html: str) -> str:
    return html.split('name="mark" value="')[1].split('"')[0]


def test_a_new_deal_is_answered_with_the_pads_new_row_when_the_pad_was_up_to_date(client, game):
    sit(client, game, 1)
    submit = url("tournaments-table-submit", game)
    first = client.post(submit, deal_post(**DEAL_FORM), **HTMX).content.decode()
    shown = pad_mark_in(first)
    answer = client.post(submit, deal_post(number=2, key="key-2", mark=shown, **DEAL_FORM), **HTMX)
    html = answer.content.decode()
    assert answer.status_code == 200 and Entry.objects.count() == 2
    # No whole pad: deal 2's two rows appended, deal 3 next, the poll's new mark.
    assert 'id="sheet"' not in html and 'hx-swap-oob="beforeend:#pad-rows"' in html
    assert html.count('class="deal row-entered"') == 1 and "waiting for confirmation" in html
    assert '<th scope="row" class="num">2</th>' in html
    assert '<th scope="row" class="num">1</th>' not in html and "Deal 3" in html
    assert "Deal 2 is stored." in html
    assert "Deal 1 and deal 2 are sent and wait for the other side to confirm them." in html
    # The pad it leaves is the one the poll would draw: the poll has nothing new.
    polled = client.get(
        url("tournaments-table-sheet", game), {"game": game.pk, "mark": pad_mark_in(html)}
    )
    assert polled.status_code == 204


def test_a_new_deal_on_a_pad_that_missed_a_change_gets_the_whole_pad(client, game):
    sit(client, game, 1)
    submit = url("tournaments-table-submit", game)
    first = client.post(submit, deal_post(**DEAL_FORM), **HTMX).content.decode()
    shown = pad_mark_in(first)
    submit_entry(game, 1, DEAL, seat=seat_of(game, 6), expected_version=1)  # the partner edits
    html = client.post(
        submit, deal_post(number=2, key="key-2", mark=shown, **DEAL_FORM), **HTMX
    ).content.decode()
    assert 'id="sheet"' in html and html.count('class="deal row-entered"') == 2


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
    field_errors = html.split('id="err-id_s0_melded_points"')[1].split("</div>")[0]
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
    errors = html.split('id="err-id_s1_hand_points"')[1].split("</div>")[0]
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
    first = client.get(sheet_url, {"game": game.pk, "mark": "x"})
    assert first.status_code == 200
    pad_mark = first.content.decode().split("&amp;mark=")[1].split('"')[0]
    assert client.get(sheet_url, {"game": game.pk, "mark": pad_mark}).status_code == 204
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    changed = client.get(sheet_url, {"game": game.pk, "mark": pad_mark})
    assert changed.status_code == 200 and "820" in changed.content.decode()


def test_a_page_open_from_before_the_mark_was_named_mark_still_gets_the_light_answers(client, game):
    """A phone still showing a page that sends the pad's mark as ``stamp``."""
    sit(client, game, 1)
    page = client.get(url("tournaments-table", game)).content.decode()
    sheet_url = url("tournaments-table-sheet", game)
    assert client.get(sheet_url, {"game": game.pk, "stamp": pad_mark_in(page)}).status_code == 204
    submit = url("tournaments-table-submit", game)
    first = client.post(submit, deal_post(**DEAL_FORM), **HTMX).content.decode()
    html = client.post(
        submit, deal_post(number=2, key="key-2", stamp=pad_mark_in(first), **DEAL_FORM), **HTMX
    ).content.decode()
    assert 'id="sheet"' not in html and 'hx-swap-oob="beforeend:#pad-rows"' in html


def test_the_polled_sheet_reloads_the_page_when_the_round_changed(client, game):
    answer = client.get(url("tournaments-table-sheet", game), {"game": game.pk + 100, "mark": "x"})
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


# --- light answers for a phone that keeps its fresh form (table.js) ---------------------


def fresh_mark_in(html: str) -> str:
    return html.split('data-fresh="')[1].split('"')[0]


def next_deal_in(html: str) -> tuple[str, str]:
    part = html.split('<div id="entry-next"')[1].split(">")[0]
    number = part.split('data-number="')[1].split('"')[0]
    return number, part.split('data-key="')[1].split('"')[0]


def test_a_phone_keeping_its_fresh_form_is_sent_no_form_for_the_next_deal(client, game):
    sit(client, game, 1)
    page = client.get(url("tournaments-table", game)).content.decode()
    mark, pad_mark = fresh_mark_in(page), pad_mark_in(page)
    submit = url("tournaments-table-submit", game)
    answer = client.post(
        submit, deal_post(mark=pad_mark, **DEAL_FORM), HTTP_X_MELD_FRESH=mark, **HTMX
    )
    html = answer.content.decode()
    assert answer["HX-Reswap"] == "none" and Entry.objects.count() == 1
    assert "entry-form" not in html and 'id="sheet"' not in html
    assert 'hx-swap-oob="innerHTML:#pad-rows"' in html  # the first row replaces "none yet"
    number, key = next_deal_in(html)
    assert number == "2" and len(key) == 32
    assert 'data-part="title">Deal 2<' in html and "Send deal 2" in html
    assert "Deal 1 is stored." in html

    # The next deal, with the key the answer gave: stored under it, its row appended.
    html = client.post(
        submit,
        deal_post(number=2, key=key, mark=pad_mark_in(html), **DEAL_FORM),
        HTTP_X_MELD_FRESH=mark,
        **HTMX,
    ).content.decode()
    assert Entry.objects.get(number=2).idempotency_key == key
    assert 'hx-swap-oob="beforeend:#pad-rows"' in html and next_deal_in(html)[0] == "3"


def test_a_pad_that_missed_a_change_is_sent_whole_and_still_no_form(client, game):
    sit(client, game, 1)
    page = client.get(url("tournaments-table", game)).content.decode()
    mark = fresh_mark_in(page)
    submit = url("tournaments-table-submit", game)
    client.post(
        submit, deal_post(mark=pad_mark_in(page), **DEAL_FORM), HTTP_X_MELD_FRESH=mark, **HTMX
    )
    submit_entry(game, 1, DEAL, seat=seat_of(game, 6), expected_version=1)  # the partner edits
    answer = client.post(
        submit,
        deal_post(number=2, key="key-2", mark="stale", **DEAL_FORM),
        HTTP_X_MELD_FRESH=mark,
        **HTMX,
    )
    html = answer.content.decode()
    assert answer["HX-Reswap"] == "none" and "entry-form" not in html
    assert 'id="sheet"' in html and html.count('class="deal row-entered"') == 2
    assert next_deal_in(html)[0] == "3"


def test_a_mark_of_another_form_gets_the_form_drawn(client, game):
    sit(client, game, 1)
    page = client.get(url("tournaments-table", game)).content.decode()
    answer = client.post(
        url("tournaments-table-submit", game),
        deal_post(mark=pad_mark_in(page), **DEAL_FORM),
        HTTP_X_MELD_FRESH="0123456789abcdef",
        **HTMX,
    )
    html = answer.content.decode()
    assert not answer.has_header("HX-Reswap") and "entry-form" in html and "Deal 2" in html
    assert fresh_mark_in(html) == fresh_mark_in(page)  # the same kind of form: the same mark


def test_a_confirmation_leaves_a_form_that_is_already_the_next_deals(client, game):
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 2)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert "Send deal 2" in page  # deal 1 waits for this side: its form is deal 2's
    entry = Entry.objects.get()
    confirm = url("tournaments-table-confirm", game, entry.pk)
    answer = client.post(confirm, HTTP_X_MELD_NEXT="2", **HTMX)
    html = answer.content.decode()
    assert answer["HX-Reswap"] == "none" and Entry.objects.get().status == "confirmed"
    assert "entry-form" not in html and 'id="entry-next"' not in html
    assert 'id="sheet"' in html and "Deal 1 is confirmed." in html


def test_a_confirmation_from_a_form_behind_has_the_next_form_drawn_on_the_phone(client, game):
    submit_entry(game, 1, DEAL, seat=seat_of(game, 1))
    sit(client, game, 2)
    mark = fresh_mark_in(client.get(url("tournaments-table", game)).content.decode())
    entry = Entry.objects.get()
    answer = client.post(
        url("tournaments-table-confirm", game, entry.pk),
        HTTP_X_MELD_NEXT="1",
        HTTP_X_MELD_FRESH=mark,
        **HTMX,
    )
    html = answer.content.decode()
    assert answer["HX-Reswap"] == "none" and "entry-form" not in html
    assert next_deal_in(html)[0] == "2" and 'id="sheet"' in html


def test_only_forms_that_stay_the_same_from_hand_to_hand_are_kept_fresh(client, director):
    game = gin_game(director)
    page = sit(client, game, 1).get(url("tournaments-table", game)).content.decode()
    assert "data-fresh=" in page  # two players: the same form every hand
    assert not RotationHandForm.same_each_deal and not ChouetteHandForm.same_each_deal
