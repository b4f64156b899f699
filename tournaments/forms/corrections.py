"""The director's forms for one table's game: a correction, and the decision on a dispute.

Both take a deal (hand) with the form and the checks the table's phone uses
(``tournaments.card_games.entry_form_for``: each side's canastas, red threes, going
out and points at Canasta, or the quick totals where the event's phones enter
those; how the hand ended, who knocked and the deadwood or the cards at Gin),
with a reason for the audit trail. The deal's fields share the form's prefix,
so the page posts one form.
"""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.card_games import card_game_of, entry_form_for
from tournaments.card_games.entry.base import BOOKKEEPING
from tournaments.kernel.forms import BoundedCharField, choice_field
from tournaments.models import Entry, Game
from tournaments.services.scores.audit import REASON_MAX

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SETTLE_CHOICES = [
    ("accept", gettext_lazy("The entry is right: it counts as entered")),
    ("reject", gettext_lazy("The entry is wrong: the table enters the deal again")),
    ("replace", gettext_lazy("The entry is wrong: these scores count")),
]


class ScoresForm(forms.Form):
    """A deal (hand) as the director reads it off the score sheet, with a reason.

    ``entry``: the version the form starts from (its details), if any.
    """

    reason = BoundedCharField(
        label=gettext_lazy("Reason"),
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=REASON_MAX,
        help_text=gettext_lazy("Kept in the audit trail, e.g. “score sheet of the table checked”."),
    )

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        game: Game,
        entry: Entry | None = None,
        deal_number: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(data, **kwargs)
        self.game = game
        self.card_game = card_game_of(game.round.event)
        if self.card_game.seats_by_earlier_hands:
            self.fields["later"] = forms.BooleanField(
                label=_("Re-seat the later hands"),
                required=False,
                help_text=self.card_game.reseat_help,
            )
        deal_data = data if self.takes_deal(data) else None
        # The deal's number names its players where they change from hand to hand (Gin
        # for three), also for a hand not entered yet.
        self.deal = entry_form_for(
            game, deal_data, entry=entry, prefix=self.prefix, number=deal_number
        )
        for name in BOOKKEEPING:
            del self.deal.fields[name]
        for field in self.deal.fields.values():
            # The phone taps cards on a picker; the director types them ("TH 9S").
            if field.widget.is_hidden:
                field.widget = forms.TextInput()

    def takes_deal(self, data: Mapping[str, Any] | None) -> bool:
        """Whether the posted deal counts (and is checked)."""
        return True

    def deal_groups(self) -> list[tuple[str | None, list[BoundField]]]:
        return self.deal.groups()

    def is_valid(self) -> bool:
        valid = super().is_valid()
        deal_valid = self.deal.is_valid() if self.deal.is_bound else True
        return deal_valid and valid

    def entry_data(self) -> dict[str, Any]:
        return self.deal.entry_data()


class CorrectionForm(ScoresForm):
    """The deal (hand) to correct is picked on the page (``?fix=``) and posted with the form
    as a hidden field: the form names the players of that hand, never of another."""

    number = forms.TypedChoiceField(
        label=gettext_lazy("Deal"), coerce=int, widget=forms.HiddenInput
    )

    def __init__(
        self,
        *args: Any,
        numbers: list[int],
        number: int | None = None,
        adding: bool = True,
        **kwargs: Any,
    ) -> None:
        """``adding``: a deal may be added (the game goes on, and its round plays one more)."""
        last = max(numbers, default=0)
        adding = adding or not last
        # A game that takes no more deals is most likely corrected at its last one.
        if number not in (*numbers, *([last + 1] if adding else [])):
            number = last if not adding or (kwargs["game"].finished and last) else last + 1
        super().__init__(*args, deal_number=number, **kwargs)
        word = self.card_game.words.deal_word()
        self.fields["number"].label = word
        choices = [
            (str(n), _("%(word)s %(number)d (correct)") % {"word": word, "number": n})
            for n in numbers
        ]
        if adding:
            new = _("%(word)s %(number)d (new)") % {"word": word, "number": last + 1}
            choices.append((str(last + 1), new))
        choice_field(self, "number").choices = choices
        self.fields["number"].initial = str(number)
        self.order_fields(["number", "reason"])


class SettleForm(ScoresForm):
    """The director's decision on a disputed entry. Nothing is chosen at first: figures
    changed in the form count as the director's (the handbook's way: type the right figures,
    then settle); unchanged figures must be confirmed as entered, or set aside; "the entry
    is right" with changed figures is asked about, never stored silently."""

    decision = forms.ChoiceField(
        label=gettext_lazy("Decision"),
        choices=SETTLE_CHOICES,
        widget=forms.RadioSelect,
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices: dict[str, StrOrPromise] = dict(SETTLE_CHOICES)
        choices["reject"] = self.card_game.words.says("enter_again")
        choice_field(self, "decision").choices = list(choices.items())
        self.order_fields(["decision", "reason"])

    def takes_deal(self, data: Mapping[str, Any] | None) -> bool:
        """The deal's fields count unless the table enters the deal again: they are the
        director's scores, or (left as entered) they show the entry is taken as it is."""
        return data is not None and data.get(self.add_prefix("decision")) != "reject"

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        decision = cleaned.get("decision") or ""
        if decision == "reject" or "decision" in self.errors:
            return cleaned
        changed = self._typed_over()
        if decision == "accept" and changed:
            self.add_error(
                "decision",
                _(
                    "You changed the figures, but “%(accept)s” keeps the entered ones. Choose "
                    "“%(replace)s” to count yours, or put the entered figures back."
                )
                % {"accept": SETTLE_CHOICES[0][1], "replace": SETTLE_CHOICES[2][1]},
            )
        elif not decision and changed:
            cleaned["decision"] = "replace"
        elif not decision:
            self.add_error(
                "decision",
                _(
                    "Choose what counts: the entry as entered, or the table enters it again; "
                    "or put the right figures in the form."
                ),
            )
        return cleaned

    def is_valid(self) -> bool:
        """The deal's fields are checked when they count: the director's scores."""
        valid = forms.Form.is_valid(self)
        if valid and self.cleaned_data.get("decision") == "replace":
            return self.deal.is_valid()
        return valid

    def _typed_over(self) -> bool:
        """Whether the posted deal differs from the disputed entry (a field not posted at
        all is left as entered)."""
        changed = self.deal.changed_data
        return any(field.html_name in self.data and field.name in changed for field in self.deal)
