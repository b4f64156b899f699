"""Every kind of table and entry comes back from an export: each entry is scored again by its
card game on import, so these are the exports a refusal must never hit."""

import json

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.foundation.transfer_helpers import without_tokens
from tests.web.table_helpers import canasta_game, seat_of
from tests.web.test_canasta_counts import COUNTS
from tests.web.test_gin_tables import (
    CHOUETTE_HANDS,
    PARTNER_HANDS,
    C,
    correction,
    partner_post,
    phone,
    play_the_worked_example,
    table_url,
)
from tournaments.models import Entry, Event, Game, Result
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.transfer import export_event, import_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def gin_table(director, kind: str, players: int) -> Event:
    event = make_event(
        director,
        card_game="gin",
        players=players,
        fmt="tables",
        table_kind=kind,
        scoring_mode=Event.ScoringMode.NET,
    )
    make_tables(event, 1)
    return event


def imported(event: Event) -> Event:
    return import_event(json.loads(json.dumps(export_event(event))))


def counted(event: Event) -> tuple:
    games = Game.objects.filter(round__event=event).order_by("table__number")
    results = Result.objects.filter(round__event=event).order_by("player__number")
    return (
        [(g.score_0, g.score_1, g.score_2, g.finished, g.winner_side) for g in games],
        [(r.player.number, r.points, r.net, r.match_points, r.won) for r in results],
    )


def test_a_rotation_whose_correction_reseated_later_hands_comes_back(director_client, director):
    event = gin_table(director, "rotation", 3)
    game = play_the_worked_example(director_client, event)
    url = reverse("tournaments-director-game-correct", args=[event.pk, game.pk])
    answer = director_client.post(
        url, correction(game, 1, C, "knock", 3, 20, **{"fix-later": "on"})
    )
    assert answer.status_code == 302
    assert Entry.objects.filter(status=Entry.Status.SUPERSEDED).exists()
    copy = imported(event)
    assert without_tokens(export_event(copy)) == without_tokens(export_event(event))
    assert counted(copy) == counted(event)


def test_a_chouette_comes_back_with_its_partners_as_this_servers_players(director_client, director):
    event = gin_table(director, "chouette", 3)
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    for number, (knocker, kind, knocker_dw, defender_dw, *_seating) in enumerate(CHOUETTE_HANDS, 1):
        hand = {
            "number": number,
            "mode": "hand",
            "kind": kind,
            "knocker": knocker,
            "knocker_deadwood": knocker_dw,
            "defender_deadwood": defender_dw,
        }
        entry = submit_entry(game, number, hand, user=director)
        confirm_entry(entry, user=director)
    copy = imported(event)
    assert counted(copy) == counted(event)
    partners = {e.details["partner_player"] for e in Entry.objects.filter(game__round__event=copy)}
    assert partners <= set(copy.players.values_list("pk", flat=True))


def test_a_partnership_comes_back_with_its_pairs_as_this_servers_players(director):
    event = gin_table(director, "partnership", 4)
    start_round(event, user=director)
    game = Game.objects.get(round__event=event)
    entering, confirming = phone(game, 1), phone(game, 3)
    for number, games in enumerate(PARTNER_HANDS, 1):
        entering.post(table_url("tournaments-table-submit", game), partner_post(number, games))
        entry = Entry.objects.get(game=game, number=number, status=Entry.Status.ENTERED)
        confirming.post(table_url("tournaments-table-confirm", game, entry.pk))
    copy = imported(event)
    assert counted(copy) == counted(event)
    players = set(copy.players.values_list("pk", flat=True))
    for entry in Entry.objects.filter(game__round__event=copy):
        assert {pk for one in entry.details["games"] for pk in one["players"]} <= players


def test_a_deal_by_card_counts_comes_back_by_card_counts(director):
    game = canasta_game(director, entry_modes=["deal", "counts"])
    Event.objects.filter(pk=game.round.event_id).update(status=Event.Status.RUNNING)
    entry = submit_entry(game, 1, COUNTS, seat=seat_of(game, 1))
    confirm_entry(entry, seat=seat_of(game, 2))
    event = game.round.event
    copy = imported(event)
    assert without_tokens(export_event(copy)) == without_tokens(export_event(event))
    assert counted(copy) == counted(event)
