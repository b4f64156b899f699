"""Gin for three at a table (RULES.md 2.1): set up, seated, played and counted through the views.

The worked example of RULES.md 2.1: A wins 3 hands and 102 points, B 1 hand and 17,
C nothing: A 262, B 37, C 0; B pays A 225, C pays A 262 + 100 = 362, C pays B 37.
B wins his hand when A sits out, so the draw puts A lowest: the table seats by the
draw, highest card first, and players 1, 2, 3 are B, C, A.
"""

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import strip_tags

from scoring.gin_three import score_three_player_game
from tests.factories import make_event, make_tables
from tests.printing.conftest import pages
from tournaments.card_games.sheets import Settlement
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.profiles import event_profile
from tournaments.models import Entry, Event, Game, Result
from tournaments.printing import DOCUMENTS, score_sheets
from tournaments.services.rounds.seating import lineup_of, plan_round
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import (
    correct_entry,
    dispute_entry,
    settle_dispute,
    submit_entry,
)
from tournaments.services.scores.standings import standings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

B, C, A = 1, 2, 3  # player numbers, in the order of the draw

# (knocker, kind, knocker's deadwood, defender's deadwood, who plays, who sits out), by
# player number. Wiener rules: a knock scores the difference, gin 20 + the defender's deadwood.
HANDS = [
    (B, "knock", 3, 20, (B, C), A),  # B 17
    (A, "knock", 2, 27, (B, A), C),  # A 25
    (A, "gin", 0, 15, (A, C), B),  # A 35
    (A, "knock", 5, 47, (A, B), C),  # A 42: 102, the game is over
]


@pytest.fixture
def event(director):
    event = make_event(
        director,
        card_game="gin",
        players=3,
        fmt="tables",
        table_kind="rotation",
        scoring_mode=Event.ScoringMode.NET,
    )
    make_tables(event, 1)
    return event


def table_url(name: str, game: Game, *args) -> str:
    return reverse(name, args=[game.table.token, *args])


def phone(game: Game, number: int) -> Client:
    client = Client()
    seat = game.seats.get(player__number=number)
    client.post(table_url("tournaments-table-seat", game), {"seat": seat.pk})
    return client


def hand_post(number: int, game: Game, knocker: int, kind: str, knocker_dw: int, defender_dw: int):
    side = game.seats.get(player__number=knocker).side
    return {
        "number": number,
        "idempotency_key": f"hand-{number}",
        "mode": "hand",
        "kind": kind,
        "knocker": side,
        "knocker_deadwood": knocker_dw,
        "defender_deadwood": defender_dw,
    }


def play_the_worked_example(director_client, event) -> Game:
    return play_hands(director_client, event, HANDS)


def play_hands(director_client, event, hands) -> Game:
    """Start round 1 and play ``hands`` on the players' phones: the knocker's phone enters,
    the phone of the one sitting out confirms."""
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    phones = {number: phone(game, number) for number in (A, B, C)}
    for number, (knocker, kind, knocker_dw, defender_dw, playing, out) in enumerate(hands, 1):
        page = phones[out].get(table_url("tournaments-table", game)).content.decode()
        names = {n: f"{n} Player {n}" for n in (A, B, C)}
        first, second = playing
        assert (
            f"{names[first]} plays against {names[second]}, who deals; {names[out]} sits out."
            in page
        )
        sent = phones[knocker].post(
            table_url("tournaments-table-submit", game),
            hand_post(number, game, knocker, kind, knocker_dw, defender_dw),
            HTTP_HX_REQUEST="true",
        )
        assert sent.status_code == 200
        entry = Entry.objects.get(game=game, number=number, status=Entry.Status.ENTERED)
        phones[out].post(
            table_url("tournaments-table-confirm", game, entry.pk), HTTP_HX_REQUEST="true"
        )
        entry.refresh_from_db()
        assert entry.status == Entry.Status.CONFIRMED
    game.refresh_from_db()
    return game


def side_of(game: Game, number: int) -> int:
    return game.seats.get(player__number=number).side


def test_the_format_step_offers_three_at_a_table_for_gin(director_client, director):
    event = make_event(director, card_game="gin", players=3, fmt="swiss")
    url = reverse("tournaments-director-setup", args=[event.pk, "format"])
    assert "Three players, rotating" in director_client.get(url).content.decode()
    refused = director_client.post(url, {"format": "swiss", "table_kind": "rotation"})
    assert "choose the format" in refused.content.decode()
    director_client.post(url, {"format": "tables", "table_kind": "rotation"})
    event.refresh_from_db()
    assert (event.format, event.table_kind) == ("tables", "rotation")


def test_canasta_offers_no_table_kind(director_client, director):
    event = make_event(director, players=8)
    url = reverse("tournaments-director-setup", args=[event.pk, "format"])
    assert "Players at a table" not in director_client.get(url).content.decode()


def test_a_round_seats_three_at_a_table_in_draw_order(director_client, event):
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    assert [(s.player.number, s.side) for s in game.seats.order_by("position")] == [
        (1, 0),
        (2, 1),
        (3, 2),
    ]


def test_a_whole_rotation_game_ends_with_the_worked_example(director_client, event):
    game = play_the_worked_example(director_client, event)
    assert game.finished
    totals = {number: game.scores[side_of(game, number)] for number in (A, B, C)}
    assert totals == {A: 262, B: 37, C: 0}
    results = {r.player.number: r for r in Result.objects.select_related("player")}
    assert {n: r.points for n, r in results.items()} == {A: 262, B: 37, C: 0}
    # A collects 225 + 362, B pays 225 and collects 37, C pays 362 + 37.
    assert {n: r.net for n, r in results.items()} == {A: 587, B: -188, C: -399}
    assert [n for n, r in results.items() if r.won] == [A]


def test_the_sheet_shows_who_sat_out_and_who_pays_whom(director_client, event):
    game = play_the_worked_example(director_client, event)
    page = phone(game, A).get(table_url("tournaments-table", game)).content.decode()
    letter = {n: "ABC"[side_of(game, n)] for n in (A, B, C)}
    for _knocker, _kind, _k, _d, _playing, out in HANDS:
        assert f"{letter[out]} sits out" in page
    assert f"{letter[B]} pays {letter[A]} 225" in page
    assert f"{letter[C]} pays {letter[A]} 362" in page
    assert f"{letter[C]} pays {letter[B]} 37" in page
    assert f"Game over: side {letter[A]} wins by 225." in page


def test_standings_rank_each_player_by_plus_minus(director_client, event):
    play_the_worked_example(director_client, event)
    rows = standings(event)
    assert [(row.number, row.rank, row.total) for row in rows] == [
        (A, 1, 587),
        (B, 2, -188),
        (C, 3, -399),
    ]
    page = director_client.get(reverse("tournaments-director-standings", args=[event.pk]))
    assert "587" in page.content.decode()


def test_with_the_points_of_each_side_the_standings_count_the_game_totals(director_client, event):
    event.scoring_mode = Event.ScoringMode.TALLY
    event.save(update_fields=["scoring_mode"])
    play_the_worked_example(director_client, event)
    assert [(row.number, row.total) for row in standings(event)] == [(A, 262), (B, 37), (C, 0)]


def test_a_player_sitting_out_cannot_be_named_the_knocker(director_client, event):
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    sent = phone(game, B).post(
        table_url("tournaments-table-submit", game),
        hand_post(1, game, A, "knock", 2, 20),
        HTTP_HX_REQUEST="true",
    )
    assert sent.status_code == 200 and not Entry.objects.exists()


def test_the_board_shows_all_three_players_before_the_first_hand(director_client, event):
    """A table of three keeps its third column empty until a hand counts: its tile still
    names each player with a score of 0 (found by the evening machine, seed 127000)."""
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    board = director_client.get(
        reverse("tournaments-director-board", args=[event.pk, 1])
    ).content.decode()
    tile = re.search(r'<li class="tile[^"]*" data-table="1".*?</li>', board, re.S).group(0)
    assert re.findall(r'<span class="score">(\d+)</span>', tile) == ["0", "0", "0"]
    assert all(f"Player {n}" in tile for n in (A, B, C))


def test_the_board_and_the_printed_score_sheet_show_the_three_columns(director_client, event):
    game = play_the_worked_example(director_client, event)
    board = director_client.get(
        reverse("tournaments-director-board", args=[event.pk, 1])
    ).content.decode()
    assert "262" in board and "37" in board
    data = score_sheets.load(event, 1)
    sheet = data.sheets[0]
    assert sheet.sides == 3
    by_player = {n: side_of(game, n) for n in (A, B, C)}
    assert {n: sheet.gin.totals[side] for n, side in by_player.items()} == {A: 262, B: 37, C: 0}
    assert {n: sheet.gin.game_bonus[side] for n, side in by_player.items()} == {A: 100, B: 0, C: 0}
    assert sheet.gin.net == 225
    # Who pays whom, as RULES.md 2.1 settles the worked example.
    paid = {(p.payer, p.payee): p.amount for p in sheet.gin.payments}
    letter = {n: "ABC"[side] for n, side in by_player.items()}
    assert paid == {
        (letter[B], letter[A]): 225,
        (letter[C], letter[A]): 362,
        (letter[C], letter[B]): 37,
    }
    pdf = director_client.get(
        reverse("tournaments-director-print-pdf", args=[event.pk, "score-sheets"])
    )
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


# --- four at a table: two partnerships (RULES.md 2.2) ------------------------------------
# Players 1 & 2 (side A) against 3 & 4 (side B); hand 1 pairs 1-3 and 2-4, then partners
# switch opponents. Each game: (kind, who knocked: 0 side A's player, 1 side B's, deadwoods).
PARTNER_HANDS = [
    # RULES.md 2.2: A's first player loses 18, his partner wins 25: A +7 (and the box).
    (("knock", 1, 2, 20), ("knock", 0, 5, 30)),
    # B's gin with 15 against A's 10: B +25.
    (("gin", 1, 0, 15), ("knock", 0, 4, 14)),
    # A's gin with 30 and a no game: A +50.
    (("gin", 0, 0, 30), ("no_game", None, None, None)),
    # A +40 and +30: A has 7 + 50 + 70 = 127 of 125.
    (("knock", 0, 2, 42), ("knock", 0, 1, 31)),
]


@pytest.fixture
def partnership_event(director):
    event = make_event(
        director,
        card_game="gin",
        players=4,
        fmt="tables",
        table_kind="partnership",
        scoring_mode=Event.ScoringMode.NET,
    )
    make_tables(event, 1)
    return event


def partner_post(number: int, games) -> dict:
    data = {"number": number, "idempotency_key": f"hand-{number}"}
    for index, (kind, knocker, knocker_dw, defender_dw) in enumerate(games):
        for name, value in (
            ("kind", kind),
            ("knocker", knocker),
            ("knocker_deadwood", knocker_dw),
            ("defender_deadwood", defender_dw),
        ):
            if value is not None:
                data[f"g{index}_{name}"] = value
    return data


def test_partners_switch_opponents_and_a_whole_game_goes_to_125(director_client, partnership_event):
    event = partnership_event
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    assert sorted((s.player.number, s.side) for s in game.seats.all()) == [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
    ]
    entering, confirming = phone(game, 1), phone(game, 3)
    opponents = [("1 Player 1 against 3 Player 3", "2 Player 2 against 4 Player 4")]
    opponents.append(("1 Player 1 against 4 Player 4", "2 Player 2 against 3 Player 3"))
    for number, games in enumerate(PARTNER_HANDS, 1):
        page = entering.get(table_url("tournaments-table", game)).content.decode()
        for pair in opponents[(number - 1) % 2]:
            assert pair in page
        sent = entering.post(
            table_url("tournaments-table-submit", game),
            partner_post(number, games),
            HTTP_HX_REQUEST="true",
        )
        assert sent.status_code == 200
        entry = Entry.objects.get(game=game, number=number, status=Entry.Status.ENTERED)
        confirming.post(
            table_url("tournaments-table-confirm", game, entry.pk), HTTP_HX_REQUEST="true"
        )
    assert [e.points for e in Entry.objects.order_by("number")] == [
        [7, 0],
        [0, 25],
        [50, 0],
        [70, 0],
    ]
    game.refresh_from_db()
    # A: 127 points + 3 boxes of 20 + the game bonus 100 = 287; B: 25 + one box = 45.
    assert game.finished and game.scores == [287, 45]
    results = {r.player.number: (r.points, r.net) for r in Result.objects.select_related("player")}
    assert results == {1: (287, 242), 2: (287, 242), 3: (45, -242), 4: (45, -242)}
    page = entering.get(table_url("tournaments-table", game)).content.decode()
    assert "Game to 125" in page and "Game over: side A wins by 242." in page
    director_page = director_client.get(
        reverse("tournaments-director-game", args=[event.pk, game.pk]) + "?fix=1"
    )
    assert director_page.status_code == 200
    assert 'name="fix-g1_defender_deadwood"' in director_page.content.decode()
    # Partners share their partnership's total; the draw orders partners level on it.
    rows = standings(event)
    assert {row.number: row.total for row in rows} == {1: 242, 2: 242, 3: -242, 4: -242}
    assert {row.number for row in rows[:2]} == {1, 2}


def test_a_partnership_hand_names_the_game_at_fault(director_client, partnership_event):
    event = partnership_event
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    sent = phone(game, 1).post(
        table_url("tournaments-table-submit", game),
        partner_post(1, (("knock", 0, 12, 20), ("knock", 0, 5, 30))),
        HTTP_HX_REQUEST="true",
    )
    assert sent.status_code == 200 and not Entry.objects.exists()
    assert 'id="id_g0_knocker_deadwood_error"' in sent.content.decode()


def test_the_printed_partnership_sheet_plays_to_125(director_client, partnership_event):
    director_client.post(reverse("tournaments-director-round-start", args=[partnership_event.pk]))
    data = score_sheets.load(partnership_event, 1)
    assert data.gin.target == 125 and data.sheets[0].sides == 2
    blank = score_sheets.load(partnership_event, None, blank=True)
    assert len(blank.sheets) == 1


# --- chouette (RULES.md 2.1, 2) --------------------------------------------------------------
# Player 1 drew highest and plays alone (side A) against 2 and 3 (side B); 2 deals first and
# plays until he loses a hand. Each hand: who knocked (0 the lone player, 1 the partner),
# kind, deadwoods, then who plays first, who deals and who advises the partner playing.
CHOUETTE_HANDS = [
    (0, "knock", 2, 32, 1, 2, 3),  # lone +30: partner 2 lost, 3 takes over and deals
    (1, "knock", 3, 28, 1, 3, 2),  # partners +25: the lone player deals
    (0, "gin", 0, 20, 3, 1, 2),  # lone +40: 3 lost, 2 takes over
    (0, "knock", 1, 36, 1, 2, 3),  # lone +35: 105, the game is over
]


def test_a_whole_chouette_with_partners_taking_turns(director_client, director):
    event = make_event(
        director,
        card_game="gin",
        players=3,
        fmt="tables",
        table_kind="chouette",
        scoring_mode=Event.ScoringMode.NET,
    )
    make_tables(event, 1)
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    assert sorted((s.player.number, s.side) for s in game.seats.all()) == [(1, 0), (2, 1), (3, 1)]
    phones = {number: phone(game, number) for number in (1, 2, 3)}
    for number, (knocker, kind, knocker_dw, defender_dw, leader, dealer, out) in enumerate(
        CHOUETTE_HANDS, 1
    ):
        page = phones[out].get(table_url("tournaments-table", game)).content.decode()
        # Nobody sits out of a chouette: the partners play as a crew, one advising the other.
        partner = dealer if leader == 1 else leader
        assert (
            f"1 Player 1 plays alone against {partner} Player {partner} and {out} Player {out}: "
            f"{partner} Player {partner} plays this hand, {out} Player {out} advises; "
            f"{dealer} Player {dealer} deals." in page
        )
        assert "sits out" not in page
        sent = phones[1].post(
            table_url("tournaments-table-submit", game),
            {
                "number": number,
                "idempotency_key": f"hand-{number}",
                "mode": "hand",
                "kind": kind,
                "knocker": knocker,
                "knocker_deadwood": knocker_dw,
                "defender_deadwood": defender_dw,
            },
            HTTP_HX_REQUEST="true",
        )
        assert sent.status_code == 200
        entry = Entry.objects.get(game=game, number=number, status=Entry.Status.ENTERED)
        phones[out].post(
            table_url("tournaments-table-confirm", game, entry.pk), HTTP_HX_REQUEST="true"
        )
    game.refresh_from_db()
    # Lone: 105 + 3 boxes + 100 = 265; partners: 25 + 1 box = 45. Margin 220, to each partner.
    assert game.finished and game.scores == [265, 45]
    results = {r.player.number: (r.points, r.net) for r in Result.objects.select_related("player")}
    assert results == {1: (265, 440), 2: (45, -220), 3: (45, -220)}
    page = phones[2].get(table_url("tournaments-table", game)).content.decode()
    assert "Game to 100" in page and "Game over: side A wins by 220." in page
    assert "B: 3 Player 3" in page and "B: 2 Player 2" in page
    # Who pays whom, as the standings count it: each partner pays the lone player the margin.
    assert re.findall(r'<ul class="payments">\s*<li>([^<]*)</li>\s*</ul>', page) == [
        "Each player of side B pays A 220"
    ]
    printed = score_sheets.load(game.round.event, 1).sheets[0].gin
    assert [(p.payer, p.payee, p.amount, p.each) for p in printed.payments] == [
        ("B", "A", 220, "payer")
    ]
    # A round is one chouette game: the lone player won the last hand, so stays alone next round.
    assert (
        "Side A won the last hand: the lone player stays alone in the next round at this table."
        in page
    )


def test_the_director_corrects_a_rotation_hand_between_the_two_who_played_it(
    director_client, event
):
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    phones = {number: phone(game, number) for number in (A, B, C)}
    for number, (knocker, kind, knocker_dw, defender_dw, _playing, out) in enumerate(HANDS[:2], 1):
        phones[knocker].post(
            table_url("tournaments-table-submit", game),
            hand_post(number, game, knocker, kind, knocker_dw, defender_dw),
            HTTP_HX_REQUEST="true",
        )
        entry = Entry.objects.get(game=game, number=number, status=Entry.Status.ENTERED)
        phones[out].post(
            table_url("tournaments-table-confirm", game, entry.pk), HTTP_HX_REQUEST="true"
        )
    url = reverse("tournaments-director-game", args=[event.pk, game.pk])
    page = director_client.get(url).content.decode()
    assert f"{'ABC'[side_of(game, C)]} sits out" in page  # hand 2
    # Hand 2 was B against A; A's knock with 2 against 30, not 27: A scores 28.
    answer = director_client.post(
        reverse("tournaments-director-game-correct", args=[event.pk, game.pk]),
        {
            "fix-number": "2",
            "fix-reason": "Score sheet checked",
            "fix-mode": "hand",
            "fix-kind": "knock",
            "fix-knocker": side_of(game, A),
            "fix-knocker_deadwood": "2",
            "fix-defender_deadwood": "30",
        },
    )
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.scores[side_of(game, A)] == 28 + 20 and game.scores[side_of(game, B)] == 17 + 20
    # C sat hand 2 out: the director cannot name him the knocker either.
    refused = director_client.post(
        reverse("tournaments-director-game-correct", args=[event.pk, game.pk]),
        {
            "fix-number": "2",
            "fix-reason": "Score sheet checked",
            "fix-mode": "hand",
            "fix-kind": "knock",
            "fix-knocker": side_of(game, C),
            "fix-knocker_deadwood": "2",
            "fix-defender_deadwood": "30",
        },
    )
    assert refused.status_code == 400


# --- six at a table: partnerships of three (RULES.md 2.2) -----------------------------------
NO_GAME = ("no_game", None, None, None)
SIX_HANDS = [
    (("knock", 0, 2, 32), ("knock", 0, 5, 30), ("knock", 1, 4, 14)),  # A +30 +25 −10 = +45
    (("gin", 0, 0, 30), NO_GAME, NO_GAME),  # A +50: 95
    (("gin", 1, 0, 20), ("knock", 0, 5, 10), NO_GAME),  # B +40, A +5: B +35
    (("knock", 0, 2, 32), ("knock", 0, 2, 32), NO_GAME),  # A +60: 155 of 150
]


def test_six_players_play_two_partnerships_of_three_to_150(director_client, director):
    event = make_event(
        director,
        card_game="gin",
        players=6,
        fmt="tables",
        table_kind="partnership-six",
        scoring_mode=Event.ScoringMode.NET,
    )
    make_tables(event, 1)
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    assert {s.player.number: s.side for s in game.seats.all()} == {
        1: 0,
        2: 0,
        3: 0,
        4: 1,
        5: 1,
        6: 1,
    }
    entering, confirming = phone(game, 1), phone(game, 4)
    page = entering.get(table_url("tournaments-table", game)).content.decode()
    for pair in ("1 Player 1 against 4 Player 4", "3 Player 3 against 6 Player 6"):
        assert pair in page
    for number, games in enumerate(SIX_HANDS, 1):
        if number == 2:
            page = entering.get(table_url("tournaments-table", game)).content.decode()
            for pair in (
                "1 Player 1 against 5 Player 5",
                "2 Player 2 against 6 Player 6",
                "3 Player 3 against 4 Player 4",
            ):
                assert pair in page
        entering.post(
            table_url("tournaments-table-submit", game),
            partner_post(number, games),
            HTTP_HX_REQUEST="true",
        )
        entry = Entry.objects.get(game=game, number=number, status=Entry.Status.ENTERED)
        confirming.post(
            table_url("tournaments-table-confirm", game, entry.pk), HTTP_HX_REQUEST="true"
        )
    game.refresh_from_db()
    # A: 155 + 3 boxes + 100 = 315; B: 35 + one box = 55.
    assert game.finished and game.scores == [315, 55]
    results = {r.player.number: (r.points, r.net) for r in Result.objects.select_related("player")}
    assert results == {n: (315, 260) for n in (1, 2, 3)} | {n: (55, -260) for n in (4, 5, 6)}
    assert "Game to 150" in entering.get(table_url("tournaments-table", game)).content.decode()
    assert score_sheets.load(event, 1).gin.target == 150


def test_every_printout_and_the_tally_page_take_a_table_of_three(director_client, event):
    game = play_the_worked_example(director_client, event)
    for kind in DOCUMENTS:
        pdf = director_client.get(
            reverse("tournaments-director-print-pdf", args=[event.pk, kind]) + "?round=1"
        )
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF"), kind
    anna = game.seats.get(player__number=A).player
    tally = director_client.get(reverse("tournaments-director-player", args=[event.pk, anna.pk]))
    html = tally.content.decode()
    assert tally.status_code == 200 and "587" in html


def test_a_rotation_round_of_two_hands_ends_with_the_leader_ahead(director_client, director):
    event = make_event(
        director,
        card_game="gin",
        players=3,
        fmt="tables",
        table_kind="rotation",
        round_kind=Event.RoundKind.DEALS,
        round_deals=2,
    )
    make_tables(event, 1)
    game = play_hands(director_client, event, HANDS[:2])
    # B 17 + 20, A 25 + 20, C 0: nobody reached 100, the two hands end the round.
    totals = {number: game.scores[side_of(game, number)] for number in (A, B, C)}
    assert game.finished and totals == {A: 45, B: 37, C: 0}
    results = {r.player.number: (r.net, r.won) for r in Result.objects.select_related("player")}
    # Settled as a game ended now, without the shutout: A +8 +45, B −8 +37, C −45 −37.
    assert results == {A: (53, True), B: (29, False), C: (-82, False)}
    # The pad says who pays whom as the standings count it.
    letter = {n: "ABC"[side_of(game, n)] for n in (A, B, C)}
    pad = phone(game, B).get(table_url("tournaments-table", game)).content.decode()
    paid = re.findall(r"<li>(\w) pays (\w) (\d+)</li>", pad)
    assert sorted(paid) == sorted(
        [(letter[B], letter[A], "8"), (letter[C], letter[A], "45"), (letter[C], letter[B], "37")]
    )
    # The printed score sheet says the same: the margin of the leader and who pays whom.
    printed = score_sheets.load(event, 1).sheets[0].gin
    assert printed.finished and printed.winner == side_of(game, A) and printed.net == 8
    assert sorted((p.payer, p.payee, p.amount) for p in printed.payments) == sorted(
        [(letter[B], letter[A], 8), (letter[C], letter[A], 45), (letter[C], letter[B], 37)]
    )
    text = pages(score_sheets.build(score_sheets.load(event, 1)))[0]  # the event's German
    assert "Vorsprung des Gewinners: 8" in text
    assert f"{letter[C]} zahlt {letter[A]} 45" in text


def test_every_round_seats_each_table_of_three_in_draw_order_whoever_has_the_bye(director):
    """Seven players at two tables of three: the one left over changes each round, and each
    table still sits by the draw (highest card, the lowest number, leads the first hand)."""
    event = make_event(director, card_game="gin", players=7, fmt="tables", table_kind="rotation")
    byes = []
    for number in range(1, 8):
        plan = plan_round(event, number, lineup_of(event, number))
        byes += [player.number for player, _points in plan.byes]
        for table in plan.tables:
            numbers = [player.number for side in table for player in side]
            assert len(numbers) == 3 and numbers == sorted(numbers), (number, numbers)
    assert byes == [7, 6, 5, 4, 3, 2, 1]  # the last numbers first, moving back each round


# --- a correction that changes who plays later hands ----------------------------------------


def correction(game: Game, number: int, knocker: int, kind: str, knocker_dw, defender_dw, **more):
    return {
        "fix-number": str(number),
        "fix-reason": "Score sheet checked",
        "fix-mode": "hand",
        "fix-kind": kind,
        "fix-knocker": side_of(game, knocker),
        "fix-knocker_deadwood": str(knocker_dw),
        "fix-defender_deadwood": str(defender_dw),
        **more,
    }


def stored_totals(game: Game) -> list[int]:
    """What ``score_three_player_game`` makes of the confirmed hands stored."""
    hands = [
        entry.points
        for entry in game.entries.filter(status=Entry.Status.CONFIRMED).order_by("number")
    ]
    return list(score_three_player_game(hands, event_profile(game.round.event)).totals)


def test_a_correction_that_reseats_later_hands_says_so_and_keeps_their_points(
    director_client, event
):
    game = play_the_worked_example(director_client, event)
    url = reverse("tournaments-director-game-correct", args=[event.pk, game.pk])
    versions = Entry.objects.count()
    # Hand 1 was C's knock with 3 against B's 20, not B's: C 17, and B sits hand 2 out.
    asked = director_client.post(url, correction(game, 1, C, "knock", 3, 20))
    assert asked.status_code == 400
    page = asked.content.decode()
    assert (
        "Hand 1 changes who plays hands 2–4: Hand 2: 2 Player 2 against 3 Player 3, "
        "1 Player 1 sits out; Hand 3: 3 Player 3 against 1 Player 1, 2 Player 2 sits out; "
        "Hand 4: 3 Player 3 against 2 Player 2, 1 Player 1 sits out." in page
    )
    assert Entry.objects.count() == versions  # nothing stored
    game.refresh_from_db()
    assert game.scores == stored_totals(game)
    answer = director_client.post(
        url, correction(game, 1, C, "knock", 3, 20, **{"fix-later": "on"})
    )
    assert answer.status_code == 302
    game.refresh_from_db()
    entries = {e.number: e for e in game.entries.filter(status=Entry.Status.CONFIRMED)}
    assert [entries[n].details["sitting_out"] for n in (1, 2, 3, 4)] == [
        side_of(game, A),
        side_of(game, B),
        side_of(game, C),
        side_of(game, B),
    ]
    # A keeps his 102 points and 3 boxes of 20, C has 17 and a box: 102 + 60 + 100 = 262, 37.
    assert stored_totals(game) == game.scores
    assert game.scores[side_of(game, A)] == 262 and game.scores[side_of(game, C)] == 37
    assert game.finished


def test_a_correction_whose_later_winner_would_sit_out_sets_those_hands_aside(
    director_client, event
):
    game = play_the_worked_example(director_client, event)
    url = reverse("tournaments-director-game-correct", args=[event.pk, game.pk])
    # Hand 2 was B's knock with 2 against A's 27: A sits hand 3 out, yet A won hand 3.
    asked = director_client.post(url, correction(game, 2, B, "knock", 2, 27))
    assert asked.status_code == 400
    assert (
        "Hand 2 changes who plays hands 3–4: Hand 3 was won by 3 Player 3, who would sit it "
        "out: it and the hands after it are set aside, to be entered again in order."
        in asked.content.decode()
    )
    game.refresh_from_db()
    assert game.scores == stored_totals(game) and game.finished
    answer = director_client.post(
        url, correction(game, 2, B, "knock", 2, 27, **{"fix-later": "on"})
    )
    assert answer.status_code == 302
    game.refresh_from_db()
    assert sorted(
        game.entries.exclude(status=Entry.Status.SUPERSEDED).values_list("number", flat=True)
    ) == [1, 2]
    # B 17 + 25 and two boxes: 42 + 40 = 82; the game goes on with hand 3.
    assert game.scores == stored_totals(game)
    assert game.scores[side_of(game, B)] == 82 and not game.finished
    page = phone(game, C).get(table_url("tournaments-table", game)).content.decode()
    assert "1 Player 1 plays against 2 Player 2, who deals; 3 Player 3 sits out." in page


def test_a_phone_cannot_change_who_plays_a_later_hand(director_client, event):
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    phones = {number: phone(game, number) for number in (A, B, C)}
    submit = table_url("tournaments-table-submit", game)
    phones[B].post(submit, hand_post(1, game, B, "knock", 3, 20), HTTP_HX_REQUEST="true")
    phones[A].post(submit, hand_post(2, game, A, "knock", 2, 27), HTTP_HX_REQUEST="true")
    versions = Entry.objects.count()
    # B's phone changes hand 1 to C's knock: then B, not C, would sit hand 2 out.
    edited = {**hand_post(1, game, C, "knock", 3, 20), "idempotency_key": "edit-1"}
    answer = phones[B].post(submit, {**edited, "expected_version": 1}, HTTP_HX_REQUEST="true")
    assert (
        "Hand 1 changes who plays hand 2: Hand 2: 2 Player 2 against 3 Player 3, 1 Player 1 "
        "sits out. Only the director can change who plays later hands now."
        in answer.content.decode()
    )
    assert Entry.objects.count() == versions


def test_a_chouette_correction_hands_later_hands_to_the_partner_who_played_them(
    director_client, director
):
    event = make_event(director, card_game="gin", players=3, fmt="tables", table_kind="chouette")
    make_tables(event, 1)
    director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    game = Game.objects.get(round__event=event)
    for number, (knocker, kind, knocker_dw, defender_dw, *_seats) in enumerate(CHOUETTE_HANDS, 1):
        data = {"number": number, "mode": "hand", "kind": kind, "knocker": knocker}
        data.update(knocker_deadwood=knocker_dw, defender_deadwood=defender_dw)
        correct_entry(game, number, data, user=director, reason="Score sheet")
    url = reverse("tournaments-director-game-correct", args=[event.pk, game.pk])
    # Hand 1 was partner 2's knock with 3 against 28: he plays on until hand 3 is lost.
    fix = {**correction(game, 1, 2, "knock", 3, 28), "fix-knocker": "1"}
    asked = director_client.post(url, fix)
    assert (
        "Hand 1 changes who plays hands 2–4: Hand 2: 1 Player 1 against 2 Player 2, "
        "advised by 3 Player 3; Hand 3: 1 Player 1 against 2 Player 2, advised by 3 Player 3; "
        "Hand 4: 1 Player 1 against 3 Player 3, advised by 2 Player 2." in asked.content.decode()
    )
    assert director_client.post(url, {**fix, "fix-later": "on"}).status_code == 302
    game.refresh_from_db()
    hands = game.entries.filter(status=Entry.Status.CONFIRMED).order_by("number")
    assert [hand.details["partner"] for hand in hands] == [
        "2 Player 2",
        "2 Player 2",
        "2 Player 2",
        "3 Player 3",
    ]
    # The lone player keeps 40 + 35, the partners 25 + 25: nobody has 100 yet.
    assert [sum(hand.points[0] for hand in hands), sum(hand.points[1] for hand in hands)] == [
        75,
        50,
    ]
    assert not game.finished
    # The correction form names the partner who plays the hand picked: 2 for hand 2, 3 for 4.
    page = reverse("tournaments-director-game", args=[event.pk, game.pk])
    for number, partner in ((2, "2 Player 2"), (4, "3 Player 3")):
        shown = director_client.get(f"{page}?fix={number}").content.decode()
        assert knocker_choices(shown) == ["1 Player 1", partner]


def test_the_director_settling_a_disputed_early_hand_reseats_or_is_refused(director, event):
    start_round(event, user=director)
    game = Game.objects.get(round__event=event)
    seat = {number: game.seats.get(player__number=number) for number in (A, B, C)}

    def hand(number, knocker):
        return {
            "number": number,
            "mode": "hand",
            "kind": "knock",
            "knocker": seat[knocker].side,
            "knocker_deadwood": 3,
            "defender_deadwood": 20,
        }

    first = submit_entry(game, 1, hand(1, B), seat=seat[B])
    submit_entry(game, 2, hand(2, A), seat=seat[A])  # B beat C: A comes in against B
    first = dispute_entry(first, seat=seat[C], reason="C knocked")
    with pytest.raises(ServiceError, match="Hand 1 decides who plays the hands entered after"):
        settle_dispute(first, user=director, accept=False, reason="Sheet")
    with pytest.raises(
        ServiceError,
        match="Hand 1 changes who plays hand 2: Hand 2: 2 Player 2 against 3 Player 3, 1 Player 1 s",
    ):
        settle_dispute(first, user=director, accept=False, reason="Sheet", data=hand(1, C))
    settle_dispute(first, user=director, accept=False, reason="Sheet", data=hand(1, C), later=True)
    second = game.entries.get(number=2, status=Entry.Status.ENTERED)
    # C won hand 1, so B sat hand 2 out; A's win against C keeps its 17.
    assert second.details["sitting_out"] == seat[B].side and second.points[seat[A].side] == 17


def test_the_director_asking_for_an_early_hand_again_is_told_why_not_on_the_page(
    director_client, director, event
):
    """Through the game's page: the table cannot enter hand 1 again while hand 2 stands on
    who hand 1 seated. The refusal is said on the form (it was a server error)."""
    start_round(event, user=director)
    game = Game.objects.get(round__event=event)
    seat = {number: game.seats.get(player__number=number) for number in (A, B, C)}
    played = {"mode": "hand", "kind": "knock", "knocker_deadwood": 3, "defender_deadwood": 20}
    first = submit_entry(game, 1, {**played, "number": 1, "knocker": seat[B].side}, seat=seat[B])
    submit_entry(game, 2, {**played, "number": 2, "knocker": seat[A].side}, seat=seat[A])
    first = dispute_entry(first, seat=seat[C], reason="C knocked")
    url = reverse("tournaments-director-game-settle", args=[event.pk, game.pk, first.pk])
    prefix = f"settle{first.pk}"
    answer = director_client.post(url, {f"{prefix}-decision": "reject", f"{prefix}-reason": "x"})
    assert answer.status_code == 400
    assert "Hand 1 decides who plays the hands entered after it" in answer.content.decode()
    assert game.entries.get(number=1, status=Entry.Status.DISPUTED)


def knocker_choices(page: str) -> list[str]:
    return re.findall(r'<label class="choice" for="id_fix-knocker_\d">.*?<span>(.*?)</span>', page)


def test_the_correction_form_names_the_players_of_the_hand_it_is_for(director_client, event):
    game = play_hands(director_client, event, HANDS[:3])
    url = reverse("tournaments-director-game", args=[event.pk, game.pk])
    names = {n: f"{n} Player {n}" for n in (A, B, C)}
    # Hand 2 was B against A, hand 3 A against C; the new hand 4 is A against B (HANDS).
    for query, playing in (("?fix=2", (B, A)), ("?fix=3", (A, C)), ("", (A, B))):
        page = director_client.get(url + query).content.decode()
        assert sorted(knocker_choices(page)) == sorted(names[n] for n in playing), query
    page = director_client.get(url + "?fix=2").content.decode()
    # The hand travels with the form; picking another one is a plain GET of ?fix=.
    assert '<input type="hidden" name="fix-number" value="2"' in page
    assert re.search(
        r'<form method="get" action="[^"]*#correct-h"[^>]*>\s*<label for="id_fix">', page
    )
    assert '<option value="2" selected>' in page
    assert '<option value="4">Hand 4 (new)</option>' in page
    assert '<button type="submit" data-pick-show>Show</button>' in page  # without a script


def test_a_correction_posted_for_another_hand_is_checked_against_that_hands_players(
    director_client, event
):
    game = play_hands(director_client, event, HANDS[:3])
    refused = director_client.post(
        reverse("tournaments-director-game-correct", args=[event.pk, game.pk]),
        correction(game, 3, B, "knock", 2, 30),
    )
    # B sat hand 3 out: the form shown again offers hand 3's players, A and C.
    assert refused.status_code == 400
    page = refused.content.decode()
    assert sorted(knocker_choices(page)) == ["2 Player 2", "3 Player 3"]
    assert '<input type="hidden" name="fix-number" value="3"' in page


@pytest.mark.parametrize(
    ("each", "language", "said"),
    [
        ("payer", "en", "Each player of side B pays A 1,220"),
        ("payee", "en", "A pays each player of side B 1,220"),
        ("", "en", "B pays A 1,220"),
        ("payer", "de", "Jeder Spieler der Seite B zahlt A 1.220"),
        ("payee", "de", "A zahlt jedem Spieler der Seite B 1.220"),
    ],
)
def test_a_payment_says_when_each_partner_pays_or_collects(each, language, said):
    """A chouette's lone player wins or pays the margin to each of the two partners: the pad
    and the director's game page say it so (RULES.md 2.1, 2)."""
    payer, payee = ("B", "A") if each != "payee" else ("A", "B")
    with translation.override(language):
        html = render_to_string(
            "tournaments/table/partials/payment.html",
            {"payment": Settlement(payer, payee, 1220, each=each)},
        )
    assert re.sub(r"\s+", " ", strip_tags(html)).strip() == said
