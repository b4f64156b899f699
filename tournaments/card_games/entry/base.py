"""What every entry form shares: the widgets drawn without the template engine, the
hidden bookkeeping fields, and scoring through the card game (``tournaments.card_games``).

Each form's ``clean`` scores the entry with its card game's ``evaluate``, and every
problem the engine finds is shown next to the field it concerns. Hidden fields
carry the deal number, the version being edited and an idempotency key made
when the form is drawn.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from django import forms
from django.forms import BoundField
from django.forms.renderers import BaseRenderer
from django.utils.functional import cached_property
from django.utils.html import escape
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.canasta import side_label
from scoring.profiles import Profile
from tournaments.card_games.words import Words
from tournaments.kernel.deal import Scored
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import BoundedCharField, show_service_error
from tournaments.kernel.keys import new_key
from tournaments.kernel.numbers import MAX_SMALL, BoundedIntegerField, NumberError, parse_int
from tournaments.kernel.profiles import event_profile
from tournaments.models import Entry, Game

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from tournaments.card_games.sides import Side

BOOKKEEPING = ("number", "idempotency_key", "expected_version", "as_typed")
# What a form holds besides the deal itself: a form whose other fields all keep their
# initial values is untouched (``EntryForm.question``). Gin's "mode" is how the hand is
# entered (deadwood or cards), not what was typed.
NOT_THE_DEAL = (*BOOKKEEPING, "mode")
MAX_COUNT = 20
MAX_POINTS = 9995
# More than one side can score in a deal under any rule profile (about a million at
# the top of every range); the service then checks the profile's own bounds.
MAX_DEAL_TOTAL = 10_000_000
# One pack: a hand is never more than 52 cards ("10H, " is the longest card with its separator).
MAX_CARDS = 52
MAX_CARDS_TEXT = MAX_CARDS * 5


def _attr(value: object) -> str | SafeData:
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

    def _render(
        self, template_name: str, context: dict[str, Any], renderer: BaseRenderer | None = None
    ) -> SafeString:
        widget = context["widget"]
        if template_name in self.direct_templates or (
            template_name == getattr(self, "option_template_name", None)
            and not widget.get("wrap_label")  # a radio's tag alone, as entry.field_html draws it
        ):
            return input_html(widget)
        drawn: SafeString = super()._render(template_name, context, renderer)  # type: ignore[misc]  # a mixin; Widget._render is not in django-stubs
        return drawn


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


def count_field(label: "StrOrPromise", *, most: int = MAX_COUNT) -> BoundedIntegerField:
    return BoundedIntegerField(
        label=label, min_value=0, max_value=most, required=False, initial=0, widget=Stepper()
    )


def points_field(label: "StrOrPromise") -> BoundedIntegerField:
    return BoundedIntegerField(
        label=label,
        min_value=0,
        max_value=MAX_POINTS,
        required=False,
        widget=NumberPad(step=5),
    )


class Scorer(Protocol):
    """What an entry form asks of the card game that made it (a ``CardGame``,
    ``card_games/base.py``, hands itself in): its words, and the scoring of an entry.
    Named by what the form uses, not by the class: ``base.py`` imports the forms, so the
    forms do not import it back (the contract ``no-cycles``)."""

    @property
    def words(self) -> Words: ...

    def evaluate(self, game: Game, data: Mapping[str, Any], profile: Any) -> Scored: ...


@dataclass
class SideFields:
    """One side's fields, grouped the way the form shows them."""

    index: int
    label: str
    name: str
    counts: list[BoundField]
    going_out: BoundField | None
    points: list[BoundField]
    total: BoundField | None = None
    # By card counts: ("melded", fields) and ("hand", fields), one field per kind of card.
    cards: list[tuple[str, list[BoundField]]] = field(default_factory=list)


class EntryForm(forms.Form):
    """What every deal or hand form shares: the deal number, the idempotency key
    and the version the phone saw.

    Each kind of form defines three methods: ``build()`` adds its fields,
    ``initial_from(details)`` reads a stored entry's details back into the form,
    and ``entry_data()`` gives the engine the cleaned data. The card game makes the
    form (``tournaments.card_games.entry_form_for``) and hands it the game's sides and
    itself (``card_game``) to score with.
    """

    entry_kind = ""  # the form's CSS class: form-<kind>
    entry_mode = ""  # the ``Event.EntryMode`` it takes, for a game that has several
    fields_template = "tournaments/table/partials/canasta_fields.html"
    preview_template = "tournaments/table/partials/canasta_preview.html"
    calculator = False  # the card calculator is offered below the form
    side_totals = True  # each side's total is shown in its legend as the fields change
    # A fresh form's fields are drawn alike for every deal of its game (names, seating and
    # rules aside): the table's phones keep them drawn (views/table.py). Not so where the
    # fields name who plays the hand (Gin's rotations).
    fields_by_game = False
    number = BoundedIntegerField(widget=Hidden, min_value=1, max_value=MAX_SMALL)
    idempotency_key = BoundedCharField(widget=Hidden, max_length=64, required=False)
    expected_version = BoundedIntegerField(
        widget=Hidden, required=False, min_value=0, max_value=MAX_SMALL
    )
    # Sent by the question's button: store an untouched form as it is (``question``).
    as_typed = forms.BooleanField(widget=Hidden, required=False)

    def __init__(
        self,
        game: Game,
        data: Mapping[str, Any] | None = None,
        *,
        sides: "list[Side]",
        card_game: Scorer,
        number: int | None = None,
        entry: Entry | None = None,
        profile: Profile | None = None,
        **kwargs: Any,
    ) -> None:
        initial = kwargs.pop("initial", {}) or {}
        initial.setdefault("idempotency_key", new_key(game.pk))
        if entry is not None:
            initial.update(self.initial_from(entry.details))
            initial.update(number=entry.number, expected_version=entry.version)
        elif number is not None:
            initial["number"] = number
        super().__init__(data, initial=initial, **kwargs)
        self.game = game
        self.event = game.round.event
        self.profile = profile or event_profile(self.event)
        self.card_game = card_game
        self.names = [side.names for side in sides]
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

    def is_fresh(self) -> bool:
        """Drawn for a new deal, untouched: what a phone keeps to draw the next deals' forms."""
        return not self.is_bound and not self.initial.get("expected_version")

    if TYPE_CHECKING:
        # What every kind of entry form defines (Django's form metaclass rules out ABCMeta):
        # declared for the type checker only, so no stand-in body ships.

        def build(self) -> None:
            """Adds the fields of the form's kind."""

        def initial_from(self, details: dict[str, Any]) -> dict[str, Any]:
            """A stored entry's ``details`` as the form's initial values."""

        def entry_data(self) -> dict[str, Any]:
            """The cleaned data as the card game's ``evaluate`` reads it."""

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.scored = self.card_game.evaluate(self.game, self.entry_data(), self.profile)
        except ServiceError as error:
            show_service_error(self, error)
        return cleaned

    def untouched(self) -> bool:
        """A new deal's form sent as it was drawn: every field of the deal still has its
        initial value (Django's ``changed_data``, the bookkeeping aside), and it was not sent
        again to be stored as typed (``as_typed``). A change of an entry is never untouched."""
        if not self.is_bound or self.data.get(self.add_prefix("expected_version")):
            return False
        if self.fields["as_typed"].to_python(self.data.get(self.add_prefix("as_typed"))):
            return False
        return not [name for name in self.changed_data if name not in NOT_THE_DEAL]

    @cached_property
    def question(self) -> str:
        """What the phone asks before an untouched form is stored: "Nothing was typed for
        deal 1. Store it as 0 : 0?" (its button sends the form again with ``as_typed``);
        only the first sentence when the form could not be stored as it is; "" when
        something was typed. Asked after the form is validated."""
        if not self.untouched():
            return ""
        deal = self.card_game.words.deal_name(self.deal_number)
        if self.scored is None:
            return _("Nothing was typed for %(deal)s.") % {"deal": deal}
        return _("Nothing was typed for %(deal)s. Store it as %(points)s?") % {
            "deal": deal,
            "points": self.store_as,
        }

    @property
    def store_as(self) -> str:
        """The deal's points as an untouched form would store them: "0 : 0"."""
        return " : ".join(str(points) for points in self.scored.points) if self.scored else ""

    def error_fields(self) -> list[BoundField]:
        """The fields that have a place for their messages (all but the hidden bookkeeping)."""
        return [self[name] for name in self.fields if name not in BOOKKEEPING]

    def groups(self) -> list[tuple[str | None, list[BoundField]]]:
        """The visible fields under their headings, for a page that draws them plainly
        (the director's correction)."""
        return [(None, self.error_fields())]

    def general_errors(self) -> list[str]:
        """Messages that belong to no visible field: shown above the form."""
        errors = [str(error) for error in self.non_field_errors()]
        for name in BOOKKEEPING:
            errors += [str(error) for error in self.errors.get(name, ())]
        return errors

    def send_note(self) -> list[str]:
        """What the note by Send says: the messages of the whole deal, else those of the
        first field in the form's order that has any (each field is marked besides); nothing
        on a fresh form, which is never checked."""
        if not self.is_bound:
            return []
        general = self.general_errors()
        if general:
            return general
        found = (field.errors for field in self.error_fields() if field.errors)
        return [str(error) for error in next(found, [])]

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

    def parts(self, index: int) -> list[tuple["StrOrPromise", int]]:
        return []

    def _value(self, name: str) -> int:
        value = self.cleaned_data.get(name)
        return 0 if value is None else value
