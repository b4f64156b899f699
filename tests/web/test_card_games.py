"""The card game registry: one item per card game, the sides of a game, and the words pages
say."""

import pytest
from django.template import Context, Template

from tests.web.table_helpers import canasta_game, gin_game, knock, seat_of, totals
from tournaments.card_games import CARD_GAMES, card_game_of, entry_form_for, evaluate, sides_of
from tournaments.card_games.entry import HAND_KINDS
from tournaments.forms.corrections import CorrectionForm
from tournaments.forms.setup import EventDetailsForm
from tournaments.models import Event
from tournaments.services.scores.entries import submit_entry
from tournaments.services.scores.results import game_sheet
from tournaments.services.setup.events import EVENT_DETAILS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_every_card_game_an_event_can_play_is_in_the_registry():
    assert set(CARD_GAMES) == set(Event.CardGame.values)
    assert all(card_game.key == key for key, card_game in CARD_GAMES.items())


def test_an_event_gets_its_card_game(director):
    canasta, gin = canasta_game(director), gin_game(director)
    assert card_game_of(canasta.round.event) is CARD_GAMES["canasta"]
    assert card_game_of(gin.round.event) is CARD_GAMES["gin"]


def test_the_sides_of_a_canasta_table_are_its_pairs_of_partners(director):
    sides = sides_of(canasta_game(director))
    assert [side.label for side in sides] == ["A", "B"]
    assert [[player.number for player in side.players] for side in sides] == [[1, 6], [2, 5]]
    assert [side.numbers for side in sides] == ["1 & 6", "2 & 5"]


def test_the_sides_of_a_gin_table_are_one_player_each(director):
    sides = sides_of(gin_game(director))
    assert [[player.number for player in side.players] for side in sides] == [[1], [2]]


def test_a_canasta_page_says_deal_and_a_gin_page_says_hand(director):
    words = Template(
        '{% load card_game_words %}{% says event "title" number=3 %} · '
        '{% says event "confirmed" count=2 %} · {% says event "none_yet" %}'
    )
    canasta, gin = canasta_game(director).round.event, gin_game(director).round.event
    assert words.render(Context({"event": canasta})) == (
        "Deal 3 · 2 deals confirmed · No deal entered yet."
    )
    assert words.render(Context({"event": gin})) == (
        "Hand 3 · 2 hands confirmed · No hand entered yet."
    )


def test_each_game_scores_its_own_entries(director):
    canasta, gin = canasta_game(director), gin_game(director)
    assert evaluate(canasta, totals(120, -15)).points == (120, -15)
    assert evaluate(gin, knock(0, 5, 30)).points[0] > 0


def test_the_table_and_the_director_offer_the_same_hand_kinds(director):
    gin = gin_game(director)
    table = entry_form_for(gin, number=1)
    director_form = CorrectionForm(game=gin, numbers=[])
    assert list(table.fields["kind"].choices) == HAND_KINDS
    assert list(director_form.deal.fields["kind"].choices) == HAND_KINDS


def test_a_gin_score_pad_counts_boxes_and_a_canasta_pad_minimum_melds(director):
    canasta, gin = canasta_game(director), gin_game(director)
    submit_entry(canasta, 1, totals(120, -15), seat=seat_of(canasta, 1))
    submit_entry(gin, 1, knock(0, 5, 30), seat=seat_of(gin, 1))
    canasta_sheet, gin_sheet = game_sheet(canasta), game_sheet(gin)
    assert canasta_sheet.minimums and canasta_sheet.gin is None
    assert gin_sheet.gin is not None and gin_sheet.minimums == ()


def test_the_event_step_shows_exactly_the_details_the_service_changes(director):
    event = canasta_game(director).round.event  # the director directs no club
    fields = tuple(EventDetailsForm(event=event).fields)
    assert fields == tuple(name for name in EVENT_DETAILS if name != "club")
