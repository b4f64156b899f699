"""Director: the player list (typed, pasted, imported), teams, the draw and typed numbers.

After round 1 has started the list page offers late entries, withdrawals and
substitutes instead of adding and removing.
"""

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.access import keeps_register, members_for
from tournaments.formats import format_of
from tournaments.forms.players import (
    CsvForm,
    NewcomerForm,
    NumbersForm,
    PasteForm,
    PlayerForm,
    TeamsForm,
)
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import show_service_error
from tournaments.kernel.names import by_family_name, family_key
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.models import Event, Player
from tournaments.services.setup import draw as draw_service
from tournaments.services.setup import events as setup
from tournaments.services.setup import player_changes
from tournaments.services.setup import players as service
from tournaments.views.director_members import chosen_member, offered, pick_panel
from tournaments.views.director_setup import step_url, wizard
from tournaments.views.doors import director_required

LIST_LIMIT = 1000


def _player(event: Event, player_id: int) -> Player:
    return get_object_or_404(event.players, pk=player_id)


def _report(request: HttpRequest, added: service.Added, one: bool = False) -> None:
    count = len(added.players)
    if one:
        messages.success(request, _("%(name)s added.") % {"name": added.players[0].name})
    else:
        messages.success(
            request,
            ngettext("%(count)d player added.", "%(count)d players added.", count)
            % {"count": count},
        )
    for warning in added.warnings:
        messages.warning(request, warning)
    for note in added.notes:
        messages.info(request, note)
    for player in added.undecided:
        messages.warning(request, service.link_note(player))


def _newcomer_form(
    request: HttpRequest, event: Event, data: QueryDict | None = None, **kwargs: Any
) -> NewcomerForm:
    """A late entry's or substitute's form; it searches the register while a name is typed."""
    find_url = ""
    if offered(event, request.user).exists():
        find_url = reverse("tournaments-director-members-find", args=[event.pk])
    return NewcomerForm(data, find_url=find_url, **kwargs)


def _report_newcomer(request: HttpRequest, player: Player) -> None:
    """A late entry's or substitute's link to the register, when the director should know."""
    if note := service.link_note(player):
        (messages.warning if player.member_undecided else messages.info)(request, note)


def _players_page(request: HttpRequest, event: Event, **forms: Any) -> HttpResponse:
    players = list(
        event.players.select_related("substitute_for", "member").order_by("number", "pk")[
            :LIST_LIMIT
        ]
    )
    if not any(player.number for player in players):
        players = by_family_name(players)
    twice = service.duplicate_keys(event)
    replaced_by = {p.substitute_for_id: p for p in players if p.substitute_for_id}
    for player in players:  # what the list shows of each player, beside the model's fields
        player.duplicate = player.name.casefold() in twice  # type: ignore[attr-defined]  # for the template only
        player.replaced_by = replaced_by.get(player.pk)  # type: ignore[attr-defined]  # for the template only
    started = setup.setup_locked(event)
    fmt = format_of(event)
    form = forms.get("form") or (_newcomer_form(request, event) if started else PlayerForm())
    if request.GET.get("more") or form.errors:
        form.fields["name"].widget.attrs["autofocus"] = True
    context = {
        **wizard(event, "players"),
        "players": players,
        "total": event.players.count(),
        "list_limit": LIST_LIMIT,
        "count": setup.active_count(event),
        "duplicates": bool(twice),
        "problems": setup.format_problems(event),
        "started": started,
        "next_round": player_changes.next_round(event) if started else 1,
        "can_withdraw": fmt.takes_withdrawals(event),
        "can_late_enter": fmt.takes_late_entries(event),
        "form": form,
        "paste_form": forms.get("paste_form") or PasteForm(),
        "csv_form": forms.get("csv_form") or CsvForm(),
        "open_panel": forms.get("open_panel", ""),
        "questions": service.questions(event) if keeps_register(request.user, event) else [],
        "find_members": "hx-get" in form.fields["name"].widget.attrs,
        **(pick_panel(request, event) if not started else {}),
    }
    return render(request, "tournaments/setup/players.html", context)


@director_required
def players(request: HttpRequest, event: Event) -> HttpResponse:
    """The list; POST adds one typed player."""
    if request.method != "POST":
        return _players_page(request, event)
    form = PlayerForm(request.POST)
    if form.is_valid():
        try:
            added = service.add_player(event, by=request.user, **form.cleaned_data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            _report(request, added, one=True)
            # Back with the cursor in the name field, ready for the next name.
            return redirect(reverse("tournaments-director-players", args=[event.pk]) + "?more=1")
    return _players_page(request, event, form=form)


@director_required
@require_POST
def paste(request: HttpRequest, event: Event) -> HttpResponse:
    form = PasteForm(request.POST)
    if form.is_valid():
        try:
            added = service.paste_players(event, form.cleaned_data["text"], by=request.user)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            _report(request, added)
            return redirect("tournaments-director-players", event.pk)
    return _players_page(request, event, paste_form=form, open_panel="paste")


@director_required
@require_POST
def csv_import(request: HttpRequest, event: Event) -> HttpResponse:
    form = CsvForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            added = service.import_csv(event, form.cleaned_data["file"].read(), by=request.user)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            _report(request, added)
            return redirect("tournaments-director-players", event.pk)
    return _players_page(request, event, csv_form=form, open_panel="csv")


@director_required
def edit(request: HttpRequest, event: Event, player_id: int) -> HttpResponse:
    player = _player(event, player_id)
    initial = {"name": player.name, "gender": player.gender, "club": player.club}
    form = PlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            added = service.update_player(event, player, **form.cleaned_data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(request, _("Saved."))
            for warning in added.warnings:
                messages.warning(request, warning)
            return redirect("tournaments-director-players", event.pk)
    context = {**wizard(event, "players"), "form": form, "player": player}
    return render(request, "tournaments/setup/player_edit.html", context)


@director_required
@require_POST
def remove(request: HttpRequest, event: Event, player_id: int) -> HttpResponse:
    player = _player(event, player_id)
    try:
        service.remove_player(event, player)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s removed.") % {"name": player.name})
    return redirect("tournaments-director-players", event.pk)


@director_required
@require_POST
def late_entry(request: HttpRequest, event: Event) -> HttpResponse:
    form = _newcomer_form(request, event, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        member = chosen_member(event, request.user, data.pop("member"))
        try:
            player = player_changes.late_entry(event, user=request.user, member=member, **data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(
                request,
                _("%(name)s plays from round %(round)d with number %(number)d.")
                % {"name": player.name, "round": player.joined_round, "number": player.number},
            )
            _report_newcomer(request, player)
            return redirect("tournaments-director-players", event.pk)
    return _players_page(request, event, form=form)


@director_required
@require_POST
def choose_member(request: HttpRequest, event: Event, player_id: int) -> HttpResponse:
    """The answer to "which member is this player?": a member of the club, or none."""
    player = _player(event, player_id)
    if event.club_id is None:
        raise Http404("An event without a club has no members.")
    answer = request.POST.get("member", "")
    member_id = None
    if answer != "none":
        try:
            member_id = parse_int(answer, minimum=1, maximum=MAX_ID)
        except NumberError:
            messages.error(request, _("Choose a member, or “not a member”."))
            return redirect("tournaments-director-players", event.pk)
        # Only a member the asking director may pick: a co-director of this evening keeps
        # no register, and a player linked to a member opens that member's data.
        get_object_or_404(members_for(request.user).filter(club=event.club_id), pk=member_id)
    try:
        player = service.choose_member(event, player, member_id)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        if player.member is None:
            messages.success(request, _("%(name)s is not a member.") % {"name": player.name})
        else:
            messages.success(
                request,
                _("%(name)s is the member %(member)s.")
                % {"name": player.name, "member": player.member.name},
            )
    return redirect("tournaments-director-players", event.pk)


@director_required
@require_POST
def withdraw(request: HttpRequest, event: Event, player_id: int) -> HttpResponse:
    player = _player(event, player_id)
    try:
        from_round = player_changes.withdraw(event, player, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(name)s is no longer paired from round %(round)d on.")
            % {"name": player.name, "round": from_round},
        )
    return redirect("tournaments-director-players", event.pk)


@director_required
def substitute(request: HttpRequest, event: Event, player_id: int) -> HttpResponse:
    player = _player(event, player_id)
    form = _newcomer_form(request, event, request.POST or None, initial={"gender": player.gender})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        member = chosen_member(event, request.user, data.pop("member"))
        try:
            new = player_changes.substitute(event, player, user=request.user, member=member, **data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(
                request,
                _("%(new)s takes number %(number)d from round %(round)d.")
                % {"new": new.name, "number": new.number or 0, "round": new.joined_round},
            )
            _report_newcomer(request, new)
            return redirect("tournaments-director-players", event.pk)
    context = {
        **wizard(event, "players"),
        "form": form,
        "player": player,
        "next_round": player_changes.next_round(event),
        "find_members": "hx-get" in form.fields["name"].widget.attrs,
    }
    return render(request, "tournaments/setup/substitute.html", context)


# --- teams, the draw, typed numbers ----------------------------------------------------


@director_required
def teams(request: HttpRequest, event: Event) -> HttpResponse:
    if not setup.uses_teams(event):
        messages.info(
            request, _("This event has no fixed partners, so there are no teams to form.")
        )
        return redirect(step_url(event, "format"))
    players = list(event.players.order_by("pk"))
    form = TeamsForm(
        request.POST or None, players=players, pairs=draw_service.teams_in_list_order(event)
    )
    locked = setup.setup_locked(event)
    if request.method == "POST" and form.is_valid():
        try:
            draw_service.form_teams(event, form.pairs)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(request, _("The teams are saved. Next: draw the numbers."))
            return redirect(step_url(event, "draw"))
    if locked:
        for field in form.fields.values():
            field.disabled = True
    context = {
        **wizard(event, "teams"),
        "form": form,
        "editable": not locked,
        "odd": len(players) % 2,
        "teams": list(event.teams.order_by("number", "pk")),
    }
    return render(request, "tournaments/setup/teams.html", context)


@director_required
def draw(request: HttpRequest, event: Event) -> HttpResponse:
    """The draw: a button, then the numbers as a list to read out (by number and by name)."""
    if request.method == "POST":
        try:
            draw_service.draw_numbers(event, user=request.user)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The numbers are drawn."))
        return redirect("tournaments-director-draw", event.pk)
    numbered = player_changes.read_out(event)
    holding = {line.player_id for line in numbered}
    teams = (
        [
            (team, [p for p in team.players.all() if p.pk in holding])
            for team in event.teams.prefetch_related("players").order_by("number")
        ]
        if setup.uses_teams(event)
        else []
    )
    context = {
        **wizard(event, "draw"),
        "numbered": numbered,
        "by_name": sorted(numbered, key=lambda line: (family_key(line.name), line.number)),
        "teams": teams,
        "count": setup.active_count(event),
        "problem": setup.numbers_problem(event),
        "format_problems": setup.format_problems(event),
        "tables": event.tables.count(),
        "mixed": format_of(event).by_gender,
    }
    return render(request, "tournaments/setup/draw.html", context)


@director_required
def numbers(request: HttpRequest, event: Event) -> HttpResponse:
    """The director types each number, e.g. from cards the players drew at the club."""
    units = draw_service.numbering_units(event)
    units.sort(key=lambda unit: family_key(unit.name))
    form = NumbersForm(request.POST or None, units=units)
    locked = setup.setup_locked(event)
    if request.method == "POST" and form.is_valid():
        try:
            draw_service.set_numbers(event, form.numbers(), user=request.user)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(request, _("The numbers are saved."))
            return redirect("tournaments-director-draw", event.pk)
    if locked:
        for field in form.fields.values():
            field.disabled = True
    context = {
        **wizard(event, "draw"),
        "form": form,
        "editable": not locked,
        "count": len(units),
        "mixed": format_of(event).by_gender,
        "teams": setup.uses_teams(event),
    }
    return render(request, "tournaments/setup/numbers.html", context)
