"""Gin Rummy rule profiles (RULES.md 2): bonuses, targets and knock limit."""

from dataclasses import dataclass
from typing import Any

from meldcore.messages import (
    DomainError,
    Problem,
    field_ranges,
    gettext_noop,
    range_problem,
    ranged,
    shown,
)
from scoring.gin_game import MAX_DEADWOOD

# The ranges of the numbers (RULES.md 2), generous for every variant: the sources'
# bonuses are 10 to 100, their targets 100 to 150; no hand holds more deadwood
# than MAX_DEADWOOD, so no knock limit needs to be higher.
BONUS_MAX = 1_000
# The bonuses a hand can score alone: gin against a defender at 0, an undercut at equal deadwood.
WON_ALONE_BY_BONUS = ("gin_bonus", "undercut_bonus")
TARGET_MAX = 10_000


@dataclass(frozen=True)
class GinProfile:
    """Every rule parameter of a Gin event; labels and help texts are in ``GIN_FIELDS``."""

    slug: str
    name: str
    source: str
    # A hand is a pair of points, (0, 0) a no game (``score_game``): gin and an undercut
    # at equal deadwood score their bonus alone, so it is at least 1, or the hand won would
    # count as a no game (no box, the same dealer again).
    gin_bonus: int = ranged(20, 1, BONUS_MAX)
    undercut_bonus: int = ranged(10, 1, BONUS_MAX)
    box_bonus: int = ranged(20, 0, BONUS_MAX)
    game_bonus: int = ranged(100, 0, BONUS_MAX)
    shutout_bonus: int = ranged(100, 0, BONUS_MAX)
    target: int = ranged(100, 1, TARGET_MAX)
    knock_limit: int = ranged(10, 0, MAX_DEADWOOD)
    # Partnership games (RULES.md 2.2): two sides of two or of three players.
    target_four_players: int = ranged(125, 1, TARGET_MAX)
    target_six_players: int = ranged(150, 1, TARGET_MAX)

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        problems = gin_profile_problems(self)
        if problems:
            raise DomainError(problems)


GIN_RANGES: dict[str, tuple[int, int]] = field_ranges(GinProfile)

# name -> (kind, label, help), in the order the editor shows them.
GIN_FIELDS: dict[str, tuple[str, str, str]] = {
    "slug": (
        "text",
        gettext_noop("Short name"),
        gettext_noop("Letters, digits and hyphens; names the profile in links and exports."),
    ),
    "name": ("text", gettext_noop("Name"), gettext_noop("The name players see.")),
    "source": ("text", gettext_noop("Source"), gettext_noop("Where these rules come from.")),
    "gin_bonus": (
        "points",
        gettext_noop("Gin bonus"),
        gettext_noop(
            "Bonus for going gin (all ten cards melded), on top of the defender's deadwood."
        ),
    ),
    "undercut_bonus": (
        "points",
        gettext_noop("Undercut bonus"),
        gettext_noop("Bonus for a defender whose deadwood is not more than the knocker's."),
    ),
    "box_bonus": (
        "points",
        gettext_noop("Box bonus"),
        gettext_noop("Bonus per hand won, added when the game is totalled."),
    ),
    "game_bonus": (
        "points",
        gettext_noop("Game bonus"),
        gettext_noop("Bonus for the player who reaches the target."),
    ),
    "shutout_bonus": (
        "points",
        gettext_noop("Shutout bonus"),
        gettext_noop("Further bonus when the opponent scored nothing in the game."),
    ),
    "target": (
        "points",
        gettext_noop("Game target"),
        gettext_noop("Play ends after the hand in which a player reaches this many points."),
    ),
    "knock_limit": (
        "points",
        gettext_noop("Knock limit"),
        gettext_noop("The most deadwood a player may knock with."),
    ),
    "target_four_players": (
        "points",
        gettext_noop("Target with four players"),
        gettext_noop("Game target for two partnerships of two."),
    ),
    "target_six_players": (
        "points",
        gettext_noop("Target with six players"),
        gettext_noop("Game target for two partnerships of three."),
    ),
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def gin_profile_problems(profile: GinProfile) -> list[Problem]:
    """Every inconsistency of a Gin profile's values, each with the field it concerns."""
    problems: list[Problem] = []
    for name, (kind, label, _) in GIN_FIELDS.items():
        value = getattr(profile, name)
        if kind == "text":
            if not (isinstance(value, str) and value.strip()):
                problems.append(
                    Problem(
                        gettext_noop("%(label)s must not be empty."), {"label": label}, field=name
                    )
                )
        elif not _is_int(value) or value < 0:
            problems.append(
                Problem(
                    gettext_noop("%(label)s must be a whole number of 0 or more, not %(value)s."),
                    {"label": label, "value": shown(value)},
                    field=name,
                )
            )
        elif name in WON_ALONE_BY_BONUS and value == 0:
            problems.append(
                Problem(
                    gettext_noop(
                        "%(label)s must be more than 0 points: a hand won with it alone would score nothing and count as a no game."
                    ),
                    {"label": label},
                    field=name,
                )
            )
        elif name.startswith("target") and value == 0:
            problems.append(
                Problem(
                    gettext_noop("%(label)s must be more than 0 points."),
                    {"label": label},
                    field=name,
                )
            )
        elif (problem := range_problem(name, label, value, GIN_RANGES[name])) is not None:
            problems.append(problem)
    return problems


GIN_PROFILES: dict[str, GinProfile] = {
    p.slug: p
    for p in (
        GinProfile(
            slug="wiener",
            name=gettext_noop("Gin Rummy (Wiener club rules)"),
            source=gettext_noop("Wiener club rules of Gin Rummy, §§ 1–16"),
        ),
        GinProfile(
            slug="american",
            name=gettext_noop("Gin Rummy (American club values)"),
            source=gettext_noop("Values common in American clubs"),
            gin_bonus=25,
            undercut_bonus=25,
            box_bonus=25,
        ),
    )
}
