"""The format registry: every pairing system has a format, plans its rounds through the
round service, and the tally page, the standings and the printed tally score a bye alike."""

import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.rounds_helpers import close, finish
from tournaments.formats import FORMATS, format_of
from tournaments.models import Bye, Event, Round, Seat
from tournaments.printing import tallies as printed_tallies
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.standings import standings
from tournaments.services.setup.draw import draw_numbers

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

# Per format: players entered and the tables a round seats them at.
FIELDS = {
    Event.Format.PROGRESSIVE: (8, 2),
    Event.Format.MIXED: (8, 2),
    Event.Format.SWISS: (7, 3),
    Event.Format.MOVEUP: (8, 2),
    Event.Format.ROUNDROBIN: (5, 2),
    Event.Format.TABLES: (7, 2),
}
# What an event of the format plays besides (tables of three are a Gin table kind).
EVENT_FIELDS = {Event.Format.TABLES: {"card_game": "gin", "table_kind": Event.TableKind.ROTATION}}


def drawn_event(director, key: str) -> Event:
    players, _tables = FIELDS[key]
    event = make_event(director, players=players, fmt=key, **EVENT_FIELDS.get(key, {}))
    for player in event.players.all():
        player.gender = "f" if player.number % 2 == 0 else "m"
        player.save(update_fields=["gender"])
    draw_numbers(event, seed="registry", user=director)
    return event


def everyone_once(rnd: Round) -> list[int]:
    """Every player's number, once for each seat or bye they have in the round."""
    seated = Seat.objects.filter(round=rnd).values_list("player__number", flat=True)
    byes = Bye.objects.filter(round=rnd).values_list("player__number", flat=True)
    return sorted([*seated, *byes])


def test_every_format_of_the_model_is_in_the_registry_once(director):
    assert set(FORMATS) == set(Event.Format.values)
    assert set(FIELDS) == set(FORMATS)
    for key, fmt in FORMATS.items():
        assert fmt.key == key
        assert format_of(make_event(director, players=0, fmt=key)) is fmt


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_each_format_plans_its_first_two_rounds_through_the_round_service(director, key):
    event = drawn_event(director, key)
    players, tables = FIELDS[key]
    first = start_round(event, user=director)
    assert first.games.count() == tables
    assert everyone_once(first) == list(range(1, players + 1))
    assert first.explanation
    finish(first)
    close(first)
    second = start_round(event, user=director)
    assert second.number == 2 and second.games.count() == tables
    assert everyone_once(second) == list(range(1, players + 1))


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_the_scoring_step_asks_for_a_bye_score_where_the_format_has_one(
    director_client, director, key
):
    event = make_event(director, players=0, fmt=key)
    page = director_client.get(
        reverse("tournaments-director-setup", args=[event.pk, "scoring"])
    ).content.decode()
    hidden = 'type="hidden" name="bye_score"' in page
    assert hidden != FORMATS[key].asks_bye_score


def test_a_swiss_bye_scores_two_match_points_on_the_tally_page_the_standings_and_the_printout(
    director_client, director
):
    event = make_event(
        director, players=3, card_game="gin", fmt="swiss", scoring_mode="match", language="en"
    )
    rnd = seat_round(event, 1, [(1, 2)])
    finish(rnd)
    close(rnd)
    sitter = event.players.get(number=3)
    Bye.objects.create(round=rnd, player=sitter, points=0)

    page = director_client.get(
        reverse("tournaments-director-player", args=[event.pk, sitter.pk])
    ).content.decode()
    bye_line = page.split('class="tally"')[1].split("sits out")[1].split("</tr>")[0]
    cells = [cell.split("</td>")[0] for cell in bye_line.split('<td class="num">')[1:]]
    assert cells == ["0", "2", "<strong>2</strong>"]  # points, match points, total

    row = next(row for row in standings(event) if row.player.pk == sitter.pk)
    assert (row.match_points, row.total) == (2, 2)

    printed = next(t for t in printed_tallies.load(event).tallies if t.number == 3)
    assert (printed.rows[0].score, printed.total) == (2, 2)
