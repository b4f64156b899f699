"""A Canasta deal as entered on the score sheet: one ``SideDeal`` per side.

``clean_values`` checks each entry's values on their own (whole numbers,
multiples of 5, a known way of going out); ``scoring.canasta_checks`` then
checks them against the rule profile and against each other.
"""

from dataclasses import dataclass, fields
from typing import Any, Literal

from meldcore.messages import DomainError, Problem, gettext_noop, shown
from scoring.canasta_profiles import is_whole_number

GoingOut = Literal["none", "out", "concealed", "hand_canasta"]
GOING_OUT: tuple[str, ...] = ("none", "out", "concealed", "hand_canasta")
CANASTA_KINDS = (
    "natural_canastas",
    "mixed_canastas",
    "joker_canastas",
    "hand_canastas",
    "joker_hand_canastas",
)


class InvalidDeal(DomainError):
    """A deal entry that cannot have happened: ``.errors`` lists every reason."""


@dataclass(frozen=True)
class SideDeal:
    """One side's entry for one deal (a partnership, or a player on his own)."""

    natural_canastas: int = 0
    mixed_canastas: int = 0
    joker_canastas: int = 0
    hand_canastas: int = 0
    joker_hand_canastas: int = 0
    concealed_canastas: int = 0
    red_threes: int = 0
    red_threes_in_hand: int = 0
    going_out: GoingOut = "none"
    melded_points: int = 0
    hand_points: int = 0
    penalty: int = 0

    @property
    def canastas(self) -> int:
        return sum(getattr(self, kind) for kind in CANASTA_KINDS)


NUMBER_FIELDS = tuple(f.name for f in fields(SideDeal) if f.name != "going_out")

_NOT_A_NUMBER = {
    "natural_canastas": gettext_noop(
        "Side %(side)s: the number of natural canastas must be a whole number of 0 or more, not %(value)s."
    ),
    "mixed_canastas": gettext_noop(
        "Side %(side)s: the number of mixed canastas must be a whole number of 0 or more, not %(value)s."
    ),
    "joker_canastas": gettext_noop(
        "Side %(side)s: the number of joker canastas must be a whole number of 0 or more, not %(value)s."
    ),
    "hand_canastas": gettext_noop(
        "Side %(side)s: the number of hand canastas must be a whole number of 0 or more, not %(value)s."
    ),
    "joker_hand_canastas": gettext_noop(
        "Side %(side)s: the number of joker hand canastas must be a whole number of 0 or more, not %(value)s."
    ),
    "concealed_canastas": gettext_noop(
        "Side %(side)s: the number of concealed canastas must be a whole number of 0 or more, not %(value)s."
    ),
    "red_threes": gettext_noop(
        "Side %(side)s: the number of red threes laid out must be a whole number of 0 or more, not %(value)s."
    ),
    "red_threes_in_hand": gettext_noop(
        "Side %(side)s: the number of red threes left in the hand must be a whole number of 0 or more, not %(value)s."
    ),
    "melded_points": gettext_noop(
        "Side %(side)s: melded points must be a whole number of 0 or more, not %(value)s."
    ),
    "hand_points": gettext_noop(
        "Side %(side)s: hand points must be a whole number of 0 or more, not %(value)s."
    ),
    "penalty": gettext_noop(
        "Side %(side)s: the penalty must be a whole number of 0 or more, not %(value)s."
    ),
}
_NOT_A_MULTIPLE_OF_5 = {
    "melded_points": gettext_noop(
        "Side %(side)s: melded points must be a multiple of 5 (every card is worth 5, 10, 20 or 50), not %(value)s."
    ),
    "hand_points": gettext_noop(
        "Side %(side)s: hand points must be a multiple of 5 (every card is worth 5, 10, 20 or 50), not %(value)s."
    ),
    "penalty": gettext_noop("Side %(side)s: the penalty must be a multiple of 5, not %(value)s."),
}


def side_label(index: int) -> str:
    """A, B, C for the sides of a deal (1-based numbers past that)."""
    return "ABC"[index] if 0 <= index < 3 else str(index + 1)


def side_problem(
    template: str, index: int | None, field: str | None = None, **params: Any
) -> Problem:
    """A problem of side ``index`` (params ``side``, e.g. "B", and ``side_index``), or of the whole deal."""
    if index is not None:
        params = {"side": side_label(index), "side_index": index, **params}
    return Problem(template, params, field=field)


def clean_values(index: int, side: SideDeal, problems: list[Problem]) -> dict[str, Any]:
    """The side's values that are well-formed; each bad one is reported and left out."""
    values: dict[str, Any] = {}
    for name in NUMBER_FIELDS:
        value = getattr(side, name)
        if not is_whole_number(value) or value < 0:
            problems.append(side_problem(_NOT_A_NUMBER[name], index, name, value=shown(value)))
        elif name in _NOT_A_MULTIPLE_OF_5 and value % 5:
            problems.append(side_problem(_NOT_A_MULTIPLE_OF_5[name], index, name, value=value))
        else:
            values[name] = value
    going_out = side.going_out
    if isinstance(going_out, str) and going_out in GOING_OUT:
        values["going_out"] = going_out
    else:
        problems.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s: going out must be none, out, concealed or hand_canasta, not %(value)s."
                ),
                index,
                "going_out",
                value=shown(going_out),
            )
        )
    return values
