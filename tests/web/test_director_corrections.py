"""The director corrects a deal with the table's own form, and a substitute's results
count where the event says."""

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables, substituted_event
from tournaments.models import Entry, Event, Player
from tournaments.services.pages.tallies import tally
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import dispute_entry, submit_entry
from tournaments.services.scores.standings import standings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def canasta(director):
    event = make_event(director, players=4, fmt="moveup")
    make_tables(event, 1)
    return start_round(event, user=director).games.get()


@pytest.fixture
def gin(director):
    event = make_event(director, card_game="gin", players=2, fmt="swiss")
    make_tables(event, 1)
    return start_round(event, user=director).games.get()


def game_url(game, name="tournaments-director-game"):
    return reverse(name, args=[game.round.event_id, game.pk])


def side(**counts):
    empty = {
        "natural_canastas": 0,
        "mixed_canastas": 0,
        "red_threes": 0,
        "melded_points": 0,
        "hand_points": 0,
        "penalty": 0,
        "going_out": "none",
    }
    return {**empty, **counts}


def posted(prefix, sides, **extra):
    data = {f"{prefix}-{key}": value for key, value in extra.items()}
    for index, fields in enumerate(sides):
        for name, value in fields.items():
            data[f"{prefix}-s{index}_{name}"] = str(value)
    return data


# Side A: a natural (500) and a mixed canasta (300), a red three (100), went out (100),
# 200 melded = 1200. Side B: a red three without a canasta (-100), 150 melded, 40 in hand = 10.
SIDE_A = side(
    natural_canastas=1, mixed_canastas=1, red_threes=1, melded_points=200, going_out="out"
)
SIDE_B = side(red_threes=1, melded_points=150, hand_points=40)


def test_a_correction_with_the_full_breakdown_stores_it_and_the_engines_points(
    director_client, canasta
):
    response = director_client.post(
        game_url(canasta, "tournaments-director-game-correct"),
        posted("fix", [SIDE_A, SIDE_B], number="1", reason="Score sheet checked"),
    )
    assert response.status_code == 302
    entry = Entry.objects.get(game=canasta, number=1, status="confirmed")
    assert entry.points == [1200, 10]
    assert entry.details["sides"][0]["natural_canastas"] == 1
    assert entry.details["sides"][1]["hand_points"] == 40
    assert entry.reason == "Score sheet checked"


def test_an_impossible_breakdown_is_refused_next_to_its_field(director_client, canasta):
    went_out_bare = side(melded_points=200, going_out="out")
    response = director_client.post(
        game_url(canasta, "tournaments-director-game-correct"),
        posted("fix", [went_out_bare, SIDE_B], number="1", reason="Sheet"),
    )
    assert response.status_code == 400
    page = response.content.decode()
    before, after = page.split('name="fix-s0_going_out"', 1)
    assert "field-error" in before.rsplit('<div class="field', 1)[1]
    assert "needs a canasta" in after.split("</div>")[0]
    assert not Entry.objects.exists()


def test_the_correction_form_starts_from_the_deal_as_entered(director_client, canasta):
    submit_entry(canasta, 1, {"sides": [SIDE_A, SIDE_B]}, seat=canasta.seats.get(position=1))
    page = director_client.get(game_url(canasta) + "?fix=1").content.decode()
    assert 'name="fix-s0_natural_canastas" value="1"' in page
    assert 'name="fix-s1_hand_points" value="40"' in page


def test_quick_entry_events_are_still_corrected_with_totals(director_client, director):
    event = make_event(director, players=4, fmt="moveup", entry_modes=["totals"])
    make_tables(event, 1)
    game = start_round(event, user=director).games.get()
    response = director_client.post(
        game_url(game, "tournaments-director-game-correct"),
        {"fix-number": "1", "fix-s0_total": "600", "fix-s1_total": "-90", "fix-reason": "a"},
    )
    assert response.status_code == 302
    assert Entry.objects.get(game=game, number=1).points == [600, -90]


def test_a_dispute_is_settled_with_the_directors_breakdown(director_client, canasta):
    entry = submit_entry(
        canasta, 1, {"sides": [SIDE_B, SIDE_A]}, seat=canasta.seats.get(position=1)
    )
    dispute_entry(entry, seat=canasta.seats.exclude(side=0).first(), reason="Swapped")
    prefix = f"settle{entry.pk}"
    response = director_client.post(
        reverse(
            "tournaments-director-game-settle",
            args=[canasta.round.event_id, canasta.pk, entry.pk],
        ),
        posted(prefix, [SIDE_A, SIDE_B], decision="replace", reason="Sides swapped"),
    )
    assert response.status_code == 302
    counted = Entry.objects.get(game=canasta, number=1, status="confirmed")
    assert counted.points == [1200, 10]
    assert counted.details["sides"][0]["mixed_canastas"] == 1


def test_a_gin_hand_is_corrected_with_its_kind_and_who_went_gin(director_client, gin):
    response = director_client.post(
        game_url(gin, "tournaments-director-game-correct"),
        {
            "fix-number": "1",
            "fix-mode": "hand",
            "fix-kind": "gin",
            "fix-knocker": "1",
            "fix-knocker_deadwood": "0",
            "fix-defender_deadwood": "12",
            "fix-reason": "Gin, not a knock",
        },
    )
    assert response.status_code == 302
    entry = Entry.objects.get(game=gin, number=1)
    assert entry.details["kind"] == "gin" and entry.details["knocker"] == 1
    assert entry.points[1] > entry.points[0] == 0
    page = director_client.get(game_url(gin) + "?fix=1").content.decode()
    assert " checked" in page.split('name="fix-kind" value="gin"')[1].split(">")[0]


# --- substitutes ----------------------------------------------------------------------


@pytest.fixture
def substituted(director):
    return substituted_event(director)


def table(event):
    return [(row.name, row.total) for row in standings(event)]


def test_by_default_a_substitutes_results_count_for_the_player_replaced(substituted):
    assert substituted.substitute_scoring == Event.SubstituteScoring.REPLACED
    assert table(substituted) == [
        ("Player 1", 130),
        ("Player 2", 110),
        ("Player 3", 90),
        ("Player 4", 60),
    ]
    replaced = substituted.players.get(name="Player 1")
    assert [(line.round, line.running) for line in tally(substituted, replaced)] == [
        (1, 100),
        (2, 130),
    ]


def test_the_substitute_can_carry_the_player_replaceds_results(substituted):
    substituted.substitute_scoring = Event.SubstituteScoring.SUBSTITUTE
    substituted.save()
    assert table(substituted) == [
        ("Sam", 130),
        ("Player 2", 110),
        ("Player 3", 90),
        ("Player 4", 60),
    ]
    sam = Player.objects.get(name="Sam")
    assert [line.running for line in tally(substituted, sam)] == [100, 130]


def test_each_can_count_for_the_rounds_they_played(substituted):
    substituted.substitute_scoring = Event.SubstituteScoring.EACH
    substituted.save()
    assert table(substituted) == [
        ("Player 2", 110),
        ("Player 1", 100),
        ("Player 3", 90),
        ("Player 4", 60),
        ("Sam", 30),
    ]
    sam = Player.objects.get(name="Sam")
    assert [line.running for line in tally(substituted, sam)] == [30]


def test_the_setting_is_changed_on_the_event_step_and_named_on_the_standings(
    director_client, substituted
):
    step = reverse("tournaments-director-setup", args=[substituted.pk, "event"])
    form = director_client.get(step).content.decode()
    assert "A substitute&#x27;s results count" in form or "A substitute's results count" in form
    response = director_client.post(
        step,
        {
            "name": substituted.name,
            "date": "2026-11-22",
            "language": "en",
            "paper_size": "A4",
            "substitute_scoring": "substitute",
        },
    )
    assert response.status_code == 302
    substituted.refresh_from_db()
    assert substituted.substitute_scoring == "substitute"
    page = director_client.get(
        reverse("tournaments-director-standings", args=[substituted.pk])
    ).content.decode()
    assert "The results of a player who was replaced count for the substitute." in page
    assert "Sam" in page


def correct(client, game, number, sides, reason="Sheet checked"):
    url = game_url(game, "tournaments-director-game-correct")
    return client.post(url, posted("fix", sides, number=str(number), reason=reason))


def test_no_deal_is_added_past_the_rounds_number_of_deals(director_client, director):
    """A round of 2 deals, both in: the director corrects them, and adds no deal 3 (a
    junction probe added a fifth deal to a four-deal round, and its points counted)."""
    event = make_event(director, players=4, fmt="moveup", round_kind="deals", round_deals=2)
    make_tables(event, 1)
    game = start_round(event, user=director).games.get()
    for number in (1, 2):
        assert correct(director_client, game, number, [SIDE_A, SIDE_B]).status_code == 302
    page = director_client.get(game_url(game)).content.decode()
    assert "Deal 2 (correct)" in page and "Deal 3 (new)" not in page
    response = correct(director_client, game, 3, [SIDE_A, SIDE_B], reason="One more")
    assert response.status_code == 400
    assert "The game is over: no deal can be added." in response.content.decode()
    assert not Entry.objects.filter(game=game, number=3).exists()
    game.refresh_from_db()
    assert (game.score_0, game.score_1) == (2400, 20)


def test_no_deal_is_added_after_the_game_is_over(director_client, gin):
    gin_over = {
        "fix-number": "1",
        "fix-mode": "hand",
        "fix-kind": "gin",
        "fix-knocker": "0",
        "fix-knocker_deadwood": "0",
        "fix-defender_deadwood": "90",
        "fix-reason": "Sheet checked",
    }
    url = game_url(gin, "tournaments-director-game-correct")
    assert director_client.post(url, gin_over).status_code == 302
    gin.refresh_from_db()
    assert gin.finished
    page = director_client.get(game_url(gin)).content.decode()
    assert "Hand 2 (new)" not in page
    response = director_client.post(url, {**gin_over, "fix-number": "2"})
    assert "The game is over: no deal can be added" in response.content.decode()
    assert not Entry.objects.filter(game=gin, number=2).exists()
