"""Rule profiles: the presets of RULES.md and what the director's editor needs.

``CANASTA_PROFILES`` and ``GIN_PROFILES`` map a slug to a frozen, self-validating
profile; ``dataclasses.replace(profile, target=3000)`` gives a checked copy or
raises ``DomainError`` naming every bad field. ``profile_fields`` lists the
fields with label, help text and choices for a form; ``profile_to_dict`` and
``profile_from_dict`` round-trip a profile through JSON.
"""

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from meldcore.messages import DomainError, Problem, gettext_noop, shown
from scoring.canasta_profile_fields import CANASTA_FIELDS
from scoring.canasta_profiles import (
    BANDS_MAX,
    CANASTA_PROFILES,
    CANASTA_RANGES,
    CHOICES,
    MELD_MINIMUM_MAX,
    TOTAL_MAX,
    CanastaProfile,
)
from scoring.gin_profiles import GIN_FIELDS, GIN_PROFILES, GIN_RANGES, GinProfile

__all__ = [
    "BAND_RANGES",
    "BANDS_MAX",
    "CANASTA_FIELD_HELP",
    "CANASTA_PROFILES",
    "CANASTA_RANGES",
    "FIELD_HELP",
    "GIN_FIELD_HELP",
    "GIN_PROFILES",
    "GIN_RANGES",
    "CanastaProfile",
    "GinProfile",
    "Profile",
    "ProfileField",
    "profile_fields",
    "profile_from_dict",
    "profile_to_dict",
    "translated",
]

Profile = CanastaProfile | GinProfile

CANASTA_FIELD_HELP: dict[str, str] = {name: text for name, (_, _, text) in CANASTA_FIELDS.items()}
GIN_FIELD_HELP: dict[str, str] = {name: text for name, (_, _, text) in GIN_FIELDS.items()}
FIELD_HELP: dict[str, dict[str, str]] = {"canasta": CANASTA_FIELD_HELP, "gin": GIN_FIELD_HELP}
# A minimum-meld band: from which running total, and the card points the first meld needs.
BAND_RANGES: tuple[tuple[int, int], tuple[int, int]] = ((0, TOTAL_MAX), (0, MELD_MINIMUM_MAX))


@dataclass(frozen=True)
class ProfileField:
    """One editable parameter: ``kind`` is text, points, optional_points, count,
    flag, choice or bands; ``choices`` lists the allowed values of a choice
    (``None`` standing for "not in these rules"); a number has its range
    (``minimum``, ``maximum``: the profile refuses any other value)."""

    name: str
    label: str
    help: str
    kind: str
    value: Any
    choices: tuple[str | None, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


def profile_fields(profile: Profile) -> tuple[ProfileField, ...]:
    """The profile's parameters in display order, each with its current value."""
    canasta = isinstance(profile, CanastaProfile)
    table = CANASTA_FIELDS if canasta else GIN_FIELDS
    ranges = CANASTA_RANGES if canasta else GIN_RANGES
    return tuple(
        ProfileField(
            name=name,
            label=label,
            help=text,
            kind=kind,
            value=getattr(profile, name),
            choices=CHOICES.get(name, ()) if canasta else (),
            minimum=ranges[name][0] if name in ranges else None,
            maximum=ranges[name][1] if name in ranges else None,
        )
        for name, (kind, label, text) in table.items()
    )


def profile_to_dict(profile: Profile) -> dict[str, Any]:
    """JSON-ready values of every field (bands become lists of pairs)."""
    data = {f.name: getattr(profile, f.name) for f in fields(profile)}
    if isinstance(profile, CanastaProfile):
        data["minimum_meld_bands"] = [list(band) for band in profile.minimum_meld_bands]
    return data


def profile_from_dict(card_game: str, data: Any) -> Profile:
    """The profile of ``card_game`` ("canasta" or "gin") built from ``data``.

    Missing fields take the preset defaults of the dataclass; unknown keys and
    bad values are all reported together in one ``DomainError``.
    """
    kinds: dict[str, type[CanastaProfile] | type[GinProfile]] = {
        "canasta": CanastaProfile,
        "gin": GinProfile,
    }
    cls = kinds.get(card_game) if isinstance(card_game, str) else None
    if cls is None:
        raise DomainError(
            [
                Problem(
                    gettext_noop("Unknown game %(game)s: profiles exist for canasta and gin."),
                    {"game": shown(card_game)},
                )
            ]
        )
    if not isinstance(data, dict):
        raise DomainError(
            [Problem(gettext_noop("A rule profile must be given as named values."), {})]
        )
    known = {f.name for f in fields(cls)}
    problems = [
        Problem(
            gettext_noop("%(name)s is not a parameter of this game's rule profiles."),
            {"name": shown(key)},
        )
        for key in data
        if key not in known
    ]
    problems += [
        Problem(
            gettext_noop("The rule profile needs a value for %(name)s."), {"name": name}, field=name
        )
        for name in ("slug", "name", "source")
        if name not in data
    ]
    if problems:
        raise DomainError(problems)
    return cls(**data)


def translated(problem: Problem, gettext: Callable[[str], str]) -> str:
    """A profile problem in the user's language: its template and the field label it names.

    Profile messages quote the field's label (``%(label)s``), itself marked for
    translation, so both go through ``gettext``.
    """
    params = dict(problem.params)
    if isinstance(params.get("label"), str):
        params["label"] = gettext(params["label"])
    return gettext(problem.template) % params
