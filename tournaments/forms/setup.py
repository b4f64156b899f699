"""Forms of the set-up wizard: the event, its rules, what a round is, the format, the scoring."""

from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.forms.boundfield import BoundWidget
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.card_games import card_game_of
from tournaments.formats import FORMATS, Format
from tournaments.kernel.forms import BoundedCharField, choice_field, model_choice_field
from tournaments.kernel.numbers import BoundedIntegerField, BoundedModelChoiceField
from tournaments.kernel.profiles import presets, profile_label
from tournaments.models import Club, Event
from tournaments.services.scores.audit import REASON_MAX
from tournaments.services.setup.events import EVENT_DETAILS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise, StrPromise

NUMBER = {"inputmode": "numeric"}


def preset_value(card_game: str, slug: str) -> str:
    return f"{card_game}:{slug}"


def preset_choices() -> list[tuple["StrOrPromise", list[tuple[str, str]]]]:
    """The presets grouped by card game, each as "card_game:slug"."""
    return [
        (
            label,
            [
                (preset_value(card_game, slug), profile_label(profile.name))
                for slug, profile in presets(card_game).items()
            ],
        )
        for card_game, label in Event.CardGame.choices
    ]


class PresetField(forms.ChoiceField):
    """One list of every preset, grouped by card game; cleans to ``(card_game, slug)``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Game and rules"))
        kwargs.setdefault(
            "help_text",
            _("Start from the rules your club plays. Every rule can be changed on the next page."),
        )
        super().__init__(choices=preset_choices, **kwargs)

    def clean(self, value: object) -> tuple[str, str]:
        card_game, _sep, slug = str(super().clean(value)).partition(":")
        return card_game, slug


def last_club(user: User, clubs: list[Club]) -> Club | None:
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

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clubs = list(user.clubs.all())
        if clubs:
            model_choice_field(self, "club").queryset = user.clubs.all()
            self.fields["club"].initial = last_club(user, clubs)
        else:
            del self.fields["club"]
        self.fields["preset"].initial = preset_value(Event.CardGame.CANASTA, "wiener")
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
        label=_("Paper size"), choices=Event._meta.get_field("paper_size").choices or ()
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

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clubs = Club.objects.filter(directors=event.owner)
        model_choice_field(self, "club").queryset = clubs
        if not clubs.exists():
            del self.fields["club"]
        modes = card_game_of(event).entry_modes
        if modes:
            labels = dict(Event.EntryMode.choices)
            choice_field(self, "entry_modes").choices = [(mode, labels[mode]) for mode in modes]
        else:
            del self.fields["entry_modes"]


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

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        card_game = card_game_of(event)
        field = self.fields["round_deals"]
        field.label, field.help_text = card_game.round_deals_label, card_game.round_deals_help
        self.fields["round_minutes"].help_text = card_game.words.says("time_help")
        choice_field(self, "round_kind").choices = card_game.round_kinds()


class FormatForm(forms.Form):
    """The Format step: only the systems the event's card game can be played in, and only the
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
        empty_value=False,  # type: ignore[arg-type]  # the cleaned value is a bool; django-stubs wants a str
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
    seed_by_rating = forms.BooleanField(
        label=_("Seed round 1 by the club's rating list"),
        required=False,
    )
    planned_rounds = BoundedIntegerField(
        label=_("Rounds to play"),
        required=False,
        min_value=1,
        max_value=99,
        widget=forms.NumberInput(attrs=NUMBER),
    )

    def __init__(
        self,
        *args: Any,
        formats: list[Format],
        table_kinds: list[tuple[str, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "format").choices = [(fmt.key, fmt.label) for fmt in formats]
        if table_kinds:
            choice_field(self, "table_kind").choices = table_kinds
        else:
            del self.fields["table_kind"]
        options = {
            "balanced_schedule": any(fmt.balanced_schedule_allowed for fmt in formats),
            "odd_tables": any(fmt.odd_tables_allowed for fmt in formats),
            "fixed_partners": any(fmt.teams_allowed for fmt in formats),
            "seed_by_rating": any(fmt.seeds_by_rating for fmt in formats),
        }
        for name, offered in options.items():
            if not offered:
                del self.fields[name]
        if "fixed_partners" in self.fields:
            teams = [str(fmt.label) for fmt in formats if fmt.teams_allowed]
            self.fields["fixed_partners"].help_text = gettext(
                "Only with: %(formats)s. You form the teams after entering the players."
            ) % {"formats": ", ".join(teams)}
        if "seed_by_rating" in self.fields:
            seeding = [str(fmt.label) for fmt in formats if fmt.seeds_by_rating]
            self.fields["seed_by_rating"].help_text = gettext(
                "Only with these formats: %(formats)s; the event needs its club. A Swiss event's "
                "round 1 pairs the top half of the list with the bottom half; winner moves up "
                "starts the strongest four at table 1. Players without a rating come after the "
                "rated ones, by lot."
            ) % {"formats": ", ".join(seeding)}

    def format_options(self) -> list[tuple[BoundWidget, "StrPromise"]]:
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


class ReopenForm(forms.Form):
    reason = BoundedCharField(
        label=_("Why is it reopened?"),
        max_length=REASON_MAX,
        help_text=_("Kept in the audit trail, e.g. “deal 3 at table 2 was entered twice”."),
    )
