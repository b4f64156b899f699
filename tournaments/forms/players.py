"""Forms of the players pages: one player, a pasted list, a CSV file, teams, typed numbers."""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.forms import BoundField
from django.utils.translation import gettext_lazy as _

from tournaments.kernel.forms import BoundedCharField
from tournaments.kernel.names import by_family_name
from tournaments.kernel.numbers import MAX_ID, MAX_SMALL, BoundedIntegerField
from tournaments.kernel.text import clean_text
from tournaments.models import Player, Team
from tournaments.models.players import NAME_MAX
from tournaments.services.setup.player_lists import (
    CLUB_MAX,
    MAX_LIST_BYTES,
    list_size_problem,
    list_too_long,
    name_problem,
)

MAX_UPLOAD = 5 * 1024 * 1024
GENDERS = [("", _("not given")), ("f", _("lady")), ("m", _("gentleman"))]


class PlayerForm(forms.Form):
    # Room for spaces that cleaning collapses; the cleaned name has at most NAME_MAX.
    name = BoundedCharField(
        label=_("Name"),
        strip=False,
        max_length=NAME_MAX + 20,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "placeholder": _("First and last name")}
        ),
    )
    gender = forms.ChoiceField(
        label=_("Gender"),
        choices=GENDERS,
        required=False,
        help_text=_("Needed for mixed pairs only."),
    )
    club = BoundedCharField(label=_("Club"), max_length=CLUB_MAX, required=False)

    def clean_name(self) -> str:
        name = clean_text(self.cleaned_data["name"])
        if problem := name_problem(name):
            raise forms.ValidationError(problem)
        return name


class NewcomerForm(PlayerForm):
    """A late entry or a substitute: a member found while the name is typed (the page
    searches the register as the director types), or the name as typed (a guest)."""

    member = BoundedIntegerField(required=False, min_value=1, max_value=MAX_ID)

    def __init__(self, *args: Any, find_url: str = "", **kwargs: Any) -> None:
        """``find_url``: where the page asks which members a typed name may be (none: no
        register to pick from, the name is entered as typed)."""
        super().__init__(*args, **kwargs)
        name = self.fields["name"]
        name.required = False
        if find_url:
            name.widget.attrs.update(
                {
                    "placeholder": _("Type a name: members appear below"),
                    "hx-get": find_url,
                    "hx-trigger": "keyup changed delay:300ms, search",
                    "hx-target": "#member-matches",
                    "hx-swap": "outerHTML",
                    "aria-controls": "member-matches",
                }
            )
            name.help_text = _(
                "Members whose name contains what you type appear below: pick one, or keep "
                "the name as typed for a guest."
            )

    def clean_name(self) -> str:
        name = clean_text(self.cleaned_data["name"])
        if name and (problem := name_problem(name)):
            raise forms.ValidationError(problem)
        return name

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not data.get("member") and "name" in data and not data["name"]:
            self.add_error("name", name_problem(""))
        return data


class PasteForm(forms.Form):
    text = BoundedCharField(
        label=_("Paste a list"),
        # No text of more characters has fewer bytes: clean_text checks the bytes.
        max_length=MAX_LIST_BYTES,
        widget=forms.Textarea(
            attrs={"rows": 8, "placeholder": "Anna Berger; f; CC Wien\nBernd Huber; m\nClara Roth"}
        ),
        help_text=_(
            "One player a line: name, then gender (f or m) and club if you like, separated by ; "
            "or tabs (as copied from a spreadsheet)."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Too long a list gets the same message however it is too long.
        self.fields["text"].error_messages["max_length"] = list_too_long()

    def clean_text(self) -> str:
        text: str = self.cleaned_data["text"]
        if problem := list_size_problem(text):
            raise forms.ValidationError(problem)
        return text


class CsvForm(forms.Form):
    file = forms.FileField(
        label=_("Import a CSV file"),
        help_text=_(
            "Columns: name, gender, club (a header row is optional). "
            "Save from your spreadsheet as CSV."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,text/csv,text/plain"}),
    )

    def clean_file(self) -> "UploadedFile[bytes]":
        upload: UploadedFile[bytes] = self.cleaned_data["file"]
        if (upload.size or 0) > MAX_UPLOAD:
            raise forms.ValidationError(
                _("The file is larger than 5 MB; a list of players is much smaller.")
            )
        return upload


class NumbersForm(forms.Form):
    """A number for every player (or team), typed in by the director; checked by the service."""

    def __init__(self, *args: Any, units: Sequence[Player | Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.units = units
        for unit in units:
            field = BoundedIntegerField(
                label=unit.name,
                initial=unit.number,
                required=False,
                # Wide bounds: the service says which numbers from 1 to n are free.
                min_value=-MAX_SMALL,
                max_value=MAX_SMALL,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            field.widget.attrs.update(min=1, max=len(units))
            self.fields[f"number_{unit.pk}"] = field

    def rows(self) -> list[tuple[Player | Team, BoundField]]:
        return [(unit, self[f"number_{unit.pk}"]) for unit in self.units]

    def numbers(self) -> dict[int, int]:
        return {
            unit.pk: self.cleaned_data[f"number_{unit.pk}"]
            for unit in self.units
            if self.cleaned_data.get(f"number_{unit.pk}") is not None
        }


class TeamsForm(forms.Form):
    """Each team as two choices from the player list."""

    def __init__(
        self,
        *args: Any,
        players: list[Player],
        pairs: list[tuple[Player, Player]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.players = {str(p.pk): p for p in players}
        choices = [("", "—")] + [(str(p.pk), p.name) for p in by_family_name(players)]
        self.team_count = (len(players) + 1) // 2
        for i in range(self.team_count):
            first, second = pairs[i] if i < len(pairs) else (None, None)
            for slot, player in (("a", first), ("b", second)):
                self.fields[f"team_{i}_{slot}"] = forms.ChoiceField(
                    label=_("Team %(number)d, player %(slot)s")
                    % {"number": i + 1, "slot": 1 if slot == "a" else 2},
                    choices=choices,
                    initial=str(player.pk) if player else "",
                )

    def rows(self) -> list[tuple[int, BoundField, BoundField]]:
        return [(i + 1, self[f"team_{i}_a"], self[f"team_{i}_b"]) for i in range(self.team_count)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        seen: set[str] = set()
        for name, value in list(data.items()):
            if not value:
                continue
            if value in seen:
                self.add_error(
                    name, _("%(name)s is chosen twice.") % {"name": self.players[value].name}
                )
            seen.add(value)
        self.pairs = [
            (self.players[data[f"team_{i}_a"]], self.players[data[f"team_{i}_b"]])
            for i in range(self.team_count)
            if data.get(f"team_{i}_a") and data.get(f"team_{i}_b")
        ]
        return data
