"""A Canasta side's entry is stored as ``dataclasses.asdict`` would give it."""

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from scoring.canasta import SideDeal
from tournaments.card_games.canasta import side_details

counts = st.integers(min_value=0, max_value=20)
sides = st.builds(
    SideDeal,
    natural_canastas=counts,
    mixed_canastas=counts,
    red_threes=counts,
    going_out=st.sampled_from(["none", "out", "concealed"]),
    melded_points=st.integers(min_value=-5000, max_value=5000),
    hand_points=st.integers(min_value=0, max_value=5000),
    penalty=st.integers(min_value=0, max_value=1000),
)


@given(sides)
def test_a_sides_details_are_its_fields_as_asdict_gives_them(side):
    details = side_details(side)
    assert details == dataclasses.asdict(side)
    assert list(details) == [field.name for field in dataclasses.fields(SideDeal)]
