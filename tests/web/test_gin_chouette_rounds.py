"""A chouette evening of several rounds (RULES.md 2.1, 2): a round is one game, and the next
round at the same table goes on from its last hand won. A lone player who won it stays
alone; if a partner won it, that partner plays alone and the former lone player joins the
other side. Today's draw would seat the same player alone all evening.

Players 1, 2, 3 drew in number order: round 1 seats 1 alone against 2 (who plays and deals
first) and 3.
"""

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.test_gin_tables import phone
from tournaments.models import Event, Game, Round
from tournaments.services.rounds.steps import close_round, start_round
from tournaments.services.scores.entries import correct_entry
from tournaments.services.setup.players import update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

# (who knocked: 0 the lone player, 1 the partner at the table; kind; deadwoods)
LONE_WINS = [(0, "gin", 0, 40), (0, "gin", 0, 50)]  # 60 + 70: the lone player reaches 130
PARTNER_WINS = [(1, "gin", 0, 40), (1, "gin", 0, 50)]  # partner 2 wins both hands: 130


@pytest.fixture
def chouette(director):
    event = make_event(
        director,
        card_game="gin",
        players=3,
        fmt="tables",
        table_kind="chouette",
        scoring_mode=Event.ScoringMode.NET,
    )
    make_tables(event, 1)
    return event


def play(game: Game, hands, director) -> None:
    for number, (knocker, kind, knocker_dw, defender_dw) in enumerate(hands, 1):
        data = {"number": number, "mode": "hand", "kind": kind, "knocker": knocker}
        data.update(knocker_deadwood=knocker_dw, defender_deadwood=defender_dw)
        correct_entry(game, number, data, user=director, reason="Score sheet")


def seating(game: Game) -> list[list[int]]:
    """The table's sides by player number, side B's in the order they sit (who plays first)."""
    sides: list[list[int]] = [[], []]
    for seat in game.seats.select_related("player").order_by("position"):
        sides[seat.side].append(seat.player.number)
    return sides


def next_round(director_client, event, number: int) -> Game:
    rnd = Round.objects.get(event=event, number=number - 1)
    close_round(rnd, user=rnd.event.owner)
    answer = director_client.post(reverse("tournaments-director-round-start", args=[event.pk]))
    assert answer.status_code == 302
    return Game.objects.get(round__event=event, round__number=number)


def test_a_lone_player_who_won_the_last_hand_stays_alone_next_round(
    director_client, director, chouette
):
    start_round(chouette, user=director)
    first = Game.objects.get(round__event=chouette)
    assert seating(first) == [[1], [2, 3]]
    play(first, LONE_WINS, director)
    first.refresh_from_db()
    assert first.finished
    second = next_round(director_client, chouette, 2)
    # 1 won hand 2 against 3 (2 lost hand 1): 1 stays alone and meets 2, who deals.
    assert seating(second) == [[1], [2, 3]]
    page = director_client.get(reverse("tournaments-director-rounds", args=[chouette.pk]))
    assert (
        "Table 1: 1 Player 1 plays alone, as the last hand won at this table in round 1 decides."
        in page.content.decode()
    )


def test_the_partner_who_won_the_last_hand_plays_alone_next_round(
    director_client, director, chouette
):
    start_round(chouette, user=director)
    first = Game.objects.get(round__event=chouette)
    play(first, PARTNER_WINS, director)
    second = next_round(director_client, chouette, 2)
    # Partner 2 won the last hand: 2 plays alone; 3 (who advised) plays first and deals,
    # 1 joins the partners.
    assert seating(second) == [[2], [3, 1]]
    page = phone(second, 1).get(reverse("tournaments-table", args=[second.table.token]))
    assert (
        "2 Player 2 plays alone against 3 Player 3 and 1 Player 1: 3 Player 3 plays this hand, "
        "1 Player 1 advises; 3 Player 3 deals."
    ) in page.content.decode()


def test_the_lone_player_changes_whenever_a_partner_wins_the_last_hand(
    director_client, director, chouette
):
    start_round(chouette, user=director)
    game = Game.objects.get(round__event=chouette)
    alone = []
    for number in range(2, 5):
        alone.append(seating(game)[0][0])
        play(game, PARTNER_WINS, director)
        game = next_round(director_client, chouette, number)
    # Each round the partner at the table first wins both hands: the seat alone goes round.
    assert alone == [1, 2, 3]
    assert seating(game)[0] == [1]


def test_a_round_stopped_short_of_the_target_goes_on_from_its_last_hand_won(
    director_client, director, chouette
):
    chouette.round_kind = Event.RoundKind.DEALS
    chouette.round_deals = 3
    chouette.save()
    start_round(chouette, user=director)
    first = Game.objects.get(round__event=chouette)
    # Partner 2 wins a knock, then two no games: nobody reaches 100 in the round's 3 hands.
    no_game = (0, "no_game", None, None)
    play(first, [(1, "knock", 2, 20), no_game, no_game], director)
    first.refresh_from_db()
    assert first.finished and first.scores[0] < 100 and first.scores[1] < 100
    assert seating(next_round(director_client, chouette, 2)) == [[2], [3, 1]]


def test_a_round_without_a_hand_won_keeps_the_draw(director_client, director, chouette):
    chouette.round_kind = Event.RoundKind.DEALS
    chouette.round_deals = 1
    chouette.save()
    start_round(chouette, user=director)
    play(Game.objects.get(round__event=chouette), [(0, "no_game", None, None)], director)
    assert seating(next_round(director_client, chouette, 2)) == [[1], [2, 3]]


def test_the_pad_says_who_plays_alone_in_the_next_round(director_client, director, chouette):
    start_round(chouette, user=director)
    game = Game.objects.get(round__event=chouette)
    url = reverse("tournaments-table", args=[game.table.token])
    page = director_client.get(url).content.decode()
    assert "The last hand won decides who plays alone in the next round at this table." in page
    play(game, PARTNER_WINS, director)
    page = director_client.get(url).content.decode()
    assert (
        "2 Player 2 won the last hand for side B and plays alone in the next round at this table."
        in page
    )


def test_a_partner_renamed_since_is_named_anew_on_the_pad(director_client, director, chouette):
    """The hands keep who played them: a name corrected mid-evening is the pad's and the
    director's game page's name for them, in the rows' notes and the next round's line."""
    start_round(chouette, user=director)
    game = Game.objects.get(round__event=chouette)
    play(game, PARTNER_WINS, director)
    partner = game.seats.filter(side=1).order_by("position").first().player
    update_player(chouette, partner, name="Bertram Neu", gender="", club="")
    pages = [
        director_client.get(reverse("tournaments-table", args=[game.table.token])),
        director_client.get(reverse("tournaments-director-game", args=[chouette.pk, game.pk])),
    ]
    for page in (answer.content.decode() for answer in pages):
        assert page.count("B: 2 Bertram Neu") == 2 and "B: 2 Player 2" not in page
    assert "2 Bertram Neu won the last hand for side B" in pages[0].content.decode()


def test_players_new_at_a_table_follow_the_ones_who_stay(director_client, director):
    """Six players at two tables: rows move on each round, so a table keeps some of its
    players. The one the last hand chose plays alone where he still sits there."""
    event = make_event(director, card_game="gin", players=6, fmt="tables", table_kind="chouette")
    make_tables(event, 2)
    start_round(event, user=director)
    games = {g.table.number: g for g in Game.objects.filter(round__event=event)}
    assert seating(games[1]) == [[1], [3, 5]] and seating(games[2]) == [[2], [4, 6]]
    play(games[1], PARTNER_WINS, director)  # partner 3 wins at table 1
    play(games[2], LONE_WINS, director)  # 2 stays alone at table 2
    close_round(Round.objects.get(event=event, number=1), user=director)
    start_round(event, user=director)
    games = {g.table.number: g for g in Game.objects.filter(round__event=event, round__number=2)}
    # Rows move on: table 1 seats 1, 4 and 5, table 2 seats 2, 3 and 6. Partner 3 won at
    # table 1 but moved on; 1, who lost, does not play alone again there: 3's crew mate 5
    # does, 1 joins the partners and 4, new at the table, follows.
    assert seating(games[1]) == [[5], [1, 4]]
    assert seating(games[2]) == [[2], [6, 3]]
