"""Director: one table's game — its deals (hands), corrections with a reason, disputes settled."""

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scoring.canasta import side_label
from scoring.gin import MAX_DEADWOOD
from tournaments.access import director_required
from tournaments.forms import BoundedCharField
from tournaments.forms.entry import MAX_DEAL_TOTAL
from tournaments.models import Entry, Event, Game, Round
from tournaments.numbers import MAX_SMALL, BoundedIntegerField, query_int
from tournaments.services.audit import REASON_MAX
from tournaments.services.errors import ServiceError
from tournaments.views.director_rounds import nav

SETTLE_CHOICES = [
    ("accept", gettext_lazy("The entry is right: it counts as entered")),
    ("reject", gettext_lazy("The entry is wrong: the table enters the deal again")),
    ("replace", gettext_lazy("The entry is wrong: these scores count")),
]
GIN_KINDS = [
    ("knock", gettext_lazy("Knock")),
    ("gin", gettext_lazy("Gin")),
    ("no_game", gettext_lazy("No game")),
]


def side_names(game: Game) -> list[str]:
    sides: dict[int, list[str]] = {}
    for seat in sorted(game.seats.all(), key=lambda s: s.position):
        sides.setdefault(seat.side, []).append(str(seat.player))
    return [" & ".join(sides[side]) for side in sorted(sides)] or [_("Side 1"), _("Side 2")]


class ScoresForm(forms.Form):
    """A deal's (hand's) scores as the director reads them off the score sheet, with a reason.

    Canasta: each side's total for the deal. Gin: how the hand ended and the deadwood.
    """

    reason = BoundedCharField(
        label=gettext_lazy("Reason"),
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=REASON_MAX,
        help_text=gettext_lazy("Kept in the audit trail, e.g. “score sheet of the table checked”."),
    )

    def __init__(self, *args, game: Game, names: list[str], scores_required: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.canasta = game.round.event.is_canasta
        if self.canasta:
            for index, name in enumerate(names):
                self.fields[f"s{index}_total"] = BoundedIntegerField(
                    label=_("Side %(label)s: %(names)s")
                    % {"label": side_label(index), "names": name},
                    required=scores_required,
                    min_value=-MAX_DEAL_TOTAL,
                    max_value=MAX_DEAL_TOTAL,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5}),
                )
        else:
            self.fields["kind"] = forms.ChoiceField(
                label=_("How the hand ended"), choices=GIN_KINDS, required=scores_required
            )
            self.fields["knocker"] = forms.TypedChoiceField(
                label=_("Knocked or went gin"),
                coerce=int,
                required=False,
                choices=[("", "–")] + [(str(i), name) for i, name in enumerate(names)],
            )
            self.fields["knocker_deadwood"] = BoundedIntegerField(
                label=_("Knocker's deadwood"),
                required=False,
                min_value=0,
                max_value=MAX_DEADWOOD,
            )
            self.fields["defender_deadwood"] = BoundedIntegerField(
                label=_("Defender's deadwood (after laying off)"),
                required=False,
                min_value=0,
                max_value=MAX_DEADWOOD,
            )
        self.order_fields([name for name in self.fields if name != "reason"] + ["reason"])

    def score_fields(self):
        return [self[name] for name in self.fields if name not in ("reason", "number", "decision")]

    def has_scores(self) -> bool:
        names = [name for name in self.fields if name not in ("reason", "number", "decision")]
        return any(self.cleaned_data.get(name) not in (None, "") for name in names)

    def entry_data(self) -> dict:
        data = self.cleaned_data
        if self.canasta:
            count = len([name for name in self.fields if name.endswith("_total")])
            return {"totals": [data.get(f"s{i}_total") for i in range(count)]}
        return {
            "kind": data.get("kind"),
            "knocker": data.get("knocker"),
            "knocker_deadwood": data.get("knocker_deadwood"),
            "defender_deadwood": data.get("defender_deadwood"),
        }

    def add_service_error(self, error: ServiceError) -> None:
        for name, problems in error.field_errors.items():
            for problem in problems:
                self.add_error(name if name in self.fields else None, problem)
        if not error.field_errors:
            self.add_error(None, error.message)


class CorrectionForm(ScoresForm):
    number = forms.TypedChoiceField(label=gettext_lazy("Deal"), coerce=int)

    def __init__(self, *args, numbers: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        word = _("Deal") if self.canasta else _("Hand")
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


def _game(event: Event, game_id: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("round__event", "table").prefetch_related("seats__player"),
        pk=game_id,
        round__event=event,
    )


def _sheet(game: Game):
    try:
        from tournaments.services.results import game_sheet
    except ImportError:  # pragma: no cover - the results service lands separately
        return None
    return game_sheet(game)


def _render(request, event: Event, game: Game, *, correction=None, settle_forms=None, status=200):
    names = side_names(game)
    versions = list(
        Entry.objects.filter(game=game)
        .select_related(
            "entered_by_seat__player",
            "decided_by_seat__player",
            "entered_by_user",
            "decided_by_user",
        )
        .order_by("number", "version")
    )
    numbers = sorted({entry.number for entry in versions})
    disputed = [entry for entry in versions if entry.status == Entry.Status.DISPUTED]
    settle_forms = settle_forms or {}
    for entry in disputed:
        settle_forms.setdefault(
            entry.pk, SettleForm(game=game, names=names, prefix=f"settle{entry.pk}")
        )
    context = {
        **nav(event, "board", game.round),
        "game": game,
        "round": game.round,
        "names": names,
        "sides": [(side_label(index), name) for index, name in enumerate(names)],
        "sheet": _sheet(game),
        "versions": versions,
        "disputed": [(entry, settle_forms[entry.pk]) for entry in disputed],
        "correction": correction
        or CorrectionForm(
            game=game,
            names=names,
            numbers=numbers,
            prefix="fix",
            initial=_prefill(request, game, versions),
        ),
        "can_end": (
            event.round_kind == Event.RoundKind.TIME
            and not game.finished
            and game.round.status == Round.Status.OPEN
        ),
    }
    return render(request, "tournaments/rounds/game.html", context, status=status)


def _prefill(request: HttpRequest, game: Game, versions: list[Entry]) -> dict:
    """``?fix=3``: the correction form starts from deal 3 as it counts now (or as entered)."""
    wanted = query_int(request, "fix", minimum=1, maximum=MAX_SMALL)
    if wanted is not None:
        number = wanted
    elif game.finished and versions:
        number = versions[-1].number  # a game that is over: its last deal is the likely fix
    else:
        return {}
    current = [e for e in versions if e.number == number and e.status != Entry.Status.SUPERSEDED]
    if not current:
        return {}
    entry = next((e for e in current if e.status == Entry.Status.CONFIRMED), current[0])
    initial = {"number": str(number)}
    details = entry.details or {}
    if "kind" in details:
        for name in ("kind", "knocker", "knocker_deadwood", "defender_deadwood"):
            if details.get(name) is not None:
                initial[name] = details[name]
    else:
        initial.update({f"s{index}_total": points for index, points in enumerate(entry.points)})
    return initial


@director_required
def game(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    return _render(request, event, _game(event, game_id))


@director_required
@require_POST
def correct(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    from tournaments.services.entries import correct_entry

    game = _game(event, game_id)
    numbers = sorted(set(game.entries.values_list("number", flat=True)))
    form = CorrectionForm(
        request.POST, game=game, names=side_names(game), numbers=numbers, prefix="fix"
    )
    if form.is_valid():
        number = form.cleaned_data["number"]
        try:
            correct_entry(
                game,
                number,
                form.entry_data(),
                user=request.user,
                reason=form.cleaned_data["reason"],
            )
        except ServiceError as error:
            form.add_service_error(error)
        else:
            if event.is_canasta:
                text = _("Deal %(number)d is corrected and counts now.")
            else:
                text = _("Hand %(number)d is corrected and counts now.")
            messages.success(request, text % {"number": number})
            return redirect("tournaments-director-game", event_id=event.pk, game_id=game.pk)
    return _render(request, event, game, correction=form, status=400)


@director_required
@require_POST
def settle(request: HttpRequest, event: Event, game_id: int, entry_id: int) -> HttpResponse:
    from tournaments.services.entries import settle_dispute

    game = _game(event, game_id)
    entry = get_object_or_404(Entry, pk=entry_id, game=game)
    form = SettleForm(request.POST, game=game, names=side_names(game), prefix=f"settle{entry.pk}")
    if form.is_valid():
        decision = form.cleaned_data["decision"]
        try:
            settle_dispute(
                entry,
                user=request.user,
                accept=decision == "accept",
                reason=form.cleaned_data["reason"],
                data=form.entry_data() if decision == "replace" else None,
            )
        except ServiceError as error:
            form.add_service_error(error)
        else:
            if event.is_canasta:
                text = _("The dispute about deal %(number)d is settled.")
            else:
                text = _("The dispute about hand %(number)d is settled.")
            messages.success(request, text % {"number": entry.number})
            return redirect("tournaments-director-game", event_id=event.pk, game_id=game.pk)
    return _render(request, event, game, settle_forms={entry.pk: form}, status=400)


@director_required
@require_POST
def end(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    """A timed round: the director ends this table's game after its last deal."""
    from tournaments.services.results import end_game

    game = _game(event, game_id)
    try:
        end_game(game, user=request.user, reason=request.POST.get("reason", "").strip())
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The game at %(table)s is over.") % {"table": game.table})
    return redirect("tournaments-director-game", event_id=event.pk, game_id=game.pk)
