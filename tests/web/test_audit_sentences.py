"""The audit trail reads as sentences in the reader's language, whoever wrote the rows."""

import pytest
from django.utils import translation

from tests.factories import make_event, make_tables, seat_round
from tournaments.models import AuditEntry, Seat
from tournaments.services.rounds.steps import force_close_round
from tournaments.services.scores import audit
from tournaments.services.setup.draw import draw_numbers

pytestmark = [pytest.mark.django_db]

Action = AuditEntry.Action
SNAPSHOT = {"number": 2, "version": 1, "status": "pending", "points": [120, -35], "details": {}}


@pytest.fixture
def evening(director):
    event = make_event(director, players=8)
    make_tables(event, 2)
    return event


def sentence(row: AuditEntry, language: str) -> str:
    with translation.override(language):
        return audit.describe(AuditEntry.objects.select_related("event", "entry").get(pk=row.pk))


def test_the_draw_has_its_own_action_and_reads_as_a_sentence(evening, director):
    with translation.override("de"):
        draw_numbers(evening, seed="abc", user=director)
    row = AuditEntry.objects.get(event=evening)
    assert row.action == Action.DRAW and row.reason == ""
    assert sentence(row, "en") == "8 numbers drawn by lot (draw abc)."
    assert "Player numbers drawn" not in sentence(row, "de")


def test_a_forced_close_names_the_unfinished_tables_in_both_languages(evening, director):
    rnd = seat_round(evening, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    force_close_round(rnd, user=director, reason="Time is up")
    row = AuditEntry.objects.get(action=Action.FORCE_CLOSE)
    assert sentence(row, "en") == (
        "Round 1 closed early; tables 1, 2 had not finished. Tables 1, 2 had entered nothing."
    )
    assert sentence(row, "de") == (
        "Runde 1 vorzeitig abgeschlossen; die Tische 1, 2 waren nicht fertig. "
        "Die Tische 1, 2 hatten nichts eingetragen."
    )
    assert "unfinished_tables" not in sentence(row, "de")
    assert "status" not in sentence(row, "de")
    assert audit.reason(row) == "Time is up"


@pytest.mark.parametrize(
    ("action", "old", "new", "english"),
    [
        (Action.ENTER, None, SNAPSHOT, "Deal 2 entered: 120 : -35."),
        (Action.CONFIRM, None, SNAPSHOT, "Deal 2 confirmed: 120 : -35."),
        (
            Action.CORRECT,
            [SNAPSHOT],
            {**SNAPSHOT, "points": [100, 0]},
            "The director corrected deal 2 from 120 : -35 to 100 : 0.",
        ),
        (
            Action.LEFT_UNCONFIRMED,
            SNAPSHOT,
            None,
            "Deal 2 was left unconfirmed when the round was closed: 120 : -35.",
        ),
        (Action.CLOSE_ROUND, None, {"round": 3, "status": "closed"}, "Round 3 closed."),
    ],
)
def test_every_score_action_is_one_sentence(evening, action, old, new, english):
    row = audit.record(evening, action, old=old, new=new)
    assert sentence(row, "en") == english
    german = sentence(row, "de")
    assert "points" not in german and "{" not in german


@pytest.mark.parametrize(
    ("new", "old", "label", "english"),
    [
        (
            {"draw_seed": "xyz", "numbers": 12},
            None,
            "Startnummern gelost",
            "12 numbers drawn by lot (draw xyz).",
        ),
        (
            {"player": "Eva", "withdrawn_from_round": 4},
            None,
            "Rückzug",
            "Eva withdrew and is not paired from round 4 on.",
        ),
        (
            {"player": "Udo", "replaces": "Eva", "number": 7, "round": 4},
            None,
            "Ersatzspieler",
            "Udo takes over number 7 from Eva from round 4 on.",
        ),
        ({"co_director": "maria"}, None, "Co-director added", "maria was added as co-director."),
    ],
)
def test_older_rows_filed_as_other_changes_read_as_sentences_without_their_label(
    evening, new, old, label, english
):
    row = audit.record(evening, Action.OTHER, new=new, old=old, reason=label)
    assert sentence(row, "en") == english
    assert audit.reason(row) == ""


def test_the_seat_is_named_in_the_readers_language(evening):
    rnd = seat_round(evening, 1, [((1, 2), (3, 4))])
    seat = Seat.objects.select_related("game__table", "player").get(round=rnd, position=1)
    with translation.override("de"):
        row = audit.record(evening, Action.ENTER, game=seat.game, seat=seat, new=SNAPSHOT)
    with translation.override("en"):
        assert audit.actor(row) == "Table 1 · 1 Player 1"


def test_the_german_audit_page_shows_sentences_not_keys(director_client, evening, director):
    with translation.override("en"):
        draw_numbers(evening, seed="abc", user=director)
    rnd = seat_round(evening, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    force_close_round(rnd, user=director, reason="Zeit ist um")
    page = director_client.get(
        f"/events/{evening.pk}/audit/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "unfinished_tables" not in page and "status: closed" not in page
    assert "Player numbers drawn" not in page and "sonstige Änderung" not in page
    assert "Zeit ist um" in page
