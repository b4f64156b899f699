"""The Gin hand form: how the hand ended and both deadwoods, or (card mode) both
players' cards tapped on a picker."""

import functools
from typing import Any

from django import forms
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from scoring.gin import MAX_DEADWOOD
from tournaments.forms import BoundedCharField
from tournaments.forms.entry.base import (
    MAX_CARDS,
    MAX_CARDS_TEXT,
    EntryForm,
    Hidden,
    NumberPad,
    Radios,
)
from tournaments.numbers import BoundedIntegerField

HAND_KINDS = [
    ("knock", _("Knock")),
    ("gin", _("Gin")),
    ("no_game", _("No game")),
]
CARD_LABELS = {"knocker": _("Knocker's cards"), "defender": _("Defender's cards")}


class GinHandForm(EntryForm):
    """A Gin hand: how it ended and both deadwoods, or (card mode) both players' cards."""

    entry_kind = "gin"
    same_each_deal = True
    fields_template = "tournaments/table/partials/gin_fields.html"
    preview_template = "tournaments/table/partials/gin_preview.html"
    side_totals = False

    def build(self) -> None:
        self.fields["mode"] = forms.ChoiceField(
            label=_("Enter"),
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
                label=CARD_LABELS[hand],
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
