"""Director: the club's member register, and picking tonight's players from it."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournaments.access import clubs_for, members_for
from tournaments.forms.members import SEARCH_MAX, MemberForm, MergeForm, SearchForm
from tournaments.forms.players import CsvForm
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.forms import show_service_error
from tournaments.kernel.names import by_family_name
from tournaments.kernel.network import link
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.kernel.text import plain_text
from tournaments.kernel.users import Asker
from tournaments.models import Club, Event, Member
from tournaments.services.club import members as service
from tournaments.services.club import public_page as club_pages
from tournaments.services.club.evenings import member_season
from tournaments.services.setup import players as player_service
from tournaments.services.setup.player_lists import MAX_ROWS
from tournaments.views.director_member_data import privacy_context
from tournaments.views.director_ratings import member_season_ratings
from tournaments.views.doors import director_member, director_required, query_int
from tournaments.views.requests import htmx

LIST_LIMIT = 500


# --- the register --------------------------------------------------------------------


def _club(request: HttpRequest) -> Club | None:
    """The club whose register is shown: ``?club=``, else the director's first club."""
    clubs = clubs_for(request.user)
    wanted = query_int(request, "club", minimum=1, maximum=MAX_ID)
    return clubs.first() if wanted is None else get_object_or_404(clubs, pk=wanted)


def _register_url(club: Club) -> str:
    return f"{reverse('tournaments-director-members')}?club={club.pk}"


def _register_page(request: HttpRequest, club: Club | None, **forms: Any) -> HttpResponse:
    search = SearchForm(request.GET)
    q, show = "", "active"
    if search.is_valid():
        q, show = search.cleaned_data["q"].strip(), search.cleaned_data["show"] or "active"
    context: dict[str, Any] = {
        "clubs": list(clubs_for(request.user)),
        "club": club,
        "search": search,
    }
    if club is not None:
        members = club.members.annotate(evenings=Count("players"))
        if show == "active":
            members = members.filter(active=True)
        shown, total = service.find_members(members, q, LIST_LIMIT)
        context.update(
            members=shown,
            total=total,
            suggestions=service.suggestions(club),
            list_limit=LIST_LIMIT,
            form=forms.get("form") or MemberForm(),
            csv_form=forms.get("csv_form") or CsvForm(),
            open_panel=forms.get("open_panel", ""),
            public_url=_public_url(club),
        )
    return render(request, "tournaments/members/register.html", context)


# The register's pages (names, numbers, addresses) are not kept for the back button.
@never_cache
@login_required
def register(request: HttpRequest) -> HttpResponse:
    """The list with search and filter; POST adds one member."""
    club = _club(request)
    if request.method != "POST" or club is None:
        return _register_page(request, club)
    form = MemberForm(request.POST)
    if form.is_valid():
        try:
            member = service.save_member(club, **form.cleaned_data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(request, _("%(name)s added.") % {"name": member.name})
            return redirect(_register_url(club))
    return _register_page(request, club, form=form, open_panel="add")


@login_required
@require_POST
def csv_import(request: HttpRequest) -> HttpResponse:
    club = _club(request)
    if club is None:
        raise Http404("No club of yours.")
    form = CsvForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            imported = service.import_members(club, form.cleaned_data["file"].read())
        except ServiceError as error:
            show_service_error(form, error)
        else:
            count = len(imported.members)
            messages.success(
                request,
                ngettext("%(count)d member added.", "%(count)d members added.", count)
                % {"count": count},
            )
            for warning in imported.warnings:
                messages.warning(request, warning)
            return redirect(_register_url(club))
    return _register_page(request, club, csv_form=form, open_panel="csv")


@login_required
@require_POST
def build(request: HttpRequest) -> HttpResponse:
    club = _club(request)
    if club is None:
        raise Http404("No club of yours.")
    built = service.build_from_events(request.user, club)
    numbers = {"club": club.name, "created": built.created, "linked": built.linked}
    message = ngettext(
        "From %(events)d past event of %(club)s: %(created)d new members, "
        "%(linked)d players linked to their member.",
        "From %(events)d past events of %(club)s: %(created)d new members, "
        "%(linked)d players linked to their member.",
        built.events,
    ) % {"events": built.events, **numbers}
    messages.success(request, message)
    for kept, others in built.folded:
        messages.info(
            request,
            _("Taken as one member, “%(name)s”: %(others)s.")
            % {"name": kept, "others": ", ".join(f"“{other}”" for other in others)},
        )
    if built.alike:
        pairs = [
            _("“%(first)s” and “%(second)s”") % {"first": a, "second": b} for a, b in built.alike
        ]
        messages.warning(
            request,
            _("May be the same person (kept apart; merge them below if they are): %(pairs)s.")
            % {"pairs": player_service.names_list(pairs)},
        )
    if built.unsure:
        messages.warning(
            request,
            _(
                "Several members have these names, so their players were not linked: "
                "%(names)s. Merge them if they are one person."
            )
            % {"names": player_service.names_list(built.unsure)},
        )
    return redirect(_register_url(club))


def _public_url(club: Club) -> str:
    if not club.public_page:
        return ""
    return link(reverse("tournaments-public-club", args=[club.public_token]))


@login_required
@require_POST
def public_page(request: HttpRequest) -> HttpResponse:
    """Turn the club's public page on or off (the box on the register)."""
    club = _club(request)
    if club is None:
        raise Http404("No club of yours.")
    on = request.POST.get("public_page") == "on"
    club_pages.set_public_page(club, on)
    if on:
        messages.success(request, _("The club's public page is on."))
    else:
        messages.success(request, _("The club's public page is off."))
    return redirect(_register_url(club))


@never_cache
@login_required
def member_page(request: HttpRequest, member_id: int) -> HttpResponse:
    """The member's evenings of one season (rank and total each time), and their charts."""
    member = director_member(request, member_id)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    found = member_season(member, query_int(request, "season", minimum=1, maximum=9999))
    context = {
        "member": member,
        "season": found.season,
        "seasons": found.seasons,
        "evenings": found.evenings,
        "charts": found.charts,
        "metric": found.metric,
        "ratings": member_season_ratings(member, found.season),
        "register_url": _register_url(member.club),
    }
    return render(request, "tournaments/members/member.html", context)


@never_cache
@login_required
def edit(request: HttpRequest, member_id: int) -> HttpResponse:
    member = director_member(request, member_id)
    form = MemberForm(request.POST or None, initial=_initial(member))
    if request.method == "POST" and form.is_valid():
        try:
            service.save_member(member.club, member, **form.cleaned_data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            messages.success(request, _("Saved."))
            return redirect(_register_url(member.club))
    return _edit_page(request, member, form=form)


def _initial(member: Member) -> dict[str, Any]:
    fields = ("name", "number", "gender", "public_name", "active")
    return {name: getattr(member, name) for name in fields}


def _edit_page(request: HttpRequest, member: Member, **forms: Any) -> HttpResponse:
    context = {
        "member": member,
        "form": forms.get("form") or MemberForm(initial=_initial(member)),
        "merge_form": MergeForm(member=member),
        "evenings": member.players.select_related("event").order_by("-event__date")[:50],
        "register_url": _register_url(member.club),
        **privacy_context(member),  # the e-mail for results, the member's data
    }
    return render(request, "tournaments/members/edit.html", context)


@never_cache
@login_required
def merge(request: HttpRequest, member_id: int) -> HttpResponse:
    """Keep this member and merge another into it: GET previews what moves (``?gone=``),
    POST (the preview's confirmation) merges."""
    member = director_member(request, member_id)
    data = request.POST if request.method == "POST" else request.GET
    form = MergeForm(data if data.get("gone") else None, member=member)
    gone = form.cleaned_data["gone"] if form.is_bound and form.is_valid() else None
    if request.method == "POST" and gone is not None:
        try:
            service.merge_members(member, gone)
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect(_register_url(member.club))
        messages.success(
            request,
            _("%(gone)s merged into %(name)s.") % {"gone": gone.name, "name": member.name},
        )
        return redirect("tournaments-director-member-edit", member.pk)
    context = {
        "member": member,
        "merge_form": form,
        "preview": service.merge_preview(member, gone) if gone is not None else None,
        "register_url": _register_url(member.club),
    }
    return render(request, "tournaments/members/merge.html", context)


@login_required
@require_POST
def keep_apart(request: HttpRequest, member_id: int) -> HttpResponse:
    """The register's suggestion was wrong: these two are different people."""
    member = director_member(request, member_id)
    form = MergeForm(request.POST, member=member)
    if not form.is_valid():
        raise Http404("Not a second member of this club.")
    other = form.cleaned_data["gone"]
    try:
        service.keep_apart(member, other)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(first)s and %(second)s are kept as two people.")
            % {"first": member.name, "second": other.name},
        )
    return redirect(_register_url(member.club))


# --- tonight's players ---------------------------------------------------------------

PICK_LIMIT = 300


def offered(event: Event, user: Asker) -> QuerySet[Member]:
    """The active members a director may pick for ``event``: its club's, else all of theirs."""
    members = members_for(user).filter(active=True)
    return members.filter(club=event.club_id) if event.club_id else members


def _ticked(event: Event, user: Asker, values: list[str]) -> list[Member]:
    """The members the ticked boxes name; any id that names none of them is a 404."""
    if len(values) > MAX_ROWS:
        raise Http404("More members than an event takes.")
    try:
        ids = list(dict.fromkeys(parse_int(v, minimum=1, maximum=MAX_ID) for v in values))
    except NumberError:
        raise Http404("Not a member's id.") from None
    found = offered(event, user).in_bulk(ids)
    if len(found) != len(ids):
        raise Http404("Not one of the members offered.")
    return [found[pk] for pk in ids]


def chosen_member(event: Event, user: Asker, member_id: int | None) -> Member | None:
    """The member a late entry or substitute form names; an id not offered is a 404."""
    if member_id is None:
        return None
    try:
        return offered(event, user).get(pk=member_id)
    except Member.DoesNotExist:
        raise Http404("Not one of the members offered.") from None


def pick_panel(request: HttpRequest, event: Event) -> dict[str, Any]:
    """What the players page's "From the members" panel shows: the ticked ones first,
    then those the search finds (all active ones when nothing is searched), by family name."""
    q = plain_text(request.GET.get("q", "")[:SEARCH_MAX]).strip()
    ticked = by_family_name(_ticked(event, request.user, request.GET.getlist("member")))
    ticked_ids = {member.pk for member in ticked}
    found, total = service.find_members(
        offered(event, request.user).exclude(pk__in=ticked_ids), q, PICK_LIMIT
    )
    playing = service.playing_member_ids(event)
    return {
        "pick_q": q,
        "ticked": ticked,
        "found": found,
        "found_more": total > PICK_LIMIT,
        "playing": playing,
        "has_members": offered(event, request.user).exists(),
    }


MATCHES_SHOWN = 12


@director_required
def find(request: HttpRequest, event: Event) -> HttpResponse:
    """The members a name being typed may be (htmx: the late entry's and substitute's forms)."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    name = plain_text(request.GET.get("name", "")[:SEARCH_MAX]).strip()
    matches, total = service.find_members(offered(event, request.user), name, MATCHES_SHOWN)
    context = {
        "event": event,
        "typed": name,
        "matches": matches if name else [],
        "matches_more": bool(name) and total > MATCHES_SHOWN,
        "playing": service.playing_member_ids(event),
    }
    return render(request, "tournaments/members/member_matches.html", context)


@director_required
def pick(request: HttpRequest, event: Event) -> HttpResponse:
    """GET: the panel's list for a search (htmx); POST: add every ticked member."""
    if request.method != "POST":
        if htmx(request):
            context = {"event": event, **pick_panel(request, event)}
            return render(request, "tournaments/members/pick_choices.html", context)
        return redirect("tournaments-director-players", event.pk)
    members = _ticked(event, request.user, request.POST.getlist("member"))
    try:
        added = service.pick_members(event, members)
    except ServiceError as error:
        messages.error(request, error.message)
        for problem in error.field_errors.get("members", []):
            if problem != error.message:
                messages.error(request, problem)
    else:
        count = len(added.players)
        messages.success(
            request,
            ngettext("%(count)d player added.", "%(count)d players added.", count)
            % {"count": count},
        )
        for warning in added.warnings:
            messages.warning(request, warning)
    return redirect(reverse("tournaments-director-players", args=[event.pk]))
