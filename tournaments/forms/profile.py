"""The set-up wizard's rules step: every parameter of the event's rule profile as a field,
laid out and checked as the engines' profile dataclasses declare them."""

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from meldcore.messages import DomainError, Problem
from scoring.profiles import (
    BAND_RANGES,
    Profile,
    ProfileField,
    profile_fields,
    profile_from_dict,
)
from tournaments.forms.setup import NUMBER
from tournaments.kernel.forms import BoundedCharField
from tournaments.kernel.numbers import BoundedIntegerField
from tournaments.kernel.profiles import profile_label

CHOICE_LABELS = {
    ("red_threes_plus_with", "canasta"): _("a canasta"),
    ("red_threes_plus_with", "meld"): _("any meld"),
    ("red_threes_otherwise", "minus"): _("minus"),
    ("red_threes_otherwise", "zero"): _("zero"),
    ("red_threes_otherwise", "plus"): _("plus anyway"),
    ("red_three_in_hand_rule", "went_out"): _("only when someone went out"),
    ("red_three_in_hand_rule", "any"): _("in every deal"),
    ("red_three_in_hand_rule", None): _("never"),
    ("wild_limit", "wiener"): _("Wiener rules"),
    ("wild_limit", "classic"): _("classic rules"),
    ("wild_limit", "003"): _("source 003"),
    ("wild_limit", "house"): _("house rule"),
    ("target_rule", "reached"): _("reached"),
    ("target_rule", "exceeded"): _("exceeded"),
    ("tie_rule", "higher_total"): _("the higher total wins"),
    ("tie_rule", "went_out"): _("the side that went out wins"),
}
EXTRA_BANDS = 2
TEXT_KIND = "text"
TRANSLATED_TEXTS = ("name", "source")


def problem_text(problem: Problem) -> str:
    """An engine problem in the user's language, its field label translated too."""
    params = dict(problem.params)
    if isinstance(params.get("label"), str):
        params["label"] = gettext(params["label"])
    return gettext(problem.template) % params


# The profile's own ranges are checked by the profile (its message names both ends);
# the form only keeps numbers beyond any range from being read.
PROFILE_NUMBER_LIMIT = 10**9


def profile_number(
    minimum: int | None, maximum: int | None, *, required: bool
) -> BoundedIntegerField:
    """A number of the rule profile; the browser is told its range (``minimum``..``maximum``)."""
    field = BoundedIntegerField(
        required=required,
        min_value=-PROFILE_NUMBER_LIMIT,
        max_value=PROFILE_NUMBER_LIMIT,
        widget=forms.NumberInput(attrs=NUMBER),
    )
    field.widget.attrs.update(min=minimum, max=maximum)
    return field


def _choice_value(value: object) -> str:
    return "" if value is None else str(value)


class ProfileForm(forms.Form):
    """Every parameter of the event's rule profile; validated by the profile itself."""

    def __init__(self, *args: Any, card_game: str, profile: Profile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.card_game = card_game
        self.specs = profile_fields(profile)
        self.profile: Profile | None = None
        for spec in self.specs:
            label, help_text = gettext(spec.label), gettext(spec.help)
            if spec.kind == "bands":
                self._band_fields(spec)
                continue
            field: forms.Field
            if spec.kind == TEXT_KIND:
                field = BoundedCharField(max_length=200, initial=self._shown(spec))
            elif spec.kind == "flag":
                field = forms.BooleanField(required=False, initial=spec.value)
            elif spec.kind == "choice":
                choices = [
                    (_choice_value(c), CHOICE_LABELS.get((spec.name, c), c or "—"))
                    for c in spec.choices
                ]
                field = forms.ChoiceField(
                    choices=choices,
                    initial=_choice_value(spec.value),
                    required=None not in spec.choices,  # "" stands for None: "not in these rules"
                )
            else:
                field = profile_number(
                    spec.minimum, spec.maximum, required=spec.kind != "optional_points"
                )
                field.initial = spec.value
            field.label, field.help_text = label, help_text
            self.fields[spec.name] = field

    @staticmethod
    def _shown(spec: ProfileField) -> str:
        """A text of the profile as the editor shows it: a preset's name and source in the
        page's language (the engine marks them), a director's own words as written."""
        if spec.name in TRANSLATED_TEXTS and spec.value:
            return profile_label(spec.value)
        text: str = spec.value
        return text

    def _band_fields(self, spec: ProfileField) -> None:
        bands = list(spec.value or ())
        self.band_count = len(bands) + EXTRA_BANDS
        starts, minimums = BAND_RANGES
        for i in range(self.band_count):
            start, minimum = bands[i] if i < len(bands) else (None, None)
            # The table's column heads name the inputs for the eye; these for a screen reader.
            line = {"line": i + 1}
            self.fields[f"band_from_{i}"] = profile_number(*starts, required=False)
            self.fields[f"band_from_{i}"].initial = start
            self.fields[f"band_from_{i}"].label = _("From a total of")
            self.fields[f"band_from_{i}"].widget.attrs["aria-label"] = (
                _("Band %(line)d: from a total of") % line
            )
            self.fields[f"band_min_{i}"] = profile_number(*minimums, required=False)
            self.fields[f"band_min_{i}"].initial = minimum
            self.fields[f"band_min_{i}"].label = _("the first meld needs")
            self.fields[f"band_min_{i}"].widget.attrs["aria-label"] = (
                _("Band %(line)d: the first meld needs") % line
            )
        if bands:
            self.fields["band_from_0"].disabled = True
        # Carries the bands' own messages; the inputs are the band_* fields.
        self.fields[spec.name] = BoundedCharField(
            max_length=1, required=False, widget=forms.HiddenInput
        )

    def rows(self) -> list[dict[str, object]]:
        """The fields in the engine's order, the bands as one table, the names last."""
        rows: list[dict[str, object]] = []
        names: list[dict[str, object]] = []
        for spec in self.specs:
            if spec.kind == "bands":
                rows.append(
                    {
                        "kind": "bands",
                        "label": gettext(spec.label),
                        "help": gettext(spec.help),
                        "errors": self[spec.name].errors,
                        "bands": [
                            (self[f"band_from_{i}"], self[f"band_min_{i}"])
                            for i in range(self.band_count)
                        ],
                    }
                )
            elif spec.kind == TEXT_KIND:
                names.append({"kind": spec.kind, "field": self[spec.name]})
            else:
                rows.append({"kind": spec.kind, "field": self[spec.name]})
        heading: list[dict[str, object]] = (
            [{"kind": "heading", "label": _("Name of these rules")}] if names else []
        )
        return rows + heading + names

    def _bands(self) -> list[list[int]]:
        bands: list[list[int]] = []
        for i in range(self.band_count):
            start = 0 if i == 0 else self.cleaned_data.get(f"band_from_{i}")
            minimum = self.cleaned_data.get(f"band_min_{i}")
            if start is None and minimum is None:
                continue
            if start is None or minimum is None:
                self.add_error(
                    f"band_min_{i}" if minimum is None else f"band_from_{i}",
                    _("Fill in both numbers of this line, or neither."),
                )
                continue
            bands.append([start, minimum])
        # A band typed into an empty line at the bottom goes where its total belongs.
        return sorted(bands, key=lambda band: band[0])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        values: dict[str, object] = {}
        for spec in self.specs:
            if spec.kind == "bands":
                values[spec.name] = self._bands()
            elif spec.kind == "choice":
                values[spec.name] = data.get(spec.name) or None
            elif spec.kind == TEXT_KIND:
                text = data.get(spec.name, "").strip()
                # A preset's words kept as they are read back in the engine's English, so
                # every language shows them in its own words.
                values[spec.name] = spec.value if text and text == self._shown(spec) else text
            else:
                values[spec.name] = data.get(spec.name)
        if self.errors:
            return data
        try:
            self.profile = profile_from_dict(self.card_game, values)
        except DomainError as error:
            for problem in error.problems:
                self.add_error(
                    problem.field if problem.field in self.fields else None, problem_text(problem)
                )
        return data
