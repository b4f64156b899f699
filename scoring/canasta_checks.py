"""Every reason a Canasta deal entry can be impossible (RULES.md 1.4, "Validation").

``deal_problems`` checks the entries of all sides against a rule profile and
returns each problem found, so the player sees all of them at once;
``scoring.canasta`` raises them as ``InvalidDeal``.
"""

from collections.abc import Sequence
from typing import Any

from meldcore.messages import Problem, gettext_noop, shown
from scoring.canasta_entry import (
    CANASTA_KINDS,
    SideDeal,
    clean_values,
    side_label,
    side_problem,
)
from scoring.canasta_profiles import CARDS_IN_A_CANASTA, CanastaProfile

# The fewest card points each canasta kind can hold (RULES.md 1.4): seven 5s,
# six 5s and a 2, seven 2s.
LEAST_POINTS = {
    "natural_canastas": 35,
    "mixed_canastas": 50,
    "joker_canastas": 140,
    "hand_canastas": 35,
    "joker_hand_canastas": 140,
}


_LEAST_POINTS_ONE_KIND = {
    "natural_canastas": (
        gettext_noop(
            "Side %(side)s: a natural canasta needs at least %(least)s melded points, but %(melded)s were entered."
        ),
        gettext_noop(
            "Side %(side)s: %(count)s natural canastas need at least %(least)s melded points, but %(melded)s were entered."
        ),
    ),
    "mixed_canastas": (
        gettext_noop(
            "Side %(side)s: a mixed canasta needs at least %(least)s melded points, but %(melded)s were entered."
        ),
        gettext_noop(
            "Side %(side)s: %(count)s mixed canastas need at least %(least)s melded points, but %(melded)s were entered."
        ),
    ),
    "joker_canastas": (
        gettext_noop(
            "Side %(side)s: a joker canasta needs at least %(least)s melded points, but %(melded)s were entered."
        ),
        gettext_noop(
            "Side %(side)s: %(count)s joker canastas need at least %(least)s melded points, but %(melded)s were entered."
        ),
    ),
    "hand_canastas": (
        gettext_noop(
            "Side %(side)s: a hand canasta needs at least %(least)s melded points, but %(melded)s were entered."
        ),
        gettext_noop(
            "Side %(side)s: %(count)s hand canastas need at least %(least)s melded points, but %(melded)s were entered."
        ),
    ),
    "joker_hand_canastas": (
        gettext_noop(
            "Side %(side)s: a joker hand canasta needs at least %(least)s melded points, but %(melded)s were entered."
        ),
        gettext_noop(
            "Side %(side)s: %(count)s joker hand canastas need at least %(least)s melded points, but %(melded)s were entered."
        ),
    ),
}
_NOT_IN_PROFILE = {
    "hand_canastas": gettext_noop(
        "Side %(side)s: %(profile)s has no hand canastas; count such a canasta as natural or mixed."
    ),
    "joker_canastas": gettext_noop("Side %(side)s: joker canastas are not allowed in %(profile)s."),
    "joker_hand_canastas": gettext_noop(
        "Side %(side)s: joker hand canastas are not allowed in %(profile)s."
    ),
}
_BONUS_OF_KIND = {
    "hand_canastas": "hand_canasta_bonus",
    "joker_canastas": "joker_canasta_bonus",
    "joker_hand_canastas": "joker_hand_canasta_bonus",
}


def _profile_problems(index: int, v: dict[str, Any], profile: CanastaProfile) -> list[Problem]:
    """Entries for items that are '-' in the profile (RULES.md 1.4)."""
    found: list[Problem] = []
    name = profile.name
    for kind, template in _NOT_IN_PROFILE.items():
        if v.get(kind, 0) > 0 and getattr(profile, _BONUS_OF_KIND[kind]) is None:
            found.append(side_problem(template, index, kind, profile=name))
    if v.get("concealed_canastas", 0) > 0 and profile.concealed_canasta_bonus == 0:
        found.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s: %(profile)s gives no bonus for concealed canastas, so none can be entered."
                ),
                index,
                "concealed_canastas",
                profile=name,
            )
        )
    going_out = v.get("going_out")
    if going_out == "concealed" and profile.concealed_going_out_bonus is None:
        found.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s: %(profile)s has no bonus for going out concealed; enter it as going out."
                ),
                index,
                "going_out",
                profile=name,
            )
        )
    if going_out == "hand_canasta" and profile.hand_canasta_going_out_bonus is None:
        found.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s: %(profile)s does not score going out with a hand canasta separately; enter it as going out concealed."
                ),
                index,
                "going_out",
                profile=name,
            )
        )
    if v.get("red_threes_in_hand", 0) > 0 and profile.red_three_in_hand_rule is None:
        found.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s: %(profile)s has no penalty for a red three kept in the hand."
                ),
                index,
                "red_threes_in_hand",
                profile=name,
            )
        )
    return found


def _going_out_problems(index: int, v: dict[str, Any], profile: CanastaProfile) -> list[Problem]:
    if v.get("going_out", "none") == "none" or not all(k in v for k in CANASTA_KINDS):
        return []
    found: list[Problem] = []
    count = sum(v[kind] for kind in CANASTA_KINDS)
    needed = profile.canastas_to_go_out
    if count < needed:
        template = (
            gettext_noop("Side %(side)s went out, which needs a canasta, but none was entered.")
            if needed == 1
            else gettext_noop(
                "Side %(side)s went out, but %(profile)s needs %(needed)s canastas to go out (entered: %(count)s)."
            )
        )
        found.append(
            side_problem(
                template, index, "going_out", count=count, needed=needed, profile=profile.name
            )
        )
    if profile.natural_canasta_to_go_out and v["natural_canastas"] == 0:
        found.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s went out without a natural canasta, which %(profile)s requires."
                ),
                index,
                "natural_canastas",
                profile=profile.name,
            )
        )
    if v["going_out"] == "hand_canasta" and v["natural_canastas"] + v["mixed_canastas"] == 0:
        found.append(
            side_problem(
                gettext_noop(
                    "Side %(side)s went out with a hand canasta: enter that canasta as natural or mixed too."
                ),
                index,
                "going_out",
            )
        )
    return found


def _side_problems(index: int, v: dict[str, Any], profile: CanastaProfile) -> list[Problem]:
    found = _profile_problems(index, v, profile) + _going_out_problems(index, v, profile)
    if "concealed_canastas" in v and "natural_canastas" in v and "mixed_canastas" in v:
        plain = v["natural_canastas"] + v["mixed_canastas"]
        if v["concealed_canastas"] > plain:
            found.append(
                side_problem(
                    gettext_noop(
                        "Side %(side)s: more concealed canastas (%(concealed)s) than natural and mixed canastas (%(plain)s) were entered; each concealed canasta is also counted as natural or mixed."
                    ),
                    index,
                    "concealed_canastas",
                    concealed=v["concealed_canastas"],
                    plain=plain,
                )
            )
    if "melded_points" in v and all(k in v for k in CANASTA_KINDS):
        kinds = [kind for kind in CANASTA_KINDS if v[kind] > 0]
        least = sum(LEAST_POINTS[kind] * v[kind] for kind in kinds)
        if v["melded_points"] < least:
            template = (
                _LEAST_POINTS_ONE_KIND[kinds[0]][v[kinds[0]] > 1]
                if len(kinds) == 1
                else gettext_noop(
                    "Side %(side)s: its %(count)s canastas need at least %(least)s melded points (natural and hand canasta 35, mixed 50, joker 140 each), but %(melded)s were entered."
                )
            )
            count = sum(v[kind] for kind in kinds)
            found.append(
                side_problem(
                    template,
                    index,
                    "melded_points",
                    count=count,
                    least=least,
                    melded=v["melded_points"],
                )
            )
    return found


def _total(values: list[dict[str, Any]], *names: str) -> int | None:
    """Sum of ``names`` over all sides, or None if any of them is missing."""
    if not all(name in v for v in values for name in names):
        return None
    total: int = sum(v[name] for v in values for name in names)
    return total


def _went_out_twice(went_out: list[int], sides: int) -> Problem:
    """More than one side entered as going out: both of two, all three, or two of three."""
    if len(went_out) == sides == 2:
        template = gettext_noop(
            "Only one side can go out in a deal, but both sides were entered as going out."
        )
    elif len(went_out) == 3:
        template = gettext_noop(
            "Only one side can go out in a deal, but all three sides were entered as going out."
        )
    else:
        template = gettext_noop(
            "Only one side can go out in a deal, but sides %(first)s and %(second)s were both "
            "entered as going out."
        )
    first, second = (side_label(i) for i in went_out[:2])
    return side_problem(template, None, "going_out", first=first, second=second)


def _deck_problems(values: list[dict[str, Any]], profile: CanastaProfile) -> list[Problem]:
    """More red threes, points, joker canastas or canastas than one deck holds."""
    found: list[Problem] = []
    red_threes = _total(values, "red_threes", "red_threes_in_hand")
    if red_threes is not None and red_threes > profile.red_threes_in_deck:
        found.append(
            side_problem(
                gettext_noop(
                    "%(count)s red threes were entered (laid out and in hand, all sides together), but the deck has only %(deck)s."
                ),
                None,
                "red_threes",
                count=red_threes,
                deck=profile.red_threes_in_deck,
            )
        )
    points = _total(values, "melded_points", "hand_points")
    if points is not None and points > profile.deck_points:
        found.append(
            side_problem(
                gettext_noop(
                    "Melded and hand points of all sides add up to %(total)s, but all the cards of the deck are worth only %(deck)s."
                ),
                None,
                "melded_points",
                total=points,
                deck=profile.deck_points,
            )
        )
    jokers = _total(values, "joker_canastas", "joker_hand_canastas")
    if jokers is not None and jokers > profile.max_joker_canastas:
        found.append(
            side_problem(
                gettext_noop(
                    "All sides together entered %(count)s joker canastas, but the deck's %(wilds)s wild cards make at most %(most)s."
                ),
                None,
                "joker_canastas",
                count=jokers,
                wilds=profile.wild_cards_in_deck,
                most=profile.max_joker_canastas,
            )
        )
    canastas = _total(values, *CANASTA_KINDS)
    if canastas is not None and canastas * CARDS_IN_A_CANASTA > profile.cards_besides_red_threes:
        found.append(
            side_problem(
                gettext_noop(
                    "The %(count)s canastas of all sides need %(cards)s cards, but the deck has only %(deck)s besides the red threes."
                ),
                None,
                "natural_canastas",
                count=canastas,
                cards=canastas * CARDS_IN_A_CANASTA,
                deck=profile.cards_besides_red_threes,
            )
        )
    return found


def _red_threes_kept_problems(
    values: list[dict[str, Any]], profile: CanastaProfile
) -> list[Problem]:
    """Red threes kept in the hand when the profile charges them only if someone went out."""
    if profile.red_three_in_hand_rule != "went_out" or not all("going_out" in v for v in values):
        return []
    return [
        side_problem(
            gettext_noop(
                "Side %(side)s: in %(profile)s a red three left in the hand costs points only when someone went out, and nobody went out in this deal."
            ),
            i,
            "red_threes_in_hand",
            profile=profile.name,
        )
        for i, v in enumerate(values)
        if v.get("red_threes_in_hand", 0) > 0
    ]


def _table_problems(values: list[dict[str, Any]], profile: CanastaProfile) -> list[Problem]:
    """Limits that concern all sides together: one deck, one player going out."""
    found: list[Problem] = []
    went_out = [i for i, v in enumerate(values) if v.get("going_out", "none") != "none"]
    if len(went_out) > 1:
        found.append(_went_out_twice(went_out, len(values)))
    found += _deck_problems(values, profile)
    if not went_out:
        found += _red_threes_kept_problems(values, profile)
    return found


def deal_problems(sides: Any, profile: Any) -> list[Problem]:
    """Every reason why ``sides`` (two or three ``SideDeal``) cannot be a deal under ``profile``."""
    problems: list[Problem] = []
    if not isinstance(profile, CanastaProfile):
        problems.append(
            side_problem(
                gettext_noop("The deal cannot be scored: no Canasta rule profile was given."), None
            )
        )
    if not isinstance(sides, Sequence) or isinstance(sides, str | bytes):
        return [
            *problems,
            side_problem(
                gettext_noop(
                    "The sides of a deal must be given as a list of two or three entries."
                ),
                None,
            ),
        ]
    if len(sides) not in (2, 3):
        return [
            *problems,
            side_problem(
                gettext_noop("A deal has two or three sides, not %(count)s."),
                None,
                count=len(sides),
            ),
        ]
    values: list[dict[str, Any]] = []
    for index, side in enumerate(sides):
        if isinstance(side, SideDeal):
            values.append(clean_values(index, side, problems))
        else:
            problems.append(
                side_problem(
                    gettext_noop(
                        "Side %(side)s: the entry is not a Canasta side entry but %(value)s."
                    ),
                    index,
                    value=shown(side),
                )
            )
            values.append({})
    if isinstance(profile, CanastaProfile):
        for index, side_values in enumerate(values):
            problems += _side_problems(index, side_values, profile)
        if all(isinstance(side, SideDeal) for side in sides):
            problems += _table_problems(values, profile)
    return problems
