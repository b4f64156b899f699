"""Forms of the set-up wizard: the event, its rules, what a round is, the format, the scoring."""

from django import forms
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from meldcore.messages import DomainError, Problem
from scoring.profiles import BAND_RANGES, profile_fields, profile_from_dict
from tournaments.formats import FORMATS, Format
from tournaments.games import game_of
from tournaments.kernel.forms import BoundedCharField
from tournaments.kernel.numbers import BoundedIntegerField, BoundedModelChoiceField
from tournaments.kernel.profiles import presets, profile_label
from tournaments.models import Club, Event
from tournaments.services.setup.events import EVENT_DETAILS

NUMBER = {"inputmode": "numeric"}


def preset_value(game: str, slug: str) -> str:
    return f"{game}:{slug}"


def preset_choices() -> list:
    """The presets grouped by game, each as "game:slug"."""
    return [
        (
            label,
            [
                (preset_value(game, slug), profile_label(profile.name))
                for slug, profile in presets(game).items()
            ],
        )
        for game, label in Event.Game.choices
    ]


class PresetField(forms.ChoiceField):
    """One list of every preset, grouped by game; cleans to ``(game, slug)``."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Game and rules"))
        kwargs.setdefault(
            "help_text",
            _("Start from the rules your club plays. Every rule can be changed on the next page."),
        )
        super().__init__(choices=preset_choices, **kwargs)

    def clean(self, value):
        game, _sep, slug = super().clean(value).partition(":")
        return game, slug


def last_club(user, clubs: list[Club]) -> Club | None:
    """The club a new event most likely belongs to: that of the director's latest event
    with one of their clubs, else their only club."""
    latest = (
        Event.objects.filter(owner=user, club__in=clubs).order_by("-created_at", "-pk").first()
        if len(clubs) > 1
        else None
    )
    if latest is not None:
        return latest.club
    return clubs[0] if len(clubs) == 1 else None


class NewEventForm(forms.Form):
    name = BoundedCharField(
        label=_("Name of the event"),
        max_length=120,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. Club evening in November")}),
    )
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    preset = PresetField()
    club = BoundedModelChoiceField(
        label=_("Club"), queryset=Club.objects.none(), required=False, empty_label=_("(no club)")
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        clubs = list(user.clubs.all())
        if clubs:
            self.fields["club"].queryset = user.clubs.all()
            self.fields["club"].initial = last_club(user, clubs)
        else:
            del self.fields["club"]
        self.fields["preset"].initial = preset_value(Event.Game.CANASTA, "wiener")
        self.fields["date"].initial = timezone.localdate


class EventDetailsForm(forms.Form):
    """The event's details: the fields of ``services.setup.events.EVENT_DETAILS``, in that order."""

    field_order = EVENT_DETAILS
    name = BoundedCharField(label=_("Name of the event"), max_length=120)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    club = BoundedModelChoiceField(
        label=_("Club"), queryset=Club.objects.none(), required=False, empty_label=_("(no club)")
    )
    language = forms.ChoiceField(
        label=_("Language of printouts and public pages"),
        choices=settings.LANGUAGES,
    )
    paper_size = forms.ChoiceField(
        label=_("Paper size"), choices=Event._meta.get_field("paper_size").choices
    )
    public = forms.BooleanField(
        label=_("Public page with standings and seating"),
        required=False,
        help_text=_(
            "Anyone with the link can see it, e.g. on a projector. Nobody can change anything there."
        ),
    )
    entry_modes = forms.MultipleChoiceField(
        label=_("The phones enter a deal as"),
        choices=Event.EntryMode.choices,
        widget=forms.CheckboxSelectMultiple,
        help_text=_(
            "Tick one or more: with more than one, each phone chooses. Only each side's score is faster, but Meld cannot check the details of a deal."
        ),
        error_messages={"required": _("Tick at least one way to enter a deal.")},
    )
    auto_confirm_minutes = BoundedIntegerField(
        label=_("Confirm entries automatically after … minutes"),
        required=False,
        min_value=1,
        max_value=120,
        widget=forms.NumberInput(attrs=NUMBER),
        help_text=_("Empty: the other side must always confirm."),
    )
    substitute_scoring = forms.ChoiceField(
        label=_("A substitute's results count"),
        choices=Event.SubstituteScoring.choices,
        widget=forms.RadioSelect,
        required=False,
        help_text=_("In the standings and on the tallies; a change re-ranks at once."),
    )

    def clean_substitute_scoring(self) -> str:
        return self.cleaned_data["substitute_scoring"] or Event.SubstituteScoring.REPLACED

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = Club.objects.filter(directors=event.owner)
        if not self.fields["club"].queryset.exists():
            del self.fields["club"]
        modes = game_of(event).entry_modes
        if modes:
            labels = dict(Event.EntryMode.choices)
            self.fields["entry_modes"].choices = [(mode, labels[mode]) for mode in modes]
        else:
            del self.fields["entry_modes"]


# --- the rule profile ---------------------------------------------------------------

CHOICE_LABELS = {
    ("red_threes_plus_with", "canasta"): _("a canasta"),
    ("red_threes_plus_with", "meld"): _("any meld"),
    ("red_threes_otherwise", "minus"): _("minus"),
    ("red_threes_otherwise", "zero"): _("zero"),
    ("red_threes_otherwise", "plus"): _("plus anyway"),
    ("red_three_in_hand_rule", "went_out"): _("only when someone went out"),
    ("red_three_in_hand_rule", "any"): _("in every deal"),
    ("red_three_in_hand_rule", None): _("never"),
    ("wild_limit", "wiener"): _("Wiener rules"),
    ("wild_limit", "classic"): _("classic rules"),
    ("wild_limit", "003"): _("source 003"),
    ("wild_limit", "house"): _("house rule"),
    ("target_rule", "reached"): _("reached"),
    ("target_rule", "exceeded"): _("exceeded"),
    ("tie_rule", "higher_total"): _("the higher total wins"),
    ("tie_rule", "went_out"): _("the side that went out wins"),
}
EXTRA_BANDS = 2
TEXT_KIND = "text"
TRANSLATED_TEXTS = ("name", "source")


def problem_text(problem: Problem) -> str:
    """An engine problem in the user's language, its field label translated too."""
    params = dict(problem.params)
    if isinstance(params.get("label"), str):
        params["label"] = gettext(params["label"])
    return gettext(problem.template) % params


# The profile's own ranges are checked by the profile (its message names both ends);
# the form only keeps numbers beyond any range from being read.
PROFILE_NUMBER_LIMIT = 10**9


def profile_number(minimum: int, maximum: int, *, required: bool) -> BoundedIntegerField:
    """A number of the rule profile; the browser is told its range (``minimum``..``maximum``)."""
    field = BoundedIntegerField(
        required=required,
        min_value=-PROFILE_NUMBER_LIMIT,
        max_value=PROFILE_NUMBER_LIMIT,
        widget=forms.NumberInput(attrs=NUMBER),
    )
    field.widget.attrs.update(min=minimum, max=maximum)
    return field


def _choice_value(value) -> str:
    return "" if value is None else str(value)


class ProfileForm(forms.Form):
    """Every parameter of the event's rule profile; validated by the profile itself."""

    def __init__(self, *args, game: str, profile, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.specs = profile_fields(profile)
        self.profile = None
        for spec in self.specs:
            label, help_text = gettext(spec.label), gettext(spec.help)
            if spec.kind == "bands":
                self._band_fields(spec)
                continue
            if spec.kind == TEXT_KIND:
                field = BoundedCharField(max_length=200, initial=self._shown(spec))
            elif spec.kind == "flag":
                field = forms.BooleanField(required=False, initial=spec.value)
            elif spec.kind == "choice":
                choices = [
                    (_choice_value(c), CHOICE_LABELS.get((spec.name, c), c or "—"))
                    for c in spec.choices
                ]
                field = forms.ChoiceField(
                    choices=choices,
                    initial=_choice_value(spec.value),
                    required=None not in spec.choices,  # "" stands for None: "not in these rules"
                )
            else:
                field = profile_number(
                    spec.minimum, spec.maximum, required=spec.kind != "optional_points"
                )
                field.initial = spec.value
            field.label, field.help_text = label, help_text
            self.fields[spec.name] = field

    @staticmethod
    def _shown(spec) -> str:
        """A text of the profile as the editor shows it: a preset's name and source in the
        page's language (the engine marks them), a director's own words as written."""
        if spec.name in TRANSLATED_TEXTS and spec.value:
            return profile_label(spec.value)
        return spec.value

    def _band_fields(self, spec) -> None:
        bands = list(spec.value or ())
        self.band_count = len(bands) + EXTRA_BANDS
        starts, minimums = BAND_RANGES
        for i in range(self.band_count):
            start, minimum = bands[i] if i < len(bands) else (None, None)
            # The table's column heads name the inputs for the eye; these for a screen reader.
            line = {"line": i + 1}
            self.fields[f"band_from_{i}"] = profile_number(*starts, required=False)
            self.fields[f"band_from_{i}"].initial = start
            self.fields[f"band_from_{i}"].label = _("From a total of")
            self.fields[f"band_from_{i}"].widget.attrs["aria-label"] = (
                _("Band %(line)d: from a total of") % line
            )
            self.fields[f"band_min_{i}"] = profile_number(*minimums, required=False)
            self.fields[f"band_min_{i}"].initial = minimum
            self.fields[f"band_min_{i}"].label = _("the first meld needs")
            self.fields[f"band_min_{i}"].widget.attrs["aria-label"] = (
                _("Band %(line)d: the first meld needs") % line
            )
        if bands:
            self.fields["band_from_0"].disabled = True
        # Carries the bands' own messages; the inputs are the band_* fields.
        self.fields[spec.name] = BoundedCharField(
            max_length=1, required=False, widget=forms.HiddenInput
        )

    def rows(self) -> list[dict]:
        """The fields in the engine's order, the bands as one table, the names last."""
        rows, names = [], []
        for spec in self.specs:
            if spec.kind == "bands":
                rows.append(
                    {
                        "kind": "bands",
                        "label": gettext(spec.label),
                        "help": gettext(spec.help),
                        "errors": self[spec.name].errors,
                        "bands": [
                            (self[f"band_from_{i}"], self[f"band_min_{i}"])
                            for i in range(self.band_count)
                        ],
                    }
                )
            elif spec.kind == TEXT_KIND:
                names.append({"kind": spec.kind, "field": self[spec.name]})
            else:
                rows.append({"kind": spec.kind, "field": self[spec.name]})
        heading = [{"kind": "heading", "label": _("Name of these rules")}] if names else []
        return rows + heading + names

    def _bands(self) -> list[list[int]]:
        bands = []
        for i in range(self.band_count):
            start = 0 if i == 0 else self.cleaned_data.get(f"band_from_{i}")
            minimum = self.cleaned_data.get(f"band_min_{i}")
            if start is None and minimum is None:
                continue
            if start is None or minimum is None:
                self.add_error(
                    f"band_min_{i}" if minimum is None else f"band_from_{i}",
                    _("Fill in both numbers of this line, or neither."),
                )
                continue
            bands.append([start, minimum])
        # A band typed into an empty line at the bottom goes where its total belongs.
        return sorted(bands, key=lambda band: band[0])

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        values = {}
        for spec in self.specs:
            if spec.kind == "bands":
                values[spec.name] = self._bands()
            elif spec.kind == "choice":
                values[spec.name] = data.get(spec.name) or None
            elif spec.kind == TEXT_KIND:
                text = data.get(spec.name, "").strip()
                # A preset's words kept as they are read back in the engine's English, so
                # every language shows them in its own words.
                values[spec.name] = spec.value if text and text == self._shown(spec) else text
            else:
                values[spec.name] = data.get(spec.name)
        if self.errors:
            return data
        try:
            self.profile = profile_from_dict(self.game, values)
        except DomainError as error:
            for problem in error.problems:
                self.add_error(
                    problem.field if problem.field in self.fields else None, problem_text(problem)
                )
        return data


class PresetForm(forms.Form):
    preset = PresetField(
        label=_("Start again from a preset"),
        help_text=_("This replaces every rule below with the preset's values."),
    )


# --- what a round is, the format, the scoring ---------------------------------------


class RoundForm(forms.Form):
    round_kind = forms.ChoiceField(
        label=_("A round is"), choices=Event.RoundKind.choices, widget=forms.RadioSelect
    )
    round_deals = BoundedIntegerField(
        required=False, min_value=1, max_value=99, widget=forms.NumberInput(attrs=NUMBER)
    )
    round_minutes = BoundedIntegerField(
        label=_("Minutes per round"),
        required=False,
        min_value=1,
        max_value=600,
        widget=forms.NumberInput(attrs=NUMBER),
        help_text=_(
            "With a time limit: when the time is up, the deal being played is finished. "
            "Otherwise optional: the minutes of the round clock you may start for each round."
        ),
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        rules = game_of(event)
        field = self.fields["round_deals"]
        field.label, field.help_text = rules.round_deals_label, rules.round_deals_help
        self.fields["round_minutes"].help_text = rules.words.says("time_help")
        self.fields["round_kind"].choices = rules.round_kinds()


class FormatForm(forms.Form):
    """The Format step: only the systems the event's game can be played in, and only the
    options one of them has."""

    format = forms.ChoiceField(label=_("Format"), widget=forms.RadioSelect)
    balanced_schedule = forms.TypedChoiceField(
        label=_("Schedule for 12 players"),
        choices=[
            ("0", _("The published schedule (as on the printed tallies)")),
            ("1", _("The balanced schedule (every pair meets as opponents exactly twice)")),
        ],
        coerce=lambda value: value == "1",
        widget=forms.RadioSelect,
        required=False,
        empty_value=False,
        help_text=_("Only for progressive play with exactly 12 players."),
    )
    odd_tables = forms.ChoiceField(
        label=_("When the players do not make full tables of four"),
        choices=Event.OddTables.choices,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "Progressive play only. Nobody has to go home: the players left over can sit "
            "out in turn or play at a table of five, six or three (which one fits depends "
            "on how many are left over)."
        ),
    )
    table_kind = forms.ChoiceField(
        label=_("Players at a table"),
        choices=Event.TableKind.choices,
        required=False,
        widget=forms.RadioSelect,
        help_text=_("Gin only. Three, four or six at a table play in tables in draw order."),
    )
    fixed_partners = forms.BooleanField(
        label=_("Fixed partners: players play in teams of two"), required=False
    )
    planned_rounds = BoundedIntegerField(
        label=_("Rounds to play"),
        required=False,
        min_value=1,
        max_value=99,
        widget=forms.NumberInput(attrs=NUMBER),
    )

    def __init__(self, *args, formats: list[Format], table_kinds: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = [(entry.key, entry.label) for entry in formats]
        if table_kinds:
            self.fields["table_kind"].choices = table_kinds
        else:
            del self.fields["table_kind"]
        options = {
            "balanced_schedule": any(entry.balanced_schedule_allowed for entry in formats),
            "odd_tables": any(entry.odd_tables_allowed for entry in formats),
            "fixed_partners": any(entry.teams_allowed for entry in formats),
        }
        for name, offered in options.items():
            if not offered:
                del self.fields[name]
        if "fixed_partners" in self.fields:
            teams = [str(entry.label) for entry in formats if entry.teams_allowed]
            self.fields["fixed_partners"].help_text = gettext(
                "Only with: %(formats)s. You form the teams after entering the players."
            ) % {"formats": ", ".join(teams)}

    def format_options(self):
        return [(radio, FORMATS[radio.data["value"]].help) for radio in self["format"]]


class ScoringForm(forms.Form):
    scoring_mode = forms.ChoiceField(
        label=_("What counts in the standings"),
        choices=Event.ScoringMode.choices,
        widget=forms.RadioSelect,
    )
    bye_score = BoundedIntegerField(
        label=_("Points for a bye"),
        min_value=-100000,
        max_value=100000,
        initial=0,
        widget=forms.NumberInput(attrs=NUMBER),
        help_text=_(
            "Swiss system with an odd number of players: what the player without an opponent gets."
        ),
    )


class CoDirectorForm(forms.Form):
    username = BoundedCharField(
        label=_("User name of the co-director"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
        help_text=_("They can then run this event with you: rounds, scores, corrections."),
    )
