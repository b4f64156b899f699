"""Canasta engine speed: microseconds per validated deal score and per meld check."""

import timeit
from collections.abc import Callable

from scoring.canasta import SideDeal, check_meld, score_deal, score_deals
from scoring.profiles import CANASTA_PROFILES

WIENER = CANASTA_PROFILES["wiener"]
WENT_OUT = SideDeal(
    natural_canastas=1, mixed_canastas=1, red_threes=2, going_out="out", melded_points=240
)
CAUGHT = SideDeal(red_threes=1, melded_points=60, hand_points=45, red_threes_in_hand=1)
THIRD = SideDeal(mixed_canastas=1, melded_points=80, hand_points=15)


def _microseconds(call: Callable[[], object], number: int = 20000) -> float:
    return min(timeit.repeat(call, number=number, repeat=3)) / number * 1e6


def main() -> None:
    two = _microseconds(lambda: score_deal(WENT_OUT, CAUGHT, WIENER))
    three = _microseconds(
        lambda: score_deals((WENT_OUT, CAUGHT, THIRD), CANASTA_PROFILES["wiener-six"])
    )
    meld = _microseconds(lambda: check_meld("KS KH KD KC 2S 2H JK", WIENER), number=5000)
    print(f"bench: canasta_score_deal {two:.1f} us")
    print(f"bench: canasta_score_deals_three_sides {three:.1f} us")
    print(f"bench: canasta_check_meld {meld:.1f} us")


if __name__ == "__main__":
    main()
