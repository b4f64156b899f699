"""Director: one table's game — its deals (hands), corrections with a reason, disputes settled."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.card_games import card_game_of, sides_of
from tournaments.forms.corrections import CorrectionForm, SettleForm
from tournaments.kernel.deal import seats_prefetch
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import show_service_error
from tournaments.kernel.numbers import MAX_SMALL
from tournaments.models import Entry, Event, Game, Round
from tournaments.services.pages.live import nav
from tournaments.services.rounds.steps import end_game
from tournaments.services.scores.entries import correct_entry, settle_dispute
from tournaments.services.scores.entry_rows import deal_left_problem
from tournaments.services.scores.results import game_sheet
from tournaments.views.doors import director_required, query_int


def side_names(game: Game) -> list[str]:
    return [side.names for side in sides_of(game)]


def _game(event: Event, game_id: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("round__event", "table").prefetch_related(seats_prefetch()),
        pk=game_id,
        round__event=event,
    )


def _render(
    request: HttpRequest,
    event: Event,
    game: Game,
    *,
    correction: CorrectionForm | None = None,
    settle_forms: dict[int, SettleForm] | None = None,
    status: int = 200,
) -> HttpResponse:
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
            entry.pk, SettleForm(game=game, entry=entry, prefix=f"settle{entry.pk}")
        )
    context = {
        **nav(event, "board", game.round),
        "game": game,
        "round": game.round,
        "names": names,
        "sides": [(side.label, side.names) for side in sides_of(game)],
        "sheet": game_sheet(game),
        "versions": versions,
        "disputed": [(entry, settle_forms[entry.pk]) for entry in disputed],
        "correction": correction or _correction(request, game, versions, numbers),
        "can_end": (event.timed and not game.finished and game.round.status == Round.Status.OPEN),
    }
    return render(request, "tournaments/rounds/game.html", context, status=status)


def _correction(
    request: HttpRequest, game: Game, versions: list[Entry], numbers: list[int]
) -> CorrectionForm:
    """``?fix=3``: the correction form starts from deal 3 as it counts now (or as entered);
    a deal is offered to add only where the game takes one more."""
    wanted = query_int(request, "fix", minimum=1, maximum=MAX_SMALL)
    adding = not deal_left_problem(game, max(numbers, default=0) + 1)
    if wanted is not None:
        number = wanted
    elif not adding and versions:
        number = versions[-1].number  # a game that takes no more: its last deal is the likely fix
    else:
        return CorrectionForm(game=game, numbers=numbers, prefix="fix")
    current = [e for e in versions if e.number == number and e.status != Entry.Status.SUPERSEDED]
    entry = next((e for e in current if e.status == Entry.Status.CONFIRMED), None)
    entry = entry or (current[0] if current else None)
    return CorrectionForm(
        game=game, entry=entry, numbers=numbers, number=number, adding=adding, prefix="fix"
    )


@director_required
@require_GET
def game(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    return _render(request, event, _game(event, game_id))


@director_required
@require_POST
def correct(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    game = _game(event, game_id)
    numbers = sorted(set(game.entries.values_list("number", flat=True)))
    form = CorrectionForm(request.POST, game=game, numbers=numbers, prefix="fix")
    if form.is_valid():
        number = form.cleaned_data["number"]
        try:
            correct_entry(
                game,
                number,
                form.entry_data(),
                user=request.user,
                reason=form.cleaned_data["reason"],
                later=form.cleaned_data.get("later", False),
            )
        except ServiceError as error:
            show_service_error(form.deal, error)
        else:
            messages.success(request, card_game_of(event).words.says("corrected", number=number))
            return redirect("tournaments-director-game", event_id=event.pk, game_id=game.pk)
    return _render(request, event, game, correction=form, status=400)


@director_required
@require_POST
def settle(request: HttpRequest, event: Event, game_id: int, entry_id: int) -> HttpResponse:
    game = _game(event, game_id)
    entry = get_object_or_404(Entry, pk=entry_id, game=game)
    form = SettleForm(request.POST, game=game, entry=entry, prefix=f"settle{entry.pk}")
    if form.is_valid():
        decision = form.cleaned_data["decision"]
        try:
            settle_dispute(
                entry,
                user=request.user,
                accept=decision == "accept",
                reason=form.cleaned_data["reason"],
                data=form.entry_data() if decision == "replace" else None,
                later=form.cleaned_data.get("later", False),
            )
        except ServiceError as error:
            # The deal's fields were checked only when the director typed scores.
            show_service_error(form.deal if decision == "replace" else form, error)
        else:
            messages.success(
                request, card_game_of(event).words.says("settled", number=entry.number)
            )
            return redirect("tournaments-director-game", event_id=event.pk, game_id=game.pk)
    return _render(request, event, game, settle_forms={entry.pk: form}, status=400)


@director_required
@require_POST
def end(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    """A timed round: the director ends this table's game after its last deal."""
    game = _game(event, game_id)
    try:
        end_game(game, user=request.user, reason=request.POST.get("reason", "").strip())
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The game at %(table)s is over.") % {"table": game.table})
    return redirect("tournaments-director-game", event_id=event.pk, game_id=game.pk)
