"""The director's forms for one table's game: a correction, and the decision on a dispute.

Both take a deal's (hand's) scores as the director reads them off the score
sheet, with a reason for the audit trail; the score fields are the game's
(``CardGame.score_fields``: each side's total at Canasta, how the hand ended
and the deadwood at Gin).
"""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.forms import BoundedCharField
from tournaments.games import game_of
from tournaments.models import Game
from tournaments.services.audit import REASON_MAX

SETTLE_CHOICES = [
    ("accept", gettext_lazy("The entry is right: it counts as entered")),
    ("reject", gettext_lazy("The entry is wrong: the table enters the deal again")),
    ("replace", gettext_lazy("The entry is wrong: these scores count")),
]
NOT_SCORES = ("reason", "number", "decision")


class ScoresForm(forms.Form):
    """A deal's (hand's) scores as the director reads them off the score sheet, with a reason."""

    reason = BoundedCharField(
        label=gettext_lazy("Reason"),
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=REASON_MAX,
        help_text=gettext_lazy("Kept in the audit trail, e.g. “score sheet of the table checked”."),
    )

    def __init__(self, *args, game: Game, names: list[str], scores_required: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.rules = game_of(game.round.event)
        self.fields.update(self.rules.score_fields(names, required=scores_required))
        self.order_fields([name for name in self.fields if name != "reason"] + ["reason"])

    def score_fields(self):
        return [self[name] for name in self.fields if name not in NOT_SCORES]

    def has_scores(self) -> bool:
        names = [name for name in self.fields if name not in NOT_SCORES]
        return any(self.cleaned_data.get(name) not in (None, "") for name in names)

    def entry_data(self) -> dict:
        scores = {k: v for k, v in self.cleaned_data.items() if k not in NOT_SCORES}
        return self.rules.score_data(scores)


class CorrectionForm(ScoresForm):
    number = forms.TypedChoiceField(label=gettext_lazy("Deal"), coerce=int)

    def __init__(self, *args, numbers: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        word = self.rules.deal_word()
        self.fields["number"].label = word
        last = max(numbers, default=0)
        choices = [
            (str(n), _("%(word)s %(number)d (correct)") % {"word": word, "number": n})
            for n in numbers
        ]
        choices.append(
            (str(last + 1), _("%(word)s %(number)d (new)") % {"word": word, "number": last + 1})
        )
        self.fields["number"].choices = choices
        # A finished game rarely gets another deal: then the last one is the likely fix.
        self.fields["number"].initial = str(last if self.game.finished and last else last + 1)
        self.order_fields(["number"] + [name for name in self.fields if name != "number"])


class SettleForm(ScoresForm):
    decision = forms.ChoiceField(
        label=gettext_lazy("Decision"),
        choices=SETTLE_CHOICES,
        widget=forms.RadioSelect,
        initial="accept",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, scores_required=False, **kwargs)
        self.order_fields(["decision"] + [name for name in self.fields if name != "decision"])

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("decision") == "replace" and not self.has_scores():
            raise forms.ValidationError(_("Enter the scores that count."))
        return cleaned
