"""Tallies: one card per player, like bridge tallies (RULES.md 3.1)."""

import datetime
import re

import pytest

from pairings import schedules
from tests.factories import make_event, make_tables, seat_round
from tests.printing.conftest import NAMES, page_sizes, pages, shown
from tournaments.models import Result, Round
from tournaments.printing import render, tallies
from tournaments.printing.data import EventInfo, TalliesData, Tally, TallyRow
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.standings import standings

pytestmark = pytest.mark.django_db


def tally_of(texts: list[str], number: int, event_name: str) -> str:
    """The text of tally ``number``: four to a page in order, each starting with the event's name."""
    return texts[(number - 1) // 4].split(event_name)[(number - 1) % 4 + 1]


def test_every_player_has_a_tally_with_number_and_name(named_event):
    texts = pages(render(named_event, "tallies"))
    assert len(texts) == 2  # four to a page
    for number, name in enumerate(NAMES, start=1):
        tally = tally_of(texts, number, named_event.name)
        assert re.search(rf"PLAYER NUMBER\s*{number}\s", tally)
        assert re.search(rf"NAME\s*{re.escape(name)}\s*TOTAL", tally)


def test_the_schedule_rows_are_the_pairing_engines(named_event):
    schedule = schedules.progressive_schedule(8)
    text = pages(render(named_event, "tallies"))[0]
    for (a, b), (c, d) in (game for rnd in schedule.rounds for game in rnd.tables):
        assert f"{a}-{b} vs. {c}-{d}" in text
    # The published plan (RULES.md 3.1) in the engine's order: round 1 then round 2.
    assert text.index("1-6 vs. 2-5") < text.index("3-8 vs. 4-7") < text.index("2-3 vs. 5-8")


def test_blank_tallies_carry_numbers_but_no_names(named_event):
    texts = pages(render(named_event, "tallies", blank=True))
    joined = "\n".join(texts)
    assert "1-6 vs. 2-5" in joined
    assert not any(name in joined for name in NAMES)


def test_tallies_for_twelve_players_print_three_table_columns(director):
    event = make_event(director, players=12, language="en")
    text = pages(render(event, "tallies"))[0]
    assert "TABLE 3" in text
    assert "9-10 vs. 11-12" in " ".join(text.split())  # wrapped onto two lines in its cell


def test_five_players_get_a_game_and_a_pause_column(director):
    event = make_event(director, players=5, language="en")
    text = pages(render(event, "tallies"))[0]
    assert "GAME" in text and "PAUSE" in text
    assert "1-2 vs. 3-4" in text and "2-4 vs. 3-5" in text


def test_mixed_pairs_tallies_say_lady_or_gentleman(director):
    event = make_event(director, players=8, fmt="mixed", language="en")
    texts = pages(render(event, "tallies"))
    assert "Gentleman" in texts[0] and "Lady" in texts[0]


def test_filled_tallies_show_each_rounds_score_and_the_standings_total(named_event):
    schedule = schedules.progressive_schedule(8)
    for number in (1, 2):
        rnd = seat_round(named_event, number, schedule.rounds[number - 1].tables)
        for seat in rnd.seats.select_related("player"):
            points = 1000 * number + seat.player.number * 10 + seat.side
            Result.objects.create(round=rnd, player=seat.player, game=seat.game, points=points)
        rnd.status = Round.Status.CLOSED
        rnd.save(update_fields=["status"])
    rows = {row.number: row for row in standings(named_event)}
    texts = pages(render(named_event, "tallies"))
    for number in range(1, 9):
        text = tally_of(texts, number, named_event.name)
        assert shown(rows[number].total, named_event.language) in text
        assert shown(rows[number].per_round[1], named_event.language) in text


def test_swiss_tallies_have_rows_to_fill_in_and_the_rounds_seated_so_far(director):
    event = make_event(
        director, card_game="gin", players=6, fmt="swiss", scoring_mode="net", language="en"
    )
    rnd = seat_round(event, 1, [(1, 2), (3, 4), (5, 6)])
    players = {p.number: p for p in event.players.all()}
    for winner, loser in ((1, 2), (3, 4), (5, 6)):
        Result.objects.create(round=rnd, player=players[winner], net=202, points=284, won=True)
        Result.objects.create(round=rnd, player=players[loser], net=-202, points=82)
    data = tallies.load(event)
    assert [len(t.rows) for t in data.tallies] == [3] * 6  # rounds_for(6) == 3
    first = data.tallies[0]
    assert (first.rows[0].table, first.rows[0].game, first.rows[0].names) == (1, "2", ("Player 2",))
    assert first.rows[1].game == "" and first.rows[1].table is None
    assert first.total == 202
    text = pages(tallies.build(data))[0]
    assert "OPPONENT" in text and "Player 2" in text and "202" in text and "-202" in text


def test_a_long_field_gets_one_tally_per_page():
    rows = tuple(TallyRow(round=n, table=1, game="1-2 vs. 3-4") for n in range(1, 31))
    data = TalliesData(
        event=EventInfo(name="Long", date=datetime.date(2026, 1, 1)),
        tallies=(Tally(number=1, rows=rows), Tally(number=2, rows=rows)),
    )
    texts = pages(tallies.build(data))
    assert len(texts) == 2
    assert "30" in texts[0]


def test_tallies_follow_the_events_paper_size(director):
    event = make_event(director, card_game="gin", players=4, fmt="swiss", paper_size="letter")
    width, height = page_sizes(render(event, "tallies"))[0]
    assert (round(width), round(height)) == (612, 792)


@pytest.mark.parametrize(
    ("kind", "players", "heads", "mine"),
    [
        # Three at a table: both others, by number and by name, under "Opponents".
        ("rotation", 3, ("OPPONENTS",), ("2, 3\nPlayer 2\nPlayer 3",)),
        # A chouette: the lone player meets both; the two partners share a column.
        ("chouette", 3, ("PARTNER", "OPPONENTS"), ("2, 3\nPlayer 2\nPlayer 3",)),
        # Partnerships 1 and 2 against 3 and 4: a column for the partner, one for the opponents.
        ("partnership", 4, ("PARTNER", "OPPONENTS"), ("2\nPlayer 2\n3, 4\nPlayer 3\nPlayer 4",)),
    ],
)
def test_a_gin_table_of_three_or_four_names_the_others_on_the_tally(
    director, kind, players, heads, mine
):
    event = make_event(
        director, card_game="gin", players=players, fmt="tables", table_kind=kind, language="en"
    )
    make_tables(event, 1)
    start_round(event, user=director)
    tally = tally_of(pages(render(event, "tallies")), 1, event.name)
    assert re.search(r"ROUND\s*TABLE\s*" + r"\s*".join(heads) + r"\s*SCORE", tally)
    for line in mine:
        assert line in tally
    assert "Player 1" not in tally.split("SCORE", 1)[1].split("NAME")[0]


def test_a_chouette_partners_tally_names_the_partner_as_partner(director):
    """The two who share a column all game are partners, as their own pages say: neither's
    tally calls the other an opponent (a probe found "Opponents 1, 3" on player 2's)."""
    event = make_event(
        director, card_game="gin", players=3, fmt="tables", table_kind="chouette", language="en"
    )
    make_tables(event, 1)
    rnd = start_round(event, user=director)
    alone = rnd.seats.get(side=0).player.number
    partners = sorted(rnd.seats.filter(side=1).values_list("player__number", flat=True))
    document = pages(render(event, "tallies"))
    first, second = partners
    tally = tally_of(document, first, event.name)
    assert f"{second}\nPlayer {second}\n{alone}\nPlayer {alone}" in tally
