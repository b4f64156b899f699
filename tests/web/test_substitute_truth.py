"""Issue 32: after a substitute takes over a number, the substitute is true everywhere.

A progressive Canasta evening of eight, round 1 played and closed; Anna Bauer (number 7)
leaves and Eva Kern takes over number 7 from round 2, which is then started. The draw
stays done, the numbers read out name Eva for number 7, the phone that remembers Anna
says she was replaced (and where Eva sits), the player list says who replaced whom, and
the printed seating of a round still to come names Eva. Who holds a number in a round
is said by one function (``kernel.lineup.number_holders``).
"""

import re

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.rounds_helpers import close, finish
from tests.web.substitute_helpers import substituted_evening
from tournaments.kernel.lineup import number_holders
from tournaments.models import Player, Seat
from tournaments.printing import loaders
from tournaments.services.setup.checks import checklist, numbers_problem
from tournaments.services.setup.player_changes import late_entry, substitute, withdraw

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def text(html: str) -> str:
    """A page's visible words, tags dropped and spaces joined."""
    html = re.sub(r"(?s)<script.*?</script>|<style.*?</style>", "", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" )", ")")


@pytest.fixture
def evening(director, client):
    return substituted_evening(director, client)


def where(seat: Seat) -> str:
    return f"table {seat.game.table.number}, side {'AB'[seat.side]}"


# --- the one door --------------------------------------------------------------------------


def test_one_function_says_who_holds_a_number_in_each_round(evening):
    event, eva = evening["event"], evening["eva"]
    anna = event.players.get(name="Anna Bauer")
    players = list(event.players.all())
    assert number_holders(players, 1)[7].player == anna
    second = number_holders(players, 2)[7]
    assert (second.player, second.replaced, second.plays) == (eva, anna, True)
    assert {n: h.player.name for n, h in number_holders(players, 2).items()}[1] == "Player 1"


def test_a_substitute_of_a_substitute_holds_the_number_from_their_round(evening, director):
    event, eva = evening["event"], evening["eva"]
    second = event.rounds.get(number=2)
    finish(second)
    close(second)
    otto = substitute(event, eva, name="Otto Wallner", user=director)
    players = list(event.players.all())
    assert number_holders(players, 2)[7].player == eva
    third = number_holders(players, 3)[7]
    assert (third.player, third.replaced) == (otto, eva)


def test_a_withdrawn_number_stays_drawn_and_held_by_nobody_who_plays(director):
    event = make_event(director, players=8, card_game="gin", fmt="swiss")
    event.rounds.create(number=1)
    withdraw(event, event.players.get(number=3), user=director)
    holder = number_holders(list(event.players.all()), 2)[3]
    assert holder.player.number == 3 and not holder.plays


# --- the set-up's checklist ----------------------------------------------------------------


def test_the_draw_stays_done_after_a_substitute_takes_over(evening):
    event = evening["event"]
    assert numbers_problem(event) == ""
    draw = [check for check in checklist(event) if check.label == "Numbers drawn"]
    assert draw and draw[0].done


def test_the_draw_stays_done_after_a_withdrawal_and_a_late_entry(director):
    event = make_event(director, players=8, card_game="gin", fmt="swiss")
    event.rounds.create(number=1)
    withdraw(event, event.players.get(number=3), user=director)
    late = late_entry(event, name="Lara Late", user=director)
    assert late.number == 9
    assert numbers_problem(event) == ""


def test_the_wizards_draw_step_is_not_still_to_do(evening, director_client):
    event = evening["event"]
    page = director_client.get(reverse("tournaments-director-draw", args=[event.pk]))
    assert "7. Draw (still to do)" not in text(page.content.decode())


# --- the numbers read out ------------------------------------------------------------------


def test_the_numbers_read_out_name_the_substitute_for_the_number(evening, director_client):
    event = evening["event"]
    page = text(
        director_client.get(reverse("tournaments-director-draw", args=[event.pk])).content.decode()
    )
    by_number = page.split("By number", 1)[1].split("By name", 1)[0]
    assert "7 Eva Kern (for Anna Bauer from round 2)" in by_number
    assert "Anna Bauer" not in by_number.replace("(for Anna Bauer", "")
    by_name = page.split("By name", 1)[1]
    assert "Eva Kern 7 (for Anna Bauer from round 2)" in by_name


def test_before_a_substitute_plays_the_numbers_still_name_the_entrants(director, director_client):
    event = make_event(director, players=8, draw_seed="h32b")
    make_tables(event, 2)
    page = text(
        director_client.get(reverse("tournaments-director-draw", args=[event.pk])).content.decode()
    )
    assert "7 Player 7 8 Player 8" in page and "(for " not in page


# --- the phones ----------------------------------------------------------------------------


def test_the_phone_that_remembers_the_replaced_player_says_who_replaced_her(evening, client):
    page = text(
        client.get(reverse("tournaments-table", args=[evening["old_table"].token])).content.decode()
    )
    assert "no seat" not in page
    assert "Anna Bauer was replaced by Eva Kern from round 2." in page
    assert f"Round 2: Eva Kern plays in your place at {where(evening['eva_seat'])}." in page


def test_a_phone_on_the_old_table_lists_the_replaced_player_as_replaced(evening, client):
    old, event = evening["old_table"], evening["event"]
    other = (
        Seat.objects.filter(game=evening["first_seat"].game)
        .exclude(player__number=7)
        .select_related("player")
        .first()
    )
    client.cookies.pop(f"meld_player_{event.pk}")
    client.post(reverse("tournaments-table-follow", args=[old.token]), {"player": other.player.pk})
    page = text(client.get(reverse("tournaments-table", args=[old.token])).content.decode())
    assert "no seat this round" not in page
    assert f"Anna Bauer : replaced by Eva Kern from round 2 · {where(evening['eva_seat'])}" in page


# --- the player list and the printouts -----------------------------------------------------


def test_the_player_list_says_who_replaced_whom(evening, director_client):
    event = evening["event"]
    page = text(
        director_client.get(
            reverse("tournaments-director-players", args=[event.pk])
        ).content.decode()
    )
    assert "Anna Bauer replaced by Eva Kern from round 2" in page
    assert "Eva Kern substitute for Anna Bauer from round 2" in page


def test_the_replaced_players_page_names_the_substitute(evening, director_client):
    event = evening["event"]
    anna = event.players.get(name="Anna Bauer")
    page = text(
        director_client.get(
            reverse("tournaments-director-player", args=[event.pk, anna.pk])
        ).content.decode()
    )
    assert "Replaced by Eva Kern from round 2." in page
    assert "Withdrawn from round 2." not in page


def test_the_printed_seating_of_a_round_to_come_names_the_substitute(evening):
    event = evening["event"]
    third = loaders.seating(event, 3)
    names = {seat.number: seat.name for table in third.tables for seat in table.seats}
    assert names[7] == "Eva Kern"


def test_the_printed_guide_cards_name_who_holds_each_number_now(evening):
    from tournaments.printing import guides

    cards = {card.number: card.name for card in guides.load(evening["event"]).cards}
    assert cards[7] == "Eva Kern"
    assert Player.objects.filter(name="Anna Bauer").exists()


def test_the_printed_tallies_name_the_substitute_from_the_round_they_play(evening):
    from tournaments.printing import tallies

    data = tallies.load(evening["event"])
    seven = next(tally for tally in data.tallies if tally.number == 7)
    assert seven.name == "Eva Kern"
    first = " ".join(" ".join(r.names) for t in data.tallies for r in t.rows if r.round == 1)
    assert "Anna Bauer" in first and "Eva Kern" not in first
    later = " ".join(" ".join(r.names) for t in data.tallies for r in t.rows if r.round >= 2)
    assert "Anna Bauer" not in later and "Eva Kern" in later
