"""Hostile input never costs a score or a 500 (issue 14): numbers and sizes from requests.

Each case was seen on main: digits that only look like digits ("²" passes
``isdigit`` but not ``int``; "٣" and "１" pass both), numbers too large for a
column, a rule profile with a bonus of 10**30, a cut-off UTF-16 file, and
megabytes of text where a line is expected.
"""

from dataclasses import replace

import pytest
from django import forms as django_forms
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from scoring.canasta_profiles import BANDS_MAX, MELD_MINIMUM_MAX, TOTAL_MAX
from scoring.profiles import CANASTA_PROFILES, CANASTA_RANGES, profile_to_dict
from tests.factories import make_event, seat_round
from tests.security.formwalk import every_form
from tests.web.setup_helpers import profile_post
from tests.web.table_helpers import canasta_game, gin_game, phone, seat_of, table_url
from tournaments.card_games.canasta import deal_bounds
from tournaments.card_games.entry.base import MAX_DEAL_TOTAL, MAX_POINTS
from tournaments.forms.players import MAX_UPLOAD
from tournaments.models import AuditEntry, Entry, Event, Game, Player, Result, Round
from tournaments.printing import DOCUMENTS
from tournaments.services.scores.audit import REASON_MAX
from tournaments.services.setup.player_lists import MAX_LIST_BYTES, MAX_ROWS

pytestmark = pytest.mark.django_db

# The request limits meld/settings.py should set (the lead's to make): a pasted list of
# MAX_LIST_BYTES may be all umlauts, three bytes each once form-encoded; the numbers and
# teams pages post a field per player (MAX_ROWS); an allowed CSV file stays in memory.
RECOMMENDED_LIMITS = {
    "DATA_UPLOAD_MAX_MEMORY_SIZE": 3 * MAX_LIST_BYTES + 512 * 1024,
    "DATA_UPLOAD_MAX_NUMBER_FIELDS": MAX_ROWS + 100,
    "FILE_UPLOAD_MAX_MEMORY_SIZE": MAX_UPLOAD,
}
LOOKALIKES = ["²", "٣", "１", "1_0", "+1", "1.0", "0x1", "99999999999999999999", "9" * 5000]
SMALL_PAGE = 100_000  # bytes: any answer to over-long input stays far below this


@pytest.fixture(autouse=True)
def english(settings):
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


# --- 6: numbers in requests ------------------------------------------------------------


@pytest.mark.parametrize("seat", LOOKALIKES)
def test_a_seat_written_in_other_digits_is_not_found(director, seat):
    game = canasta_game(director)
    client = Client()
    answer = client.post(table_url("tournaments-table-seat", game), {"seat": seat})
    assert answer.status_code == 404
    assert f"meld_seat_{game.table.pk}" not in answer.cookies


def test_a_seat_of_the_table_is_still_taken(director):
    game = canasta_game(director)
    client = Client()
    seat = seat_of(game, 6)
    answer = client.post(table_url("tournaments-table-seat", game), {"seat": f" {seat.pk} "})
    assert answer.status_code == 302
    page = client.get(table_url("tournaments-table", game)).content.decode()
    assert "Player 6" in page and 'name="s0_natural_canastas"' in page


@pytest.mark.parametrize("fix", LOOKALIKES)
def test_a_fix_in_other_digits_on_the_game_page_is_not_found(director_client, director, fix):
    game = canasta_game(director)
    url = reverse("tournaments-director-game", args=[game.round.event.pk, game.pk])
    assert director_client.get(url, {"fix": fix}).status_code == 404
    assert director_client.get(url, {"fix": "1"}).status_code == 200


@pytest.mark.parametrize("game_id", LOOKALIKES)
def test_an_audit_filter_in_other_digits_is_not_found(director_client, director, game_id):
    game = canasta_game(director)
    url = reverse("tournaments-director-audit", args=[game.round.event.pk])
    assert director_client.get(url, {"game": game_id}).status_code == 404
    assert director_client.get(url, {"game": str(game.pk)}).status_code == 200


@pytest.fixture
def printable(director):
    event = make_event(director, players=8, fmt="moveup", language="en")
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    return event


@pytest.mark.parametrize(
    "kind", [kind for kind, document in DOCUMENTS.items() if document.uses_round]
)
@pytest.mark.parametrize("number", LOOKALIKES)
def test_every_print_url_sends_a_round_in_other_digits_back_with_a_message(
    director_client, printable, kind, number
):
    answer = director_client.get(
        reverse("tournaments-director-print-pdf", args=[printable.pk, kind]),
        {"round": number},
        follow=True,
    )
    assert answer.redirect_chain[-1][0] == reverse(
        "tournaments-director-print", args=[printable.pk]
    )
    assert "is not a round number." in answer.content.decode()


def test_the_seating_pdf_of_round_one_still_prints(director_client, printable):
    answer = director_client.get(
        reverse("tournaments-director-print-pdf", args=[printable.pk, "seating"]), {"round": "1"}
    )
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("panel", LOOKALIKES)
def test_the_projector_starts_again_from_its_first_panel(director, panel):
    event = make_event(director, public=True)
    answer = Client().get(
        reverse("tournaments-public-projector", args=[event.public_token]), {"panel": panel}
    )
    assert answer.status_code == 200


@pytest.mark.parametrize("players", LOOKALIKES)
def test_the_format_preview_takes_the_players_there_are(director_client, director, players):
    event = make_event(director, players=8)
    url = reverse("tournaments-director-setup", args=[event.pk, "format"])
    assert director_client.get(url, {"players": players}).status_code == 200


@pytest.mark.parametrize(
    ("total", "message"),
    [
        ("٣٠", "Enter a whole number."),
        ("１０", "Enter a whole number."),
        ("1_0", "Enter a whole number."),
        ("+10", "Enter a whole number."),
        ("10.0", "Enter a whole number."),
        ("9" * 5000, f"Ensure this value is less than or equal to {MAX_DEAL_TOTAL}."),
    ],
)
def test_a_quick_total_in_other_digits_is_refused_and_not_stored(director, total, message):
    game = canasta_game(director, entry_modes=["totals"])
    answer = phone(game, 1).post(
        table_url("tournaments-table-submit", game),
        {"number": "1", "idempotency_key": "k", "s0_total": total, "s1_total": "20"},
    )
    assert answer.status_code == 422
    assert message in answer.content.decode().replace(",", "")
    assert not Entry.objects.exists()


def test_a_deal_number_beyond_any_column_is_refused_and_not_stored(director):
    game = canasta_game(director, entry_modes=["totals"])
    answer = phone(game, 1).post(
        table_url("tournaments-table-submit", game),
        {"number": "99999", "idempotency_key": "k", "s0_total": "10", "s1_total": "20"},
    )
    assert answer.status_code < 500
    assert not Entry.objects.exists()


def test_a_director_correction_beyond_any_deal_is_refused(director_client, director):
    game = canasta_game(director)
    answer = director_client.post(
        reverse("tournaments-director-game-correct", args=[game.round.event.pk, game.pk]),
        {
            "fix-number": "1",
            "fix-s0_melded_points": "9" * 30,
            "fix-s0_going_out": "out",
            "fix-s1_going_out": "none",
            "fix-reason": "sheet",
        },
    )
    assert answer.status_code == 400
    assert f"less than or equal to {MAX_POINTS}" in answer.content.decode().replace(",", "")
    assert not Entry.objects.exists()


# --- 6: the CSV file -------------------------------------------------------------------


def upload(director_client, event: Event, content: bytes):
    return director_client.post(
        reverse("tournaments-director-players-csv", args=[event.pk]),
        {"file": SimpleUploadedFile("players.csv", content, content_type="text/csv")},
    )


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfeA\x00\n", b"\xfe\xff\x00A\x00", b"\xff\xfe\x00\x00A\x00\x00\x00", b"Anna\x00\n"],
    ids=["utf-16-cut-off", "utf-16-be-cut-off", "utf-32", "nul"],
)
def test_a_file_that_is_not_text_is_refused_with_a_message(director_client, director, content):
    event = make_event(director, players=0)
    answer = upload(director_client, event, content)
    assert answer.status_code == 200
    assert "The file could not be read as text." in answer.content.decode()
    assert not Player.objects.filter(event=event).exists()


def test_a_utf16_file_with_its_bom_is_read(director_client, director):
    event = make_event(director, players=0)
    answer = upload(director_client, event, "Anna Größ;f\nBernd Huber;m\n".encode("utf-16"))
    assert answer.status_code == 302
    assert list(event.players.order_by("pk").values_list("name", flat=True)) == [
        "Anna Größ",
        "Bernd Huber",
    ]


# --- 6: the rule profile -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1000000", "Natural canasta must be from 0 to 10000, not 1000000."),
        (str(10**30), "Ensure this value is less than or equal to 1000000000."),
        ("١٠٠", "Enter a whole number."),
    ],
)
def test_a_rule_number_out_of_its_range_is_refused_next_to_its_field(
    director_client, director, value, message
):
    event = make_event(director)
    answer = director_client.post(
        reverse("tournaments-director-setup", args=[event.pk, "rules"]),
        profile_post(event, natural_canasta_bonus=value),
    )
    assert answer.status_code == 200
    assert answer.context["form"].errors["natural_canasta_bonus"] == [message]
    event.refresh_from_db()
    assert event.profile["natural_canasta_bonus"] == 500


def test_the_rules_page_tells_the_browser_each_range(director_client, director):
    event = make_event(director)
    page = director_client.get(
        reverse("tournaments-director-setup", args=[event.pk, "rules"])
    ).content.decode()
    assert (
        'name="natural_canasta_bonus" value="500" inputmode="numeric" min="0" max="10000"' in page
    )
    assert 'name="target" value="5000" inputmode="numeric" min="500" max="50000"' in page


def worst_case_profile():
    """Every number of a Canasta profile at the top of its range, every doubling on."""
    top = {name: most for name, (_least, most) in CANASTA_RANGES.items()}
    bands = tuple((i * (TOTAL_MAX // BANDS_MAX), MELD_MINIMUM_MAX) for i in range(BANDS_MAX))
    return replace(
        CANASTA_PROFILES["classic-3pack"],
        slug="worst-case",
        rheinisch=True,
        red_threes_plus_with="meld",
        red_threes_otherwise="plus",
        minimum_meld_bands=bands,
        **top,
    )


def worst_case_game(owner, **event_fields) -> Game:
    profile = worst_case_profile()
    event = make_event(owner, players=2, fmt="swiss", **event_fields)
    event.profile = profile_to_dict(profile)
    event.save()
    return seat_round(event, 1, [(1, 2)]).games.select_related("round__event", "table").get()


def test_one_side_scores_at_most_a_million_in_a_deal_at_the_top_of_every_range():
    low, high = deal_bounds(worst_case_profile())
    assert (low, high) == (-95_140, 1_004_140)
    assert low > -MAX_DEAL_TOTAL and high < MAX_DEAL_TOTAL


def test_a_deal_at_the_top_of_every_range_is_stored_and_shown(director, director_client):
    game = worst_case_game(director)
    player_1, player_2 = phone(game, 1), phone(game, 2)
    entered = player_1.post(
        table_url("tournaments-table-submit", game),
        {
            "number": "1",
            "idempotency_key": "worst-case",
            "s0_natural_canastas": "20",
            "s0_concealed_canastas": "20",
            "s0_red_threes": "6",
            "s0_going_out": "concealed",
            "s0_melded_points": str(worst_case_profile().deck_points),
            "s1_going_out": "none",
        },
    )
    assert entered.status_code in (200, 302), entered.content.decode()[:2000]
    entry = Entry.objects.get()
    assert (entry.points_0, entry.points_1) == (844_140, 0)
    confirmed = player_2.post(table_url("tournaments-table-confirm", game, entry.pk))
    assert confirmed.status_code in (200, 302)
    game.refresh_from_db()
    assert (game.score_0, game.score_1, game.finished) == (844_140, 0, True)
    assert "844,140" in player_1.get(table_url("tournaments-table", game)).content.decode()
    board = director_client.get(
        reverse("tournaments-director-board", args=[game.round.event.pk, 1])
    )
    assert "844,140" in board.content.decode()


def test_quick_totals_at_the_ends_of_a_deal_are_stored_and_shown(director):
    game = worst_case_game(director, entry_modes=["totals"])
    low, high = deal_bounds(worst_case_profile())
    player_1, player_2 = phone(game, 1), phone(game, 2)
    player_1.post(
        table_url("tournaments-table-submit", game),
        {"number": "1", "idempotency_key": "q", "s0_total": str(high), "s1_total": str(low)},
    )
    entry = Entry.objects.get()
    player_2.post(table_url("tournaments-table-confirm", game, entry.pk))
    game.refresh_from_db()
    assert (game.score_0, game.score_1) == (high, low)
    page = player_1.get(table_url("tournaments-table", game)).content.decode()
    assert "1,004,140" in page and "-95,140" in page


def test_stored_points_hold_totals_beyond_32_bits(director):
    """A game may last any number of deals: its totals, and each player's, are 64-bit."""
    game = canasta_game(director)
    beyond = 2**31 * 3
    Entry.objects.create(game=game, number=1, points_0=beyond, points_1=-beyond)
    Game.objects.filter(pk=game.pk).update(score_0=beyond, score_1=-beyond)
    seat = seat_of(game, 1)
    Result.objects.create(
        round=game.round, player=seat.player, game=game, points=beyond, net=-beyond
    )
    assert Game.objects.values_list("score_0", "score_1").get(pk=game.pk) == (beyond, -beyond)
    assert Entry.objects.values_list("points_0", "points_1").get() == (beyond, -beyond)
    assert Result.objects.values_list("points", "net").get() == (beyond, -beyond)


# --- 8: sizes ------------------------------------------------------------------------------


def paste(director_client, event: Event, text: str):
    return director_client.post(
        reverse("tournaments-director-players-paste", args=[event.pk]), {"text": text}
    )


def test_a_paste_of_more_players_than_a_list_takes_is_refused_whole(director_client, director):
    event = make_event(director, players=0)
    answer = paste(director_client, event, "\n".join(f"P{n}" for n in range(MAX_ROWS + 1)))
    assert answer.status_code == 200
    assert f"A list takes at most {MAX_ROWS} players" in answer.content.decode()
    assert not event.players.exists()


def test_a_paste_of_megabytes_is_refused_without_echoing_it(director_client, director):
    event = make_event(director, players=0)
    answer = paste(director_client, event, "a\n" * 1_200_000)
    assert answer.status_code == 200
    assert f"A list takes at most {MAX_ROWS} players" in answer.content.decode()
    assert len(answer.content) < SMALL_PAGE
    assert not event.players.exists()


def test_a_paste_heavier_than_a_list_may_be_is_refused(director_client, director):
    event = make_event(director, players=0)
    answer = paste(director_client, event, "Ä" * (MAX_LIST_BYTES // 2 + 1))
    assert "A list takes at most" in answer.content.decode()
    assert not event.players.exists()


def test_an_event_takes_no_more_players_than_a_list(director_client, director, monkeypatch):
    monkeypatch.setattr("tournaments.services.setup.players.MAX_ROWS", 5)
    event = make_event(director, players=4)
    answer = paste(director_client, event, "Anna\nBert")
    assert "An event takes at most 5 players: it has 4, and this would add 2." in (
        answer.content.decode()
    )
    assert event.players.count() == 4


def test_a_name_of_megabytes_is_refused_without_echoing_it(director_client, director):
    event = make_event(director, players=0)
    answer = director_client.post(
        reverse("tournaments-director-players", args=[event.pk]), {"name": "x" * 2_000_000}
    )
    assert answer.status_code == 200 and len(answer.content) < SMALL_PAGE
    assert not event.players.exists()


def pending_entry(game: Game) -> Entry:
    return Entry.objects.create(
        game=game, number=1, points_0=100, points_1=50, entered_by_seat=seat_of(game, 1)
    )


@pytest.mark.parametrize("length", [REASON_MAX + 1, 2_400_000])
def test_a_dispute_reason_longer_than_a_note_is_refused(director, length):
    game = canasta_game(director)
    entry = pending_entry(game)
    answer = phone(game, 2).post(
        table_url("tournaments-table-dispute", game, entry.pk),
        {"reason": "x" * length},
        follow=True,
    )
    assert answer.status_code == 200 and len(answer.content) < SMALL_PAGE
    assert f"at most {REASON_MAX} characters" in answer.content.decode()
    entry.refresh_from_db()
    assert (entry.status, entry.reason) == (Entry.Status.ENTERED, "")


def test_a_dispute_reason_of_a_note_is_kept(director):
    game = canasta_game(director)
    entry = pending_entry(game)
    phone(game, 2).post(
        table_url("tournaments-table-dispute", game, entry.pk), {"reason": "y" * REASON_MAX}
    )
    entry.refresh_from_db()
    assert (entry.status, entry.reason) == (Entry.Status.DISPUTED, "y" * REASON_MAX)


def test_a_correction_reason_longer_than_a_note_is_refused(director_client, director):
    game = canasta_game(director)
    answer = director_client.post(
        reverse("tournaments-director-game-correct", args=[game.round.event.pk, game.pk]),
        {
            "fix-number": "1",
            "fix-s0_total": "100",
            "fix-s1_total": "50",
            "fix-reason": "x" * 2_000_000,
        },
    )
    assert answer.status_code == 400 and len(answer.content) < SMALL_PAGE
    assert f"at most {REASON_MAX} characters" in answer.content.decode()
    assert not Entry.objects.exists()


def test_closing_a_round_early_with_a_reason_longer_than_a_note_is_refused(
    director_client, director
):
    game = canasta_game(director)
    event = game.round.event
    answer = director_client.post(
        reverse("tournaments-director-round-close", args=[event.pk, 1]),
        {"force": "1", "reason": "x" * 2_000_000},
        follow=True,
    )
    assert answer.status_code == 200 and len(answer.content) < SMALL_PAGE
    assert f"at most {REASON_MAX} characters" in answer.content.decode()
    assert Round.objects.get(pk=game.round.pk).status == Round.Status.OPEN
    assert not AuditEntry.objects.filter(reason__startswith="xxx").exists()


def test_ending_a_timed_game_with_a_reason_longer_than_a_note_is_refused(director_client, director):
    game = canasta_game(director, round_kind=Event.RoundKind.TIME, round_minutes=60)
    answer = director_client.post(
        reverse("tournaments-director-game-end", args=[game.round.event.pk, game.pk]),
        {"reason": "x" * (REASON_MAX + 1)},
        follow=True,
    )
    assert f"at most {REASON_MAX} characters" in answer.content.decode()
    assert not AuditEntry.objects.exists()


def gin_cards(game: Game, client: Client, knocker_cards: str, defender_cards: str = ""):
    return client.post(
        table_url("tournaments-table-submit", game),
        {
            "number": "1",
            "idempotency_key": "cards",
            "mode": "cards",
            "kind": "knock",
            "knocker": "0",
            "knocker_cards": knocker_cards,
            "defender_cards": defender_cards,
        },
    )


def test_a_card_list_of_megabytes_gets_a_small_answer(director):
    game = gin_game(director)
    answer = gin_cards(game, phone(game, 1), "AS " * 600_000)
    assert answer.status_code < 500 and len(answer.content) < SMALL_PAGE
    assert "A hand has at most 52 cards" in answer.content.decode()
    assert not Entry.objects.exists()


def test_more_cards_than_a_pack_are_refused_before_they_are_read(director):
    game = gin_game(director)
    answer = gin_cards(game, phone(game, 1), " ".join(["XX"] * 53))
    assert "A hand has at most 52 cards" in answer.content.decode()
    assert "is not a card" not in answer.content.decode()


def test_a_card_given_many_times_is_named_once(director):
    game = gin_game(director)
    answer = gin_cards(game, phone(game, 1), " ".join(["AS"] * 11), "2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    field = answer.content.decode().split('id="id_knocker_cards_error"')[1].split("</div>")[0]
    assert field.count("AS appears twice") == 1
    assert not Entry.objects.exists()


def test_the_card_calculator_reads_forty_cards_of_any_text(director):
    game = canasta_game(director)
    answer = phone(game, 1).post(
        table_url("tournaments-table-calculator", game), {"cards": "5H " * 800_000}
    )
    assert answer.status_code == 200 and len(answer.content) < SMALL_PAGE


@override_settings(**RECOMMENDED_LIMITS)
def test_the_heaviest_list_a_director_may_paste_gets_through_the_request_limits(
    director_client, director
):
    event = make_event(director, players=0)
    names = ["Ä" * 80] * 6_000  # 160 bytes a name, 0.97 MB, 2.9 MB form-encoded
    answer = paste(director_client, event, "\n".join(names))
    assert answer.status_code == 302
    assert event.players.count() == 6_000


def assert_logged_as_refused(caplog, refused):
    """The server's log holds one warning line for the refused request, no error and no
    traceback: the sender's doing is no fault of the server (meld/log_filters.py)."""
    logged = [record for record in caplog.records if record.name.startswith("django.")]
    assert [(r.name, r.levelname) for r in logged] == [(f"django.security.{refused}", "WARNING")]
    assert logged[0].exc_info is None


@override_settings(**RECOMMENDED_LIMITS)
def test_a_body_larger_than_the_site_takes_gets_a_small_bad_request(director, caplog):
    game = canasta_game(director)
    entry = pending_entry(game)
    answer = phone(game, 2).post(
        table_url("tournaments-table-dispute", game, entry.pk), {"reason": "x" * 4_000_000}
    )
    assert answer.status_code == 400 and len(answer.content) < SMALL_PAGE
    assert_logged_as_refused(caplog, "RequestDataTooBig")
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED


@override_settings(**RECOMMENDED_LIMITS)
def test_a_body_of_more_fields_than_any_form_has_gets_a_small_bad_request(director, caplog):
    game = canasta_game(director)
    data = {f"s0_field_{n}": "1" for n in range(MAX_ROWS + 200)}
    answer = phone(game, 1).post(table_url("tournaments-table-submit", game), data)
    assert answer.status_code == 400 and len(answer.content) < SMALL_PAGE
    assert_logged_as_refused(caplog, "TooManyFieldsSent")
    assert not Entry.objects.exists()


def test_every_text_field_of_every_form_has_a_most_length(director):
    """The forms are found by walking Meld's modules (``tests/security/formwalk.py``)."""
    for form in every_form(director):
        for name, field in form.fields.items():
            if isinstance(field, django_forms.CharField):
                assert field.max_length, f"{type(form).__name__}.{name}"
            if isinstance(field, django_forms.IntegerField):
                assert field.min_value is not None and field.max_value is not None, name
