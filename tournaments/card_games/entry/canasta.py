"""The Canasta deal forms, one per entry mode (``Event.EntryMode``): each side's
canastas, red threes, going out and points (``deal``); the same with how many
cards of each kind it melded and held instead of the points (``counts``); or
(quick entry) each side's score of the deal as one number (``totals``)."""

from typing import TYPE_CHECKING, Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext_lazy as _

from scoring.canasta import CARD_KINDS, count_field_name, side_label
from scoring.canasta_profiles import CanastaProfile
from scoring.profiles import Profile
from tournaments.card_games.entry.base import (
    MAX_DEAL_TOTAL,
    EntryForm,
    NumberPad,
    Radios,
    SideFields,
    count_field,
    points_field,
)
from tournaments.kernel.numbers import BoundedIntegerField
from tournaments.models import Event

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

COUNT_LABELS = {
    "natural_canastas": _("Natural canastas"),
    "mixed_canastas": _("Mixed canastas"),
    "joker_canastas": _("Joker canastas"),
    "hand_canastas": _("Hand canastas"),
    "joker_hand_canastas": _("Joker hand canastas"),
    "concealed_canastas": _("of them concealed"),
    "red_threes": _("Red threes laid out"),
    "red_threes_in_hand": _("Red threes left in hand"),
}
POINT_LABELS = {
    "melded_points": _("Melded card points"),
    "hand_points": _("Card points left in hand"),
    "penalty": _("Penalty"),
}
PART_LABELS = {
    "canasta_bonus": _("Canastas"),
    "red_threes": _("Red threes"),
    "going_out_bonus": _("Going out"),
    "melded_points": _("Melded"),
    "hand_points": _("In hand"),
    "red_threes_in_hand": _("Red threes in hand"),
    "penalty": _("Penalty"),
}
CARD_LABELS = {
    "jokers": _("Jokers"),
    "twos": _("Twos"),
    "aces": _("Aces"),
    "kings_to_eights": _("Eights to kings"),
    "sevens_to_fours": _("Fours to sevens"),
    "black_threes": _("Black threes"),
}
PLACE_LABELS = {
    "melded": _("Cards melded"),
    "hand": _("Cards left in the side's hands"),
}
# Above every deck Meld knows (3 packs and 12 jokers: 162 cards): a count the deck
# cannot hold gets the engine's message, which says by how many.
MAX_CARD_COUNT = 200
GOING_OUT_LABELS = {
    "none": _("did not go out"),
    "out": _("went out"),
    "concealed": _("went out concealed"),
    "hand_canasta": _("went out with a hand canasta"),
}


def canasta_items(profile: Profile) -> tuple[list[str], list[str]]:
    """The count fields and going-out choices this profile has (RULES.md 1.4)."""
    if not isinstance(profile, CanastaProfile):
        raise TypeError(f"a Canasta deal is entered under a Canasta profile, not {profile!r}")
    counts = ["natural_canastas", "mixed_canastas"]
    if profile.hand_canasta_bonus is not None:
        counts.append("hand_canastas")
    if profile.joker_canasta_bonus is not None:
        counts.append("joker_canastas")
    if profile.joker_hand_canasta_bonus is not None:
        counts.append("joker_hand_canastas")
    if profile.concealed_canasta_bonus:
        counts.append("concealed_canastas")
    counts.append("red_threes")
    if profile.red_three_in_hand_rule is not None:
        counts.append("red_threes_in_hand")
    going_out = ["none", "out"]
    if profile.concealed_going_out_bonus is not None:
        going_out.append("concealed")
    if profile.hand_canasta_going_out_bonus is not None:
        going_out.append("hand_canasta")
    return counts, going_out


def side_groups(form: "QuickTotalsForm") -> list[tuple[str | None, list[BoundField]]]:
    """Each side's fields under the side's name."""
    return [
        (
            _("Side %(label)s: %(names)s") % {"label": side.label, "names": side.name},
            [
                field
                for field in (*side.counts, side.going_out, *side.points, side.total)
                if field is not None
            ],
        )
        for side in form.sides()
    ]


_built_fields: dict[
    tuple[type[EntryForm], tuple[str, ...], tuple[str, ...], int], dict[str, forms.Field]
] = {}


class CanastaDealForm(EntryForm):
    entry_kind = "canasta"
    entry_mode = Event.EntryMode.DEAL
    calculator = True
    fields_by_game = True
    modes: list[str] = []  # the modes the event's phones offer (set by the card game)
    point_names: tuple[str, ...] = tuple(POINT_LABELS)
    places: tuple[str, ...] = ()  # where cards are counted, by card counts

    def build(self) -> None:
        self.counts, going_out = canasta_items(self.profile)
        # Built once per shape, then shared: a field only describes how a value is read
        # and drawn (nothing in a form's life changes it; its words are translated when
        # drawn), and making some thirty of them was a good part of every deal sent.
        shape = (type(self), tuple(self.counts), tuple(going_out), self.side_count)
        fields = _built_fields.get(shape)
        if fields is None:
            fields = _built_fields[shape] = self._new_fields(going_out)
        self.fields.update(fields)

    def _new_fields(self, going_out: list[str]) -> dict[str, forms.Field]:
        fields: dict[str, forms.Field] = {}
        for index in range(self.side_count):
            for name in self.counts:
                fields[f"s{index}_{name}"] = count_field(COUNT_LABELS[name])
            fields[f"s{index}_going_out"] = forms.ChoiceField(
                label=_("Going out"),
                choices=[(choice, GOING_OUT_LABELS[choice]) for choice in going_out],
                initial="none",
                widget=Radios(attrs={"data-kind": "radio"}),
            )
            for place in self.places:
                for kind in CARD_KINDS:
                    fields[self._card(index, place, kind)] = count_field(
                        CARD_LABELS[kind], most=MAX_CARD_COUNT
                    )
            for name in self.point_names:
                fields[f"s{index}_{name}"] = points_field(POINT_LABELS[name])
        return fields

    @staticmethod
    def _card(index: int, place: str, kind: str) -> str:
        return f"s{index}_{count_field_name(place, kind)}"

    def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
        initial = {
            f"s{index}_{name}": value
            for index, side in enumerate(details.get("sides") or ())
            for name, value in side.items()
        }
        for index, counts in enumerate(details.get("counts") or ()):
            initial.update({f"s{index}_{name}": value for name, value in counts.items()})
        return initial

    def entry_data(self) -> dict[str, Any]:
        sides = []
        for index in range(self.side_count):
            side: dict[str, Any] = {
                name: self._value(f"s{index}_{name}") for name in [*self.counts, *self.point_names]
            }
            side["going_out"] = self.cleaned_data.get(f"s{index}_going_out") or "none"
            for place in self.places:
                side[place] = {
                    kind: self._value(self._card(index, place, kind)) for kind in CARD_KINDS
                }
            sides.append(side)
        return {"mode": str(self.entry_mode), "sides": sides}

    def parts(self, index: int) -> list[tuple["StrOrPromise", int]]:
        if self.scored is None:
            return []
        part = self.scored.parts[index]
        shown: list[tuple[StrOrPromise, int]] = [
            (PART_LABELS[name], getattr(part, name)) for name in PART_LABELS if getattr(part, name)
        ]
        if part.doubled:
            shown.append((str(_("doubled (Rheinisch)")), 0))
        return shown

    def groups(self) -> list[tuple[str | None, list[BoundField]]]:
        groups: list[tuple[str | None, list[BoundField]]] = []
        for side in self.sides():
            heading = _("Side %(label)s: %(names)s") % {"label": side.label, "names": side.name}
            going_out = [side.going_out] if side.going_out is not None else []
            groups.append((heading, [*side.counts, *going_out, *side.points]))
            for place, fields in side.cards:
                groups.append((f"{heading} · {PLACE_LABELS[place]}", fields))
        return groups

    def sides(self) -> list[SideFields]:
        return [
            SideFields(
                index=index,
                label=side_label(index),
                name=self.names[index],
                counts=[self[f"s{index}_{name}"] for name in self.counts],
                going_out=self[f"s{index}_going_out"],
                points=[self[f"s{index}_{name}"] for name in self.point_names],
                cards=[
                    (place, [self[self._card(index, place, kind)] for kind in CARD_KINDS])
                    for place in self.places
                ],
            )
            for index in range(self.side_count)
        ]


class CardCountsForm(CanastaDealForm):
    """Each side's canastas, red threes and going out, and how many cards of each kind
    it melded and held (partners' hands together): Meld counts the points."""

    entry_kind = "counts"
    entry_mode = Event.EntryMode.COUNTS
    point_names = ("penalty",)
    places = tuple(PLACE_LABELS)


class QuickTotalsForm(EntryForm):
    """Quick entry: each side's deal score as one number (multiple of 5)."""

    entry_kind = "totals"
    entry_mode = Event.EntryMode.TOTALS
    fields_by_game = True
    modes: list[str] = []
    asks_going_out = False

    def build(self) -> None:
        # Where going out decides a game both sides end over the target (RULES.md 1.6,
        # ``house``), a deal's score alone cannot tell who won: the form asks who went out.
        profile = self.profile
        self.asks_going_out = isinstance(profile, CanastaProfile) and profile.tie_rule == "went_out"
        for index in range(self.side_count):
            self.fields[f"s{index}_total"] = BoundedIntegerField(
                label=_("Score of the deal"),
                min_value=-MAX_DEAL_TOTAL,
                max_value=MAX_DEAL_TOTAL,
                widget=NumberPad(step=5, signed=True),
            )
            if self.asks_going_out:
                self.fields[f"s{index}_going_out"] = forms.ChoiceField(
                    label=_("Going out"),
                    choices=[(choice, GOING_OUT_LABELS[choice]) for choice in ("none", "out")],
                    initial="none",
                    required=False,
                    widget=Radios(attrs={"data-kind": "radio"}),
                )

    def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
        initial = {
            f"s{index}_total": value for index, value in enumerate(details.get("totals") or ())
        }
        if isinstance(details.get("went_out"), int):
            initial[f"s{details['went_out']}_going_out"] = "out"
        return initial

    def entry_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "totals": [self.cleaned_data[f"s{i}_total"] for i in range(self.side_count)]
        }
        if self.asks_going_out:
            out = [
                i
                for i in range(self.side_count)
                if self.cleaned_data.get(f"s{i}_going_out") == "out"
            ]
            data["went_out"] = out
        return data

    def groups(self) -> list[tuple[str | None, list[BoundField]]]:
        return side_groups(self)

    def sides(self) -> list[SideFields]:
        return [
            SideFields(
                index=i,
                label=side_label(i),
                name=self.names[i],
                counts=[],
                going_out=self[f"s{i}_going_out"] if self.asks_going_out else None,
                points=[],
                total=self[f"s{i}_total"],
            )
            for i in range(self.side_count)
        ]
