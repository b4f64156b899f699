"""How a round was seated is stored as what happened and read in the reader's language."""

import datetime

import pytest
from django.utils import translation

from tests.factories import make_event, make_tables
from tests.migrations_helpers import migrate_to_latest, models_before
from tournaments.models import Round
from tournaments.services.rounds.steps import start_round

pytestmark = [pytest.mark.django_db]


def started(director, **fields) -> Round:
    event = make_event(director, players=12, **fields)
    make_tables(event, 3)
    with translation.override("de"):
        return start_round(event, user=director)


def test_a_round_started_in_german_reads_in_english_for_an_english_reader(director):
    rnd = Round.objects.get(pk=started(director).pk)
    with translation.override("en"):
        assert rnd.explanation[0] == "Round 1 of 11 of the schedule for 12 players."
    with translation.override("de"):
        assert rnd.explanation[0] == "Runde 1 von 11 des Spielplans für 12 Spieler."


def test_the_round_stores_the_english_template_and_its_numbers(director):
    note = started(director).explanation_data[0]
    assert note == {
        "template": "Round %(round)d of %(rounds)d of the schedule for %(players)d players.",
        "params": {"round": 1, "rounds": 11, "players": 12},
    }


def test_a_nested_note_is_translated_inside_its_sentence(director):
    rnd = Round.objects.create(
        event=make_event(director, players=0),
        number=1,
        explanation_data=[
            {
                "template": "Table %(table)d, cards drawn highest first: %(drawn)s. %(how)s",
                "params": {
                    "table": 2,
                    "drawn": "5, 6, 7, 8",
                    "how": {
                        "template": "Round 1 drawn by lot (draw %(seed)s).",
                        "params": {"seed": "x"},
                    },
                },
            }
        ],
    )
    with translation.override("en"):
        assert rnd.explanation == [
            "Table 2, cards drawn highest first: 5, 6, 7, 8. Round 1 drawn by lot (draw x)."
        ]


@pytest.mark.django_db(transaction=True)
def test_notes_written_before_the_change_are_kept_word_for_word():
    old = models_before([("tournaments", "0003_entry_device")])
    owner = old.get_model("auth", "User").objects.create(username="before")
    event = old.get_model("tournaments", "Event").objects.create(
        owner_id=owner.pk, name="Before", date=datetime.date(2026, 11, 1), profile={}
    )
    old.get_model("tournaments", "Round").objects.create(
        event=event, number=3, explanation=["Runde 3 von 11 des Spielplans für 12 Spieler."]
    )
    migrate_to_latest()
    rnd = Round.objects.get(event_id=event.pk)
    assert rnd.explanation_data == [{"text": "Runde 3 von 11 des Spielplans für 12 Spieler."}]
    with translation.override("en"):
        assert rnd.explanation == ["Runde 3 von 11 des Spielplans für 12 Spieler."]
