"""The Gin hand form: how the hand ended and both deadwoods, or (card mode) both
players' cards tapped on a picker."""

import functools
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from scoring.gin import MAX_DEADWOOD
from tournaments.card_games.entry.base import (
    MAX_CARDS,
    MAX_CARDS_TEXT,
    EntryForm,
    Hidden,
    NumberPad,
    Radios,
)
from tournaments.kernel.forms import BoundedCharField
from tournaments.kernel.numbers import BoundedIntegerField

HAND_KINDS = [
    ("knock", _("Knock")),
    ("gin", _("Gin")),
    ("no_game", _("No game")),
]
CARD_LABELS = {"knocker": _("Knocker's cards"), "defender": _("Defender's cards")}


def mode_field() -> forms.ChoiceField:
    """Whether the table enters deadwood or taps cards (one choice for the whole hand)."""
    return forms.ChoiceField(
        label=_("Enter"),
        choices=[("hand", _("Deadwood")), ("cards", _("Cards"))],
        initial="hand",
        required=False,
        widget=Radios(attrs={"data-kind": "radio"}),
    )


def game_fields(names: list[str], prefix: str = "") -> dict[str, forms.Field]:
    """The fields of one game of two players (``names``, the knocker's choices): how it
    ended, the deadwoods and both players' cards (the picker's hidden fields)."""
    fields: dict[str, forms.Field] = {
        "kind": forms.ChoiceField(
            label=_("How did the hand end?"),
            choices=HAND_KINDS,
            initial="knock",
            widget=Radios(attrs={"data-kind": "radio"}),
        ),
        "knocker": forms.TypedChoiceField(
            label=_("Who knocked or went gin?"),
            coerce=int,
            required=False,
            empty_value=None,
            choices=list(enumerate(names)),
            widget=Radios(attrs={"data-kind": "radio"}),
        ),
    }
    for name, label in (
        ("knocker_deadwood", _("Knocker's deadwood")),
        ("defender_deadwood", _("Defender's deadwood (after laying off)")),
    ):
        fields[name] = BoundedIntegerField(
            label=label, min_value=0, max_value=MAX_DEADWOOD, required=False, widget=NumberPad()
        )
    for hand in ("knocker", "defender"):
        fields[f"{hand}_cards"] = BoundedCharField(
            label=CARD_LABELS[hand],
            max_length=MAX_CARDS_TEXT,
            required=False,
            widget=Hidden(attrs={"data-hand": hand}),
            error_messages={"max_length": too_many_cards()},
            validators=[_at_most_a_pack],
        )
    return {prefix + name: field for name, field in fields.items()}


def game_data(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """One game as the engine reads it (``card_games.gin.gin_hand``), from the cleaned fields:
    the cards where the hand is entered by cards, else the deadwoods."""
    entry: dict[str, Any] = {
        "kind": data.get(prefix + "kind"),
        "knocker": data.get(prefix + "knocker"),
    }
    if data.get("mode") == "cards" and entry["kind"] != "no_game":
        entry["mode"] = "cards"
        for hand in ("knocker_cards", "defender_cards"):
            entry[hand] = (data.get(prefix + hand) or "").split()
    else:
        for name in ("knocker_deadwood", "defender_deadwood"):
            entry[name] = data.get(prefix + name)
    return entry


def game_initial(details: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A stored game's details read back into its fields."""
    initial = {
        prefix + "kind": details.get("kind", "knock"),
        prefix + "knocker": details.get("knocker"),
        prefix + "knocker_deadwood": details.get("knocker_deadwood"),
        prefix + "defender_deadwood": details.get("defender_deadwood"),
    }
    if details.get("mode") == "cards":
        for hand in ("knocker_cards", "defender_cards"):
            initial[prefix + hand] = " ".join(details.get(hand) or ())
    return initial


class GinHandForm(EntryForm):
    """A Gin hand: how it ended and both deadwoods, or (card mode) both players' cards."""

    entry_kind = "gin"
    fields_template = "tournaments/table/partials/gin_fields.html"
    preview_template = "tournaments/table/partials/gin_preview.html"
    side_totals = False

    def build(self) -> None:
        self.fields["mode"] = mode_field()
        self.fields.update(game_fields(self.names[:2]))

    def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
        mode = "cards" if details.get("mode") == "cards" else "hand"
        return {"mode": mode, **game_initial(details)}

    def deck(self) -> list[list[dict[str, Any]]]:
        return deck_rows()

    def deck_buttons(self) -> SafeString:
        return deck_buttons()

    def arrangement(self) -> dict[str, Any]:
        """Card mode: both hands laid out as Meld found them, with suit signs."""
        return arranged(self.scored.cards if self.scored else {})

    @property
    def card_mode(self) -> bool:
        if self.is_bound:
            return self.data.get(self.add_prefix("mode")) == "cards"
        return self.initial.get("mode") == "cards"

    def entry_data(self) -> dict[str, Any]:
        return game_data(self.cleaned_data)


def arranged(cards: Mapping[str, Any]) -> dict[str, Any]:
    """Card mode: both hands of a game laid out as Meld found them, with suit signs; empty
    for a game entered by deadwood."""
    if "defender_arrangement" not in cards:
        return {}
    defender = cards["defender_arrangement"]
    return {
        "knocker_melds": [" ".join(map(pretty_card, meld)) for meld in cards["knocker_melds"]],
        "knocker_deadwood": " ".join(map(pretty_card, cards["knocker_deadwood_cards"])),
        "discard": pretty_card(cards["discard"]) if cards["discard"] else "",
        "defender_melds": [" ".join(map(pretty_card, meld)) for meld in defender["melds"]],
        "defender_deadwood": " ".join(map(pretty_card, defender["deadwood"])),
    }


def too_many_cards() -> str:
    return _("A hand has at most %(most)d cards: one pack has %(most)d.") % {"most": MAX_CARDS}


def _at_most_a_pack(text: str) -> None:
    """A hand's cards as tapped are refused unread when they are more than one pack holds
    (a text too long for any pack is refused by its length already)."""
    if len(text) <= MAX_CARDS_TEXT and len(text.replace(",", " ").split()) > MAX_CARDS:
        raise forms.ValidationError(too_many_cards())


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
