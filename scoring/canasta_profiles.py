"""Canasta rule profiles: every parameter of RULES.md 1.4-1.6 in one frozen dataclass.

A profile validates itself on construction, so ``dataclasses.replace`` always
gives a checked copy. Labels and help texts (marked for translation) are in
``scoring.canasta_profile_fields``; ``scoring.profiles.profile_fields`` turns
them into the list the director's profile editor shows.
"""

import re
from dataclasses import dataclass
from typing import Any, Literal

from meldcore.messages import (
    DomainError,
    Problem,
    field_ranges,
    gettext_noop,
    range_problem,
    ranged,
    shown,
)
from scoring.canasta_profile_fields import CANASTA_FIELDS

WildLimit = Literal["wiener", "classic", "003", "house"]
RedThreesPlusWith = Literal["canasta", "meld"]
RedThreesOtherwise = Literal["minus", "zero", "plus"]
RedThreeInHandRule = Literal["went_out", "any"]
TargetRule = Literal["reached", "exceeded"]
TieRule = Literal["higher_total", "went_out"]
Bands = tuple[tuple[int, int], ...]

# One pack without its two red threes: aces and twos 160, K..8 240, 7..4 80,
# black threes 10 (RULES.md 1.1); the red threes are bonus cards, not points.
POINTS_PER_PACK = 490
POINTS_PER_JOKER = 50
CARDS_IN_A_CANASTA = 7

# The ranges of the numbers (RULES.md 1.4-1.6), generous for every variant: the
# sources' bonuses go up to 1500 (joker hand canasta), their targets from 2500
# to 10 000, their minimum melds up to 150. Within them a deal scores at most
# about a million points (every canasta the deck holds, doubled by Rheinisch).
BONUS_MAX = 10_000
TOTAL_MAX = 50_000
MELD_MINIMUM_MAX = 1_000
BANDS_MAX = 10

CHOICES: dict[str, tuple[str | None, ...]] = {
    "red_threes_plus_with": ("canasta", "meld"),
    "red_threes_otherwise": ("minus", "zero", "plus"),
    "red_three_in_hand_rule": ("went_out", "any", None),
    "wild_limit": ("wiener", "classic", "003", "house"),
    "target_rule": ("reached", "exceeded"),
    "tie_rule": ("higher_total", "went_out"),
}


@dataclass(frozen=True)
class CanastaProfile:
    """Every rule parameter of a Canasta event (RULES.md 1.4-1.6, one preset per column).

    Labels and help texts of the fields are in ``CANASTA_FIELDS``. The deck's
    points, red threes and wild cards follow from ``packs`` and ``jokers``.
    """

    slug: str
    name: str
    source: str
    # Canasta bonuses; None: that kind does not exist under these rules.
    natural_canasta_bonus: int = ranged(500, 0, BONUS_MAX)
    mixed_canasta_bonus: int = ranged(300, 0, BONUS_MAX)
    hand_canasta_bonus: int | None = ranged(None, 0, BONUS_MAX)
    joker_canasta_bonus: int | None = ranged(None, 0, BONUS_MAX)
    joker_hand_canasta_bonus: int | None = ranged(None, 0, BONUS_MAX)
    concealed_canasta_bonus: int = ranged(0, 0, BONUS_MAX)
    # Going out; the concealed and hand-canasta bonuses are "in all".
    going_out_bonus: int = ranged(100, 0, BONUS_MAX)
    concealed_going_out_bonus: int | None = ranged(200, 0, BONUS_MAX)
    hand_canasta_going_out_bonus: int | None = ranged(None, 0, BONUS_MAX)
    canastas_to_go_out: int = ranged(1, 1, 5)
    natural_canasta_to_go_out: bool = False
    # Red threes.
    red_three_value: int = ranged(100, 0, BONUS_MAX)
    four_red_threes: int = ranged(800, 0, BONUS_MAX)
    five_red_threes: int | None = ranged(None, 0, BONUS_MAX)
    six_red_threes: int | None = ranged(None, 0, BONUS_MAX)
    red_threes_plus_with: RedThreesPlusWith = "canasta"
    red_threes_otherwise: RedThreesOtherwise = "minus"
    red_three_in_hand_penalty: int = ranged(500, 0, BONUS_MAX)
    red_three_in_hand_rule: RedThreeInHandRule | None = "went_out"
    # Melds.
    melds_minus_without_canasta: bool = False
    wild_limit: WildLimit = "wiener"
    # The deck: 2 or 3 packs; up to two jokers for each pack of a rummy set.
    packs: int = ranged(2, 2, 3)
    jokers: int = ranged(4, 0, 12)
    # The game.
    target: int = ranged(5000, 500, TOTAL_MAX)
    target_rule: TargetRule = "reached"
    below_zero_minimum: int = ranged(15, 0, MELD_MINIMUM_MAX)
    # At most BANDS_MAX bands, each from a total of 0..TOTAL_MAX, each minimum 0..MELD_MINIMUM_MAX.
    minimum_meld_bands: Bands = ((0, 50), (1500, 90), (3000, 120))
    tie_rule: TieRule = "higher_total"
    rheinisch: bool = False

    def __post_init__(self) -> None:
        bands = self.minimum_meld_bands
        if isinstance(bands, list | tuple) and all(isinstance(b, list | tuple) for b in bands):
            # JSON gives lists; tuples keep the profile hashable.
            object.__setattr__(self, "minimum_meld_bands", tuple(tuple(b) for b in bands))
        self.validate()

    def validate(self) -> None:
        problems = profile_problems(self)
        if problems:
            raise DomainError(problems)

    @property
    def red_threes_in_deck(self) -> int:
        return 2 * self.packs

    @property
    def wild_cards_in_deck(self) -> int:
        return 4 * self.packs + self.jokers

    @property
    def deck_points(self) -> int:
        """Card points of the whole deck, red threes excluded (2 packs + 4 jokers: 1180)."""
        return POINTS_PER_PACK * self.packs + POINTS_PER_JOKER * self.jokers

    @property
    def cards_besides_red_threes(self) -> int:
        return 50 * self.packs + self.jokers

    @property
    def max_joker_canastas(self) -> int:
        return self.wild_cards_in_deck // CARDS_IN_A_CANASTA

    def red_three_score(self, count: int) -> int:
        """Score of ``count`` red threes laid out by one side, before plus/minus."""
        by_count = {4: self.four_red_threes, 5: self.five_red_threes, 6: self.six_red_threes}
        if count <= 3:
            return count * self.red_three_value
        score = by_count.get(count)
        if score is None:
            raise ValueError(f"no score for {count} red threes in profile {self.slug}")
        return score


CANASTA_RANGES: dict[str, tuple[int, int]] = field_ranges(CanastaProfile)


def is_whole_number(value: Any) -> bool:
    """An int that is not a bool (``True`` is an int to Python, not to a score sheet)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _field_problem(name: str, value: Any, template: str, **params: Any) -> Problem:
    label = CANASTA_FIELDS[name][1]
    return Problem(template, {"label": label, "value": shown(value), **params}, field=name)


def _value_problems(profile: CanastaProfile) -> list[Problem]:
    problems: list[Problem] = []
    for name, (kind, _, _) in CANASTA_FIELDS.items():
        value = getattr(profile, name)
        if kind == "text" and not (isinstance(value, str) and value.strip()):
            problems.append(
                _field_problem(name, value, gettext_noop("%(label)s must not be empty."))
            )
        elif kind in ("points", "count") or (kind == "optional_points" and value is not None):
            if not is_whole_number(value) or value < 0:
                problems.append(
                    _field_problem(
                        name,
                        value,
                        gettext_noop(
                            "%(label)s must be a whole number of 0 or more, not %(value)s."
                        ),
                    )
                )
        elif kind == "flag" and not isinstance(value, bool):
            problems.append(
                _field_problem(
                    name, value, gettext_noop("%(label)s must be yes or no, not %(value)s.")
                )
            )
        elif kind == "choice" and not any(
            value is c or (isinstance(value, str) and value == c) for c in CHOICES[name]
        ):
            choices = ", ".join("none" if c is None else c for c in CHOICES[name])
            problems.append(
                _field_problem(
                    name,
                    value,
                    gettext_noop("%(label)s must be one of %(choices)s, not %(value)s."),
                    choices=choices,
                )
            )
    return problems


def _band_problems(profile: CanastaProfile) -> list[Problem]:
    bands = profile.minimum_meld_bands
    well_formed = (
        isinstance(bands, tuple)
        and bands
        and all(
            isinstance(b, tuple) and len(b) == 2 and all(is_whole_number(x) for x in b)
            for b in bands
        )
    )
    if not well_formed:
        return [
            _field_problem(
                "minimum_meld_bands",
                bands,
                gettext_noop(
                    "%(label)s must be a list of (from total, minimum) pairs of whole numbers, not %(value)s."
                ),
            )
        ]
    return _band_size_problems(bands) + _band_order_problems(bands, profile.below_zero_minimum)


def _band_size_problems(bands: Bands) -> list[Problem]:
    """Too many bands, or totals and minimums beyond what a game reaches."""
    problems: list[Problem] = []
    if len(bands) > BANDS_MAX:
        problems.append(
            Problem(
                gettext_noop("At most %(most)s minimum-meld bands, not %(count)s."),
                {"most": BANDS_MAX, "count": len(bands)},
                field="minimum_meld_bands",
            )
        )
    if any(start > TOTAL_MAX for start, _ in bands):
        problems.append(
            Problem(
                gettext_noop("A minimum-meld band starts at a total of at most %(most)s."),
                {"most": TOTAL_MAX},
                field="minimum_meld_bands",
            )
        )
    if any(minimum > MELD_MINIMUM_MAX for _, minimum in bands):
        problems.append(
            Problem(
                gettext_noop("A first meld needs at most %(most)s card points."),
                {"most": MELD_MINIMUM_MAX},
                field="minimum_meld_bands",
            )
        )
    return problems


def _band_order_problems(bands: Bands, below_zero_minimum: int) -> list[Problem]:
    """Bands that do not start at 0, do not ascend, or lower the minimum as the total rises."""
    problems: list[Problem] = []
    starts = [start for start, _ in bands]
    minimums = [below_zero_minimum, *(minimum for _, minimum in bands)]
    if starts[0] != 0:
        problems.append(
            Problem(
                gettext_noop(
                    "The first minimum-meld band must start at a total of 0, not %(start)s (totals below 0 have their own minimum)."
                ),
                {"start": shown(starts[0])},
                field="minimum_meld_bands",
            )
        )
    if any(later <= earlier for earlier, later in zip(starts, starts[1:], strict=False)):
        problems.append(
            Problem(
                gettext_noop(
                    "The minimum-meld bands must start at ascending totals, each higher than the one before: %(starts)s."
                ),
                {"starts": ", ".join(map(shown, starts))},
                field="minimum_meld_bands",
            )
        )
    if is_whole_number(below_zero_minimum) and (
        any(m < 0 for m in minimums)
        or any(later < earlier for earlier, later in zip(minimums, minimums[1:], strict=False))
    ):
        problems.append(
            Problem(
                gettext_noop(
                    "The minimum meld must not go down as the total rises (below 0 first): %(minimums)s."
                ),
                {"minimums": ", ".join(map(shown, minimums))},
                field="minimum_meld_bands",
            )
        )
    return problems


def _rule_problems(profile: CanastaProfile) -> list[Problem]:
    problems: list[Problem] = []
    if (
        isinstance(profile.slug, str)
        and profile.slug.strip()
        and not re.fullmatch(r"[a-z0-9][a-z0-9-]*", profile.slug)
    ):
        problems.append(
            Problem(
                gettext_noop(
                    "The short name %(value)s may use only small letters, digits and hyphens."
                ),
                {"value": shown(profile.slug)},
                field="slug",
            )
        )
    if is_whole_number(profile.packs) and profile.packs not in (2, 3):
        problems.append(
            Problem(
                gettext_noop("Canasta is played with 2 or 3 packs, not %(value)s."),
                {"value": shown(profile.packs)},
                field="packs",
            )
        )
    if is_whole_number(profile.target) and profile.target <= 0:
        problems.append(
            Problem(gettext_noop("The game target must be more than 0 points."), {}, field="target")
        )
    if is_whole_number(profile.canastas_to_go_out) and profile.canastas_to_go_out < 1:
        problems.append(
            Problem(
                gettext_noop("At least one canasta is needed to go out."),
                {},
                field="canastas_to_go_out",
            )
        )
    if is_whole_number(profile.packs) and profile.packs == 3:
        for name, count in (("five_red_threes", 5), ("six_red_threes", 6)):
            if getattr(profile, name) is None:
                problems.append(
                    Problem(
                        gettext_noop(
                            "Three packs hold six red threes: enter the score for %(count)s red threes."
                        ),
                        {"count": count},
                        field=name,
                    )
                )
    return problems


def _range_problems(profile: CanastaProfile, reported: set[str | None]) -> list[Problem]:
    """Numbers outside their range (``CANASTA_RANGES``), for fields with no other problem."""
    problems = []
    for name, bounds in CANASTA_RANGES.items():
        value = getattr(profile, name)
        if name not in reported and is_whole_number(value):
            problem = range_problem(name, CANASTA_FIELDS[name][1], value, bounds)
            if problem is not None:
                problems.append(problem)
    return problems


def profile_problems(profile: CanastaProfile) -> list[Problem]:
    """Every inconsistency of a profile's values, each with the field it concerns."""
    problems = _value_problems(profile) + _band_problems(profile) + _rule_problems(profile)
    return problems + _range_problems(profile, {problem.field for problem in problems})


_WIENER = CanastaProfile(
    slug="wiener",
    name=gettext_noop("Wiener Canasta"),
    source=gettext_noop(
        "Austrian club rules of Wiener Canasta, §§ 4–22; first-meld minimums of the classic rules"
    ),
    hand_canasta_going_out_bonus=1000,
)
_CLASSIC = CanastaProfile(
    slug="classic",
    name=gettext_noop("Classic Canasta"),
    source=gettext_noop("Classic rules of the New York Regency Club, 1949/51"),
    red_threes_plus_with="meld",
    red_three_in_hand_rule="any",
    wild_limit="classic",
)
_CLASSIC_3PACK = CanastaProfile(
    slug="classic-3pack",
    name=gettext_noop("Classic Canasta, three packs"),
    source=gettext_noop("Classic rules of the New York Regency Club, the three-pack game"),
    five_red_threes=1000,
    six_red_threes=1200,
    red_threes_plus_with="meld",
    red_three_in_hand_rule="any",
    wild_limit="classic",
    canastas_to_go_out=2,
    packs=3,
    jokers=6,
    target=10000,
    minimum_meld_bands=((0, 50), (1500, 90), (3000, 120), (7000, 150)),
)
_HOUSE = CanastaProfile(
    slug="house",
    name=gettext_noop("Family Canasta (house rules)"),
    source=gettext_noop("Family house rules, with their special rule 1"),
    hand_canasta_bonus=500,
    joker_canasta_bonus=1000,
    joker_hand_canasta_bonus=1500,
    concealed_going_out_bonus=100,
    red_three_in_hand_rule=None,
    melds_minus_without_canasta=True,
    wild_limit="house",
    target_rule="exceeded",
    below_zero_minimum=50,
    tie_rule="went_out",
)


def _short_game(target: int, first: int, second: int, name: str) -> CanastaProfile:
    return CanastaProfile(
        slug=f"wiener-{target}",
        name=name,
        source=gettext_noop(
            "Austrian club rules of Wiener Canasta, § 27: short games for larger fields"
        ),
        hand_canasta_going_out_bonus=1000,
        target=target,
        minimum_meld_bands=((0, 50), (first, 90), (second, 120)),
    )


CANASTA_PROFILES: dict[str, CanastaProfile] = {
    p.slug: p
    for p in (
        _WIENER,
        _short_game(2500, 750, 1500, gettext_noop("Wiener Canasta, short game to 2500")),
        _short_game(3000, 900, 1800, gettext_noop("Wiener Canasta, short game to 3000")),
        CanastaProfile(
            slug="wiener-six",
            name=gettext_noop("Wiener Canasta, six players in three partnerships"),
            source=gettext_noop("Austrian club rules of Wiener Canasta, § 26 (3): six players"),
            hand_canasta_going_out_bonus=1000,
            five_red_threes=1000,
            six_red_threes=1200,
            canastas_to_go_out=2,
            packs=3,
            jokers=6,
        ),
        _CLASSIC,
        CanastaProfile(
            slug="classic-003",
            name=gettext_noop("Classic Canasta with concealed canastas"),
            source=gettext_noop(
                "Classic rules from an American source: a concealed canasta scores 100 more"
            ),
            red_threes_plus_with="meld",
            red_three_in_hand_rule="any",
            wild_limit="003",
            concealed_canasta_bonus=100,
        ),
        _CLASSIC_3PACK,
        _HOUSE,
    )
}
