"""The evening model's chouette (``meld_testkit.model.chouette``) held to RULES.md 2.1, 2:
who plays each hand, who sits where in the next game at the table, what each player wins or
pays, and what the pad says of it."""

from meld_testkit.model.chouette import (
    CHOUETTE,
    FIRST,
    LONE,
    SECOND,
    Turn,
    chouette_nets,
    next_seats,
    seated_order,
    turns,
)
from meld_testkit.model.evening import Evening
from meld_testkit.model.games import CONFIRMED, Game, Version
from meld_testkit.model.pad import MOVES, STAYS, pad_says
from meld_testkit.model.rounds import Player

LONE_WINS, PARTNERS_WIN, NO_GAME = (26, 0), (0, 58), (0, 0)


def test_a_partner_plays_until_he_loses_a_hand_and_the_side_that_lost_deals():
    played, following = turns([PARTNERS_WIN, NO_GAME, LONE_WINS, LONE_WINS])
    assert played == [
        Turn(FIRST, FIRST),  # the partner with the higher card deals and plays first
        Turn(FIRST, LONE),  # he won: the lone player lost and deals
        Turn(FIRST, LONE),  # a no game: the same two, the same dealer
        Turn(SECOND, SECOND),  # he lost: the other takes over and deals
    ]
    assert following == Turn(FIRST, FIRST)
    assert (played[0].adviser, played[3].adviser) == (SECOND, FIRST)


def test_a_lone_player_who_won_the_last_hand_stays_alone():
    # Partner 1 lost hand 2; in the next game partner 2 plays first and 1 sits out.
    assert next_seats([PARTNERS_WIN, LONE_WINS]) == (LONE, SECOND, FIRST)


def test_the_partner_who_won_the_last_hand_plays_alone_and_the_lone_player_joins_the_others():
    # Partner 2 won hand 2 (partner 1 lost hand 1) and a no game followed: the last hand
    # won decides; the former lone player, who lost it, sits out the first hand.
    assert next_seats([LONE_WINS, PARTNERS_WIN, NO_GAME]) == (SECOND, FIRST, LONE)


def test_a_game_without_a_hand_won_leaves_the_table_to_the_draw():
    assert next_seats([NO_GAME, NO_GAME]) is None
    assert seated_order(None, (5, 1, 3)) == (1, 3, 5)


def test_players_new_at_the_table_follow_the_ones_who_stay_in_draw_order():
    # The last game put 3 alone, 5 first, 1 out; 3 moved on, 4 and 2 came.
    assert seated_order((3, 5, 1), (1, 2, 4, 5)) == (5, 1, 2, 4)


def test_the_lone_player_wins_or_pays_the_margin_to_each_partner():
    assert chouette_nets((284, 82)) == (404, -202)
    assert chouette_nets((60, 250)) == (-380, 190)


def test_the_pad_names_who_played_for_side_b_and_who_plays_alone_next():
    evening = Evening(CHOUETTE, "tables", "game")
    evening.players = {id_: Player(id_, id_, f"Player {id_}") for id_ in (1, 2, 3)}
    game = Game(1, 1, ((1,), (2, 3)), CHOUETTE)
    for number, hand in enumerate([(58, 0), (0, 72), (0, 52)], start=1):
        seated = game.turn_at(number)
        game.versions.append(
            Version(number, hand, CONFIRMED, 0, "phone", "hand", None, number, seated)
        )
    pad = pad_says(evening, game)
    assert [row.partner for row in pad.rows] == ["2 Player 2", "3 Player 3", "3 Player 3"]
    assert (pad.totals, pad.note) == ((78, 264), (MOVES, "3 Player 3"))
    game.versions.append(Version(4, (9, 0), CONFIRMED, 0, "phone", "hand", None, 4))
    assert pad_says(evening, game).note == (MOVES, "3 Player 3")  # after the end: no count
    game.versions[2].points = (60, 0)
    assert pad_says(evening, game).note == (STAYS,)
