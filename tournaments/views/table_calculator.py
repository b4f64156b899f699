"""The Canasta card calculator on the table's page: tapped cards → card points and meld."""

from functools import lru_cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import canasta
from tournaments.card_games import sides_of
from tournaments.views.table_at import playing

# The keys show the rank as the players' cards print it (German packs: D for Dame, B for Bube).
CALCULATOR_RANKS = [
    ("2", "2"),
    ("A", pgettext_lazy("card rank on a calculator key: ace", "A")),
    ("K", pgettext_lazy("card rank on a calculator key: king", "K")),
    ("Q", pgettext_lazy("card rank on a calculator key: queen", "Q")),
    ("J", pgettext_lazy("card rank on a calculator key: jack", "J")),
    ("T", "10"),
    ("9", "9"),
    ("8", "8"),
    ("7", "7"),
    ("6", "6"),
    ("5", "5"),
    ("4", "4"),
    ("3", "3♣"),
]


@lru_cache(maxsize=1024)
def _drawn(token: str, language: str) -> SafeString:
    context = {"at": {"token": token}, "calculator_ranks": CALCULATOR_RANKS}
    return render_to_string("tournaments/table/partials/calculator.html", context)


def calculator_drawn(token: str) -> SafeString:
    """The calculator under the entry form, drawn once for each table and language in this
    process: nothing in it changes while Meld runs (it posts by htmx, which sends the CSRF
    token in its header)."""
    return _drawn(token, get_language())


@require_POST
def calculator(request: HttpRequest, token: str) -> HttpResponse:
    """The Canasta card calculator: tapped cards → card points and whether they make a meld."""
    at = playing(request, token)
    # maxsplit: the cards past the 40th stay one unread piece, however long the text is.
    cards = request.POST.get("cards", "").split(maxsplit=40)[:40]
    context: dict[str, Any] = {
        "at": at,
        "cards": cards,
        "points": None,
        "meld": None,
        "problems": [],
        "labels": [side.label for side in sides_of(at.game)],
    }
    if cards:
        try:
            context["points"] = canasta.meld_points(cards)
            context["meld"] = canasta.check_meld(cards, at.profile, going_out=True)
        except canasta.InvalidMeld as error:
            context["problems"] = [problem.translated(_) for problem in error.problems]
    return render(request, "tournaments/table/partials/calculator_result.html", context)
