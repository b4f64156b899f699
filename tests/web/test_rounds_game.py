"""The director's page of one table's game: corrections with a reason, disputes settled."""

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tournaments.models import AuditEntry, Entry, Result
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import dispute_entry, submit_entry
from tournaments.services.scores.standings import standings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def canasta(director):
    event = make_event(director, players=4, fmt="moveup", entry_modes=["totals"])
    make_tables(event, 1)
    rnd = start_round(event, user=director)
    return rnd.games.get()


@pytest.fixture
def gin(director):
    event = make_event(director, card_game="gin", players=2, fmt="swiss")
    make_tables(event, 1)
    rnd = start_round(event, user=director)
    return rnd.games.get()


def game_url(game, name="tournaments-director-game", *extra):
    return reverse(name, args=[game.round.event_id, game.pk, *extra])


def seat(game, side):
    return game.seats.filter(side=side).select_related("player").first()


def test_the_game_page_lists_the_deals_with_who_entered_them(director_client, canasta):
    submit_entry(canasta, 1, {"totals": [520, -90]}, seat=seat(canasta, 0))
    page = director_client.get(game_url(canasta)).content.decode()
    assert "520" in page and "-90" in page
    assert str(seat(canasta, 0).player) in page
    assert "Correct or add a deal" in page


def test_the_director_corrects_a_deal_with_a_reason(director_client, canasta, director):
    submit_entry(canasta, 1, {"totals": [520, -90]}, seat=seat(canasta, 0))
    response = director_client.post(
        game_url(canasta, "tournaments-director-game-correct"),
        {
            "fix-number": "1",
            "fix-s0_total": "600",
            "fix-s1_total": "-90",
            "fix-reason": "Sheet checked",
        },
    )
    assert response.status_code == 302
    counted = Entry.objects.get(game=canasta, number=1, status="confirmed")
    assert counted.points == [600, -90] and counted.reason == "Sheet checked"
    audit = AuditEntry.objects.get(action=AuditEntry.Action.CORRECT)
    assert audit.user == director and audit.reason == "Sheet checked"
    mine = Result.objects.get(player=seat(canasta, 0).player)
    assert mine.points == 600


def test_a_correction_recomputes_the_standings(director_client, canasta):
    post = game_url(canasta, "tournaments-director-game-correct")
    director_client.post(
        post, {"fix-number": "1", "fix-s0_total": "500", "fix-s1_total": "100", "fix-reason": "a"}
    )
    leader = standings(canasta.round.event)[0]
    assert leader.total == 500
    director_client.post(
        post, {"fix-number": "1", "fix-s0_total": "100", "fix-s1_total": "900", "fix-reason": "b"}
    )
    leader = standings(canasta.round.event)[0]
    assert leader.total == 900 and leader.player in {s.player for s in canasta.seats.filter(side=1)}


def test_a_correction_without_a_reason_is_refused(director_client, canasta):
    response = director_client.post(
        game_url(canasta, "tournaments-director-game-correct"),
        {"fix-number": "1", "fix-s0_total": "600", "fix-s1_total": "-90", "fix-reason": ""},
    )
    assert response.status_code == 400
    assert not Entry.objects.filter(game=canasta).exists()


def test_an_impossible_score_is_shown_next_to_its_field(director_client, canasta):
    response = director_client.post(
        game_url(canasta, "tournaments-director-game-correct"),
        {"fix-number": "1", "fix-s0_total": "603", "fix-s1_total": "0", "fix-reason": "typo"},
    )
    assert response.status_code == 400
    assert "multiple of 5" in response.content.decode()
    assert not Entry.objects.filter(game=canasta).exists()


def test_the_correct_link_prefills_the_deal(director_client, canasta):
    submit_entry(canasta, 1, {"totals": [520, -90]}, seat=seat(canasta, 0))
    page = director_client.get(game_url(canasta) + "?fix=1").content.decode()
    assert 'value="520"' in page and 'value="-90"' in page


def test_the_director_settles_a_dispute_by_accepting_the_entry(director_client, canasta):
    entry = submit_entry(canasta, 1, {"totals": [520, -90]}, seat=seat(canasta, 0))
    dispute_entry(entry, seat=seat(canasta, 1), reason="We had 2 red threes")
    page = director_client.get(game_url(canasta)).content.decode()
    assert "Deal 1 is disputed" in page and "We had 2 red threes" in page
    response = director_client.post(
        game_url(canasta, "tournaments-director-game-settle", entry.pk),
        {f"settle{entry.pk}-decision": "accept", f"settle{entry.pk}-reason": "Asked both sides"},
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == "confirmed"
    assert AuditEntry.objects.filter(
        action=AuditEntry.Action.SETTLE, reason="Asked both sides"
    ).exists()


def test_the_director_settles_a_dispute_with_the_right_scores(director_client, canasta):
    entry = submit_entry(canasta, 1, {"totals": [520, -90]}, seat=seat(canasta, 0))
    dispute_entry(entry, seat=seat(canasta, 1), reason="wrong")
    prefix = f"settle{entry.pk}"
    director_client.post(
        game_url(canasta, "tournaments-director-game-settle", entry.pk),
        {
            f"{prefix}-decision": "replace",
            f"{prefix}-s0_total": "320",
            f"{prefix}-s1_total": "110",
            f"{prefix}-reason": "recounted",
        },
    )
    counted = Entry.objects.get(game=canasta, number=1, status="confirmed")
    assert counted.points == [320, 110]


def test_replacing_a_disputed_entry_needs_the_scores(director_client, canasta):
    entry = submit_entry(canasta, 1, {"totals": [520, -90]}, seat=seat(canasta, 0))
    dispute_entry(entry, seat=seat(canasta, 1), reason="wrong")
    prefix = f"settle{entry.pk}"
    response = director_client.post(
        game_url(canasta, "tournaments-director-game-settle", entry.pk),
        {f"{prefix}-decision": "replace", f"{prefix}-reason": "recounted"},
    )
    assert response.status_code == 400
    entry.refresh_from_db()
    assert entry.status == "disputed"


def test_the_director_enters_a_gin_hand(director_client, gin):
    response = director_client.post(
        game_url(gin, "tournaments-director-game-correct"),
        {
            "fix-number": "1",
            "fix-kind": "knock",
            "fix-knocker": "0",
            "fix-knocker_deadwood": "5",
            "fix-defender_deadwood": "30",
            "fix-reason": "Phone battery flat",
        },
    )
    assert response.status_code == 302
    assert Entry.objects.get(game=gin, number=1).points == [25, 0]
    assert "Hand 1" in director_client.get(game_url(gin)).content.decode()


def test_a_game_of_another_event_is_404(director_client, director, canasta):
    other = make_event(director, players=4)
    url = reverse("tournaments-director-game", args=[other.pk, canasta.pk])
    assert director_client.get(url).status_code == 404


def test_a_timed_game_is_ended_by_the_director(director_client, director):
    event = make_event(
        director,
        players=4,
        fmt="moveup",
        entry_modes=["totals"],
        round_kind="time",
        round_minutes=60,
    )
    make_tables(event, 1)
    game = start_round(event, user=director).games.get()
    page = director_client.get(game_url(game)).content.decode()
    assert "Time is up at this table" in page
    director_client.post(game_url(game, "tournaments-director-game-end"), {"reason": ""})
    game.refresh_from_db()
    assert game.finished
