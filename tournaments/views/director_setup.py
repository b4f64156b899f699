"""Director: the event page (the hub of the evening) and the set-up wizard's steps.

Steps: event, rules, round, format, scoring, then players, teams (fixed
partners only) and the draw (``director_players``). Every step can be revisited
until round 1 starts; then the pages show the set-up read-only.
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms import BaseForm, Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournaments.formats import format_of
from tournaments.forms.profile import ProfileForm
from tournaments.forms.setup import (
    CoDirectorForm,
    EventDetailsForm,
    FormatForm,
    NewEventForm,
    PresetForm,
    ReopenForm,
    RoundForm,
    ScoringForm,
    preset_value,
)
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import show_service_error
from tournaments.kernel.numbers import MAX_SMALL, NumberError, parse_int
from tournaments.kernel.profiles import event_profile, event_profile_label
from tournaments.kernel.users import logged_in
from tournaments.models import Event, Round
from tournaments.services.pages.rule_summary import rule_summary
from tournaments.services.rounds.steps import unconfirmed_entries
from tournaments.services.setup import events as setup
from tournaments.views.doors import director_required

STEPS = [
    ("event", gettext_lazy("Event")),
    ("rules", gettext_lazy("Rules")),
    ("round", gettext_lazy("Round")),
    ("format", gettext_lazy("Format")),
    ("scoring", gettext_lazy("Scoring")),
    ("players", gettext_lazy("Players")),
    ("teams", gettext_lazy("Teams")),
    ("draw", gettext_lazy("Draw")),
]
OWN_PAGES = {
    "players": "tournaments-director-players",
    "teams": "tournaments-director-teams",
    "draw": "tournaments-director-draw",
}


def step_url(event: Event, step: str) -> str:
    if step in OWN_PAGES:
        return reverse(OWN_PAGES[step], args=[event.pk])
    return reverse("tournaments-director-setup", args=[event.pk, step])


def event_steps(event: Event) -> list[str]:
    return [slug for slug, _label in STEPS if slug != "teams" or setup.uses_teams(event)]


def next_step_url(event: Event, step: str) -> str:
    steps = event_steps(event)
    if step in steps and steps.index(step) + 1 < len(steps):
        return step_url(event, steps[steps.index(step) + 1])
    return event.get_absolute_url()


def wizard(event: Event, current: str) -> dict[str, Any]:
    """What every step page shows: the step bar, the lock, where "continue" goes."""
    done: dict[str, bool] = {}
    for check in setup.checklist(event):
        if check.step in ("players", "teams", "draw"):
            done[check.step] = done.get(check.step, True) and check.done
    labels = dict(STEPS)
    steps = [
        {
            "slug": slug,
            "label": labels[slug],
            "url": step_url(event, slug),
            "number": index,
            "current": slug == current,
            "done": done.get(slug, True),
        }
        for index, slug in enumerate(event_steps(event), start=1)
    ]
    return {
        "event": event,
        "steps": steps,
        "step": current,
        "locked": setup.setup_locked(event),
        "finished": event.status == Event.Status.FINISHED,
        "next_url": next_step_url(event, current),
    }


def _lock(form: BaseForm) -> None:
    for field in form.fields.values():
        field.disabled = True


# --- the event page ---------------------------------------------------------------------


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = NewEventForm(request.POST or None, user=logged_in(request.user))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        card_game, slug = data["preset"]
        try:
            event = setup.create_event(
                logged_in(request.user),
                name=data["name"],
                date=data["date"],
                card_game=card_game,
                profile_slug=slug,
                club=data.get("club"),
            )
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(
                request,
                _(
                    "The event is created. First: the public page, how the phones enter a deal "
                    "and the printouts."
                ),
            )
            return redirect(step_url(event, "event"))
    return render(request, "tournaments/setup/new.html", {"form": form})


def _event_page(
    request: HttpRequest, event: Event, co_form: CoDirectorForm | None = None
) -> HttpResponse:
    checks = setup.checklist(event)
    for check in checks:
        check.url = step_url(event, check.step)
    rounds = list(event.rounds.order_by("number"))
    open_round = next((r for r in rounds if r.status == Round.Status.OPEN), None)
    # The finish dialog lists what no longer can be confirmed once the event is finished;
    # while a round is played, the close dialog lists its entries.
    closing = open_round is None and event.status != Event.Status.FINISHED
    context = {
        **wizard(event, ""),
        "checks": checks,
        "ready": all(check.done for check in checks),
        "first_missing": next((check for check in checks if not check.done), None),
        "players": event.players.count(),
        "active": setup.active_count(event),
        "tables": event.tables.count(),
        "rounds": rounds,
        "open_round": open_round,
        "unconfirmed": unconfirmed_entries(event) if closing else [],
        "rounds_to_play": setup.rounds_to_play(event),
        "round_summary": setup.round_summary(event),
        "profile_label": event_profile_label(event),
        "is_owner": event.owner_id == request.user.pk,
        "co_directors": list(event.co_directors.order_by("username")),
        "co_form": co_form or CoDirectorForm(),
        "reopen_form": ReopenForm(),
    }
    return render(request, "tournaments/event_detail.html", context)


@director_required
@require_GET
def event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    return _event_page(request, event)


@director_required
@require_POST
def finish(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        setup.finish_event(event, request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("The event is finished. Standings and printouts stay available.")
        )
    return redirect(event)


@director_required
@require_POST
def reopen(request: HttpRequest, event: Event) -> HttpResponse:
    """Open a finished event again for corrections (with a reason for the audit trail)."""
    form = ReopenForm(request.POST)
    try:
        if not form.is_valid():
            raise ServiceError(_("Give a reason."))
        setup.reopen_event(event, request.user, form.cleaned_data["reason"])
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _(
                "The event is open again: correct it on the rounds page, then finish it "
                "again. Until then it counts for no rating list."
            ),
        )
    return redirect(event)


@director_required
@require_POST
def co_director_add(request: HttpRequest, event: Event) -> HttpResponse:
    form = CoDirectorForm(request.POST)
    if form.is_valid():
        try:
            other = setup.add_co_director(event, request.user, form.cleaned_data["username"])
        except ServiceError as error:
            if not error.field_errors:
                messages.error(request, error.message)
                return redirect(event)
            show_service_error(form, error)
        else:
            messages.success(
                request,
                _("%(name)s can now direct this event with you.") % {"name": other.get_username()},
            )
            return redirect(event)
    return _event_page(request, event, co_form=form)


@director_required
@require_POST
def co_director_remove(request: HttpRequest, event: Event, user_id: int) -> HttpResponse:
    try:
        setup.remove_co_director(event, request.user, user_id)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The co-director was removed."))
    return redirect(event)


# --- the steps ----------------------------------------------------------------------


def _save_step(
    request: HttpRequest,
    event: Event,
    step: str,
    form: Form,
    save: Callable[[dict[str, Any]], None],
    template: str,
    context: dict[str, Any] | None = None,
    lockable: bool = True,
) -> HttpResponse:
    """Bind, validate, call the service, go on to the next step; read-only once locked."""
    locked = setup.setup_locked(event) if lockable else event.status == Event.Status.FINISHED
    if request.method == "POST" and form.is_valid():
        try:
            save(form.cleaned_data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(request, _("Saved."))
            return redirect(next_step_url(event, step))
    if locked:
        _lock(form)
    return render(
        request,
        template,
        {**wizard(event, step), "form": form, "editable": not locked, **(context or {})},
    )


def _event_step(request: HttpRequest, event: Event) -> HttpResponse:
    initial = {name: getattr(event, name) for name in setup.EVENT_DETAILS}
    form = EventDetailsForm(request.POST or None, initial=initial, event=event)

    def save(data: dict[str, Any]) -> None:
        setup.update_details(event, **{name: data[name] for name in form.fields})

    return _save_step(
        request, event, "event", form, save, "tournaments/setup/event.html", lockable=False
    )


def _rules_step(request: HttpRequest, event: Event) -> HttpResponse:
    locked = setup.setup_locked(event)
    preset_form = PresetForm(
        initial={"preset": preset_value(event.card_game, event.profile_slug)}, prefix="preset"
    )
    if request.method == "POST" and request.POST.get("action") == "preset":
        preset_form = PresetForm(request.POST, prefix="preset")
        if preset_form.is_valid():
            card_game, slug = preset_form.cleaned_data["preset"]
            try:
                setup.choose_preset(event, card_game=card_game, profile_slug=slug)
            except ServiceError as error:
                show_service_error(preset_form, error)
            else:
                messages.success(
                    request, _("The rules now are the preset's. Change any of them below.")
                )
                return redirect(step_url(event, "rules"))
    bound = request.method == "POST" and request.POST.get("action") == "rules"
    form = ProfileForm(
        request.POST if bound else None, card_game=event.card_game, profile=event_profile(event)
    )
    if bound and form.is_valid():
        assert form.profile is not None  # a valid form has built it
        try:
            setup.save_profile(event, form.profile)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(request, _("Saved."))
            return redirect(next_step_url(event, "rules"))
    if locked:
        _lock(form)
        _lock(preset_form)
    context = {
        **wizard(event, "rules"),
        "form": form,
        "preset_form": preset_form,
        "editable": not locked,
        "summary": rule_summary(event),
        "profile_label": event_profile_label(event),
    }
    return render(request, "tournaments/setup/rules.html", context)


def _round_step(request: HttpRequest, event: Event) -> HttpResponse:
    initial = {
        "round_kind": event.round_kind,
        "round_deals": event.round_deals,
        "round_minutes": event.round_minutes,
    }
    form = RoundForm(request.POST or None, initial=initial, event=event)

    def save(data: dict[str, Any]) -> None:
        setup.set_round(
            event,
            round_kind=data["round_kind"],
            round_deals=data["round_deals"],
            round_minutes=data["round_minutes"],
        )

    return _save_step(
        request,
        event,
        "round",
        form,
        save,
        "tournaments/setup/round.html",
        {"target": (event.profile or {}).get("target")},
    )


def _expected_key(event: Event) -> str:
    return f"meld.expected_players.{event.pk}"


def _preview_players(request: HttpRequest, event: Event, entered: int) -> int | None:
    """The number of players the Format step plans for: one asked for (remembered for the
    event while nobody is entered), else those entered, else the number expected, if given."""
    try:
        wanted = min(parse_int(request.GET.get("players", ""), minimum=0, maximum=MAX_SMALL), 200)
    except NumberError:
        if entered:
            return entered
        return request.session.get(_expected_key(event))
    if not entered:
        request.session[_expected_key(event)] = wanted
    return wanted


def _format_step(request: HttpRequest, event: Event) -> HttpResponse:
    formats = setup.offered_formats(event)
    initial = {
        "format": event.format if event.format in {f.key for f in formats} else formats[0].key,
        "balanced_schedule": "1" if event.balanced_schedule else "0",
        "fixed_partners": event.fixed_partners,
        "odd_tables": event.odd_tables,
        "planned_rounds": event.planned_rounds,
        "table_kind": event.table_kind,
        "seed_by_rating": event.seed_by_rating,
    }
    form = FormatForm(
        request.POST or None,
        initial=initial,
        formats=formats,
        table_kinds=setup.table_kinds(event),
    )
    automatic = setup.automatic_rounds(event)
    if automatic:
        form.fields["planned_rounds"].widget.attrs["placeholder"] = automatic
    entered = setup.active_count(event)
    n = _preview_players(request, event, entered)
    hints = setup.rounds_hints(event, n or 0)
    context = {
        "players": n,
        "entered": entered,
        "previews": setup.schedule_previews(event, n) if n is not None else [],
        "schedules": any(fmt.schedule_ahead for fmt in formats),
        "rounds_hints": [hint.text for hint in hints.values()] if n is not None else [],
        # Each format's rounds by name as well (``swiss_rounds`` …).
        **{f"{key}_rounds": hint.rounds for key, hint in hints.items()},
        "automatic_rounds": automatic,
    }

    def save(data: dict[str, Any]) -> None:
        setup.set_format(
            event,
            format=data["format"],
            balanced_schedule=bool(data.get("balanced_schedule")),
            fixed_partners=bool(data.get("fixed_partners")),
            planned_rounds=data["planned_rounds"],
            odd_tables=data.get("odd_tables") or "",
            table_kind=data.get("table_kind") or "",
            seed_by_rating=data["seed_by_rating"],
        )

    return _save_step(
        request, event, "format", form, save, "tournaments/setup/format.html", context
    )


def _scoring_step(request: HttpRequest, event: Event) -> HttpResponse:
    form = ScoringForm(
        request.POST or None,
        initial={"scoring_mode": event.scoring_mode, "bye_score": event.bye_score},
    )

    def save(data: dict[str, Any]) -> None:
        setup.set_scoring(event, scoring_mode=data["scoring_mode"], bye_score=data["bye_score"])

    context = {"asks_bye_score": format_of(event).asks_bye_score}
    return _save_step(
        request, event, "scoring", form, save, "tournaments/setup/scoring.html", context
    )


STEP_PAGES = {
    "event": _event_step,
    "rules": _rules_step,
    "round": _round_step,
    "format": _format_step,
    "scoring": _scoring_step,
}


@director_required
def setup_step(request: HttpRequest, event: Event, step: str) -> HttpResponse:
    page = STEP_PAGES.get(step)
    if page is None:
        raise Http404("No such set-up step.")
    return page(request, event)
