"""A Canasta deal entered by card counts: the points Meld counts, the deck's limits at their
field, the entry modes an event offers, and what the other side, the audit trail and the
director see of it."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_event
from tests.migrations_helpers import migrate_to_latest, models_before
from tests.web.table_helpers import canasta_game, phone, seat_of
from tests.web.table_helpers import table_url as url
from tournaments.models import AuditEntry, Entry, Event, Game
from tournaments.services.scores import audit
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.transfer import export_event, import_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}
# Side A: a natural canasta and one red three, went out; melded nine cards from eight to
# king (90) and three aces (60): 500 + 100 + 100 + 150 = 850.
# Side B: melded six cards from four to seven (30) and a two (20); a joker (50) and two
# cards from eight to king (20) left in its hands: 50 − 70 = −20.
COUNTS_FORM = {
    "s0_natural_canastas": "1",
    "s0_red_threes": "1",
    "s0_going_out": "out",
    "s0_melded_kings_to_eights": "9",
    "s0_melded_aces": "3",
    "s1_going_out": "none",
    "s1_melded_sevens_to_fours": "6",
    "s1_melded_twos": "1",
    "s1_hand_jokers": "1",
    "s1_hand_kings_to_eights": "2",
}
COUNTS = {
    "mode": "counts",
    "sides": [
        {
            "natural_canastas": 1,
            "red_threes": 1,
            "going_out": "out",
            "melded": {"kings_to_eights": 9, "aces": 3},
            "hand": {},
        },
        {
            "melded": {"sevens_to_fours": 6, "twos": 1},
            "hand": {"jokers": 1, "kings_to_eights": 2},
        },
    ],
}


@pytest.fixture
def game(director) -> Game:
    return canasta_game(director, entry_modes=["deal", "counts"])


def post(**values) -> dict:
    return {"number": "1", "idempotency_key": "key-1", **values}


def field_errors(html: str, field: str) -> str:
    return html.split(f'id="id_{field}_error"')[1].split("</div>")[0]


# --- entering by counts ------------------------------------------------------------------------


def test_a_deal_by_card_counts_is_stored_with_the_points_meld_counts(game):
    answer = phone(game, 1).post(url("tournaments-table-submit", game), post(**COUNTS_FORM), **HTMX)
    assert answer.status_code == 200
    entry = Entry.objects.get()
    assert entry.points == [850, -20]
    assert entry.details["mode"] == "counts"
    assert entry.details["counts"][0]["melded_aces"] == 3
    assert entry.details["counts"][1]["hand_jokers"] == 1
    assert entry.details["sides"][0]["melded_points"] == 150
    assert (
        entry.details["sides"][1]["melded_points"],
        entry.details["sides"][1]["hand_points"],
    ) == (
        50,
        70,
    )
    # The next deal is drawn in the mode this one was entered in.
    assert 'name="s0_melded_jokers"' in answer.content.decode()


def test_the_preview_shows_the_points_derived_from_the_counts(game):
    html = phone(game, 1).post(url("tournaments-table-preview", game), post(**COUNTS_FORM)).content
    html = html.decode()
    assert "<strong>850</strong>" in html and "<strong>-20</strong>" in html
    assert '<span>Melded</span> <span class="num">150</span>' in html
    assert '<span>In hand</span> <span class="num">-70</span>' in html


def test_one_joker_too_many_is_refused_at_its_field_and_nothing_is_stored(game):
    values = {**COUNTS_FORM, "s0_melded_jokers": "3", "s1_hand_jokers": "2"}
    answer = phone(game, 1).post(url("tournaments-table-submit", game), post(**values), **HTMX)
    html = answer.content.decode()
    assert not Entry.objects.exists()
    assert (
        "5 jokers melded and in hand on all sides together, but the deck holds 4: 1 too many."
        in field_errors(html, "s0_melded_jokers")
    )
    assert 'value="3"' in html  # what was typed stays


def test_canastas_without_the_cards_for_them_are_refused_at_the_canastas(game):
    values = {**COUNTS_FORM, "s0_natural_canastas": "2"}
    html = phone(game, 1).post(url("tournaments-table-preview", game), post(**values)).content
    assert "14 melded cards (seven each), but 12 are entered: 2 too few" in field_errors(
        html.decode(), "s0_natural_canastas"
    )


@pytest.mark.parametrize(
    ("count", "message"),
    [
        ("٣", "Enter a whole number."),
        ("3.0", "Enter a whole number."),
        ("-1", "Ensure this value is greater than or equal to 0."),
        ("9" * 5000, "Ensure this value is less than or equal to 200."),
    ],
)
def test_a_count_that_is_no_number_is_refused_and_not_stored(game, count, message):
    values = {**COUNTS_FORM, "s0_melded_aces": count}
    answer = phone(game, 1).post(url("tournaments-table-submit", game), post(**values))
    assert answer.status_code == 422
    assert message in field_errors(answer.content.decode(), "s0_melded_aces")
    assert not Entry.objects.exists()


# --- the modes an event offers -----------------------------------------------------------------


def test_the_phone_switches_between_the_modes_the_event_offers(game):
    client = phone(game, 1)
    page = client.get(url("tournaments-table", game)).content.decode()
    assert 'name="s0_melded_points"' in page and 'name="s0_melded_jokers"' not in page
    assert f'href="{url("tournaments-table", game)}?mode=counts"' in page
    assert "?mode=totals" not in page
    page = client.get(url("tournaments-table", game), {"mode": "counts"}).content.decode()
    assert 'name="s0_melded_jokers"' in page and 'name="s0_melded_points"' not in page
    assert 'aria-current="true">Card counts<' in page


def test_an_event_offering_only_counts_draws_them_without_a_switch(director):
    game = canasta_game(director, entry_modes=["counts"])
    client = phone(game, 1)
    for mode in ("", "deal", "totals"):
        page = client.get(url("tournaments-table", game), {"mode": mode}).content.decode()
        assert 'name="s1_hand_aces"' in page
        assert 'name="s0_melded_points"' not in page and 'name="s0_total"' not in page
        assert "entry-modes" not in page


def test_a_mode_the_event_does_not_offer_is_not_taken(director):
    game = canasta_game(director, entry_modes=["counts"])
    deal = post(
        s0_natural_canastas="1", s0_going_out="out", s0_melded_points="120", s1_going_out="none"
    )
    html = phone(game, 1).post(url("tournaments-table-submit", game), deal, **HTMX).content
    assert not Entry.objects.exists()
    assert "7 melded cards" in field_errors(html.decode(), "s0_natural_canastas")


def test_an_event_offering_only_totals_takes_one_number_per_side(director):
    game = canasta_game(director, entry_modes=["totals"])
    client = phone(game, 1)
    page = client.get(url("tournaments-table", game), {"mode": "counts"}).content.decode()
    assert 'name="s0_total"' in page and 'name="s0_melded_jokers"' not in page
    client.post(url("tournaments-table-submit", game), post(s0_total="300", s1_total="-40"))
    assert Entry.objects.get().points == [300, -40]


# --- what the others see -----------------------------------------------------------------------


def test_the_other_side_sees_the_counts_before_it_confirms(game):
    submit_entry(game, 1, COUNTS, seat=seat_of(game, 1))
    page = phone(game, 2).get(url("tournaments-table", game)).content.decode()
    assert "Cards melded: Aces 3, Eights to kings 9" in page
    assert "Cards left in the side&#x27;s hands: Jokers 1, Eights to kings 2" in page
    assert "Confirm deal 1" in page


def test_the_audit_trail_says_the_deal_was_entered_by_card_counts(game):
    entry = submit_entry(game, 1, COUNTS, seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    rows = AuditEntry.objects.select_related("event", "entry").order_by("pk")
    assert [audit.describe(row) for row in rows] == [
        "Deal 1 entered: 850 : -20 by card counts (A: Cards melded: Aces 3, Eights to kings 9;"
        " B: Cards melded: Twos 1, Fours to sevens 6, Cards left in the side's hands: Jokers 1,"
        " Eights to kings 2).",
        "Deal 1 confirmed: 850 : -20 by card counts (A: Cards melded: Aces 3, Eights to kings 9;"
        " B: Cards melded: Twos 1, Fours to sevens 6, Cards left in the side's hands: Jokers 1,"
        " Eights to kings 2).",
    ]


def test_the_entering_side_changes_its_counts_before_confirmation(game):
    entry = submit_entry(game, 1, COUNTS, seat=seat_of(game, 1))
    client = phone(game, 6)
    html = client.get(url("tournaments-table-edit", game, entry.pk), **HTMX).content.decode()
    assert 'name="s0_melded_aces" value="3"' in html and "entry-modes" not in html
    values = {**COUNTS_FORM, "s0_melded_aces": "4", "expected_version": "1"}
    client.post(url("tournaments-table-submit", game), post(**values), **HTMX)
    assert Entry.objects.get(status="entered").points == [870, -20]


def test_the_director_corrects_a_deal_by_counts_with_its_counts(director_client, game):
    submit_entry(game, 1, COUNTS, seat=seat_of(game, 1))
    game_url = reverse("tournaments-director-game", args=[game.round.event_id, game.pk])
    page = director_client.get(game_url + "?fix=1").content.decode()
    assert 'name="fix-s0_melded_aces" value="3"' in page
    assert "by card counts (A: Cards melded: Aces 3" in page  # on the score sheet
    fix = {f"fix-{name}": value for name, value in COUNTS_FORM.items()}
    answer = director_client.post(
        reverse("tournaments-director-game-correct", args=[game.round.event_id, game.pk]),
        {**fix, "fix-s1_hand_jokers": "0", "fix-number": "1", "fix-reason": "sheet checked"},
    )
    assert answer.status_code == 302
    counted = Entry.objects.get(status="confirmed")
    assert counted.points == [850, 30] and counted.details["mode"] == "counts"


def test_the_director_is_refused_a_count_the_deck_cannot_hold(director_client, game):
    fix = {f"fix-{name}": value for name, value in COUNTS_FORM.items()}
    answer = director_client.post(
        reverse("tournaments-director-game-correct", args=[game.round.event_id, game.pk]),
        {**fix, "fix-s0_melded_aces": "9", "fix-number": "1", "fix-reason": "sheet"},
    )
    assert answer.status_code == 400
    assert "9 aces melded and in hand on all sides together, but the deck holds 8: 1 too many." in (
        answer.content.decode()
    )
    assert not Entry.objects.exists()


# --- setting the modes up ----------------------------------------------------------------------


def event_step(event) -> str:
    return reverse("tournaments-director-setup", args=[event.pk, "event"])


DETAILS = {"name": "Evening", "date": "2026-11-22", "language": "en", "paper_size": "A4"}


def test_the_event_chooses_the_modes_its_phones_offer(director_client, director):
    event = make_event(director)
    assert event.entry_modes == ["deal"]  # what phones offered before there was a choice
    page = director_client.get(event_step(event)).content.decode()
    assert "Canastas, red threes, going out and how many cards of each kind" in page
    answer = director_client.post(
        event_step(event), {**DETAILS, "entry_modes": ["totals", "counts"]}
    )
    assert answer.status_code == 302
    event.refresh_from_db()
    assert event.entry_modes == ["counts", "totals"]


def test_an_event_without_any_mode_is_refused(director_client, director):
    event = make_event(director)
    answer = director_client.post(event_step(event), DETAILS)
    assert "Tick at least one way to enter a deal." in answer.content.decode()
    event.refresh_from_db()
    assert event.entry_modes == ["deal"]


def test_a_gin_event_has_no_entry_modes_to_choose(director_client, director):
    event = make_event(director, card_game="gin", players=4, fmt="roundrobin")
    page = director_client.get(event_step(event)).content.decode()
    assert 'name="entry_modes"' not in page
    assert director_client.post(event_step(event), DETAILS).status_code == 302


@pytest.mark.django_db(transaction=True)
def test_quick_entry_events_keep_offering_totals_only_after_the_change():
    before = [("tournaments", "0010_club_public_page")]
    old = models_before(before)
    owner = old.get_model("auth", "User").objects.create(username="before")
    for name, quick in (("Quick", True), ("Detailed", False)):
        old.get_model("tournaments", "Event").objects.create(
            owner_id=owner.pk,
            name=name,
            date=datetime.date(2026, 11, 1),
            profile={},
            public_token=name,
            quick_entry=quick,
        )
    migrate_to_latest()
    modes = dict(Event.objects.values_list("name", "entry_modes"))
    assert modes == {"Quick": ["totals"], "Detailed": ["deal"]}


@pytest.mark.parametrize(("quick", "modes"), [(True, ["totals"]), (False, ["deal"])])
def test_an_export_from_before_the_entry_modes_keeps_what_its_phones_offered(
    director, quick, modes
):
    data = export_event(make_event(director, players=4, entry_modes=["counts"]))
    data["version"] = 2
    del data["event"]["entry_modes"]
    data["event"]["quick_entry"] = quick
    assert import_event(data).entry_modes == modes
