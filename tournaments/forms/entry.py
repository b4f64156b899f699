"""Entry forms for one deal (Canasta) or hand (Gin), validated through the engines.

``entry_form_for(game, data)`` picks the form: ``CanastaDealForm`` (each side's
canastas, red threes, going out and points), ``QuickTotalsForm`` (one number per
side, for events with quick entry) or ``GinHandForm`` (who won and how, or the
cards in card mode). Each form's ``clean`` scores the entry with
``services.deal_data.evaluate``, and every problem the engine finds is shown
next to the field it concerns. Hidden fields carry the deal number, the
version being edited and an idempotency key made when the form is drawn.
"""

import functools
import uuid
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.html import escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from scoring.canasta import side_label
from scoring.gin import MAX_DEADWOOD
from tournaments.forms import BoundedCharField
from tournaments.forms.whole_entry import mark_concerned
from tournaments.models import Entry, Event, Game
from tournaments.numbers import MAX_SMALL, BoundedIntegerField, NumberError, parse_int
from tournaments.services.deal_data import Scored, evaluate, seats_of
from tournaments.services.errors import ServiceError
from tournaments.services.profiles import event_profile

BOOKKEEPING = ("number", "idempotency_key", "expected_version")
MAX_COUNT = 20
MAX_POINTS = 9995
# More than one side can score in a deal under any rule profile (about a million at
# the top of every range); the service then checks the profile's own bounds.
MAX_DEAL_TOTAL = 10_000_000
# One pack: a hand is never more than 52 cards ("10H, " is the longest card with its separator).
MAX_CARDS = 52
MAX_CARDS_TEXT = MAX_CARDS * 5


def side_names(game: Game) -> list[str]:
    """Each side as the players' numbers and names: ``"1 Anna & 6 Bert"``."""
    seats = seats_of(game)
    names: list[list[str]] = [[] for _ in range(max(2, len({seat.side for seat in seats})))]
    for seat in seats:
        names[seat.side].append(str(seat.player))
    return [" & ".join(players) or "?" for players in names]


def _attr(value: Any) -> str:
    """A value as Django's widget templates write it: ``{{ value|stringformat:'s' }}``, escaped."""
    return value if isinstance(value, SafeData) else escape(str(value))


def input_html(widget: dict[str, Any]) -> SafeString:
    """Django's ``django/forms/widgets/input.html`` (with ``attrs.html``), written directly.

    Every answer at the table draws the entry form again (25 to 35 inputs); the
    template engine spent more time on these one-line tags than on the rest of
    the page. The output is the same, character for character (a test compares).
    """
    html = [f'<input type="{_attr(widget["type"])}" name="{_attr(widget["name"])}"']
    if widget["value"] is not None:
        html.append(f' value="{_attr(widget["value"])}"')
    for name, value in widget["attrs"].items():
        if value is True:
            html.append(f" {_attr(name)}")
        elif value is not False:
            html.append(f' {_attr(name)}="{_attr(value)}"')
    html.append(">")
    return mark_safe("".join(html))


class DirectInput:
    """A widget mixin: single inputs drawn by ``input_html`` instead of the template engine."""

    direct_templates = frozenset(
        {
            "django/forms/widgets/input.html",
            "django/forms/widgets/text.html",
            "django/forms/widgets/hidden.html",
        }
    )

    def _render(self, template_name, context, renderer=None):
        widget = context["widget"]
        if template_name in self.direct_templates or (
            template_name == getattr(self, "option_template_name", None)
            and not widget.get("wrap_label")  # a radio's tag alone, as field_radio.html draws it
        ):
            return input_html(widget)
        return super()._render(template_name, context, renderer)


class Hidden(DirectInput, forms.HiddenInput):
    pass


class Radios(DirectInput, forms.RadioSelect):
    pass


class NumberPad(DirectInput, forms.TextInput):
    """A number typed on the phone's number pad (no free text keyboard)."""

    def __init__(self, *, step: int = 1, signed: bool = False, kind: str = "points") -> None:
        attrs = {
            "inputmode": "numeric",
            "pattern": "-?[0-9]*" if signed else "[0-9]*",
            "autocomplete": "off",
            "data-kind": kind,
            "data-step": str(step),
            "class": f"num {kind}",
        }
        if signed:
            attrs["data-signed"] = "1"
        super().__init__(attrs=attrs)


def Stepper() -> NumberPad:  # noqa: N802 - reads like a widget class where it is used
    return NumberPad(kind="stepper")


def count_field(label) -> BoundedIntegerField:
    return BoundedIntegerField(
        label=label, min_value=0, max_value=MAX_COUNT, required=False, initial=0, widget=Stepper()
    )


def points_field(label) -> BoundedIntegerField:
    return BoundedIntegerField(
        label=label,
        min_value=0,
        max_value=MAX_POINTS,
        required=False,
        widget=NumberPad(step=5),
    )


@dataclass
class SideFields:
    """One side's fields, grouped the way the form shows them."""

    index: int
    label: str
    name: str
    counts: list[Any]
    going_out: Any
    points: list[Any]
    total: Any = None


class EntryForm(forms.Form):
    """What every deal or hand form shares: the deal number, the idempotency key
    and the version the phone saw.

    Each kind of form defines three methods: ``build()`` adds its fields,
    ``initial_from(details)`` reads a stored entry's details back into the form,
    and ``entry_data()`` gives the engine the cleaned data.
    """

    entry_kind = ""
    number = BoundedIntegerField(widget=Hidden, min_value=1, max_value=MAX_SMALL)
    idempotency_key = BoundedCharField(widget=Hidden, max_length=64, required=False)
    expected_version = BoundedIntegerField(
        widget=Hidden, required=False, min_value=0, max_value=MAX_SMALL
    )

    def __init__(
        self,
        game: Game,
        data=None,
        *,
        number: int | None = None,
        entry: Entry | None = None,
        profile=None,
        **kwargs,
    ) -> None:
        initial = kwargs.pop("initial", {}) or {}
        initial.setdefault("idempotency_key", uuid.uuid4().hex)
        if entry is not None:
            initial.update(self.initial_from(entry.details))
            initial.update(number=entry.number, expected_version=entry.version)
        elif number is not None:
            initial["number"] = number
        super().__init__(data, initial=initial, **kwargs)
        self.game = game
        self.event = game.round.event
        self.profile = profile or event_profile(self.event)
        self.names = side_names(game)
        self.side_count = len(self.names)  # asked for by every method below: read once
        self.scored: Scored | None = None
        self.build()

    @property
    def deal_number(self) -> int | None:
        value = self.data.get(self.add_prefix("number")) if self.is_bound else None
        if value in (None, ""):
            return self.initial.get("number")
        try:
            return parse_int(value, minimum=1, maximum=MAX_SMALL)
        except NumberError:
            return self.initial.get("number")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.scored = evaluate(self.game, self.entry_data(), profile=self.profile)
        except ServiceError as error:
            self.show(error)
        return cleaned

    def show(self, error: ServiceError) -> None:
        """Put a service's refusal next to the fields it names (or above the form)."""
        if not error.field_errors:
            self.add_error(None, error.message)
        for name, messages in error.field_errors.items():
            target = name if name in self.fields else None
            for message in messages:
                self.add_error(target, message)
        mark_concerned(self, error.concerns)

    def error_fields(self) -> list[Any]:
        """The fields that have a place for their messages (all but the hidden bookkeeping)."""
        return [self[name] for name in self.fields if name not in BOOKKEEPING]

    def general_errors(self) -> list[str]:
        """Messages that belong to no visible field: shown above the form."""
        errors = list(self.non_field_errors())
        for name in BOOKKEEPING:
            errors += list(self.errors.get(name, ()))
        return errors

    def summary(self) -> list[dict[str, Any]]:
        """Each side's deal total (None while the entry is not valid) and its parts."""
        scored = self.scored
        return [
            {
                "index": index,
                "label": side_label(index),
                "name": self.names[index],
                "total": scored.points[index] if scored else None,
                "parts": self.parts(index) if scored else [],
            }
            for index in range(self.side_count)
        ]

    def parts(self, index: int) -> list[tuple[str, int]]:
        return []

    def _value(self, name: str) -> int:
        value = self.cleaned_data.get(name)
        return 0 if value is None else value


# --- Canasta -------------------------------------------------------------------

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
GOING_OUT_LABELS = {
    "none": _("did not go out"),
    "out": _("went out"),
    "concealed": _("went out concealed"),
    "hand_canasta": _("went out with a hand canasta"),
}


def canasta_items(profile) -> tuple[list[str], list[str]]:
    """The count fields and going-out choices this profile has (RULES.md 1.4)."""
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


class CanastaDealForm(EntryForm):
    entry_kind = "canasta"

    def build(self) -> None:
        self.counts, going_out = canasta_items(self.profile)
        for index in range(self.side_count):
            for name in self.counts:
                self.fields[f"s{index}_{name}"] = count_field(COUNT_LABELS[name])
            self.fields[f"s{index}_going_out"] = forms.ChoiceField(
                label=_("Going out"),
                choices=[(choice, GOING_OUT_LABELS[choice]) for choice in going_out],
                initial="none",
                widget=Radios(attrs={"data-kind": "radio"}),
            )
            for name, label in POINT_LABELS.items():
                self.fields[f"s{index}_{name}"] = points_field(label)

    def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
        return {
            f"s{index}_{name}": value
            for index, side in enumerate(details.get("sides") or ())
            for name, value in side.items()
        }

    def entry_data(self) -> dict[str, Any]:
        sides = []
        for index in range(self.side_count):
            side: dict[str, Any] = {
                name: self._value(f"s{index}_{name}") for name in [*self.counts, *POINT_LABELS]
            }
            side["going_out"] = self.cleaned_data.get(f"s{index}_going_out") or "none"
            sides.append(side)
        return {"sides": sides}

    def parts(self, index: int) -> list[tuple[str, int]]:
        part = self.scored.parts[index]
        shown = [
            (PART_LABELS[name], getattr(part, name)) for name in PART_LABELS if getattr(part, name)
        ]
        if part.doubled:
            shown.append((str(_("doubled (Rheinisch)")), 0))
        return shown

    def sides(self) -> list[SideFields]:
        return [
            SideFields(
                index=index,
                label=side_label(index),
                name=self.names[index],
                counts=[self[f"s{index}_{name}"] for name in self.counts],
                going_out=self[f"s{index}_going_out"],
                points=[self[f"s{index}_{name}"] for name in POINT_LABELS],
            )
            for index in range(self.side_count)
        ]


class QuickTotalsForm(EntryForm):
    """Quick entry: each side's deal score as one number (multiple of 5)."""

    entry_kind = "totals"

    def build(self) -> None:
        for index in range(self.side_count):
            self.fields[f"s{index}_total"] = BoundedIntegerField(
                label=_("Score of the deal"),
                min_value=-MAX_DEAL_TOTAL,
                max_value=MAX_DEAL_TOTAL,
                widget=NumberPad(step=5, signed=True),
            )

    def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
        return {f"s{index}_total": value for index, value in enumerate(details.get("totals") or ())}

    def entry_data(self) -> dict[str, Any]:
        return {"totals": [self.cleaned_data[f"s{i}_total"] for i in range(self.side_count)]}

    def sides(self) -> list[SideFields]:
        return [
            SideFields(
                index=i,
                label=side_label(i),
                name=self.names[i],
                counts=[],
                going_out=None,
                points=[],
                total=self[f"s{i}_total"],
            )
            for i in range(self.side_count)
        ]


# --- Gin -----------------------------------------------------------------------

HAND_KINDS = [
    ("knock", _("Knock")),
    ("gin", _("Gin")),
    ("no_game", _("No game")),
]


class GinHandForm(EntryForm):
    """A Gin hand: how it ended and both deadwoods, or (card mode) both players' cards."""

    entry_kind = "gin"

    def build(self) -> None:
        self.fields["mode"] = forms.ChoiceField(
            choices=[("hand", _("Deadwood")), ("cards", _("Cards"))],
            initial="hand",
            required=False,
            widget=Radios(attrs={"data-kind": "radio"}),
        )
        self.fields["kind"] = forms.ChoiceField(
            label=_("How did the hand end?"),
            choices=HAND_KINDS,
            initial="knock",
            widget=Radios(attrs={"data-kind": "radio"}),
        )
        self.fields["knocker"] = forms.TypedChoiceField(
            label=_("Who knocked or went gin?"),
            coerce=int,
            required=False,
            empty_value=None,
            choices=[(i, name) for i, name in enumerate(self.names[:2])],
            widget=Radios(attrs={"data-kind": "radio"}),
        )
        self.fields["knocker_deadwood"] = BoundedIntegerField(
            label=_("Knocker's deadwood"),
            min_value=0,
            max_value=MAX_DEADWOOD,
            required=False,
            widget=NumberPad(),
        )
        self.fields["defender_deadwood"] = BoundedIntegerField(
            label=_("Defender's deadwood (after laying off)"),
            min_value=0,
            max_value=MAX_DEADWOOD,
            required=False,
            widget=NumberPad(),
        )
        for hand in ("knocker", "defender"):
            self.fields[f"{hand}_cards"] = BoundedCharField(
                max_length=MAX_CARDS_TEXT,
                required=False,
                widget=Hidden(attrs={"data-hand": hand}),
                error_messages={"max_length": too_many_cards()},
            )

    def clean_knocker_cards(self) -> str:
        return _card_list(self.cleaned_data["knocker_cards"])

    def clean_defender_cards(self) -> str:
        return _card_list(self.cleaned_data["defender_cards"])

    def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
        initial = {
            "mode": "cards" if details.get("mode") == "cards" else "hand",
            "kind": details.get("kind", "knock"),
            "knocker": details.get("knocker"),
            "knocker_deadwood": details.get("knocker_deadwood"),
            "defender_deadwood": details.get("defender_deadwood"),
        }
        if details.get("mode") == "cards":
            initial["knocker_cards"] = " ".join(details.get("knocker_cards") or ())
            initial["defender_cards"] = " ".join(details.get("defender_cards") or ())
        return initial

    def deck(self) -> list[list[dict[str, Any]]]:
        return deck_rows()

    def deck_buttons(self) -> SafeString:
        return deck_buttons()

    def arrangement(self) -> dict[str, Any]:
        """Card mode: both hands laid out as Meld found them, with suit signs."""
        cards = self.scored.cards if self.scored else {}
        if not cards:
            return {}
        defender = cards["defender_arrangement"]
        return {
            "knocker_melds": [" ".join(map(pretty_card, meld)) for meld in cards["knocker_melds"]],
            "knocker_deadwood": " ".join(map(pretty_card, cards["knocker_deadwood_cards"])),
            "discard": pretty_card(cards["discard"]) if cards["discard"] else "",
            "defender_melds": [" ".join(map(pretty_card, meld)) for meld in defender["melds"]],
            "defender_deadwood": " ".join(map(pretty_card, defender["deadwood"])),
        }

    @property
    def card_mode(self) -> bool:
        if self.is_bound:
            return self.data.get(self.add_prefix("mode")) == "cards"
        return self.initial.get("mode") == "cards"

    def entry_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        entry: dict[str, Any] = {"kind": data.get("kind"), "knocker": data.get("knocker")}
        if data.get("mode") == "cards" and data.get("kind") != "no_game":
            entry["mode"] = "cards"
            entry["knocker_cards"] = data.get("knocker_cards", "").split()
            entry["defender_cards"] = data.get("defender_cards", "").split()
        else:
            entry["knocker_deadwood"] = data.get("knocker_deadwood")
            entry["defender_deadwood"] = data.get("defender_deadwood")
        return entry


def too_many_cards() -> str:
    return _("A hand has at most %(most)d cards: one pack has %(most)d.") % {"most": MAX_CARDS}


def _card_list(text: str) -> str:
    """A hand's cards as tapped, refused unread when they are more than one pack holds."""
    if len(text.replace(",", " ").split()) > MAX_CARDS:
        raise forms.ValidationError(too_many_cards())
    return text


SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def pretty_card(code: str) -> str:
    """``TH`` → ``10♥``."""
    rank, suit = code[:-1], code[-1]
    return f"{'10' if rank == 'T' else rank}{SUIT_SIGNS.get(suit, suit)}"


def deck_rows() -> list[list[dict[str, Any]]]:
    """The 52 cards for the picker: one row per rank (ace to king), one column per suit."""
    return [
        [
            {
                "code": f"{rank}{suit}",
                "label": f"{'10' if rank == 'T' else rank}{SUIT_SIGNS[suit]}",
                "red": suit in "HD",
            }
            for suit in "SHDC"
        ]
        for rank in "A23456789TJQK"
    ]


@functools.cache
def deck_buttons() -> SafeString:
    """The picker's 52 buttons: the same for every hand, so drawn once per process."""
    return mark_safe(
        "".join(
            format_html(
                '<button type="button" class="playing-card{}" data-card="{}" aria-pressed="false">{}</button>',
                " red" if card["red"] else "",
                card["code"],
                card["label"],
            )
            for row in deck_rows()
            for card in row
        )
    )


def entry_form_for(game: Game, data=None, **kwargs) -> EntryForm:
    """The form this game's entries use: Gin hand, Canasta deal, or quick totals."""
    event = game.round.event
    if event.game == Event.Game.GIN:
        return GinHandForm(game, data, **kwargs)
    if event.quick_entry:
        return QuickTotalsForm(game, data, **kwargs)
    entry = kwargs.get("entry")
    if entry is not None and entry.details.get("mode") == "totals":
        return QuickTotalsForm(game, data, **kwargs)
    return CanastaDealForm(game, data, **kwargs)
