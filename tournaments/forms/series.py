"""The form of a club's series: its name, which evenings, and the rule with its numbers."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from tournaments.kernel.forms import BoundedCharField, model_choice_field
from tournaments.kernel.numbers import (
    MAX_SMALL,
    BoundedIntegerField,
    BoundedModelMultipleChoiceField,
    NumberError,
    parse_int,
)
from tournaments.models import Club, Event, Series
from tournaments.models.series import SERIES_NAME_MAX
from tournaments.services.club.series import PLACING_POINTS_MAX, club_events

PLACING_TEXT_MAX = 1000


class EventChoices(BoundedModelMultipleChoiceField):
    def label_from_instance(self, event: Event) -> str:
        # The date as the page's language writes it (German 22.11.2026), not ISO.
        return f"{event.name} ({date_format(event.date, 'SHORT_DATE_FORMAT')})"


class SeriesForm(forms.Form):
    name = BoundedCharField(label=_("Name"), max_length=SERIES_NAME_MAX + 20)
    events = EventChoices(
        label=_("Evenings of the series"),
        queryset=Event.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    rule = forms.ChoiceField(label=_("Rule"), choices=Series.Rule.choices)
    placing_points = BoundedCharField(
        label=_("Placing points"),
        max_length=PLACING_TEXT_MAX,
        required=False,
        help_text=_("For place 1, 2, 3 …, separated by commas; later places get none."),
    )
    best_of = BoundedIntegerField(
        label=_("Best evenings counted (k)"),
        min_value=1,
        max_value=MAX_SMALL,
        required=False,
        help_text=_("Only for “best k of n”."),
    )
    minimum_evenings = BoundedIntegerField(
        label=_("Minimum of evenings"),
        min_value=1,
        max_value=MAX_SMALL,
        required=False,
        help_text=_("Only for the average: members with fewer evenings are listed unranked."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "events").queryset = club_events(club).order_by("date", "pk")

    def clean_placing_points(self) -> list[int]:
        text = self.cleaned_data["placing_points"]
        pieces = [piece.strip() for piece in text.replace(";", ",").split(",") if piece.strip()]
        if len(pieces) > PLACING_POINTS_MAX:
            raise ValidationError(
                _("At most %(count)d places get points."), params={"count": PLACING_POINTS_MAX}
            )
        try:
            return [parse_int(piece, minimum=0, maximum=MAX_SMALL) for piece in pieces]
        except NumberError:
            raise ValidationError(
                _("Whole numbers from 0 to %(most)d, separated by commas."),
                params={"most": MAX_SMALL},
            ) from None


def initial_of(series: Series) -> dict[str, object]:
    return {
        "name": series.name,
        "events": list(series.events.all()) if series.pk else [],
        "rule": series.rule,
        "placing_points": ", ".join(str(points) for points in series.placing_points),
        "best_of": series.best_of,
        "minimum_evenings": series.minimum_evenings,
    }
