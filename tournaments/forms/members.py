"""Forms of the member register: one member, a CSV file, a merge, and tonight's pick."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.players import GENDERS
from tournaments.kernel.forms import BoundedCharField, model_choice_field
from tournaments.kernel.names import by_family_name
from tournaments.kernel.numbers import BoundedModelChoiceField
from tournaments.models import Member
from tournaments.models.members import MEMBER_NAME_MAX, MEMBER_NUMBER_MAX

SEARCH_MAX = 100


class MemberForm(forms.Form):
    # Room for spaces that cleaning collapses; the service checks the cleaned name.
    name = BoundedCharField(
        label=_("Name"),
        strip=False,
        max_length=MEMBER_NAME_MAX + 20,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    number = BoundedCharField(
        label=_("Member number"), max_length=MEMBER_NUMBER_MAX + 20, required=False
    )
    gender = forms.ChoiceField(
        label=_("Gender"),
        choices=GENDERS,
        required=False,
        help_text=_("Needed for mixed pairs only."),
    )
    public_name = forms.ChoiceField(
        label=_("Name on public pages"),
        choices=Member.PublicName.choices,
        initial=Member.PublicName.FULL,
    )
    active = forms.BooleanField(label=_("Active member"), required=False, initial=True)


class MergeForm(forms.Form):
    """Which member to merge into ``member`` (a GET form: it leads to the preview)."""

    gone = BoundedModelChoiceField(
        label=_("Merge this member into the one above"),
        queryset=Member.objects.none(),
        help_text=_("Their evenings become this member's, and the entry is deleted."),
    )

    def __init__(self, *args: Any, member: Member, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        others = member.club.members.exclude(pk=member.pk)
        field = model_choice_field(self, "gone")
        field.queryset = others
        # Listed by family name, with the number that tells two of one name apart.
        field.widget.choices = [("", "—")] + [
            (other.pk, f"{other.name} · {other.number}" if other.number else other.name)
            for other in by_family_name(others)
        ]


class SearchForm(forms.Form):
    """The register's filter (a GET form): any text, shown only when it is a short one."""

    q = BoundedCharField(label=_("Search"), max_length=SEARCH_MAX, required=False)
    show = forms.ChoiceField(
        label=_("Show"),
        choices=[("active", _("active members")), ("all", _("all members"))],
        required=False,
    )
