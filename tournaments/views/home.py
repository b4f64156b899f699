from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from tournaments.access import events_for


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("tournaments-director-events")
    return render(request, "tournaments/home.html")


@login_required
@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    events = events_for(request.user).select_related("club", "owner")
    return render(request, "tournaments/event_list.html", {"events": events})
