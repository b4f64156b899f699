"""A deal entered as each side's score under the house rules (RULES.md 1.6, ``house`` special
rule 1): where both sides end over 5000, the side that went out wins, so the quick form asks
who went out, and the game's end follows it as it follows a deal entered in full."""

import pytest

from tests.web.table_helpers import canasta_game, phone, seat_of, table_url
from tournaments.card_games import entry_form_for
from tournaments.card_games.canasta import went_out
from tournaments.models import Entry
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def house(director):
    return canasta_game(director, profile_slug="house", entry_modes=["totals"], name="House")


def quick(game, number=1, **values):
    data = {"number": str(number), **{key: str(value) for key, value in values.items()}}
    form = entry_form_for(game, data)
    form.is_valid()
    return form


def test_the_quick_form_asks_who_went_out_only_where_going_out_decides(house, director):
    asked = entry_form_for(house)
    assert {"s0_going_out", "s1_going_out"} <= set(asked.fields)
    wiener = canasta_game(director, entry_modes=["totals"], name="Quick")
    assert not any(name.endswith("going_out") for name in entry_form_for(wiener).fields)


def test_the_phone_shows_who_went_out_beside_the_scores(house):
    page = phone(house, 1).get(table_url("tournaments-table", house)).content.decode()
    assert 'name="s0_going_out"' in page and 'name="s1_going_out"' in page
    assert "went out" in page


def test_the_side_that_went_out_is_kept_with_the_deal(house):
    form = quick(house, s0_total=300, s1_total=1200, s1_going_out="out")
    assert form.is_valid(), form.errors
    entry = submit_entry(house, 1, form.entry_data(), seat=seat_of(house, 1))
    assert entry.details == {"mode": "totals", "totals": [300, 1200], "went_out": 1}
    assert went_out(entry.details) == 1
    again = entry_form_for(house, entry=entry)
    assert again.initial["s1_going_out"] == "out"


def test_nobody_going_out_is_a_deal_too(house):
    form = quick(house, s0_total=300, s1_total=-100)
    assert form.is_valid(), form.errors
    entry = submit_entry(house, 1, form.entry_data(), seat=seat_of(house, 1))
    assert went_out(entry.details) is None


def test_two_sides_cannot_both_go_out(house):
    form = quick(house, s0_total=300, s1_total=1200, s0_going_out="out", s1_going_out="out")
    assert not form.is_valid()
    for field in ("s0_going_out", "s1_going_out"):
        assert "Only one side goes out in a deal." in form.errors[field]
    assert not Entry.objects.filter(game=house).exists()


def test_over_5000_together_the_side_that_went_out_wins_with_the_lower_total(house):
    for number, values in enumerate(
        [
            {"s0_total": 5000, "s1_total": 4500},
            {"s0_total": 700, "s1_total": 800, "s1_going_out": "out"},
        ],
        start=1,
    ):
        form = quick(house, number, **values)
        assert form.is_valid(), form.errors
        entry = submit_entry(house, number, form.entry_data(), seat=seat_of(house, 1))
        confirm_entry(entry, seat=seat_of(house, 2))
    house.refresh_from_db()
    assert house.scores == [5700, 5300]
    assert house.finished and house.winner_side == 1


def test_the_other_side_sees_who_went_out_before_it_confirms(house):
    form = quick(house, s0_total=300, s1_total=1200, s1_going_out="out")
    assert form.is_valid(), form.errors
    submit_entry(house, 1, form.entry_data(), seat=seat_of(house, 1))
    page = phone(house, 2).get(table_url("tournaments-table", house)).content.decode()
    assert "Confirm deal 1" in page
    assert "Side B: went out" in page
